/** How the Verlauf panel words an audit entry's changes: German labels, readable values. */
import { enumLabel, labelFor } from '../../../common/vocabulary';
import { formatDateValue } from '../lib/format';

export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

function valueText(resource: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '–';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDateValue(value);
  return typeof value === 'string' ? enumLabel(resource, field, value) : String(value);
}

/** One line per changed field: 'Nachname: Müller → Meier'; only the new or the old value for creations and deletions. */
export function changeLines(resource: string, changes: AuditChanges | null): string[] {
  return Object.entries(changes ?? {}).map(([field, { before, after }]) => {
    const label = labelFor(resource, field);
    const text = (value: unknown) => valueText(resource, field, value);
    if (before === undefined) return `${label}: ${text(after)}`;
    if (after === undefined) return `${label}: ${text(before)}`;
    return `${label}: ${text(before)} → ${text(after)}`;
  });
}
