/**
 * The automatic group rules (spec 000 §3, spec 001 §3) as pure definitions: each code of the
 * constants table (common/gruppen.ts) compiles to one SQL condition on the Benutzer alias `b`, with
 * bound parameters only. The refill turns it into one set difference in the database; nothing here
 * loads users.
 */
import { DomainError } from '../../shared/domain-error';
import { autoRegel, type AutoCode, type GruppenDaten } from '../../../common/gruppen';
import { monateZurueck } from '../../../common/kalender';
import { labelFor } from '../../../common/vocabulary';

export interface SqlBedingung {
  sql: string;
  params: unknown[];
}

/** What a rule reads from its group. */
export interface RegelGruppe {
  code?: string | null;
  verband_bezirk_id?: number | null;
  auto_berufsbezeichnungen?: string[] | null;
  data?: GruppenDaten | null;
}

const sql = (text: string, ...params: unknown[]): SqlBedingung => ({ sql: text, params });

function verbinde(op: 'AND' | 'OR', teile: SqlBedingung[]): SqlBedingung {
  return { sql: teile.map((t) => `(${t.sql})`).join(` ${op} `), params: teile.flatMap((t) => t.params) };
}
const und = (...teile: SqlBedingung[]) => verbinde('AND', teile);
const oder = (...teile: SqlBedingung[]) => verbinde('OR', teile);

const mitglied = (ja: boolean) => sql('b.atr_mitglied = ?', ja);
/** An employee whose employer (company or member, parent_id) is a member, or is not. */
const arbeitgeberMitglied = (ja: boolean) =>
  sql('EXISTS (SELECT 1 FROM benutzer p WHERE p.id = b.parent_id AND p.atr_mitglied = ?)', ja);
const eigeneNichtmitglieder = und(mitglied(false), sql('b.parent_id IS NULL'));
const merkmal = (spalte: string) => sql(`b.${spalte} = ?`, true);

/** StB-Datum within the six months up to today, inclusive. */
const neuZugelassen = (heute: string) =>
  sql('b.stb_datum >= ? AND b.stb_datum <= ?', monateZurueck(heute, 6), heute);

const JAHR_MUSTER = /^\d{4}$/;
const DATUM_MUSTER = /^\d{4}-\d{2}-\d{2}$/;

