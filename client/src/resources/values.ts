/** Reading and formatting list values; shared by the table cells and the CSV export. */
import { csvAmount, formatAmount, formatDateValue } from '../lib/format';
import type { ColumnDef, Row } from './types';

/** Reads 'Primaeremail.email' or 'data.seminar_teilnahmen' from a row. */
export function readPath(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }, row);
}

/** The text of a cell, as shown and as exported (booleans read 'ja'/'nein'). */
export function cellText(row: Row, column: ColumnDef): string {
  const value = readPath(row, column.field);
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'boolean':
      return value ? 'ja' : 'nein';
    case 'amount':
      return formatAmount(value as number);
    case 'date':
    case 'datetime':
      return formatDateValue(String(value));
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A CSV row keyed by column title (spec 000 §7); amounts stay numbers for the server's decimal comma. */
export function csvRow(row: Row, columns: ColumnDef[]): Record<string, unknown> {
  return Object.fromEntries(
    columns.map((column) => {
      const value = readPath(row, column.field);
      return [
        column.label,
        column.type === 'amount' && value != null
          ? csvAmount(value as number | string)
          : cellText(row, column),
      ];
    }),
  );
}

const HIDDEN_FIELDS = new Set(['password']);
const MAX_DERIVED_COLUMNS = 10;

/** Columns for a resource without configured ones: the plain fields of the first row. */
export function deriveColumns(rows: Row[]): ColumnDef[] {
  const first = rows[0];
  if (!first) return [{ field: 'id', label: 'ID', type: 'number' }];
  return Object.entries(first)
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && (value === null || typeof value !== 'object'))
    .slice(0, MAX_DERIVED_COLUMNS)
    .map(([key, value]) => ({
      field: key,
      label: key === 'id' ? 'ID' : key,
      type:
        typeof value === 'boolean'
          ? 'boolean'
          : key === 'createdAt' || key === 'updatedAt'
            ? 'datetime'
            : undefined,
    }));
}
