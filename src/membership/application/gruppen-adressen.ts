/**
 * What membership offers other contexts about the people in user groups: which groups exist, and
 * the mail addresses a set of groups reaches (the newsletter recipients, spec 002 §3). All of it
 * is computed in SQL, so that a group of thousands never loads into memory.
 */
import { In, type EntityManager } from 'typeorm';
import { BenutzerGruppe } from '../adapters/persistence/benutzer-gruppe.entity';

/** The ids of `ids` that name an existing group. */
export async function vorhandeneGruppen(manager: EntityManager, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await manager.find(BenutzerGruppe, { select: { id: true }, where: { id: In(ids) } });
  return new Set(rows.map((row) => row.id));
}

export interface AdressAuswahl {
  /** Groups whose members are written to. */
  gruppen: number[];
  /** Groups whose members are never written to. */
  ausschluss: number[];
  /** One mail per Benutzer even where several share an address; otherwise one per address. */
  duplikate: boolean;
}

export interface Adresse {
  benutzer_id: number;
  email: string;
}

const liste = (ids: number[]) => (ids.length ? ids.map(() => '?').join(', ') : 'NULL');

/**
 * The addresses the groups reach: a member linked as Benutzer by its primary e-mail, a member
 * linked by e-mail (e-mail groups) by that e-mail; without Benutzer who opted out of newsletters
 * (atr_kein_newsletter) or are deactivated; without Benutzer of an exclusion group and addresses
 * linked to one; each address once (or once per Benutzer with `duplikate`).
 */
function adressenSql(auswahl: AdressAuswahl): { sql: string; params: unknown[] } {
  const { gruppen, ausschluss } = auswahl;
  const kandidaten =
    'SELECT b.id AS benutzer_id, e.id AS email_id, e.email AS email FROM (' +
    `SELECT l.benutzer_id AS benutzer_id, lb.primaeremail_id AS email_id FROM benutzer_benutzer_gruppe l ` +
    `JOIN benutzer lb ON lb.id = l.benutzer_id WHERE l.benutzer_gruppe_id IN (${liste(gruppen)}) ` +
    'UNION ' +
    `SELECT le.benutzer_id, l.benutzer_email_id FROM benutzer_email_gruppe l ` +
    `JOIN benutzer_email le ON le.id = l.benutzer_email_id WHERE l.benutzer_gruppe_id IN (${liste(gruppen)})` +
    ') k JOIN benutzer b ON b.id = k.benutzer_id JOIN benutzer_email e ON e.id = k.email_id ' +
    'WHERE b.aktiviert = ? AND b.atr_kein_newsletter = ? ' +
    'AND NOT EXISTS (SELECT 1 FROM benutzer_benutzer_gruppe x ' +
    `WHERE x.benutzer_id = b.id AND x.benutzer_gruppe_id IN (${liste(ausschluss)})) ` +
    // An IN list, not a correlated EXISTS: the excluded addresses are collected once (with an index).
    'AND LOWER(e.email) NOT IN (SELECT LOWER(ye.email) FROM benutzer_email_gruppe y ' +
    `JOIN benutzer_email ye ON ye.id = y.benutzer_email_id WHERE y.benutzer_gruppe_id IN (${liste(ausschluss)}))`;
  // The first of several rows with one address (by Benutzer, then e-mail id) stands for all. A window
  // function, not a self-join of the candidates: that one grew with the square of the recipients.
  const gleich = auswahl.duplikate ? 'LOWER(k.email), k.benutzer_id' : 'LOWER(k.email)';
  const sql =
    `WITH kandidaten AS (${kandidaten}), adressen AS (SELECT benutzer_id, email_id, email FROM (` +
    `SELECT k.benutzer_id, k.email_id, k.email, ROW_NUMBER() OVER (PARTITION BY ${gleich} ` +
    'ORDER BY k.benutzer_id, k.email_id) AS rang FROM kandidaten k) gezaehlt WHERE rang = 1) ';
  return { sql, params: [...gruppen, ...gruppen, true, false, ...ausschluss, ...ausschluss] };
}

export async function gruppenAdressen(manager: EntityManager, auswahl: AdressAuswahl): Promise<Adresse[]> {
  const { sql, params } = adressenSql(auswahl);
  const rows: Record<string, unknown>[] = await manager.query(
    `${sql} SELECT benutzer_id, email FROM adressen ORDER BY benutzer_id, email_id`,
    params,
  );
  return rows.map((row) => ({ benutzer_id: Number(row.benutzer_id), email: String(row.email) }));
}

export async function gruppenAdressenAnzahl(manager: EntityManager, auswahl: AdressAuswahl): Promise<number> {
  const { sql, params } = adressenSql(auswahl);
  const rows: { anzahl: unknown }[] = await manager.query(
    `${sql} SELECT COUNT(*) AS anzahl FROM adressen`,
    params,
  );
  return Number(rows[0]?.anzahl ?? 0);
}
