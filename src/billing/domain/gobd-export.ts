/**
 * The tax audit's data export (GoBD Z3 „Datenträgerüberlassung“, issue 29): for a period, one CSV
 * per table — invoices, storno invoices, bookings, payments, the audit trail — and an `index.xml`
 * describing them in the GDPdU description standard (DTD gdpdu-01-08-2002.dtd). The files are
 * UTF-8 without BOM (declared by <UTF8/>), `;` between columns, CRLF between records, texts in
 * double quotes, decimal comma without digit grouping, dates DD.MM.YYYY; the first record holds
 * the German column heads (common/vocabulary.ts), so each table declares <Range><From>2.
 * A table's rows are those recorded (`createdAt`) from `von` 00:00 to `bis` 24:00 Berlin time.
 */
import { berlinWandzeit, berlinZeitpunkt, deutscherTag, deutschesDatum } from '../../../common/kalender';
import { enumLabel, fieldLabel } from '../../../common/vocabulary';
import { eurosToCents } from '../../shared/money';
import { istKalendertag } from '../../shared/kalendertag';
import { DomainError } from '../../shared/domain-error';

export type Zeile = Record<string, unknown>;

type Typ = 'betrag' | 'zahl' | 'text' | 'datum' | 'zeitpunkt' | 'janein' | 'auswahl' | 'json';

export interface Spalte {
  /** The field of the row (dotted: inside a JSON column). */
  feld: string;
  titel: string;
  typ: Typ;
}

export type Tabellenart = 'rechnungen' | 'stornos' | 'buchungen' | 'zahlungen' | 'verlauf';

export interface Tabelle {
  art: Tabellenart;
  datei: string;
  name: string;
  beschreibung: string;
  /** The resource whose vocabulary names the columns and enum values. */
  resource: string;
  spalten: Spalte[];
}

export interface Zeitraum {
  /** As asked, YYYY-MM-DD. */
  vonTag: string;
  bisTag: string;
  /** The instants [von, bis) the rows were recorded in. */
  von: Date;
  bis: Date;
}

const UNGUELTIG = (text: string) => DomainError.invalid('ZEITRAUM', text);

/** The period of `von` and `bis` (Berlin calendar days, both included); a German 400 otherwise. */
export function zeitraum(von: unknown, bis: unknown): Zeitraum {
  if (typeof von !== 'string' || !istKalendertag(von) || typeof bis !== 'string' || !istKalendertag(bis))
    throw UNGUELTIG('Bitte den Zeitraum mit „von“ und „bis“ als Datum (JJJJ-MM-TT) angeben.');
  if (von > bis) throw UNGUELTIG('Das Datum „von“ liegt nach dem Datum „bis“.');
  const [jahr, monat, tag] = bis.split('-').map(Number);
  const folgetag = new Date(Date.UTC(jahr, monat - 1, tag + 1));
  return {
    vonTag: von,
    bisTag: bis,
    von: berlinZeitpunkt(von, '00:00'),
    bis: berlinZeitpunkt(folgetag.toISOString().slice(0, 10), '00:00'),
  };
}

function spalten(resource: string, felder: [string, Typ][]): Spalte[] {
  return felder.map(([feld, typ]) => {
    const titel = fieldLabel(resource, feld);
    if (!titel) throw new Error(`Keine Bezeichnung für ${resource}.${feld} (common/vocabulary.ts)`);
    return { feld, titel, typ };
  });
}

const RECHNUNG: [string, Typ][] = [
  ['id', 'zahl'],
  ['rechnungs_nr', 'text'],
  ['data.datum', 'datum'],
  ['createdAt', 'zeitpunkt'],
  ['benutzer_id', 'zahl'],
  ['category', 'auswahl'],
  ['bezahloption_typ', 'auswahl'],
  ['netto', 'betrag'],
  ['mwst', 'betrag'],
  ['betrag', 'betrag'],
  ['zahlstatus', 'auswahl'],
  ['rw_abrechnung_id', 'zahl'],
  ['original_sha256', 'text'],
];

