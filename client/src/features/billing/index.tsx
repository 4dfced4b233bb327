/** The billing slice (spec 002 §2-§3, spec 003 §3): circles, templates, texts, transactions, invoices, overviews. */
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice } from '../../resources/types';
import { GastUebernahmeAktion } from './GastUebernahmeAktion';
import { TeilnehmerAuswertung } from '../seminars/TeilnehmerAuswertung';
import { ABO_ABRECHNUNG, SEMINAR_ABRECHNUNG, type AbrechnungsArt } from './abrechnung';
import { stornoFrist } from './storno-frist';
import './billing.css';

const ListWithFiles = lazyScreen(() => import('../../components/ListWithFiles'), 'ListWithFiles');
const DatevImport = lazyScreen(() => import('./DatevImport'), 'DatevImport');
const Verbandsdaten = lazyScreen(() => import('./Verbandsdaten'), 'Verbandsdaten');
const GobdExport = lazyScreen(() => import('./GobdExport'), 'GobdExport');
const DatevEinstellungen = lazyScreen(() => import('./DatevEinstellungen'), 'DatevEinstellungen');
const Kontoauszuege = lazyScreen(() => import('./Kontoauszuege'), 'Kontoauszuege');
const Abrechnung = lazyScreen(() => import('./Abrechnung'), 'Abrechnung');
const MitgliedAbrechnung = lazyScreen(() => import('./MitgliedAbrechnung'), 'MitgliedAbrechnung');
const GastUebernahme = lazyScreen(() => import('./GastUebernahme'), 'GastUebernahmeDialog');

const oneYear = { timeDefault: 12 } as const;

/** The billing overview per category object and, with a trailing member id, per member (spec 002 §2). */
const abrechnung = (art: AbrechnungsArt) => [
  {
    pattern: `${art.path}/:id`,
    render: ({ id }: Record<string, number>) => <Abrechnung art={art} id={id} />,
  },
  {
    pattern: `${art.path}/:id/:benutzerId`,
    crumb: 'Mitglied',
    render: ({ id, benutzerId }: Record<string, number>) => (
      <MitgliedAbrechnung art={art} id={id} benutzerId={benutzerId} />
    ),
  },
];

export const billing: FeatureSlice = {
  menu: {
    kreise: { path: '/rw/kreis', resource: 'rw-kreis', label: 'Rechnungs-Kreise' },
    debitorKreise: { path: '/rw/debitor-kreis', resource: 'rw-debitor-kreis', label: 'Debitoren-Kreise' },
    vorlagen: {
      path: '/rw/vorlage',
      resource: 'rw-vorlage',
      label: 'Rechnungs-Vorlagen',
      // Spec 002 §2: id, titel, the title of the Rechnungs-Kreis, datei, storno_datei, created and changed.
      columns: [
        { field: 'id', type: 'number' },
        { field: 'titel' },
        { field: 'rw_kreis_id' },
        { field: 'datei' },
        { field: 'storno_datei' },
        { field: 'createdAt', type: 'datetime' },
        { field: 'updatedAt', type: 'datetime' },
      ],
      page: ListWithFiles,
    },
    texte: {
      path: '/rw/text',
      resource: 'rw-text',
      label: 'Textbaustein',
      fields: ['titel', 'beschreibung', 'text'],
    },
    vorgaenge: {
      path: '/rw/transaction',
      resource: 'rw-transaction',
      label: 'Aktuelle Vorgänge',
      columns: [
        { field: 'id', type: 'number' },
        { field: 'buchung_time', type: 'datetime' },
        { field: 'benutzer_id' },
        { field: 'titel' },
        { field: 'betrag', type: 'amount' },
        { field: 'storno', type: 'boolean' },
        { field: 'rw_rechnung_id' },
        { field: 'warenkorb_id' },
        { field: 'buchung_typ' },
        { field: 'category' },
      ],
      query: { scope: 'aktuell' },
      timeField: 'buchung_time',
      timeDefault: 3,
      refreshInterval: 100000,
    },
    gastanmeldungen: {
      path: '/rw/gastanmeldung',
      resource: 'gastanmeldung',
      label: 'Gastanmeldungen',
      timeDefault: 6,
      refreshInterval: 60000,
      rowActions: (row) => <GastUebernahmeAktion row={row} />,
    },
    rechnungen: {
      path: '/rw/rechnung',
      resource: 'rw-rechnung',
      label: 'Rechnungs-Übersicht',
      columns: [
        { field: 'rechnungs_nr' },
        { field: 'createdAt', type: 'datetime' },
        { field: 'benutzer_id' },
        { field: 'betrag', type: 'amount' },
        { field: 'storno_id' },
        { field: 'storno_parent_id' },
        { field: 'category' },
        { field: 'bezahloption_typ' },
        { field: 'zahlstatus' },
      ],
      timeDefault: 3,
      refreshInterval: 100000,
    },
    kontoauszuege: {
      path: '/rw/kontoauszug',
      resource: 'rw-kontoauszug-posten',
      label: 'Kontoauszüge',
      page: Kontoauszuege,
    },
    seminarAbrechnung: {
      path: '/rw/seminar-abrechnung',
      resource: 'veranstaltung',
      label: 'Seminar-Abrechnung',
      columns: [
        { field: 'lg_id' },
        { field: 'titel' },
        { field: 'beginn', type: 'datetime' },
        { field: 'ende', type: 'datetime' },
        { field: 'teilnehmer_count', type: 'number' },
      ],
      timeField: 'beginn',
      noCreate: true,
      listActions: (query) => <TeilnehmerAuswertung {...query} />,
      ...oneYear,
    },
    aboAbrechnung: {
      path: '/rw/abo-abrechnung',
      resource: 'wb-abo',
      label: 'Abo-Abrechnung',
      columns: [{ field: 'titel' }, { field: 'turnustyp' }, { field: 'aktiv', type: 'boolean' }],
      noCreate: true,
      ...oneYear,
    },
    stornoOptionen: {
      path: '/rw/storno-option',
      resource: 'storno-option',
      label: 'Storno-Optionen',
      columns: [
        { field: 'titel' },
        { field: 'hours_to', format: stornoFrist },
        { field: 'betrag', type: 'amount' },
        { field: 'titel_rechnung' },
      ],
    },
    datevImport: {
      path: '/datev-import',
      resource: 'datev-import',
      label: 'Datev-Import',
      page: DatevImport,
    },
    verbandsdaten: {
      path: '/verbandsdaten',
      resource: 'verbandsdaten',
      label: 'Verbandsdaten',
      page: Verbandsdaten,
    },
    gobd: {
      path: '/gobd',
      resource: 'gobd-export',
      label: 'GoBD-Export',
      page: GobdExport,
    },
    datevEinstellungen: {
      path: '/datev-einstellungen',
      resource: 'datev-einstellungen',
      label: 'DATEV-Einstellungen',
      page: DatevEinstellungen,
    },
  },
  routes: [...abrechnung(SEMINAR_ABRECHNUNG), ...abrechnung(ABO_ABRECHNUNG)],
  dialogs: { GastUebernahme },
};
