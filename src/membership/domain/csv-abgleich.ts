/**
 * The CSV comparison of the group window (spec 001 §2, §4): which column of a staff member's file
 * holds what, how a row finds its Benutzer (e-mail, then Kennnummer, then name and Firma), and the
 * four buckets the rows fall into. Pure: the lookups come in as maps, filled set-based per batch.
 */
import { DomainError } from '../../shared/domain-error';
import { abgleichArt, type MitgliedArt, type Zuordnung } from '../../../common/gruppen';

export type CsvZeile = Record<string, string>;

export interface Spalten {
  email?: string;
  kennnummer?: string;
  vorname?: string;
  nachname?: string;
  /** A full name ('Erika Muster') or a surname, when there is no Vorname/Nachname pair. */
  name?: string;
  firma?: string;
}

const KOPF: [keyof Spalten, RegExp][] = [
  ['email', /^(e?mail|emailadresse|emails?)$/],
  ['kennnummer', /^(kennnummer|kennnr|kennung|mitgliedsnummer|mitgliedsnr|mitgliednr)$/],
  ['vorname', /^vorname$/],
  ['nachname', /^(nachname|familienname)$/],
  ['name', /^(name|vollername|anzeigename)$/],
  ['firma', /^(firma|firmenname|kanzlei|unternehmen)$/],
];

const kopfSchluessel = (name: string) => name.toLowerCase().replace(/[^a-zäöüß0-9]/g, '');

/** The first column of each kind, recognised by its header in the usual German and English spellings. */
export function spaltenErkennen(kopf: string[]): Spalten {
  const spalten: Spalten = {};
  for (const name of kopf) {
    const treffer = KOPF.find(([art, muster]) => !spalten[art] && muster.test(kopfSchluessel(name)));
    if (treffer) spalten[treffer[0]] = name;
  }
  return spalten;
}