export const TABELLEN: readonly Tabelle[] = [
  {
    art: 'rechnungen',
    datei: 'rechnungen.csv',
    name: 'Rechnungen',
    beschreibung: 'Ausgestellte Rechnungen (Rechnungskopf, Beträge in Euro)',
    resource: 'rw-rechnung',
    spalten: spalten('rw-rechnung', [...RECHNUNG, ['storno_id', 'zahl']]),
  },
  {
    art: 'stornos',
    datei: 'storno-rechnungen.csv',
    name: 'Storno-Rechnungen',
    beschreibung: 'Storno-Rechnungen mit Verweis auf die stornierte Rechnung (Beträge negativ)',
    resource: 'rw-rechnung',
    spalten: spalten('rw-rechnung', [...RECHNUNG, ['storno_parent_id', 'zahl']]),
  },
  {
    art: 'buchungen',
    datei: 'buchungen.csv',
    name: 'Buchungen',
    beschreibung: 'Vorgänge (Buchungen) in allen Versionen',
    resource: 'rw-transaction',
    spalten: spalten('rw-transaction', [
      ['id', 'zahl'],
      ['first_id', 'zahl'],
      ['child_id', 'zahl'],
      ['createdAt', 'zeitpunkt'],
      ['benutzer_id', 'zahl'],
      ['teilnehmer_id', 'zahl'],
      ['category', 'auswahl'],
      ['buchung_typ', 'auswahl'],
      ['buchung_time', 'zeitpunkt'],
      ['titel', 'text'],
      ['betrag', 'betrag'],
      ['verifiziert', 'janein'],
      ['storno', 'janein'],
      ['locked', 'janein'],
      ['rw_rechnung_id', 'zahl'],
    ]),
  },
  {
    art: 'zahlungen',
    datei: 'zahlungen.csv',
    name: 'Zahlungen',
    beschreibung: 'Zahlungen zu Rechnungen (Eingänge positiv, Rücklastschriften und Erstattungen negativ)',
    resource: 'rw-zahlung',
    spalten: spalten('rw-zahlung', [
      ['id', 'zahl'],
      ['rw_rechnung_id', 'zahl'],
      ['datum', 'datum'],
      ['betrag', 'betrag'],
      ['art', 'auswahl'],
      ['quelle', 'auswahl'],
      ['bank_referenz', 'text'],
      ['gebuehr', 'betrag'],
      ['rueckgabegrund', 'text'],
      ['admin_name', 'text'],
      ['createdAt', 'zeitpunkt'],
    ]),
  },
  {
    art: 'verlauf',
    datei: 'verlauf.csv',
    name: 'Verlauf',
    beschreibung: 'Änderungsprotokoll (Audit-Trail) als Hash-Kette (SHA-256)',
    resource: 'audit',
    spalten: spalten('audit', [
      ['id', 'zahl'],
      ['createdAt', 'zeitpunkt'],
      ['user_id', 'zahl'],
      ['user_name', 'text'],
      ['resource', 'text'],
      ['record_id', 'zahl'],
      ['action', 'auswahl'],
      ['changes', 'json'],
      ['vorgaenger_hash', 'text'],
      ['hash', 'text'],
    ]),
  },
];

const wertVon = (zeile: Zeile, feld: string): unknown =>
  feld
    .split('.')
    .reduce<unknown>((w, teil) => (w && typeof w === 'object' ? (w as Zeile)[teil] : undefined), zeile);

const text = (wert: string) => `"${wert.replace(/"/g, '""')}"`;

function zeitpunkt(wert: unknown): Date | null {
  const zeit = wert instanceof Date ? wert : typeof wert === 'string' ? new Date(wert) : null;
  return zeit && !Number.isNaN(zeit.getTime()) ? zeit : null;
}

