/** The plain resources of the seminars context (spec 001 §3, spec 002 §3, spec 003 §3). */
import { bescheinigungsDatenFolgen } from '../../common/bescheinigung';
import { labelFor } from '../../common/vocabulary';
import { defineResource } from '../platform/resources/resource-definition';
import { DomainError } from '../shared/domain-error';
import { Download, DOWNLOAD_KATEGORIEN, DOWNLOAD_RELATIONS } from './adapters/persistence/download.entity';
import { eventHooks, seminarHooks } from './adapters/persistence/seminar.hooks';
import { VeranstaltungNichtTeilnahme } from './adapters/persistence/veranstaltung-nicht-teilnahme.entity';
import {
  Fachberatermarke,
  Preisbezeichnung,
  StornoOption,
  VeranstaltungOrt,
  VeranstaltungReferent,
  VeranstaltungTyp,
} from './adapters/persistence/veranstaltung-lookups.entity';
import {
  Veranstaltung,
  VARIANTEN,
  VeranstaltungEvent,
  VeranstaltungInhalt,
} from './adapters/persistence/veranstaltung.entity';
import {
  BESCHEINIGUNG_TYPEN,
  Bescheinigung,
  PDF_VORLAGEN_TYPEN,
  PdfVorlage,
} from './adapters/persistence/vorlagen.entity';
import { bescheinigungsFilterFehler } from './domain/bescheinigung';
import { DOWNLOAD_DATEIFELDER, downloadBezugPruefen } from './domain/download';
import { mwstFehler, zeitraumFehler } from './domain/seminar-regeln';

export const seminarsResources = [
  defineResource({
    name: 'veranstaltung',
    entity: Veranstaltung,
    searchable: ['lg_id', 'titel'],
    display: ['titel', 'lg_id'],
    readOnly: ['teilnehmer_count'],
    enums: { variant: VARIANTEN },
    defaultOrder: [['beginn', 'DESC']],
    hooks: seminarHooks,
  }),
  defineResource({
    name: 'veranstaltung-event',
    entity: VeranstaltungEvent,
    searchable: ['lg_id', 'titel'],
    // Many events have no title of their own: then the date names them.
    display: ['titel', 'datum', 'lg_id'],
    readOnly: ['teilnehmer_count'],
    // Berlin wall-clock times 'HH:MM' on `datum`.
    fieldTypes: { beginn: 'time', ende: 'time' },
    defaultOrder: [
      ['datum', 'ASC'],
      ['beginn', 'ASC'],
    ],
    hooks: eventHooks,
  }),
  defineResource({
    name: 'veranstaltung-inhalt',
    entity: VeranstaltungInhalt,
    searchable: ['titel', 'einfuehrung'],
  }),
  defineResource({
    name: 'veranstaltung-typ',
    entity: VeranstaltungTyp,
    searchable: ['bezeichnung', 'kategorie'],
    defaultOrder: [['bezeichnung', 'ASC']],
    hooks: {
      beforeSave(values) {
        const fehler = mwstFehler(values.mwst);
        if (fehler) throw DomainError.fields({ mwst: fehler });
      },
    },
  }),
  defineResource({
    name: 'veranstaltung-referent',
    entity: VeranstaltungReferent,
    searchable: ['kennnummer', 'vorname', 'nachname', 'arbeitsstaette'],
    // `titel` is the academic title here, not a name.
    display: ['nachname', 'vorname', 'kennnummer'],
    defaultOrder: [
      ['nachname', 'ASC'],
      ['vorname', 'ASC'],
    ],
  }),
  defineResource({
    name: 'veranstaltung-ort',
    entity: VeranstaltungOrt,
    searchable: ['raum_id', 'bezeichnung', 'strasse', 'ort'],
    defaultOrder: [['bezeichnung', 'ASC']],
  }),
  defineResource({
    name: 'preisbezeichnung',
    entity: Preisbezeichnung,
    searchable: ['titel'],
    defaultOrder: [['titel', 'ASC']],
  }),
  defineResource({
    name: 'storno-option',
    entity: StornoOption,
    searchable: ['titel', 'titel_rechnung'],
    defaultOrder: [['hours_to', 'DESC']],
    hooks: {
      beforeSave(values) {
        if (typeof values.hours_to === 'number' && values.hours_to < 0)
          throw DomainError.fields({ hours_to: 'darf nicht negativ sein' });
        if (typeof values.betrag === 'number' && values.betrag < 0)
          throw DomainError.fields({ betrag: 'darf nicht negativ sein' });
      },
    },
  }),
  defineResource({
    name: 'fachberatermarke',
    entity: Fachberatermarke,
    searchable: ['bezeichnung', 'kennzeichen'],
    defaultOrder: [['bezeichnung', 'ASC']],
  }),
  defineResource({
    name: 'download',
    entity: Download,
    searchable: ['real_name', 'title', 'file_name'],
    enums: { relation: DOWNLOAD_RELATIONS, category: DOWNLOAD_KATEGORIEN },
    defaultOrder: [['createdAt', 'DESC']],
    readOnly: [...DOWNLOAD_DATEIFELDER],
    hooks: {
      beforeSave(values, { previous }) {
        // The file fields come only with the file (POST /node/api/download/upload).
        if (!previous && values.file_name === undefined)
          throw DomainError.invalid(
            'DOWNLOAD_OHNE_DATEI',
            'Ein Download wird mit seiner Datei angelegt: bitte die Datei hochladen.',
          );
        // A changed category must still fit what the download belongs to, as on upload.
        if (previous) {
          const { errors } = downloadBezugPruefen({ ...previous, ...values });
          if (Object.keys(errors).length > 0)
            throw DomainError.fields(errors, (field) => labelFor('download', field));
        }
      },
    },
  }),
  defineResource({
    name: 'pdf-vorlage',
    entity: PdfVorlage,
    searchable: ['titel', 'typ', 'template_file'],
    enums: { typ: PDF_VORLAGEN_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    files: true,
  }),
  defineResource({
    name: 'bescheinigung',
    entity: Bescheinigung,
    searchable: ['titel', 'template_file'],
    enums: { typ: BESCHEINIGUNG_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    files: true,
    hooks: {
      beforeSave(values, { previous }) {
        // Unknown or contradictory filters are refused before the variant rule tidies them.
        const filterFehler = bescheinigungsFilterFehler(values.data, (feld) =>
          labelFor('bescheinigung', feld),
        );
        if (values.data !== undefined)
          values.data = bescheinigungsDatenFolgen(values.data as Record<string, unknown> | null);
        const label = labelFor('bescheinigung', 'valid_from');
        const fehler = {
          ...filterFehler,
          ...zeitraumFehler(previous ?? {}, values, 'valid_from', 'valid_to', label),
        };
        if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler);
      },
    },
  }),
  defineResource({
    name: 'veranstaltung-nicht-teilnahme',
    entity: VeranstaltungNichtTeilnahme,
    // Written by the participation verbs (POST/DELETE /node/api/veranstaltung-nicht-teilnahme),
    // which keep the participant counts true.
    operations: { update: false, delete: false },
    refusals: {
      update: 'Die Teilnahme wird in der Teilnehmerliste umgeschaltet.',
      delete: 'Die Teilnahme wird in der Teilnehmerliste umgeschaltet.',
    },
  }),
];