/** `%wort%` for LIKE … ESCAPE '!', so that % and _ typed by staff match themselves. */
const enthaelt = (wort: string) => `%${wort.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

type Regel = (gruppe: RegelGruppe, heute: string) => SqlBedingung;

/** One definition per code of the constants table; the Record type lets none be missing. */
const REGELN: Record<AutoCode, Regel> = {
  auto_mitglieder: () => mitglied(true),
  auto_mitglieder_alle: () => oder(mitglied(true), arbeitgeberMitglied(true)),
  auto_mitglieder_mitarbeiter: () => arbeitgeberMitglied(true),
  auto_nichtmitglieder: () => eigeneNichtmitglieder,
  auto_nichtmitglieder_alle: () => oder(eigeneNichtmitglieder, arbeitgeberMitglied(false)),
  auto_nichtmitglieder_mitarbeiter: () => arbeitgeberMitglied(false),
  auto_maennlich: () => sql('b.gender = ?', 'male'),
  auto_weiblich: () => sql('b.gender = ?', 'female'),
  auto_geschlecht_ohne: () => sql('b.gender IS NULL'),
  auto_bezirk: (g) => und(mitglied(true), sql('b.verband_bezirk_id = ?', g.verband_bezirk_id)),
  auto_verbandsmitarbeiter: () => merkmal('atr_verband_mitarbeiter'),
  auto_referenten: () => merkmal('atr_referent'),
  auto_berufsbezeichnung: (g) => {
    const berufe = [...new Set(g.auto_berufsbezeichnungen ?? [])];
    return sql(`b.berufsbezeichnung IN (${berufe.map(() => '?').join(', ')})`, ...berufe);
  },
  auto_stb_neuzugelassen: (_, heute) => neuZugelassen(heute),
  auto_stb_neuzugelassen_mitglieder: (_, heute) => und(neuZugelassen(heute), mitglied(true)),
  auto_stb_neuzugelassen_nichtmitglieder: (_, heute) => und(neuZugelassen(heute), mitglied(false)),
  auto_stb_neuzugelassen_pro_jahr: (g) => {
    const jahr = Number(g.data?.auto_stb_neuzugelassen_jahr);
    return sql('b.stb_datum >= ? AND b.stb_datum < ?', `${jahr}-01-01`, `${jahr + 1}-01-01`);
  },
  auto_kein_newsletter: () => merkmal('atr_kein_newsletter'),
  auto_abo_storno: (g) => {
    const von = g.data?.auto_abo_storno_date_von;
    const bis = g.data?.auto_abo_storno_date_bis;
    const teile = [
      'ab.benutzer_id = b.id',
      'ab.storno_datum IS NOT NULL',
      "LOWER(a.titel) LIKE ? ESCAPE '!'",
      ...(von ? ['ab.storno_datum >= ?'] : []),
      ...(bis ? ['ab.storno_datum <= ?'] : []),
    ];
    return sql(
      `EXISTS (SELECT 1 FROM wb_abo_buchung ab JOIN wb_abo a ON a.id = ab.wb_abo_id WHERE ${teile.join(' AND ')})`,
      enthaelt(String(g.data?.auto_abo_storno_stichwort).trim()),
      ...(von ? [von] : []),
      ...(bis ? [bis] : []),
    );
  },
};

/**
 * The recipients of the newsletter-group fill (spec 001 §7): members who did not opt out and whose
 * primary e-mail exists (primaeremail_id has no constraint, see docs/architecture.md).
 */
export const NEWSLETTER_EMPFAENGER = und(
  mitglied(true),
  sql('b.atr_kein_newsletter = ?', false),
  sql('EXISTS (SELECT 1 FROM benutzer_email e WHERE e.id = b.primaeremail_id)'),
);

/** A real calendar date 'YYYY-MM-DD' (not 31.02.). */
const istDatum = (wert: unknown): wert is string =>
  typeof wert === 'string' &&
  DATUM_MUSTER.test(wert) &&
  !Number.isNaN(Date.parse(wert)) &&
  new Date(wert).toISOString().slice(0, 10) === wert;

/**
 * What a rule misses or has wrong, as field messages keyed by field name ('data.…' for the data
 * object); empty when the rule can run. The first check is the code itself.
 */
export function regelFehler(gruppe: RegelGruppe): Record<string, string> {
  const regel = autoRegel(gruppe.code);
  if (!gruppe.code) return { code: 'ist bei Auto-Gruppen ein Pflichtfeld' };
  if (!regel) return { code: `ist unbekannt („${gruppe.code}“)` };
  const data = gruppe.data ?? {};
  switch (regel.parameter) {
    case 'bezirk':
      return gruppe.verband_bezirk_id
        ? {}
        : { verband_bezirk_id: 'ist für Bezirksmitglieder ein Pflichtfeld' };
    case 'berufe': {
      const berufe = gruppe.auto_berufsbezeichnungen;
      const gueltig =
        Array.isArray(berufe) &&
        berufe.length > 0 &&
        berufe.every((b) => typeof b === 'string' && b.trim() !== '');
      return gueltig ? {} : { auto_berufsbezeichnungen: 'braucht mindestens eine Berufsbezeichnung' };
    }
    case 'jahr': {
      const jahr = data.auto_stb_neuzugelassen_jahr;
      return JAHR_MUSTER.test(String(jahr)) && Number.isInteger(jahr)
        ? {}
        : { 'data.auto_stb_neuzugelassen_jahr': 'muss eine vierstellige Jahreszahl sein' };
    }
    case 'abo_storno': {
      const fehler: Record<string, string> = {};
      const stichwort = data.auto_abo_storno_stichwort;
      if (typeof stichwort !== 'string' || stichwort.trim() === '')
        fehler['data.auto_abo_storno_stichwort'] = 'ist für Abo-Kündigungen ein Pflichtfeld';
      const von = data.auto_abo_storno_date_von;
      const bis = data.auto_abo_storno_date_bis;
      if (von && !istDatum(von)) fehler['data.auto_abo_storno_date_von'] = 'ist kein gültiges Datum';
      if (bis && !istDatum(bis)) fehler['data.auto_abo_storno_date_bis'] = 'ist kein gültiges Datum';
      if (istDatum(von) && istDatum(bis) && bis < von)
        fehler['data.auto_abo_storno_date_bis'] = 'liegt vor dem Beginn des Zeitraums';
      return fehler;
    }
    default:
      return {};
  }
}

/**
 * The Benutzer an automatic group holds on `heute` (Berlin date): activated users matching its
 * rule, as a condition on `benutzer b`. A rule that cannot run is refused with its field messages.
 */
export function auswahl(gruppe: RegelGruppe, heute: string): SqlBedingung {
  const fehler = regelFehler(gruppe);
  if (Object.keys(fehler).length > 0)
    throw DomainError.fields(fehler, (feld) => labelFor('benutzer-gruppe', feld));
  return und(sql('b.aktiviert = ?', true), REGELN[gruppe.code as AutoCode](gruppe, heute));
}
