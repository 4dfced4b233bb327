/** Reading and formatting list values; shared by the table cells and the CSV export. */
import { csvAmount, formatAmount, formatDateValue } from '../lib/format';
import { displayText } from './meta';
import { referenceOf } from './references';
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
  if (column.format) return column.format(value, row);
  switch (column.type) {
    case 'boolean':
      return value ? 'ja' : 'nein';
    case 'amount':
      return formatAmount(value as number);
    case 'date':
    case 'datetime':
      return formatDateValue(String(value));
    case 'enum':
      return column.enumLabels?.[String(value)] ?? String(value);
    case 'record': {
      const display = column.references ? referenceOf(column.references, row)?.display : column.display;
      return displayText(display ?? [], value as Row);
    }
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
        column.label ?? column.field,
        column.type === 'amount' && value != null
          ? csvAmount(value as number | string)
          : cellText(row, column),
      ];
    }),
  );
}
