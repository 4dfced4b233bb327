/**
 * DATEV Buchungsstapel (category 21, version 13; FORMAT.md §3): the 125 columns and the postings.
 * Which postings an invoice makes is billing's domain (datev-buchungen.ts).
 */
import type { Cents } from '../money';
import {
  datevDatei,
  kopfzeile,
  nummeriert,
  text,
  ttmm,
  ttmmjjjj,
  zahl,
  zeile,
  datevBetrag,
  type Kopfdaten,
  type Zelle,
} from './extf';

/** Belegfeld 1 takes only `A-Z a-z 0-9 $ & % * + - /`, at most 36 characters (the OPOS key). */
export function belegfeld(wert: string): string {
  return wert.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);
}

/** The 125 column headings of Buchungsstapel version 13, exactly as DATEV's sample writes them. */
export const BUCHUNGSSTAPEL_SPALTEN: readonly string[] = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
  'Postensperre',
  'Diverse Adressnummer',
  'Geschäftspartnerbank',
  'Sachverhalt',
  'Zinssperre',
  'Beleglink',
  ...nummeriert('Beleginfo - Art', 'Beleginfo - Inhalt', 8),
  'KOST1 - Kostenstelle',
  'KOST2 - Kostenstelle',
  'Kost-Menge',
  'EU-Land u. UStID (Bestimmung)',
  'EU-Steuersatz (Bestimmung)',
  'Abw. Versteuerungsart',
  'Sachverhalt L+L',
  'Funktionsergänzung L+L',
  'BU 49 Hauptfunktionstyp',
  'BU 49 Hauptfunktionsnummer',
  'BU 49 Funktionsergänzung',
  ...nummeriert('Zusatzinformation - Art', 'Zusatzinformation- Inhalt', 20),
  'Stück',
  'Gewicht',
  'Zahlweise',
  'Forderungsart',
  'Veranlagungsjahr',
  'Zugeordnete Fälligkeit',
  'Skontotyp',
  'Auftragsnummer',
  'Buchungstyp',
  'USt-Schlüssel (Anzahlungen)',
  'EU-Land (Anzahlungen)',
  'Sachverhalt L+L (Anzahlungen)',
  'EU-Steuersatz (Anzahlungen)',
  'Erlöskonto (Anzahlungen)',
  'Herkunft-Kz',
  'Buchungs GUID',
  'KOST-Datum',
  'SEPA-Mandatsreferenz',
  'Skontosperre',
  'Gesellschaftername',
  'Beteiligtennummer',
  'Identifikationsnummer',
  'Zeichnernummer',
  'Postensperre bis',
  'Bezeichnung SoBil-Sachverhalt',
  'Kennzeichen SoBil-Buchung',
  'Festschreibung',
  'Leistungsdatum',
  'Datum Zuord. Steuerperiode',
  'Fälligkeit',
  'Generalumkehr (GU)',
  'Steuersatz',
  'Land',
  'Abrechnungsreferenz',
  'BVV-Position',
  'EU-Land u. UStID (Ursprung)',
  'EU-Steuersatz (Ursprung)',
  'Abw. Skontokonto',
];

/**
 * Which columns are text (T, written `""` when unused) and which numbers or dates (Z, empty when
 * unused), as DATEV's v13 sample writes them, column by column.
 */
const SPALTENARTEN =
  'ZTTZZTZZTZTTZTZTZZZTTTTTTTTTTTTTTTTTTTZTZTZZZZZTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTZZZTZZZTTZTZZZTTZTZTZTTZTZZZZZTZTTZTZZ';

/** One posting of a Buchungsstapel: what the association's bookings need of the 125 fields. */
export interface DatevBuchung {
  /** Signed: positive → S (Soll on `konto`), negative → H. */
  betrag: Cents;
  konto: number;
  gegenkonto: number;
  /** DATEV's tax key, empty with Automatikkonten. */
  buSchluessel: string;
  /** YYYY-MM-DD, within the header's period. */
  belegdatum: string;
  belegfeld1: string;
  buchungstext: string;
  /** YYYY-MM-DD, optional (field 115). */
  leistungsdatum?: string | null;
  sepaMandatsreferenz?: string | null;
}

const SPALTE = Object.fromEntries(BUCHUNGSSTAPEL_SPALTEN.map((name, i) => [name, i])) as Record<
  string,
  number
>;

export function buchungszeile(b: DatevBuchung): Zelle[] {
  const zellen: Zelle[] = [...SPALTENARTEN].map((art) => (art === 'T' ? text('') : null));
  const setze = (spalte: string, wert: Zelle) => (zellen[SPALTE[spalte]] = wert);
  setze('Umsatz (ohne Soll/Haben-Kz)', zahl(datevBetrag(b.betrag)));
  setze('Soll/Haben-Kennzeichen', text(b.betrag < 0 ? 'H' : 'S'));
  setze('WKZ Umsatz', text('EUR'));
  setze('Konto', zahl(b.konto));
  setze('Gegenkonto (ohne BU-Schlüssel)', zahl(b.gegenkonto));
  setze('BU-Schlüssel', text(b.buSchluessel));
  setze('Belegdatum', zahl(ttmm(b.belegdatum)));
  setze('Belegfeld 1', text(belegfeld(b.belegfeld1)));
  setze('Buchungstext', text(b.buchungstext, 60));
  if (b.sepaMandatsreferenz) setze('SEPA-Mandatsreferenz', text(b.sepaMandatsreferenz, 35));
  if (b.leistungsdatum) setze('Leistungsdatum', zahl(ttmmjjjj(b.leistungsdatum)));
  return zellen;
}

/** DATEV takes at most 99 999 postings in one Buchungsstapel file. */
export const MAX_BUCHUNGEN_JE_DATEI = 99_999;

/**
 * The Buchungsstapel files of one period: header, headings and the postings, split into files of
 * at most `jeDatei` postings. No postings still make one file (the Steuerberater sees the month is empty).
 */
export function buchungsstapel(
  kopf: Omit<Kopfdaten, 'format'>,
  buchungen: readonly DatevBuchung[],
  jeDatei = MAX_BUCHUNGEN_JE_DATEI,
): Buffer[] {
  const teile: DatevBuchung[][] = [];
  for (let i = 0; i < buchungen.length; i += jeDatei) teile.push(buchungen.slice(i, i + jeDatei));
  if (teile.length === 0) teile.push([]);
  const kopfZeile = zeile(kopfzeile({ ...kopf, format: 'buchungsstapel' }));
  return teile.map((teil) =>
    datevDatei([kopfZeile, BUCHUNGSSTAPEL_SPALTEN.join(';'), ...teil.map((b) => zeile(buchungszeile(b)))]),
  );
}
