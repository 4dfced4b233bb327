/**
 * What an audit entry says changed (issue 17): per field the value before and after, compared as
 * stored (dates as ISO text), without the fields nobody may read (password hashes) and without
 * the system's own bookkeeping (timestamps, version).
 */
/** A stored value as JSON holds it (objects and lists of JSON columns and links included). */
export type AuditValue = string | number | boolean | null | object;
export type FieldChange = { before?: AuditValue; after?: AuditValue };
export type AuditChanges = Record<string, FieldChange>;

const BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'version']);

function plain(value: unknown): AuditValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return value === undefined ? null : (value as AuditValue);
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The fields that differ between `before` and `after` (either may be absent: a creation has no
 * before, a deletion no after; then only fields with a value are listed). Fields in `hidden` never
 * appear, whatever they hold.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  hidden: readonly string[] = [],
): AuditChanges {
  const changes: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (BOOKKEEPING.has(name) || hidden.includes(name)) continue;
    const was = plain(before?.[name]);
    const is = plain(after?.[name]);
    if (before && after ? same(was, is) : (before ? was : is) === null) continue;
    changes[name] = {
      ...(before ? { before: was } : {}),
      ...(after ? { after: is } : {}),
    };
  }
  return changes;
}