/** Trimmed, lower case, inner spaces single: how e-mails, names and firms are compared. */
export const vergleichsform = (text: string | null | undefined) =>
  (text ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

export interface Schluessel {
  email?: string;
  kennnummer?: string;
  /** Lower-case surname the database is searched by, and the names compared afterwards. */
  nachname?: string;
  vorname?: string;
  vollerName?: string;
  firma: string;
}

/** What one row offers to find its Benutzer by; empty values count as absent. */
export function schluessel(zeile: CsvZeile, spalten: Spalten): Schluessel {
  const wert = (spalte?: string) => (spalte ? vergleichsform(zeile[spalte]) : '') || undefined;
  const ergebnis: Schluessel = {
    email: wert(spalten.email)?.replace(/^mailto:/, ''),
    kennnummer: spalten.kennnummer ? zeile[spalten.kennnummer]?.trim() || undefined : undefined,
    firma: wert(spalten.firma) ?? '',
  };
  const nachname = wert(spalten.nachname);
  const name = wert(spalten.name);
  if (nachname) {
    ergebnis.nachname = nachname;
    ergebnis.vorname = wert(spalten.vorname);
  } else if (name) {
    ergebnis.nachname = name.split(' ').pop();
    ergebnis.vollerName = name;
  }
  return ergebnis;
}

export const hatSchluessel = (s: Schluessel) => Boolean(s.email || s.kennnummer || s.nachname);

/** Spec 001 §8: an empty file, a file of something else, or one without anything to search by. */
export const keineZeilen = () => DomainError.invalid('CSV_LEER', 'Die Datei enthält keine lesbaren Zeilen.');

/**
 * The columns of a parsed file (all rows have the header's keys). A file without rows or without
 * a column of e-mail, Kennnummer or name is refused; whether any row has a value in them, the
 * comparison sees as it goes (`hatSchluessel`).
 */
export function spaltenDerDatei(zeilen: CsvZeile[]): Spalten {
  const spalten = spaltenErkennen(Object.keys(zeilen[0] ?? {}));
  if (!spalten.email && !spalten.kennnummer && !spalten.nachname && !spalten.name) throw keineZeilen();
  return spalten;
}

/** A Benutzer found by name: its names and its firm or its employer's. */
export interface NamensKandidat {
  benutzer_id: number;
  vorname: string | null;
  nachname: string | null;
  firma: string | null;
}

/** The lookups of one batch, keyed by the compared forms. */
export interface Fundstellen {
  emails: Map<string, { benutzer_id: number; email_id: number; email: string }[]>;
  kennnummern: Map<string, number[]>;
  namen: Map<string, NamensKandidat[]>;
}

export interface Treffer {
  benutzer_id: number;
  /** The e-mail the row matched by, if it did. */
  email_id?: number;
  email?: string;
}

export type Fund = Treffer | { grund: string };

function passtName(k: NamensKandidat, s: Schluessel): boolean {
  const vorname = vergleichsform(k.vorname);
  const nachname = vergleichsform(k.nachname);
  const namenGleich = s.vollerName
    ? s.vollerName === `${vorname} ${nachname}`.trim() || s.vollerName === nachname
    : nachname === s.nachname && (!s.vorname || s.vorname === vorname);
  return namenGleich && vergleichsform(k.firma) === s.firma;
}

const eindeutig = (ids: number[]) => [...new Set(ids)];

/** The Benutzer of one row: by any of its e-mails, then Kennnummer, then name and Firma (spec 001 §4). */
export function finde(s: Schluessel, fund: Fundstellen): Fund {
  const ueberEmail = s.email ? (fund.emails.get(s.email) ?? []) : [];
  if (eindeutig(ueberEmail.map((e) => e.benutzer_id)).length === 1) return ueberEmail[0];
  if (ueberEmail.length > 1) return { grund: 'Die E-Mail gehört zu mehreren Benutzern' };
  const ueberKennnummer = eindeutig(s.kennnummer ? (fund.kennnummern.get(s.kennnummer) ?? []) : []);
  if (ueberKennnummer.length === 1) return { benutzer_id: ueberKennnummer[0] };
  if (ueberKennnummer.length > 1) return { grund: 'Die Kennnummer gehört zu mehreren Benutzern' };
  const ueberName = eindeutig(
    (s.nachname ? (fund.namen.get(s.nachname) ?? []) : [])
      .filter((k) => passtName(k, s))
      .map((k) => k.benutzer_id),
  );
  if (ueberName.length === 1) return { benutzer_id: ueberName[0] };
  if (ueberName.length > 1) return { grund: 'Name und Firma passen zu mehreren Benutzern' };
  return { grund: 'Kein Benutzer mit dieser E-Mail, Kennnummer oder diesem Namen' };
}

/** What the comparison shows of a found Benutzer. */
export interface GefundenerBenutzer {
  id: number;
  aktiviert: boolean;
  kennnummer: string | null;
  anzeigename: string | null;
  /** The matched e-mail, else the primary one. */
  email_id: number | null;
  email: string | null;
}

export interface AbgleichZeile {
  /** Line in the file, the header being line 1. */
  zeile: number;
  row: CsvZeile;
  benutzer?: GefundenerBenutzer;
  /** The id that adding the row links: the Benutzer's, or the e-mail's. */
  ziel_id?: number;
  grund?: string;
}

export const BUCKETS = ['bereit', 'vorhanden', 'inaktiv', 'nicht_gefunden'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** The id a row would add: the Benutzer, or its e-mail. */
export const zielId = (b: GefundenerBenutzer, art: MitgliedArt) => (art === 'benutzer' ? b.id : b.email_id);

/**
 * The bucket of one row: not found, not active, already in the group (or already ready from an
 * earlier row of the file), or ready to add. `vergeben` collects the ids of ready rows.
 */
export function einordnen(
  benutzer: GefundenerBenutzer | undefined,
  art: MitgliedArt,
  inGruppe: ReadonlySet<number>,
  vergeben: Set<number>,
): { bucket: Bucket; grund?: string } {
  if (!benutzer) return { bucket: 'nicht_gefunden' };
  if (!benutzer.aktiviert) return { bucket: 'inaktiv', grund: 'Der Benutzer ist nicht aktiviert' };
  const id = zielId(benutzer, art);
  if (id === null) return { bucket: 'nicht_gefunden', grund: 'Der Benutzer hat keine E-Mail-Adresse' };
  if (inGruppe.has(id)) return { bucket: 'vorhanden' };
  if (vergeben.has(id)) return { bucket: 'vorhanden', grund: 'Kommt in der Datei mehrfach vor' };
  vergeben.add(id);
  return { bucket: 'bereit' };
}

/**
 * What the comparison adds: as the group's assignment suggests, or as asked for; any other kind is
 * refused with the message of spec 001 §8.
 */
export function abgleichArtFuer(gruppe: { zuordnung: Zuordnung }, gewuenscht: unknown): MitgliedArt {
  if (gewuenscht === undefined || gewuenscht === null || gewuenscht === '')
    return abgleichArt(gruppe.zuordnung);
  if (gewuenscht === 'benutzer' || gewuenscht === 'email') return gewuenscht;
  throw DomainError.invalid('UNBEKANNTE_ZUORDNUNG', 'unbekannte Zuordnung');
}
