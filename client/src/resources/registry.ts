/**
 * Every list of the side menu (spec 000 §2) with its resource, columns (spec 003 §3), time filter
 * (spec 003 §9) and refresh timer (spec 000 §9). A resource needs a few lines here; a rich edit
 * window is plugged in through `edit`.
 */
import { BenutzerEdit } from '../features/membership/BenutzerEdit';
import { EmailListEdit } from '../features/membership/EmailEdit';
import { DatevImport } from '../features/billing/DatevImport';
import type { ColumnDef, FieldDef, ResourceConfig } from './types';

type MenuEntry = ResourceConfig & { verband?: number };

const res = (path: string, resource: string, label: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  path,
  resource,
  label,
  ...extra,
});

const col = (field: string, label: string, type?: ColumnDef['type']): ColumnDef => ({ field, label, type });

const field = (
  name: string,
  label: string,
  type?: FieldDef['type'],
  rule: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  label,
  type,
  ...rule,
});

const titel = col('titel', 'Titel');
const oneYear = { timeDefault: 12 } as const;

export const benutzer = res('/benutzer/benutzer', 'benutzer', 'Benutzer', {
  columns: [
    col('id', 'ID', 'number'),
    col('kennnummer', 'Kennnummer'),
    col('anzeigename', 'Anzeigename'),
    col('vorname', 'Vorname'),
    col('nachname', 'Nachname'),
    col('Primaeremail.email', 'Email'),
    col('atr_mitglied', 'Mitglied', 'boolean'),
    col('firma', 'Firma'),
    col('berufsbezeichnung', 'Berufsbezeichnung'),
    col('parent_id', 'Parent', 'number'),
    col('aktiviert', 'Aktiviert', 'boolean'),
    col('data.seminar_teilnahmen', 'Seminar-Teilnahmen', 'number'),
  ],
  query: { include: [{ association: 'Primaeremail', attributes: ['id', 'email'] }] },
  edit: BenutzerEdit,
  title: (row) => String(row.anzeigename || [row.vorname, row.nachname].filter(Boolean).join(' ') || row.id),
});

export interface MenuSection {
  /** Untitled for the top-level entries. */
  title?: string;
  /** Shown only for this verband of the logged-in user (spec 000 §6). */
  verband?: number;
  entries: MenuEntry[];
}

