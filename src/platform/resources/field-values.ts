/**
 * Converts incoming JSON values to what a column stores, with a German message per bad field.
 * Used for saves (every column, also bounded by what the column holds: `toStoredValue`) and for
 * filter values (so 'true', ISO dates etc. compare right).
 */
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import {
  columnTypeName,
  decimalViolation,
  integerViolation,
  jsonViolation,
  textViolation,
  yearViolation,
} from './column-bounds';

export class FieldValueError extends Error {}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A calendar date: 'YYYY-MM-DD' stays; a full timestamp (a date picker's local midnight) becomes its Berlin date. */
export function toDateOnly(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)) return value;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && (typeof value === 'number' || /^\d{4}-\d{2}-\d{2}T/.test(value))) {
      const day = berlinDate.format(date);
      // The format has no era (1200 BC prints as 1200) and pads no year: only four-digit years AD.
      if (date.getUTCFullYear() > 0 && /^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
    }
  }
  throw new FieldValueError('muss ein Datum sein (JJJJ-MM-TT)');
}

function toDateTime(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw new FieldValueError('muss ein Zeitpunkt sein');
}

function toBoolean(value: unknown): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new FieldValueError('muss wahr oder falsch sein');
}

function toNumber(value: unknown, integer: boolean): number {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(
            value
              .trim()
              .replace(/\.(?=\d{3}(\D|$))/g, '')
              .replace(',', '.'),
          )
        : NaN;
  if (!Number.isFinite(parsed))
    throw new FieldValueError(integer ? 'muss eine ganze Zahl sein' : 'muss eine Zahl sein');
  if (integer && !Number.isInteger(parsed)) throw new FieldValueError('muss eine ganze Zahl sein');
  return parsed;
}

export type ColumnKind = 'integer' | 'boolean' | 'decimal' | 'date' | 'datetime' | 'json' | 'string';

export function columnKind(column: ColumnMetadata): ColumnKind {
  const type = columnTypeName(column);
  if (['int', 'integer', 'number', 'bigint', 'smallint', 'tinyint'].includes(type)) return 'integer';
  if (['boolean', 'bool'].includes(type)) return 'boolean';
  if (['decimal', 'numeric', 'float', 'double', 'real'].includes(type)) return 'decimal';
  if (type === 'date') return 'date';
  if (['datetime', 'timestamp', 'date'].includes(type) || type === 'datetime2') return 'datetime';
  if (['simple-json', 'json'].includes(type)) return 'json';
  return 'string';
}

/** Converts one value as its column takes it; null/undefined/'' (for non-strings) mean "no value". */
export function toColumnValue(column: ColumnMetadata, value: unknown): unknown {
  const kind = columnKind(column);
  if (value === undefined || value === null || (value === '' && kind !== 'string' && kind !== 'json'))
    return null;
  switch (kind) {
    case 'integer':
      return toNumber(value, true);
    case 'decimal':
      return toNumber(value, false);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return toDateOnly(value);
    case 'datetime':
      return toDateTime(value);
    case 'json':
      return value;
    case 'string': {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new FieldValueError('muss ein Text sein');
      }
      // The column's length bounds saved texts only (toStoredValue): a $like pattern may be longer.
      return String(value);
    }
  }
}

/** Why the column cannot hold a converted value (column-bounds.ts), or undefined. */
function boundViolation(column: ColumnMetadata, value: unknown): string | undefined {
  switch (columnKind(column)) {
    case 'integer':
      return integerViolation(column, value as number);
    case 'decimal':
      return decimalViolation(column, value as number);
    case 'date':
      return yearViolation(parseInt(value as string, 10));
    case 'datetime':
      return yearViolation((value as Date).getUTCFullYear());
    case 'json':
      return jsonViolation(value);
    case 'string':
      return textViolation(column, value as string);
    case 'boolean':
      return undefined;
  }
}

/**
 * Converts one value for saving: as `toColumnValue`, and within what the column holds on both
 * databases. Filters compare with any number (a filter for ids below 3 000 000 000 means all).
 */
export function toStoredValue(column: ColumnMetadata, value: unknown): unknown {
  const converted = toColumnValue(column, value);
  if (converted === null) return null;
  const violation = boundViolation(column, converted);
  if (violation) throw new FieldValueError(violation);
  return converted;
}
