/** The seminars slice (spec 001, spec 002 §2): seminars, events, lookups, certificates, downloads, PDF templates. */
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice } from '../../resources/types';

const ListWithFiles = lazyScreen(() => import('../../components/ListWithFiles'), 'ListWithFiles');
const DownloadEdit = lazyScreen(() => import('./DownloadEdit'), 'DownloadEdit');

const oneYear = { timeDefault: 12 } as const;

export const seminars: FeatureSlice = {
  menu: {
    typen: { path: '/seminare/typ', resource: 'veranstaltung-typ', label: 'Seminar-Typen' },
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
      ...oneYear,
    },
    veranstaltungen: {
      path: '/seminare/event',
      resource: 'veranstaltung-event',
      label: 'Veranstaltungen',
      columns: [
        { field: 'titel' },
        { field: 'datum', type: 'date' },
        { field: 'beginn' },
        { field: 'ende' },
        { field: 'einzeln_buchbar', type: 'boolean' },
      ],
      timeField: 'datum',
      ...oneYear,
    },
    inhalte: { path: '/seminare/inhalt', resource: 'veranstaltung-inhalt', label: 'Inhalte' },
    referenten: { path: '/seminare/referent', resource: 'veranstaltung-referent', label: 'Referenten' },
    orte: {
      path: '/seminare/ort',
      resource: 'veranstaltung-ort',
      label: 'Orte',
      // Spec 002 §2.
      fields: ['raum_id', 'bezeichnung', 'strasse', 'plz', 'ort'],
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
    },
    downloads: {
      path: '/download',
      resource: 'download',
      label: 'Download-Verwaltung',
      columns: [
        { field: 'real_name' },
        { field: 'file_name' },
        { field: 'relation' },
        { field: 'relation_id', type: 'number' },
        { field: 'category' },
        { field: 'size', type: 'number' },
        { field: 'public', type: 'boolean' },
      ],
      timeDefault: 3,
      refreshInterval: 30000,
      edit: DownloadEdit,
    },
    pdfVorlagen: {
      path: '/pdf-vorlagen',
      resource: 'pdf-vorlage',
      label: 'PDF-Vorlagen',
      page: ListWithFiles,
    },
  },
};
