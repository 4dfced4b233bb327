/** The plain resources of the seminars context (spec 001 §3, spec 002 §3, spec 003 §3). */
import { labelFor } from '../../common/vocabulary';
import { defineResource, type Row } from '../platform/resources/resource-definition';
import { DomainError } from '../shared/domain-error';
import { Download, DOWNLOAD_KATEGORIEN, DOWNLOAD_RELATIONS } from './adapters/persistence/download.entity';
import { aktualisiereSeminarZeitraum } from './adapters/persistence/seminar-zeitraum';
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
  VeranstaltungEvent,
  VeranstaltungInhalt,
} from './adapters/persistence/veranstaltung.entity';
import { BESCHEINIGUNG_TYPEN, Bescheinigung, PdfVorlage } from './adapters/persistence/vorlagen.entity';
import { bereinigePreiseUndMarke } from './domain/preise';
import { istUhrzeit } from './domain/termin';

/** The value after the save: the new one when present, otherwise the stored one. */
function merged(values: Row, previous: Row | undefined, name: string): unknown {
  return name in values ? values[name] : previous?.[name];
}

/** `von` must not lie after `bis` (dates 'YYYY-MM-DD' or instants); `resource` labels `von` in the message. */
function pruefeZeitraum(
  resource: string,
  values: Row,
  previous: Row | undefined,
  von: string,
  bis: string,
): void {
  const a = merged(values, previous, von);
  const b = merged(values, previous, bis);
  if (a === null || a === undefined || b === null || b === undefined) return;
  const start = a instanceof Date ? a.toISOString() : String(a);
  const end = b instanceof Date ? b.toISOString() : String(b);
  if (end < start) throw DomainError.fields({ [bis]: `darf nicht vor „${labelFor(resource, von)}“ liegen` });
}

export const seminarsResources = [
  defineResource({
    name: 'veranstaltung',
    entity: Veranstaltung,
    searchable: ['lg_id', 'titel'],
    display: ['titel', 'lg_id'],
    readOnly: ['teilnehmer_count'],
    defaultOrder: [['beginn', 'DESC']],
    hooks: {
      beforeSave(values, { previous }) {
        bereinigePreiseUndMarke(values);
        pruefeZeitraum('veranstaltung', values, previous, 'beginn', 'ende');
      },
    },
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
    hooks: {
      beforeSave(values, { previous }) {
        const errors: Record<string, string> = {};
        for (const name of ['beginn', 'ende']) {
          const value = values[name];
          if (typeof value === 'string' && value !== '' && !istUhrzeit(value))
            errors[name] = 'muss eine Uhrzeit sein (HH:MM)';
          if (value === '') values[name] = null;
        }
        if (Object.keys(errors).length > 0) throw DomainError.fields(errors);
        pruefeZeitraum('veranstaltung-event', values, previous, 'beginn', 'ende');
        bereinigePreiseUndMarke(values);
      },
      async afterSave(saved, { manager, previous }) {
        await aktualisiereSeminarZeitraum(manager, Number(saved.veranstaltung_id));
        if (previous && previous.veranstaltung_id !== saved.veranstaltung_id)
          await aktualisiereSeminarZeitraum(manager, Number(previous.veranstaltung_id));
      },
      async beforeDelete(record, { manager }) {
        await aktualisiereSeminarZeitraum(manager, Number(record.veranstaltung_id), Number(record.id));
      },
    },
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
  }),
  defineResource({
    name: 'pdf-vorlage',
    entity: PdfVorlage,
    searchable: ['titel', 'typ', 'template_file'],
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
        pruefeZeitraum('bescheinigung', values, previous, 'valid_from', 'valid_to');
      },
    },
  }),
  defineResource({ name: 'veranstaltung-nicht-teilnahme', entity: VeranstaltungNichtTeilnahme }),
];
