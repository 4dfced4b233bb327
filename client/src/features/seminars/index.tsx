/** The seminars slice (spec 001, spec 002 §2): seminars, events, lookups, certificates, downloads, PDF templates. */
import { gueltigkeitsText } from '../../../../common/bescheinigung';
import { fieldLabel } from '../../../../common/vocabulary';
import { formatSize } from '../../components/files/size';
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice, ResourceConfig, Row } from '../../resources/types';
import { bezugOhneTitel, DownloadBezugTitel } from './DownloadBezug';
import { EVENT_SPALTEN } from './spalten';
import { VorlagePdf } from './VorlagePdf';
import './seminars.css';

const load = {
  seminar: () => import('./SeminarEdit'),
  event: () => import('./EventEdit'),
  mitDownloads: () => import('./MitDownloads'),
};
const ListWithFiles = lazyScreen(() => import('../../components/ListWithFiles'), 'ListWithFiles');
const DownloadEdit = lazyScreen(() => import('./DownloadEdit'), 'DownloadEdit');
const SeminarEdit = lazyScreen(load.seminar, 'SeminarEdit');
const EventEdit = lazyScreen(load.event, 'EventEdit');
const InhaltEdit = lazyScreen(load.mitDownloads, 'InhaltEdit');
const ReferentEdit = lazyScreen(load.mitDownloads, 'ReferentEdit');
const OrtEdit = lazyScreen(load.mitDownloads, 'OrtEdit');
const Teilnehmerliste = lazyScreen(() => import('./Teilnehmerliste'), 'Teilnehmerliste');
const BescheinigungEdit = lazyScreen(() => import('./BescheinigungEdit'), 'BescheinigungEdit');
const PdfVorlageEdit = lazyScreen(() => import('./PdfVorlageEdit'), 'PdfVorlageEdit');

/** A download is named by what staff called it, else by its title or stored file. */
const downloadTitel = (row: Row) => String(row.real_name || row.title || row.file_name || '');

const oneYear = { timeDefault: 12 } as const;

/** Spec 001 §2: events and contents of a seminar open below it. */
const SEMINAR = '/seminare/veranstaltung/:id';

const menu: Record<string, ResourceConfig> = {
  typen: {
    path: '/seminare/typ',
    resource: 'veranstaltung-typ',
    label: 'Seminar-Typen',
    // Spec 001 §2: a window without tabs; the type's values go into its new seminars (§4).
    fields: [
      'bezeichnung',
      'kategorie',
      'beschreibung',
      'verband_website_id',
      'url',
      'urlmenue',
      'ringseminar',
      'multitermin',
      'mwst',
      'rw_vorlage_id',
      'rw_debitor_kreis_id',
    ],
  },
  seminare: {
    path: '/seminare/veranstaltung',
    resource: 'veranstaltung',
    label: 'Seminare',
    // Spec 003 §3: lg_id, titel, variant, beginn, ende, teilnehmer_count, typ.
    columns: [
      { field: 'lg_id' },
      { field: 'titel' },
      { field: 'variant' },
      { field: 'beginn', type: 'datetime' },
      { field: 'ende', type: 'datetime' },
      { field: 'teilnehmer_count', type: 'number' },
      { field: 'veranstaltung_typ_id' },
    ],
    timeField: 'beginn',
    edit: SeminarEdit,
    ...oneYear,
  },
  veranstaltungen: {
    path: '/seminare/event',
    resource: 'veranstaltung-event',
    label: 'Veranstaltungen',
    columns: EVENT_SPALTEN,
    timeField: 'datum',
    edit: EventEdit,
    ...oneYear,
  },
  inhalte: {
    path: '/seminare/inhalt',
    resource: 'veranstaltung-inhalt',
    label: 'Inhalte',
    edit: InhaltEdit,
  },
  referenten: {
    path: '/seminare/referent',
    resource: 'veranstaltung-referent',
    label: 'Referenten',
    edit: ReferentEdit,
  },
  orte: {
    path: '/seminare/ort',
    resource: 'veranstaltung-ort',
    label: 'Orte',
    columns: [
      { field: 'raum_id' },
      { field: 'bezeichnung' },
      { field: 'strasse' },
      { field: 'plz' },
      { field: 'ort' },
    ],
    edit: OrtEdit,
  },
  preisbezeichnung: {
    path: '/seminare/preisbezeichnung',
    resource: 'preisbezeichnung',
    label: 'Preisbezeichnung',
  },
  fachberatermarke: {
    path: '/seminare/fachberatermarke',
    resource: 'fachberatermarke',
    label: 'Fachberatermarke',
  },
  bescheinigungen: {
    path: '/benutzer/bescheinigung',
    resource: 'bescheinigung',
    label: 'Bescheinigungen',
    page: ListWithFiles,
    columns: [
      { field: 'titel' },
      { field: 'typ' },
      { field: 'template_file' },
      { field: 'aktiv', type: 'boolean' },
      // Spec 001 §4: immer, ab, bis or a range while active; a dash when not. Read from the whole
      // row; the id is only the never-empty field the cell hangs on.
      {
        field: 'id',
        label: fieldLabel('bescheinigung', 'gueltigkeit'),
        sortField: 'valid_from',
        format: (_, row) => gueltigkeitsText(row),
      },
    ],
    edit: BescheinigungEdit,
  },
  downloads: {
    path: '/download',
    resource: 'download',
    label: 'Download-Verwaltung',
    columns: [
      { field: 'real_name' },
      { field: 'file_name' },
      { field: 'relation' },
      // The record's title, not its id (issue 35); the CSV export keeps 'Seminar #9'.
      {
        field: 'relation_id',
        sortable: false,
        format: (_, row) => bezugOhneTitel(row),
        cell: (row) => <DownloadBezugTitel row={row} />,
      },
      { field: 'category' },
      { field: 'size', format: (bytes) => formatSize(Number(bytes)) },
      { field: 'public', type: 'boolean' },
    ],
    timeDefault: 3,
    refreshInterval: 30000,
    edit: DownloadEdit,
    title: downloadTitel,
    // A copy would share the file name, which is unique: a new download is a new upload.
    noCopy: true,
  },
  pdfVorlagen: {
    path: '/pdf-vorlagen',
    resource: 'pdf-vorlage',
    label: 'PDF-Vorlagen',
    page: ListWithFiles,
    columns: [{ field: 'titel' }, { field: 'typ' }, { field: 'template_file' }],
    edit: PdfVorlageEdit,
    rowActions: (row) => <VorlagePdf row={row} />,
  },
};

export const seminars: FeatureSlice = {
  menu,
  routes: [
    {
      pattern: `${SEMINAR}/teilnehmer`,
      crumb: 'Teilnehmer',
      render: ({ id }) => <Teilnehmerliste veranstaltungId={id} />,
    },
    {
      pattern: `${SEMINAR}/teilnehmer/:eventId`,
      crumb: 'Teilnehmer',
      render: ({ id, eventId }) => <Teilnehmerliste veranstaltungId={id} eventId={eventId} />,
    },
    {
      pattern: `${SEMINAR}/event/:eventId`,
      crumb: 'Veranstaltung',
      render: ({ id }, raw) => (
        <EventEdit config={menu.veranstaltungen} id={raw.eventId} veranstaltungId={id} />
      ),
    },
    {
      pattern: `${SEMINAR}/inhalt/:inhaltId`,
      crumb: 'Inhalt',
      render: ({ id }, raw) => <InhaltEdit config={menu.inhalte} id={raw.inhaltId} veranstaltungId={id} />,
    },
  ],
};
