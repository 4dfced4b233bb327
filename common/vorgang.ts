/**
 * Which version of a booking (Vorgang) counts, spec 000 §4: a change writes a new version and
 * names it in the old one's `child_id`; cancelling sets `storno` on the latest version. Defined
 * once here in three forms, which must agree: the predicate on a record (server and client), the
 * condition as a `where` of the query language (the `scope`s of `rw-transaction`), and the SQL
 * fragment on a table alias (billing's and reporting's queries). Billing's domain re-exports it.
 */
import type { RecordCondition } from './resource-meta';

/** The latest version of a booking: no newer version replaced it (cancelled ones included). */
export const NEUESTE_VERSION = { child_id: null } as const satisfies RecordCondition;

/** A current booking: the latest version, not cancelled. */
export const AKTUELLER_VORGANG = { ...NEUESTE_VERSION, storno: false } as const satisfies RecordCondition;

/** A booking as a record of either side (entity, API row); a missing field counts as empty. */
type Version = { child_id?: unknown; storno?: unknown; [feld: string]: unknown };

export const istNeuesteVersion = (t: Version): boolean => t.child_id == null;

export const istAktuell = (t: Version): boolean => istNeuesteVersion(t) && !t.storno;

/** Booleans as 0/1: how both databases store them (SQLite integer, MariaDB tinyint). */
function alsSql(alias: string, bedingung: Record<string, null | boolean>): string {
  return Object.entries(bedingung)
    .map(([feld, wert]) =>
      wert === null ? `${alias}.${feld} IS NULL` : `${alias}.${feld} = ${Number(wert)}`,
    )
    .join(' AND ');
}

/** `NEUESTE_VERSION` on the rows of table alias `alias`, for query builders and raw SQL. */
export const neuesteVersionSql = (alias: string): string => alsSql(alias, NEUESTE_VERSION);

/** `AKTUELLER_VORGANG` on the rows of table alias `alias`, for query builders and raw SQL. */
export const aktuellSql = (alias: string): string => alsSql(alias, AKTUELLER_VORGANG);
