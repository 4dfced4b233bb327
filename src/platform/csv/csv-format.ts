/**
 * CSV in and out for German staff (DESIGN.md §3): reading what Excel and other programs write
 * (`;` or `,`, UTF-8 with or without BOM, Windows-1252) and writing what German Excel opens
 * correctly (UTF-8 with BOM, `;`, CRLF, decimal comma). Pure functions: no Nest, no I/O.
 */
import { isUtf8 } from 'node:buffer';
import { CsvError, parse } from 'csv-parse/sync';
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

/** The text of a CSV file, without a byte order mark. */
export function decodeCsv(bytes: Buffer): string {
  const encoding = detectEncoding(bytes);
  const text = encoding === 'utf-8' ? bytes.toString('utf8') : iconv.decode(bytes, encoding);
  return text.replace(/^\uFEFF/, '');
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

const parserMessages: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'ein Anführungszeichen wird nicht geschlossen',
  CSV_INVALID_CLOSING_QUOTE: 'nach einem schließenden Anführungszeichen folgt ein unerwartetes Zeichen',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'nach einem schließenden Anführungszeichen folgt ein unerwartetes Zeichen',
  CSV_MAX_RECORD_SIZE: 'ein Feld ist zu lang',
};

function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === '');
}

/**
 * Reads a CSV file into rows keyed by the (trimmed) header names. Empty lines and lines with only
 * empty fields are skipped; missing trailing fields are ''. Throws a DomainError (400) with a German
 * message for an empty, binary or malformed file.
 */
/** Spec 001 §7 (the group's CSV comparison): the answer to an empty file or one that is no CSV. */
export const KEINE_ZEILEN = 'Die Datei enthält keine lesbaren Zeilen.';

export function parseCsv(bytes: Buffer): CsvRow[] {
  if (bytes.length === 0) throw invalid(KEINE_ZEILEN);
  const text = decodeCsv(bytes);
  if (text.includes('\u0000'))
    throw invalid(
      'Die Datei enthält keine lesbaren Zeilen: sie ist keine CSV-Datei (sie enthält Binärdaten).',
    );
  if (text.trim() === '') throw invalid(KEINE_ZEILEN);

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const reason = parserMessages[error.code] ?? 'sie hat kein gültiges CSV-Format';
      const line = (error as CsvError & { lines?: number }).lines;
      throw invalid(`Die CSV-Datei kann nicht gelesen werden${line ? ` (Zeile ${line})` : ''}: ${reason}.`);
    }
    throw error;
  }

  const content = records.filter(({ record }) => !isBlank(record));
  if (content.length === 0) throw invalid(KEINE_ZEILEN);
  const [{ record: headerFields }, ...data] = content;
  const header = headerFields.map((name, index) => name.trim() || `Spalte ${index + 1}`);
  const seen = new Set<string>();
  for (const name of header) {
    if (seen.has(name))
      throw invalid(`Die Spaltenüberschrift "${name}" kommt in der CSV-Datei mehrfach vor.`);
    seen.add(name);
  }

  return data.map(({ record, info }) => {
    if (record.length > header.length && !isBlank(record.slice(header.length))) {
      throw invalid(
        `Die CSV-Datei kann nicht gelesen werden (Zeile ${info.lines}): die Zeile hat ${record.length} Spalten, die Kopfzeile nur ${header.length}.`,
      );
    }
    const row: CsvRow = {};
    header.forEach((name, index) => (row[name] = record[index] ?? ''));
    return row;
  });
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Writes rows keyed by column title as a CSV file for German Excel: UTF-8 with BOM, `;`, CRLF.
 * The columns are the keys of the first row, followed by keys first seen in later rows.
 */
export function stringifyCsv(rows: unknown): Buffer {
  if (!Array.isArray(rows)) {
    throw invalid('Erwartet wird eine Liste von Zeilen (Objekte mit den Spaltentiteln als Schlüssel).');
  }
  const columns: string[] = [];
  const known = new Set<string>();
  rows.forEach((row, index) => {
    if (!isPlainObject(row)) {
      throw invalid(`Zeile ${index + 1} ist kein Objekt mit Spaltentiteln als Schlüsseln.`);
    }
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
    for (const row of rows as Record<string, unknown>[]) records.push(columns.map((c) => formatCell(row[c])));
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
