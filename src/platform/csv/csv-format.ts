/**
 * CSV in and out for German staff (DESIGN.md §3): reading what Excel and other programs write
 * (`;` or `,`, UTF-8 with or without BOM, Windows-1252) and writing what German Excel opens
 * correctly (UTF-8 with BOM, `;`, CRLF, decimal comma). No Nest, no I/O.
 */
import { isUtf8 } from 'node:buffer';
import { setImmediate as naechsteRunde } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { DomainError } from '../../shared/domain-error';

export type CsvRow = Record<string, string>;

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** UTF-8 when the bytes are valid UTF-8 (BOM or not), UTF-16 by its BOM, otherwise Windows-1252. */
export function detectEncoding(bytes: Buffer): CsvEncoding {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

const DELIMITERS = [';', ',', '\t'] as const;

/**
 * The delimiter counted most often outside quotes in the header line; `;` on a tie (German files)
 * and for a file with a single column.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let sawContent = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (sawContent) break; // leading empty lines do not count as the header line
    } else if (!inQuotes && counts.has(char)) counts.set(char, counts.get(char)! + 1);
    if (char.trim() !== '') sawContent = true;
  }
  let best: string = ';';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

function invalid(message: string): DomainError {
  return DomainError.invalid('CSV_INVALID', message);
}

function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/** Spec 001 §7 (the group's CSV comparison): the answer to an empty file or one that is no CSV. */
export const KEINE_ZEILEN = 'Die Datei enthält keine lesbaren Zeilen.';

/** How much of the file is parsed before other work gets its turn (a fraction of a millisecond). */
const STUECK_BYTES = 8 * 1024;
/** The start of the file the delimiter is detected in: more than any header line. */
const KOPF_ZEICHEN = 64 * 1024;

/** Lets other requests in between two pieces of work. */
export type Pause = () => Promise<void>;

/** Turns the parser's records into rows keyed by the header line, as they come. */
function rowCollector() {
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  const add = (record: string[], line: number) => {
    if (isBlank(record)) return;
    if (!header) {
      header = record.map((name, index) => name.trim() || `Spalte ${index + 1}`);
      const seen = new Set<string>();
      for (const name of header) {
        if (seen.has(name))
          throw invalid(`Die Spaltenüberschrift "${name}" kommt in der CSV-Datei mehrfach vor.`);
        seen.add(name);
      }
      return;
    }
    if (record.length > header.length && !isBlank(record.slice(header.length))) {
      throw invalid(
        `Die CSV-Datei kann nicht gelesen werden (Zeile ${line}): die Zeile hat ${record.length} Spalten, die Kopfzeile nur ${header.length}.`,
      );
    }
    const row: CsvRow = {};
    header.forEach((name, index) => (row[name] = record[index] ?? ''));
    rows.push(row);
  };
  return { add, rows, hasHeader: () => header !== undefined };
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

function unreadable(line: number, reason: string): DomainError {
  return invalid(`Die CSV-Datei kann nicht gelesen werden (Zeile ${line}): ${reason}.`);
}

/** Where the parsing of a file stands between two pieces: the line the unfinished record starts on. */
interface Lesestand {
  line: number;
}

/**
 * Splits the complete records of `text` (RFC 4180 with what Excel and other programs write: `""`
 * inside quotes, line breaks CRLF, LF or CR, a quote inside an unquoted field taken as it is) and
 * hands each to `add` with the line it starts on. Answers where the unfinished last record starts,
 * to be read again with the next piece; at the `ende` of the file every record is complete. A
 * hand-written loop: csv-parse needs ten times the CPU for the same file, time the other requests wait for.
 */
function splitRecords(
  text: string,
  delimiter: number,
  stand: Lesestand,
  ende: boolean,
  add: (record: string[], line: number) => void,
): number {
  let line = stand.line;
  let record: string[] = [];
  let recordStart = 0;
  let i = 0;
  // The record goes on in the next piece: it is read again from its start, on the line it starts on.
  const unfertig = () => recordStart;
  while (i < text.length) {
    if (text.charCodeAt(i) === QUOTE) {
      const start = line;
      let value = '';
      let from = i + 1;
      let geschlossen = -1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close < 0 || (!ende && close + 1 === text.length)) break;
        value += text.slice(from, close);
        if (text.charCodeAt(close + 1) !== QUOTE) {
          geschlossen = close;
          break;
        }
        value += '"';
        from = close + 2;
      }
      if (geschlossen < 0) {
        if (!ende) return unfertig();
        throw unreadable(start, 'ein Anführungszeichen wird nicht geschlossen');
      }
      i = geschlossen + 1;
      line += (value.match(/\r\n?|\n/g) ?? []).length;
      record.push(value);
    } else {
      let end = i;
      for (let c = text.charCodeAt(end); end < text.length; c = text.charCodeAt(++end)) {
        if (c === delimiter || c === CR || c === LF) break;
      }
      record.push(text.slice(i, end));
      i = end;
    }
    // After a field: a delimiter, a line break or the end; a delimiter or CR at the end of a piece may be followed by more.
    const next = text.charCodeAt(i);
    if (!ende && i >= text.length - 1 && (i === text.length || next === delimiter || next === CR)) {
      return unfertig();
    }
    if (next === delimiter) {
      i += 1;
      if (i === text.length) record.push('');
    } else if (next === CR || next === LF) {
      i += next === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      add(record, stand.line);
      record = [];
      stand.line = line;
      recordStart = i;
    } else if (i < text.length) {
      throw unreadable(line, 'nach einem schließenden Anführungszeichen folgt ein unerwartetes Zeichen');
    }
  }
  if (!ende) return unfertig();
  if (record.length > 0) add(record, stand.line);
  return text.length;
}

