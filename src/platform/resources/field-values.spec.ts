import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { FieldValueError, toColumnValue, toDateOnly, toStoredValue } from './field-values';

const column = (type: string, length = '') => ({ type, length }) as unknown as ColumnMetadata;

describe('field values', () => {
  it('keeps calendar dates and maps a date picker timestamp to its Berlin date', () => {
    expect(toDateOnly('2026-03-05')).toBe('2026-03-05');
    expect(toDateOnly('2026-03-04T23:00:00.000Z')).toBe('2026-03-05');
    expect(toDateOnly('2026-07-04T22:00:00.000Z')).toBe('2026-07-05');
    expect(() => toDateOnly('2026-02-30')).toThrow(FieldValueError);
    expect(() => toDateOnly('morgen')).toThrow('muss ein Datum sein');
  });

  it('converts numbers, German decimals and booleans', () => {
    expect(toColumnValue(column('integer'), '42')).toBe(42);
    expect(() => toColumnValue(column('integer'), '4.5')).toThrow('ganze Zahl');
    expect(toColumnValue(column('decimal'), '1.234,50')).toBe(1234.5);
    expect(toColumnValue(column('decimal'), '12,5')).toBe(12.5);
    expect(toColumnValue(column('boolean'), 'true')).toBe(true);
    expect(toColumnValue(column('boolean'), 0)).toBe(false);
    expect(() => toColumnValue(column('boolean'), 'ja')).toThrow('wahr oder falsch');
    expect(toColumnValue(column('integer'), '')).toBeNull();
  });

  it('refuses objects in text fields', () => {
    expect(() => toColumnValue(column('varchar', '5'), { a: 1 })).toThrow('muss ein Text sein');
    expect(toColumnValue(column('varchar', '5'), 42)).toBe('42');
  });

  it('refuses timestamps before year 1 or beyond four digits as dates', () => {
    expect(() => toDateOnly(-1e14)).toThrow('muss ein Datum sein');
    expect(() => toDateOnly(1e15)).toThrow('muss ein Datum sein');
    expect(() => toDateOnly('9999-12-31T23:30:00.000Z')).toThrow('muss ein Datum sein');
  });

  it('bounds saved values by their column; filters take any value the column type can compare', () => {
    expect(toStoredValue(column('varchar', '5'), 'abcde')).toBe('abcde');
    expect(() => toStoredValue(column('varchar', '5'), 'abcdef')).toThrow('höchstens 5 Zeichen');
    expect(toColumnValue(column('varchar', '5'), '%abcdef%')).toBe('%abcdef%');
    expect(() => toStoredValue(column('integer'), 3e9)).toThrow('darf höchstens 2.147.483.647 sein');
    expect(toColumnValue(column('integer'), 3e9)).toBe(3e9);
    expect(() => toStoredValue(column('decimal'), '1e308')).toThrow(FieldValueError);
    expect(() => toStoredValue(column('date'), '0999-12-31')).toThrow('Jahren 1000 und 9999');
    expect(() => toStoredValue(column('datetime'), '+010000-01-01T00:00:00Z')).toThrow(
      'Jahren 1000 und 9999',
    );
    expect(toStoredValue(column('datetime'), '2026-03-05T10:00:00Z')).toEqual(
      new Date('2026-03-05T10:00:00Z'),
    );
    expect(toStoredValue(column('boolean'), 'true')).toBe(true);
    expect(toStoredValue(column('integer'), '')).toBeNull();
  });
});

describe('German sort key', () => {
  it('sorts umlauts with their base letter and ß as ss, ignoring case', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { germanSortKey } = require('../database/data-source') as typeof import('../database/data-source');
    const names = ['Weber', 'Özdemir', 'Müller', 'Mueller', 'Oz', 'straße', 'Strasse'];
    expect([...names].sort((a, b) => (germanSortKey(a) < germanSortKey(b) ? -1 : 1))).toEqual([
      'Mueller',
      'Müller',
      'Oz',
      'Özdemir',
      'straße',
      'Strasse',
      'Weber',
    ]);
  });
});