/** One cell as the index describes its column. */
export function zelle(tabelle: Tabelle, spalte: Spalte, zeile: Zeile): string {
  const wert = wertVon(zeile, spalte.feld);
  if (wert === null || wert === undefined || wert === '') return '';
  switch (spalte.typ) {
    case 'betrag': {
      const cents = eurosToCents(Number(wert));
      const betrag = Math.abs(cents);
      return `${cents < 0 ? '-' : ''}${Math.floor(betrag / 100)},${String(betrag % 100).padStart(2, '0')}`;
    }
    case 'zahl':
      return String(Number(wert));
    case 'datum': {
      if (typeof wert === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(wert)) return deutscherTag(wert);
      const zeit = zeitpunkt(wert);
      return zeit ? deutschesDatum(zeit) : '';
    }
    case 'zeitpunkt': {
      const zeit = zeitpunkt(wert);
      if (!zeit) return '';
      const { datum, uhrzeit } = berlinWandzeit(zeit);
      return text(`${deutscherTag(datum)} ${uhrzeit}`);
    }
    case 'janein':
      return text(wert ? 'ja' : 'nein');
    case 'auswahl':
      return text(enumLabel(tabelle.resource, spalte.feld, String(wert)));
    case 'json':
      return text(typeof wert === 'string' ? wert : JSON.stringify(wert));
    case 'text':
      return text(String(wert));
  }
}

export const ZEILENENDE = '\r\n';

export const kopfzeile = (tabelle: Tabelle): string =>
  tabelle.spalten.map((s) => text(s.titel)).join(';') + ZEILENENDE;

export const csvZeile = (tabelle: Tabelle, zeile: Zeile): string =>
  tabelle.spalten.map((s) => zelle(tabelle, s, zeile)).join(';') + ZEILENENDE;

const xml = (wert: string) =>
  wert.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const element = (name: string, inhalt: string) => `<${name}>${xml(inhalt)}</${name}>`;

function spaltenBeschreibung(s: Spalte): string {
  const typ =
    s.typ === 'betrag'
      ? '<Numeric><Accuracy>2</Accuracy></Numeric>'
      : s.typ === 'zahl'
        ? '<Numeric/>'
        : s.typ === 'datum'
          ? '<Date><Format>DD.MM.YYYY</Format></Date>'
          : '<AlphaNumeric/>';
  return `        <VariableColumn>${element('Name', s.titel)}${element('Description', s.feld)}${typ}</VariableColumn>`;
}

export interface Datenlieferant {
  name: string;
  ort: string;
}

/** The GDPdU index of the export's tables. */
export function indexXml(z: Zeitraum, lieferant: Datenlieferant): string {
  const gueltig = `<Validity><Range>${element('From', deutscherTag(z.vonTag))}${element('To', deutscherTag(z.bisTag))}</Range><Format>DD.MM.YYYY</Format></Validity>`;
  const tabellen = TABELLEN.map((t) =>
    [
      '    <Table>',
      `      ${element('URL', t.datei)}`,
      `      ${element('Name', t.name)}`,
      `      ${element('Description', t.beschreibung)}`,
      `      ${gueltig}`,
      '      <UTF8/>',
      '      <DecimalSymbol>,</DecimalSymbol>',
      '      <DigitGroupingSymbol>.</DigitGroupingSymbol>',
      '      <Range><From>2</From></Range>',
      '      <VariableLength>',
      '        <ColumnDelimiter>;</ColumnDelimiter>',
      '        <RecordDelimiter>&#13;&#10;</RecordDelimiter>',
      '        <TextEncapsulator>"</TextEncapsulator>',
      ...t.spalten.map(spaltenBeschreibung),
      '      </VariableLength>',
      '    </Table>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE DataSet SYSTEM "gdpdu-01-08-2002.dtd">',
    '<DataSet>',
    '  <Version>1.0</Version>',
    '  <DataSupplier>',
    `    ${element('Name', lieferant.name || 'Verband')}`,
    `    ${element('Location', lieferant.ort || '-')}`,
    `    ${element('Comment', `Datenträgerüberlassung nach GoBD (Z3), Zeitraum ${deutscherTag(z.vonTag)} bis ${deutscherTag(z.bisTag)}`)}`,
    '  </DataSupplier>',
    '  <Media>',
    '    <Name>Datenträger 1</Name>',
    ...tabellen,
    '  </Media>',
    '</DataSet>',
    '',
  ].join('\n');
}

/** The archive's file name: `gobd-export_2026-01-01_2026-12-31.zip`. */
export const exportName = (z: Zeitraum) => `gobd-export_${z.vonTag}_${z.bisTag}.zip`;