export const MENU: MenuSection[] = [
  {
    title: 'Benutzer-Verwaltung',
    entries: [
      benutzer,
      res('/benutzer/email', 'benutzer-email', 'Emails', {
        columns: [
          col('id', 'ID', 'number'),
          col('email', 'Email'),
          col('benutzer_id', 'Benutzer-ID', 'number'),
          col('Benutzer.anzeigename', 'Benutzer'),
        ],
        query: { include: [{ association: 'Benutzer', attributes: ['id', 'anzeigename'] }] },
        edit: EmailListEdit,
      }),
      res('/benutzer/gruppe', 'benutzer-gruppe', 'Gruppen', {
        columns: [
          col('id', 'ID', 'number'),
          col('typ', 'Typ'),
          col('name', 'Name'),
          col('zuordnung', 'Zuordnung'),
        ],
      }),
      res('/benutzer/bescheinigung', 'bescheinigung', 'Bescheinigungen'),
      res('/benutzer/gehaltsumfrage', 'gehaltsumfrage', 'Gehaltsumfrage', { verband: 2 }),
    ],
  },
  {
    title: 'Seminar-Verwaltung',
    entries: [
      res('/seminare/typ', 'veranstaltung-typ', 'Seminar-Typen'),
      res('/seminare/veranstaltung', 'veranstaltung', 'Seminare', {
        columns: [
          col('lg_id', 'LG-ID'),
          titel,
          col('variant', 'Variante'),
          col('beginn', 'Beginn', 'datetime'),
          col('ende', 'Ende', 'datetime'),
          col('teilnehmer_count', 'Teilnehmer', 'number'),
          col('typ', 'Typ'),
        ],
        timeField: 'beginn',
        ...oneYear,
      }),
      res('/seminare/event', 'veranstaltung-event', 'Veranstaltungen', {
        columns: [
          titel,
          col('datum', 'Datum', 'date'),
          col('beginn', 'Beginn'),
          col('ende', 'Ende'),
          col('einzeln_buchbar', 'Einzeln buchbar', 'boolean'),
        ],
        timeField: 'datum',
        ...oneYear,
      }),
      res('/seminare/inhalt', 'veranstaltung-inhalt', 'Inhalte'),
      res('/seminare/referent', 'veranstaltung-referent', 'Referenten'),
      res('/seminare/ort', 'veranstaltung-ort', 'Orte'),
      res('/seminare/preisbezeichnung', 'preisbezeichnung', 'Preisbezeichnung'),
      res('/seminare/fachberatermarke', 'fachberatermarke', 'Fachberatermarke'),
    ],
  },
  {
    title: 'Newsletter-Verwaltung',
    entries: [
      res('/newsletter/vorlage', 'newsletter-vorlagen', 'Vorlagen'),
      res('/newsletter/absender', 'newsletter-absender', 'Absender'),
      res('/newsletter/newsletter', 'newsletter', 'Newsletter', {
        columns: [
          col('id', 'ID', 'number'),
          titel,
          col('bearbeitungsstatus', 'Bearbeitungsstatus'),
          col('auto_newsletter', 'Auto-Newsletter', 'boolean'),
          col('allow_duplicate_email', 'Doppelte Emails erlaubt', 'boolean'),
        ],
        parts: [
          {
            title: 'Grunddaten',
            fields: [
              field('titel', 'Titel'),
              field('betreff', 'Betreff'),
              field('manual_versanddatum', 'Versanddatum', 'date'),
              field('manual_versanduhrzeit', 'Versanduhrzeit', 'time'),
              field('allow_duplicate_email', 'Doppelte Emails erlauben', 'boolean'),
            ],
          },
          { title: 'Body', fields: [field('body', 'Body', 'richtext')] },
        ],
        ...oneYear,
      }),
      res('/newsletter/dispatcher', 'newsletter-dispatcher', 'Dispatcher', {
        columns: [
          col('versand_time', 'Versandzeit', 'datetime'),
          col('versendet', 'Versendet', 'boolean'),
          col('versendet_time', 'Versendet am', 'datetime'),
          col('auto_dispatcher', 'Automatisch', 'boolean'),
          col('error', 'Fehler'),
          col('info', 'Info'),
          col('typ', 'Typ'),
        ],
        query: { where: { versendet: false } },
      }),
      res('/newsletter/versendete', 'newsletter-dispatcher', 'Versendete', {
        columns: [col('versendet_time', 'Versendet am', 'datetime'), col('typ', 'Typ'), col('info', 'Info')],
        query: { where: { versendet: true } },
        timeField: 'versendet_time',
        ...oneYear,
      }),
    ],
  },
  {
    title: 'Webseiten-Verwaltung',
    entries: [res('/website/websites', 'verband-website', 'Webseiten'), res('/website/news', 'news', 'News')],
  },
  {
    title: 'Seminar-Werbung',
    entries: [
      res('/werbung/rabatte', 'wb-rabatt', 'Rabatte', {
        columns: [titel, col('typ', 'Typ'), col('wert', 'Wert', 'number'), col('aktiv', 'Aktiv', 'boolean')],
        stepper: true,
        parts: [
          {
            title: 'Grunddaten',
            fields: [
              field('titel', 'Titel'),
              field('beschreibung', 'Beschreibung', 'textarea'),
              field('wert', 'Wert', 'number', { min: 0, decimals: 2 }),
              field('minPreis', 'Mindestpreis', 'amount', { min: 0 }),
              field('aktiv', 'Aktiv', 'boolean'),
            ],
          },
          {
            title: 'Seminarauswahl',
            fields: [
              field('seminareVon', 'Seminare von', 'date'),
              field('seminareBis', 'Seminare bis', 'date'),
            ],
          },
          {
            title: 'Teilnehmereinschränkung',
            fields: [
              field('maxTeilnehmerBuchungen', 'Max. Buchungen je Teilnehmer', 'number', {
                min: 0,
                decimals: 0,
              }),
              field('maxSeminarBuchungen', 'Max. Buchungen je Seminar', 'number', { min: 0, decimals: 0 }),
              field('jederXte', 'Jede(r) X-te', 'number', { min: 0, decimals: 0 }),
            ],
          },
        ],
      }),
      res('/werbung/voucher', 'wb-voucher', 'Gutscheine'),
      res('/werbung/abo', 'wb-abo', 'Abo'),
    ],
  },
  {
    title: 'Verkauf',
    entries: [
      res('/verkauf/produkt', 'produkt', 'Produkte'),
      res('/verkauf/warenkorb', 'warenkorb', 'Warenkörbe'),
    ],
  },
  {
    title: 'Rechnungswesen',
    entries: [
      res('/rw/kreis', 'rw-kreis', 'Rechnungs-Kreise'),
      res('/rw/debitor-kreis', 'rw-debitor-kreis', 'Debitoren-Kreise'),
      res('/rw/vorlage', 'rw-vorlage', 'Rechnungs-Vorlagen'),
      res('/rw/text', 'rw-text', 'Textbaustein', {
        fields: [
          field('titel', 'Titel'),
          field('beschreibung', 'Beschreibung', 'textarea'),
          field('text', 'Text', 'richtext'),
        ],
      }),
      res('/rw/transaction', 'rw-transaction', 'Aktuelle Vorgänge', {
        columns: [
          col('id', 'ID', 'number'),
          col('betrag', 'Betrag', 'amount'),
          col('storno', 'Storno', 'boolean'),
          col('rw_rechnung_id', 'Rechnung', 'number'),
          col('warenkorb_id', 'Warenkorb', 'number'),
          col('buchung_typ', 'Buchungstyp'),
          col('category', 'Kategorie'),
        ],
        query: { where: { child_id: null, storno: false } },
        timeDefault: 3,
        refreshInterval: 100000,
      }),
      res('/rw/gastanmeldung', 'gastanmeldung', 'Gastanmeldungen', {
        timeDefault: 6,
        refreshInterval: 60000,
      }),
      res('/rw/rechnung', 'rw-rechnung', 'Rechnungs-Übersicht', {
        columns: [
          col('rechnungs_nr', 'Rechnungs-Nr.'),
          col('betrag', 'Betrag', 'amount'),
          col('storno_id', 'Storno', 'number'),
          col('storno_parent_id', 'Storno von', 'number'),
          col('category', 'Kategorie'),
          col('bezahloption_typ', 'Bezahloption'),
        ],
        timeDefault: 3,
        refreshInterval: 100000,
      }),
      res('/rw/seminar-abrechnung', 'veranstaltung', 'Seminar-Abrechnung', {
        timeField: 'beginn',
        ...oneYear,
      }),
      res('/rw/abo-abrechnung', 'wb-abo', 'Abo-Abrechnung', oneYear),
      res('/rw/storno-option', 'storno-option', 'Storno-Optionen', {
        columns: [
          col('hours_to', 'Stunden vorher', 'number'),
          col('betrag', 'Betrag', 'amount'),
          col('titel_rechnung', 'Titel Rechnung'),
        ],
      }),
    ],
  },
  {
    title: 'Auswertung',
    verband: 3,
    entries: [
      res('/auswertung/umsatz', 'rw-auswertung/umsatz', 'Umsatzprognose', { timeDefault: 'year' }),
      res('/auswertung/seminare', 'rw-auswertung/calc', 'Seminare', { timeDefault: 'year' }),
      res('/auswertung/newsletter', 'rw-auswertung/newsletter', 'Newsletter', { timeDefault: 'year' }),
      res('/auswertung/benutzer', 'rw-auswertung/benutzer', 'Benutzer', { timeDefault: 'year' }),
    ],
  },
  {
    entries: [
      res('/download', 'download', 'Download-Verwaltung', {
        columns: [
          col('real_name', 'Name'),
          col('file_name', 'Datei'),
          col('relation', 'Relation'),
          col('relation_id', 'Relation-ID', 'number'),
          col('category', 'Kategorie'),
          col('size', 'Größe', 'number'),
          col('public', 'Öffentlich', 'boolean'),
        ],
        timeDefault: 3,
        refreshInterval: 30000,
      }),
      res('/pdf-vorlagen', 'pdf-vorlage', 'PDF-Vorlagen'),
      res('/datev-import', 'datev-import', 'Datev-Import', { page: DatevImport }),
    ],
  },
];

export function menuFor(verband: number | null): MenuSection[] {
  return MENU.filter((section) => section.verband === undefined || section.verband === verband).map(
    (section) => ({
      ...section,
      entries: section.entries.filter((entry) => entry.verband === undefined || entry.verband === verband),
    }),
  );
}

export const RESOURCES: ResourceConfig[] = MENU.flatMap((section) => section.entries);

/** The list configuration whose path is a prefix of `path` (longest first), with the section title. */
export function configForPath(path: string): { config: ResourceConfig; section?: string } | undefined {
  let best: { config: ResourceConfig; section?: string } | undefined;
  for (const section of MENU) {
    for (const config of section.entries) {
      const prefix = path === config.path || path.startsWith(`${config.path}/`);
      if (prefix && (!best || config.path.length > best.config.path.length))
        best = { config, section: section.title };
    }
  }
  return best;
}