/**
 * Reads a CSV file into rows keyed by the (trimmed) header names. Empty lines and lines with only
 * empty fields are skipped; missing trailing fields are ''. Throws a DomainError (400) with a German
 * message for an empty, binary or malformed file.
 *
 * The file is decoded and parsed in pieces of 8 KB with `pause` in between, never joined into one
 * string (joining 10 MB alone holds the event loop for a tenth of a second), so that a file of
 * 10 MB never holds it for more than a moment (issue 26).
 */
export async function parseCsv(bytes: Buffer, pause: Pause = naechsteRunde): Promise<CsvRow[]> {
  if (bytes.length === 0) throw invalid(KEINE_ZEILEN);
  const encoding = detectEncoding(bytes);
  const decoder = iconv.getDecoder(encoding);
  const pieces: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += STUECK_BYTES) {
    pieces.push(decoder.write(bytes.subarray(offset, offset + STUECK_BYTES)));
    await pause();
  }
  pieces.push(decoder.end() ?? '');
  if (pieces.some((piece) => piece.includes('\u0000')))
    throw invalid(
      'Die Datei enthält keine lesbaren Zeilen: sie ist keine CSV-Datei (sie enthält Binärdaten).',
    );
  let kopf = '';
  for (let k = 0; k < pieces.length && kopf.length < KOPF_ZEICHEN; k++) kopf += pieces[k];
  const delimiter = detectDelimiter(kopf.slice(0, KOPF_ZEICHEN)).charCodeAt(0);
  const collector = rowCollector();
  const stand: Lesestand = { line: 1 };
  let rest = '';
  // A record longer than a piece (a huge quoted field) is read again only once the rest doubled: linear time.
  let versucht = 0;
  for (const [k, piece] of pieces.entries()) {
    rest += piece;
    const ende = k === pieces.length - 1;
    if (!ende && rest.length < 2 * versucht) continue;
    rest = rest.slice(splitRecords(rest, delimiter, stand, ende, collector.add));
    versucht = rest.length;
    await pause();
  }
  if (!collector.hasHeader()) throw invalid(KEINE_ZEILEN);
  return collector.rows;
}

/** A number as it would be typed in a German cell: 1234.5 → "1234,5", no thousands separators. */
function germanNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? String(value) : String(value).replace('.', ',');
}

/** Numbers written as text ("-12,50", "+3", "-1.234,50", "-12.5") are data, not formulas. */
const PLAIN_NUMBER = /^[+-]?(?:(?:\d+|\d{1,3}(?:\.\d{3})+)(?:,\d+)?|\d+\.\d+)$/;

/**
 * Formula injection (OWASP "CSV injection"): a text cell Excel would run as a formula gets a leading
 * apostrophe, so that it is shown as text.
 */
export function protectFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One value as cell text for German Excel. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return germanNumber(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string') return protectFormula(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return protectFormula(JSON.stringify(value));
}

/**
 * Writes rows keyed by column title as a CSV file for German Excel: UTF-8 with BOM, `;`, CRLF.
 * The columns are the keys of the first row, followed by keys first seen in later rows.
 */
export function stringifyCsv(rows: readonly Record<string, unknown>[]): Buffer {
  const columns: string[] = [];
  const known = new Set<string>();
  rows.forEach((row) => {
    for (const key of Object.keys(row)) {
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
    }
  });
  const records: string[][] = [];
  if (columns.length > 0) {
    records.push(columns.map(protectFormula));
    for (const row of rows) records.push(columns.map((c) => formatCell(row[c])));
  }
  const text = stringify(records, {
    delimiter: ';',
    record_delimiter: '\r\n',
    // A line break inside a cell is quoted too, not only the CRLF record delimiter.
    quoted_match: /[\r\n]/,
  });
  return Buffer.concat([UTF8_BOM, Buffer.from(text, 'utf8')]);
}

/** A safe download name: `<name>.csv` from letters, digits, spaces, `-`, `_` and `.`; `export.csv` otherwise. */
export function csvFileName(requested: unknown): string {
  const base =
    typeof requested === 'string'
      ? requested
          .normalize('NFC')
          .replace(/\.csv$/i, '')
          .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
          .replace(/^[\s._-]+|[\s._-]+$/g, '')
          .slice(0, 120)
      : '';
  return `${base || 'export'}.csv`;
}
