/**
 * What a column can hold, read from its entity metadata. The migrations create exactly these types
 * on MariaDB (database/schema.ts: INT for `integer`, TINYINT(1) for booleans, DECIMAL(p,s),
 * VARCHAR(n) counting characters, MEDIUMTEXT for text and JSON, DATE and DATETIME;
 * test/security/write-values.property.test.ts compares them with the live schema). A value beyond
 * them is refused before anything is written: MariaDB would answer with an error (a 500), and
 * SQLite would store it and read back another value (9e15 as money loses its cents).
 *
 * Each check answers the German reason, or undefined when the value fits.
 */
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ApplyValueTransformers } from 'typeorm/util/ApplyValueTransformers';
import { moneyRangeViolation } from '../../shared/money';
import { isMoneyColumn } from '../database/columns';

type Column = Pick<ColumnMetadata, 'type' | 'length' | 'precision' | 'scale' | 'unsigned' | 'transformer'>;

/** The declared column type in lower case ('integer', 'varchar', …; `Number` for an undeclared number). */
export function columnTypeName(column: Pick<ColumnMetadata, 'type'>): string {
  return typeof column.type === 'function' ? column.type.name.toLowerCase() : String(column.type);
}

const formatNumber = (value: number, decimals = 0) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  );

/** Bits of MariaDB's signed integer types; an undeclared number becomes INT. */
const INTEGER_BITS: Record<string, number> = {
  tinyint: 8,
  smallint: 16,
  mediumint: 24,
  int: 32,
  integer: 32,
  number: 32,
  bigint: 64,
};

/** The range of an integer column; BIGINT as far as JSON numbers stay exact. */
export function integerRange(column: Column): { min: number; max: number } {
  const bits = INTEGER_BITS[columnTypeName(column)] ?? 32;
  if (bits === 64) {
    return { min: column.unsigned ? 0 : Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
  }
  if (column.unsigned) return { min: 0, max: 2 ** bits - 1 };
  return { min: -(2 ** (bits - 1)), max: 2 ** (bits - 1) - 1 };
}

export function integerViolation(column: Column, value: number): string | undefined {
  const { min, max } = integerRange(column);
  if (value > max) return `darf höchstens ${formatNumber(max)} sein`;
  if (value < min) return `darf nicht kleiner als ${formatNumber(min)} sein`;
  return undefined;
}

/**
 * DECIMAL(p,s) holds at most p digits, s of them after the comma: |x| ≤ (10^p − 1) / 10^s, counted
 * here in units of 10^−s. MariaDB's default is DECIMAL(10,0). Float columns have no such limit
 * (none exist).
 */
export function decimalLimit(column: Column): { scale: number; maxUnits: number } | undefined {
  if (!['decimal', 'numeric'].includes(columnTypeName(column))) return undefined;
  return { scale: column.scale ?? 0, maxUnits: 10 ** (column.precision ?? 10) - 1 };
}

/**
 * The value as the column stores it, in units of 10^−scale: after its transformer's rounding
 * (hundredths round commercially through cents, database/columns.ts), else as the database rounds.
 * Infinity for what no column can store.
 */
function storedUnits(column: Column, value: number, scale: number): number {
  let stored = value;
  if (column.transformer) {
    try {
      stored = Number(ApplyValueTransformers.transformTo(column.transformer, value));
    } catch {
      return Infinity;
    }
  }
  const units = Math.round(Math.abs(stored) * 10 ** scale);
  return Number.isNaN(units) ? Infinity : units;
}

/**
 * Money fields take at most ±99.999.999,99 € (shared/money.ts), a hundredth of what their
 * DECIMAL(12,2) holds; other decimals what their column holds.
 */
export function decimalViolation(column: Column, value: number): string | undefined {
  const money = isMoneyColumn(column) ? moneyRangeViolation(value) : undefined;
  if (money) return money;
  const limit = decimalLimit(column);
  if (!limit || storedUnits(column, value, limit.scale) <= limit.maxUnits) return undefined;
  const bound = (units: number) => formatNumber(units / 10 ** limit.scale, limit.scale);
  return value > 0
    ? `darf höchstens ${bound(limit.maxUnits)} betragen`
    : `darf nicht kleiner als ${bound(-limit.maxUnits)} sein`;
}

/** MEDIUMTEXT, which schema.ts creates for text and JSON columns on MariaDB: 16 MiB − 1 bytes of UTF-8. */
export const LONG_TEXT_MAX_BYTES = 16_777_215;

/** Half of a surrogate pair without the other half: no character, and UTF-8 cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A UTF-16 unit takes at most 3 bytes of UTF-8 (a pair 4 for its two units): shorter texts need no count. */
const tooManyBytes = (text: string) =>
  text.length * 3 > LONG_TEXT_MAX_BYTES && Buffer.byteLength(text, 'utf8') > LONG_TEXT_MAX_BYTES;

const tooLongText = () => `ist zu lang (höchstens ${formatNumber(LONG_TEXT_MAX_BYTES)} Bytes)`;

/** VARCHAR(n) counts characters (code points, as utf8mb4 does), a text column bytes. */
export function textViolation(column: Column, text: string): string | undefined {
  if (LONE_SURROGATE.test(text))
    return 'enthält ein ungültiges Zeichen (ein unvollständiges Unicode-Zeichen)';
  const max = column.length ? Number(column.length) : undefined;
  if (max !== undefined) {
    // Counting code points only when the UTF-16 length exceeds the limit: most texts need no count.
    if (text.length > max && [...text].length > max) return `ist zu lang (höchstens ${max} Zeichen)`;
    return undefined;
  }
  return tooManyBytes(text) ? tooLongText() : undefined;
}

/** A JSON value is stored as its text in a MEDIUMTEXT column. */
export function jsonViolation(value: unknown): string | undefined {
  const text = JSON.stringify(value);
  return text !== undefined && tooManyBytes(text) ? tooLongText() : undefined;
}

/** The years MariaDB documents for DATE and DATETIME; SQLite would keep other years as text that sorts wrong. */
const YEARS = { min: 1000, max: 9999 } as const;

export function yearViolation(year: number): string | undefined {
  return year >= YEARS.min && year <= YEARS.max
    ? undefined
    : `muss zwischen den Jahren ${YEARS.min} und ${YEARS.max} liegen`;
}
