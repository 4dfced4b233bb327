/**
 * The DATEV-Format (EXTF, header version 700) the association's Steuerberater exchanges with it
 * (issues 29; ../shared/standards/datev/FORMAT.md): a 31-field header, the column headings of the
 * format, `;`-separated records ending in CR/LF, Windows-1252. Text cells are quoted (`"` doubled,
 * no line breaks), numbers bare with a decimal comma. What every category shares lives here, writing
 * and reading; the categories' columns are buchungsstapel.ts and debitoren-kreditoren.ts.
 */
import iconv from 'iconv-lite';
import { DomainError } from '../domain-error';
import type { Cents } from '../money';

/** A cell: quoted text, a bare number/date, or nothing (unused text columns are `""`, numbers empty). */
export type Zelle = { text: string } | { zahl: string } | null;

export const text = (wert: string | null | undefined, laenge?: number): Zelle => ({
  text: ohneSteuerzeichen(wert ?? '').slice(0, laenge),
});
export const zahl = (wert: string | number): Zelle => ({ zahl: String(wert) });

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
export const jjjjmmtt = (tag: string) => tag.slice(0, 10).replace(/-/g, '');

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

/** `Art 1`, `Inhalt 1`, `Art 2`, … : DATEV's numbered column pairs. */
export const nummeriert = (art: string, inhalt: string, n: number) =>
  Array.from({ length: n }, (_, i) => [`${art} ${i + 1}`, `${inhalt} ${i + 1}`]).flat();

/** The categories a header may name (field 3), for messages about a file of another kind. */
const KATEGORIEN: Record<number, string> = {
  16: 'Debitoren/Kreditoren',
  20: 'Kontenbeschriftungen',
  21: 'Buchungsstapel',
  46: 'Zahlungsbedingungen',
  48: 'Diverse Adressen',
  65: 'Wiederkehrende Buchungen',
};

/** A category by its number, as staff read it ("Buchungsstapel (Kategorie 21)"). */
export const kategorieName = (kategorie: number) =>
  `${KATEGORIEN[kategorie] ?? 'unbekannt'} (Kategorie ${kategorie})`;

/** A DATEV file as read: the header's fields that say what it is, the headings, the records as text. */
export interface ExtfDatei {
  kopf: {
    kategorie: number;
    formatversion: number;
    beraternummer: number | null;
    mandantennummer: number | null;
    sachkontenlaenge: number | null;
  };
  spalten: string[];
  /** Each record with its line number in the file (1 = the header), its cells unquoted. */
  zeilen: { nummer: number; zellen: string[] }[];
}

const unlesbar = (grund: string) => DomainError.invalid('DATEV_DATEI', grund);

/** Bytes Windows-1252 leaves undefined: a file holding one was written in another encoding. */
const CP1252_LUECKEN = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * DATEV writes Windows-1252 (FORMAT.md §1). A file that is valid UTF-8 with letters beyond ASCII was
 * saved as UTF-8 (by a spreadsheet, say): read as Windows-1252 its umlauts would become „Ã¼“, so it is
 * refused rather than imported garbled.
 */
function pruefeKodierung(bytes: Buffer): void {
  if (bytes.includes(0)) throw unlesbar('Die Datei ist keine Textdatei.');
  const utf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let utf8 = utf8Bom;
  if (!utf8 && bytes.some((b) => b >= 0x80)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      utf8 = true;
    } catch {
      utf8 = false;
    }
  }
  if (utf8)
    throw unlesbar(
      'Die Datei ist UTF-8-kodiert. DATEV-Dateien sind Windows-1252 (ANSI) kodiert: bitte die Datei unverändert aus DATEV exportieren, nicht in einer Tabellenkalkulation neu speichern.',
    );
  const luecke = bytes.findIndex((b) => CP1252_LUECKEN.has(b));
  if (luecke >= 0)
    throw unlesbar(
      `Die Datei ist nicht Windows-1252 (ANSI) kodiert, wie DATEV schreibt (Byte 0x${bytes[luecke].toString(16)} an Stelle ${luecke + 1}).`,
    );
}

/** The cells of one line: `;`-separated, text in `"…"` with `""` for a quote. */
function zerlege(line: string, nummer: number): string[] {
  const zellen: string[] = [];
  let i = 0;
  for (;;) {
    let wert = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length)
          throw unlesbar(`Zeile ${nummer}: ein Anführungszeichen wird nicht geschlossen.`);
        if (line[i] === '"' && line[i + 1] === '"') {
          wert += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else wert += line[i++];
      }
      if (i < line.length && line[i] !== ';')
        throw unlesbar(`Zeile ${nummer}: nach einem Text in Anführungszeichen folgt kein Semikolon.`);
    } else {
      const ende = line.indexOf(';', i);
      wert = line.slice(i, ende < 0 ? line.length : ende);
      if (wert.includes('"')) throw unlesbar(`Zeile ${nummer}: ein Anführungszeichen mitten in einem Feld.`);
      i = ende < 0 ? line.length : ende;
    }
    zellen.push(wert);
    if (i >= line.length) return zellen;
    i++; // the `;`
  }
}

const ganzzahl = (wert: string | undefined) => (wert && /^\d+$/.test(wert) ? Number(wert) : null);

/**
 * Reads a DATEV file of any category: its encoding, the EXTF/DTVF header of version 700, the
 * headings and every record with as many fields as there are headings. Anything else is refused
 * with a German reason naming the line, before anything is imported.
 */
export function leseExtf(bytes: Buffer): ExtfDatei {
  if (bytes.length === 0) throw unlesbar('Die Datei ist leer.');
  pruefeKodierung(bytes);
  const zeilen = iconv
    .decode(bytes, 'win1252')
    .split(/\r?\n/)
    .map((line, i) => ({ line, nummer: i + 1 }))
    .filter(({ line }) => line.trim() !== '');
  const [kopfZeile, spaltenZeile, ...daten] = zeilen;
  if (!kopfZeile) throw unlesbar('Die Datei ist leer.');
  const kopf = zerlege(kopfZeile.line, kopfZeile.nummer);
  if (kopf[0] !== 'EXTF' && kopf[0] !== 'DTVF')
    throw unlesbar('Die Datei ist keine DATEV-Datei: ihre erste Zeile beginnt nicht mit „EXTF“ oder „DTVF“.');
  if (kopf[1] !== '700' || kopf.length < 31)
    throw unlesbar(
      `Die Kopfzeile der Datei ist nicht im DATEV-Format 700 (Versionsnummer „${kopf[1] ?? ''}“, ${kopf.length} statt 31 Felder).`,
    );
  const kategorie = ganzzahl(kopf[2]);
  const formatversion = ganzzahl(kopf[4]);
  if (kategorie === null || formatversion === null)
    throw unlesbar('Die Kopfzeile nennt keine Formatkategorie und Formatversion.');
  if (!spaltenZeile) throw unlesbar('Der Datei fehlt die Zeile mit den Spaltenüberschriften.');
  const spalten = zerlege(spaltenZeile.line, spaltenZeile.nummer);
  return {
    kopf: {
      kategorie,
      formatversion,
      beraternummer: ganzzahl(kopf[10]),
      mandantennummer: ganzzahl(kopf[11]),
      sachkontenlaenge: ganzzahl(kopf[13]),
    },
    spalten,
    zeilen: daten.map(({ line, nummer }) => {
      const zellen = zerlege(line, nummer);
      if (zellen.length !== spalten.length)
        throw unlesbar(
          `Zeile ${nummer} hat ${zellen.length} Felder, die Überschriften nennen ${spalten.length}.`,
        );
      return { nummer, zellen };
    }),
  };
}
