/**
 * Converts incoming JSON values to what a column stores, with a German message per bad field.
 * Used for saves (every column) and for filter values (so 'true', ISO dates etc. compare right).
 */
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

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
      return berlinDate.format(date);
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
  const type = typeof column.type === 'function' ? column.type.name.toLowerCase() : String(column.type);
  if (['int', 'integer', 'number', 'bigint', 'smallint', 'tinyint'].includes(type)) return 'integer';
  if (['boolean', 'bool'].includes(type)) return 'boolean';
  if (['decimal', 'numeric', 'float', 'double', 'real'].includes(type)) return 'decimal';
  if (type === 'date') return 'date';
  if (['datetime', 'timestamp', 'date'].includes(type) || type === 'datetime2') return 'datetime';
  if (['simple-json', 'json'].includes(type)) return 'json';
  return 'string';
}

/** Converts one value for storing; null/undefined/'' (for non-strings) mean "no value". */
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
      const text = String(value);
      const max = column.length ? Number(column.length) : undefined;
      if (max && text.length > max) throw new FieldValueError(`ist zu lang (höchstens ${max} Zeichen)`);
      return text;
    }
  }
}
