import 'reflect-metadata';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { MONEY_MAX_CENTS } from '../../shared/money';
import { Decimal2Column, MoneyColumn } from '../database/columns';
import {
  decimalLimit,
  decimalViolation,
  integerRange,
  integerViolation,
  jsonViolation,
  LONG_TEXT_MAX_BYTES,
  textViolation,
  yearViolation,
} from './column-bounds';

@Entity('grenzen')
class Grenzen {
  @PrimaryGeneratedColumn() id: number;
  @MoneyColumn({ nullable: true }) betrag: number | null;
  @Decimal2Column(5) mwst: number | null;
  @Column({ type: 'decimal', precision: 4, scale: 1, nullable: true }) roh: number | null;
  @Column({ type: 'integer', nullable: true }) anzahl: number | null;
  @Column({ type: 'smallint', nullable: true }) klein: number | null;
  @Column({ type: 'bigint', nullable: true }) gross: number | null;
  @Column({ type: 'integer', unsigned: true, nullable: true }) positiv: number | null;
  @Column({ type: 'varchar', length: 5, nullable: true }) kurz: string | null;
  @Column({ type: 'text', nullable: true }) lang: string | null;
}

describe('column bounds', () => {
  let columns: Record<string, ColumnMetadata>;

  beforeAll(async () => {
    const dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Grenzen] });
    await dataSource.initialize();
    columns = Object.fromEntries(
      dataSource.getMetadata(Grenzen).columns.map((column) => [column.propertyName, column]),
    );
    await dataSource.destroy();
  });

  it('bounds money at 99.999.999,99 € after rounding commercially to cents', () => {
    const money = columns.betrag;
    // DECIMAL(12,2) holds a hundred times the largest amount, for sums.
    expect(decimalLimit(money)).toEqual({ scale: 2, maxUnits: 100 * MONEY_MAX_CENTS + 99 });
    for (const ok of [99_999_999.99, -99_999_999.99, 99_999_999.994, 0, 0.005, -0.004])
      expect(decimalViolation(money, ok)).toBeUndefined();
    expect(decimalViolation(money, 99_999_999.995)).toBe('darf höchstens 99.999.999,99 € betragen');
    expect(decimalViolation(money, 100_000_000)).toBe('darf höchstens 99.999.999,99 € betragen');
    expect(decimalViolation(money, 9e15)).toBe('darf höchstens 99.999.999,99 € betragen');
    expect(decimalViolation(money, 1e308)).toBe('darf höchstens 99.999.999,99 € betragen');
    expect(decimalViolation(money, -1e308)).toBe('darf nicht kleiner als -99.999.999,99 € sein');
    expect(decimalViolation(money, -99_999_999.995)).toBe('darf nicht kleiner als -99.999.999,99 € sein');
  });

  it('bounds other decimals by their precision, without a currency', () => {
    expect(decimalLimit(columns.mwst)).toEqual({ scale: 2, maxUnits: 99_999 });
    expect(decimalViolation(columns.mwst, 999.99)).toBeUndefined();
    expect(decimalViolation(columns.mwst, 1000)).toBe('darf höchstens 999,99 betragen');
    // Without a transformer the database rounds to the scale itself.
    expect(decimalLimit(columns.roh)).toEqual({ scale: 1, maxUnits: 9999 });
    expect(decimalViolation(columns.roh, 999.94)).toBeUndefined();
    expect(decimalViolation(columns.roh, -999.96)).toBe('darf nicht kleiner als -999,9 sein');
  });

  it('bounds integers by the range of their MariaDB type', () => {
    expect(integerRange(columns.anzahl)).toEqual({ min: -2_147_483_648, max: 2_147_483_647 });
    expect(integerViolation(columns.anzahl, 2_147_483_647)).toBeUndefined();
    expect(integerViolation(columns.anzahl, 2_147_483_648)).toBe('darf höchstens 2.147.483.647 sein');
    expect(integerViolation(columns.anzahl, -2_147_483_649)).toBe(
      'darf nicht kleiner als -2.147.483.648 sein',
    );
    expect(integerRange(columns.klein)).toEqual({ min: -32_768, max: 32_767 });
    expect(integerRange(columns.positiv)).toEqual({ min: 0, max: 4_294_967_295 });
    expect(integerRange(columns.gross)).toEqual({
      min: Number.MIN_SAFE_INTEGER,
      max: Number.MAX_SAFE_INTEGER,
    });
    expect(integerViolation(columns.gross, 2 ** 53)).toBe('darf höchstens 9.007.199.254.740.991 sein');
  });

  it('counts the characters of a VARCHAR as code points and refuses broken ones', () => {
    expect(textViolation(columns.kurz, 'abcde')).toBeUndefined();
    expect(textViolation(columns.kurz, '😀😀😀😀😀')).toBeUndefined();
    expect(textViolation(columns.kurz, 'abcdef')).toBe('ist zu lang (höchstens 5 Zeichen)');
    expect(textViolation(columns.kurz, 'a\uD800')).toMatch(/ungültiges Zeichen/);
    expect(textViolation(columns.kurz, '\uDE00b')).toMatch(/ungültiges Zeichen/);
  });

  it('bounds long texts and JSON by the bytes of MEDIUMTEXT', () => {
    const most = 'ä'.repeat(Math.floor(LONG_TEXT_MAX_BYTES / 2));
    expect(textViolation(columns.lang, most)).toBeUndefined();
    expect(textViolation(columns.lang, `${most}ää`)).toBe('ist zu lang (höchstens 16.777.215 Bytes)');
    expect(jsonViolation({ text: 'x'.repeat(100) })).toBeUndefined();
    expect(jsonViolation({ text: 'x'.repeat(LONG_TEXT_MAX_BYTES) })).toMatch(/zu lang/);
  });

  it('keeps dates within the years MariaDB documents', () => {
    expect(yearViolation(1000)).toBeUndefined();
    expect(yearViolation(9999)).toBeUndefined();
    expect(yearViolation(999)).toBe('muss zwischen den Jahren 1000 und 9999 liegen');
    expect(yearViolation(10_000)).toBeDefined();
    expect(yearViolation(Number.NaN)).toBeDefined();
  });
});
