/**
 * The DATEV-Format (EXTF, header version 700) that the association's Steuerberater imports
 * (issue 29; ../shared/standards/datev/FORMAT.md): a 31-field header, the column headings of the
 * format, `;`-separated records ending in CR/LF, Windows-1252. Text cells are quoted (`"` doubled,
 * no line breaks), numbers bare with a decimal comma. Only the building of the lines lives here;
 * which postings an invoice makes is datev-buchungen.ts.
 */
import iconv from 'iconv-lite';
import type { Cents } from '../../shared/money';

/** A cell: quoted text, a bare number/date, or nothing (unused text columns are `""`, numbers empty). */
export type Zelle = { text: string } | { zahl: string } | null;

const text = (wert: string | null | undefined, laenge?: number): Zelle => ({
  text: ohneSteuerzeichen(wert ?? '').slice(0, laenge),
});
const zahl = (wert: string | number): Zelle => ({ zahl: String(wert) });

/** Line breaks and other control characters may not stand in a text field (FORMAT.md §1). */
const ohneSteuerzeichen = (wert: string) =>
  wert
    .replace(/[\r\n\t]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();

/** Amount in cents as DATEV writes it: always positive, decimal comma, no thousands separator. */
export function datevBetrag(cents: Cents): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD → DDMM (Belegdatum) / DDMMYYYY (Leistungsdatum) / YYYYMMDD (header dates). */
export const ttmm = (tag: string) => `${tag.slice(8, 10)}${tag.slice(5, 7)}`;
export const ttmmjjjj = (tag: string) => `${ttmm(tag)}${tag.slice(0, 4)}`;
const jjjjmmtt = (tag: string) => tag.slice(0, 10).replace(/-/g, '');

/** Belegfeld 1 takes only `A-Z a-z 0-9 $ & % * + - /`, at most 36 characters (the OPOS key). */
export function belegfeld(wert: string): string {
  return wert.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);
}

/** One line: the cells joined by `;`; text quoted with `"` doubled. */
export function zeile(zellen: readonly Zelle[]): string {
  return zellen
    .map((z) => (z == null ? '' : 'text' in z ? `"${z.text.replace(/"/g, '""')}"` : z.zahl))
    .join(';');
}

/** The file's bytes: every line ends in CR/LF (the last too), Windows-1252 (`€` = 0x80, others replaced by `?`). */
export function datevDatei(zeilen: readonly string[]): Buffer {
  return iconv.encode(zeilen.map((z) => `${z}\r\n`).join(''), 'win1252');
}

/** The formats written or read (header fields 3–5). */
export const FORMATE = {
  buchungsstapel: { kategorie: 21, name: 'Buchungsstapel', version: 13 },
  debitorenKreditoren: { kategorie: 16, name: 'Debitoren/Kreditoren', version: 5 },
} as const;
export type Format = keyof typeof FORMATE;

/** The Steuerberater's numbers and the ledger's shape: the header of every file. */
export interface DatevMandant {
  beraternummer: number;
  mandantennummer: number;
  /** First day of the fiscal year the file's dates fall into, YYYY-MM-DD. */
  wjBeginn: string;
  sachkontenlaenge: number;
  /** `03` or `04` (SKR). */
  kontenrahmen: string;
}

export interface Kopfdaten extends DatevMandant {
  format: Format;
  /** When the file was made: YYYYMMDDHHMMSSFFF is written from it (UTC digits, as DATEV's sample). */
  erzeugtAm: Date;
  exportiertVon?: string | null;
  /** Buchungsstapel only: the period (YYYY-MM-DD) every Belegdatum falls into, and the batch's name. */
  datumVon?: string;
  datumBis?: string;
  bezeichnung?: string;
  /** Initials of who made the batch (≤ 2 characters). */
  diktatkuerzel?: string;
}

const zeitstempel = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 17);

/** The 31 header fields (FORMAT.md §2), laid out as DATEV's own samples. */
export function kopfzeile(kopf: Kopfdaten): Zelle[] {
  const f = FORMATE[kopf.format];
  const stapel = kopf.format === 'buchungsstapel';
  return [
    text('EXTF'),
    zahl(700),
    zahl(f.kategorie),
    text(f.name),
    zahl(f.version),
    zahl(zeitstempel(kopf.erzeugtAm)),
    null,
    text('RE'),
    text(kopf.exportiertVon, 25),
    text(''),
    zahl(kopf.beraternummer),
    zahl(kopf.mandantennummer),
    zahl(jjjjmmtt(kopf.wjBeginn)),
    zahl(kopf.sachkontenlaenge),
    stapel ? zahl(jjjjmmtt(kopf.datumVon!)) : null,
    stapel ? zahl(jjjjmmtt(kopf.datumBis!)) : null,
    text(stapel ? kopf.bezeichnung : '', 30),
    text(kopf.diktatkuerzel, 2),
    // Buchungstyp 1 = Finanzbuchführung; Rechnungslegungszweck 0 = unabhängig; Festschreibung 0:
    // the Steuerberater locks the batch after checking it.
    stapel ? zahl(1) : null,
    stapel ? zahl(0) : null,
    stapel ? zahl(0) : null,
    text(stapel ? 'EUR' : ''),
    null,
    text(''),
    null,
    null,
    text(kopf.kontenrahmen),
    null,
    null,
    text(''),
    text(''),
  ];
}

const nummeriert = (art: string, inhalt: string, n: number) =>
  Array.from({ length: n }, (_, i) => [`${art} ${i + 1}`, `${inhalt} ${i + 1}`]).flat();

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
