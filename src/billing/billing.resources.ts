/** The plain resources of the billing context (spec 002 §3, spec 003 §3, spec 000 §3). */
import { defineResource, type ResourceDefinition, type Row } from '../platform/resources/resource-definition';
import { DomainError } from '../shared/domain-error';
import { Gastanmeldung, GASTANMELDUNG_STATUS } from './adapters/persistence/gastanmeldung.entity';
import { RwAbrechnung, RwAbrechnungLog } from './adapters/persistence/rw-abrechnung.entity';
import { RwBezahloption } from './adapters/persistence/rw-bezahloption.entity';
import { RwDebitorKreis, RwKreis } from './adapters/persistence/rw-kreis.entity';
import { RwRechnung } from './adapters/persistence/rw-rechnung.entity';
import { RwTransaction } from './adapters/persistence/rw-transaction.entity';
import { RwText, RwVorlage } from './adapters/persistence/rw-vorlage.entity';
import { BEZAHL_TYPEN, KATEGORIEN } from './domain/kategorie';

/** What an issued invoice may still receive: its summary, its storno links and payment details. */
const RECHNUNG_FEST = ['rechnungs_nr', 'betrag', 'netto', 'mwst', 'benutzer_id', 'rw_kreis_id', 'data'];

const changed = (values: Row, previous: Row, field: string) =>
  field in values && JSON.stringify(values[field]) !== JSON.stringify(previous[field]);

export const billingResources: ResourceDefinition[] = [
  defineResource({
    name: 'rw-kreis',
    entity: RwKreis,
    searchable: ['titel', 'template'],
    defaultOrder: [['titel', 'ASC']],
  }),
  defineResource({
    name: 'rw-debitor-kreis',
    entity: RwDebitorKreis,
    searchable: ['titel', 'template'],
    defaultOrder: [['titel', 'ASC']],
  }),
  defineResource({
    name: 'rw-vorlage',
    entity: RwVorlage,
    searchable: ['titel', 'datei', 'storno_datei'],
    defaultOrder: [['titel', 'ASC']],
    files: true,
  }),
  defineResource({
    name: 'rw-text',
    entity: RwText,
    searchable: ['titel', 'beschreibung'],
    defaultOrder: [['titel', 'ASC']],
  }),
  defineResource({
    name: 'rw-transaction',
    entity: RwTransaction,
    searchable: ['titel', 'teilnehmer', 'buchung_typ', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    enums: { category: KATEGORIEN },
    defaultOrder: [['buchung_time', 'DESC']],
    hooks: {
      /** Spec 002 §4: a transaction is verified only if it is not cancelled. */
      beforeSave(values, { previous }) {
        const storno = values.storno ?? previous?.storno;
        if (values.verifiziert === true && storno) {
          throw DomainError.conflict(
            'TRANSACTION_STORNIERT',
            'Eine stornierte Buchung kann nicht verifiziert werden.',
          );
        }
      },
      /** A new chain starts at itself: `first_id` names the first version of every transaction. */
      async afterSave(saved, { manager, previous }) {
        if (!previous && saved.first_id == null) {
          await manager.update(RwTransaction, saved.id as number, { first_id: saved.id as number });
        }
      },
    },
  }),
  defineResource({
    name: 'rw-rechnung',
    entity: RwRechnung,
    searchable: ['rechnungs_nr', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    enums: { category: KATEGORIEN, bezahloption_typ: BEZAHL_TYPEN, storno_bezahloption_typ: BEZAHL_TYPEN },
    defaultOrder: [['createdAt', 'DESC']],
    hooks: {
      /** Issued invoices never change (DESIGN.md §4): corrections are storno invoices. */
      beforeSave(values, { previous }) {
        if (!previous) return;
        const fest = RECHNUNG_FEST.filter((field) => changed(values, previous, field));
        if (fest.length > 0) {
          throw DomainError.conflict(
            'RECHNUNG_AUSGESTELLT',
            `Eine ausgestellte Rechnung kann nicht geändert werden (${fest.join(', ')}); bitte stornieren.`,
          );
        }
      },
      beforeDelete(record) {
        if (record.rw_abrechnung_id != null || record.storno_id != null || record.storno_parent_id != null) {
          throw DomainError.conflict(
            'RECHNUNG_ABGERECHNET',
            'Die Rechnung ist bereits abgerechnet oder storniert und kann nicht gelöscht werden.',
          );
        }
      },
    },
  }),
  defineResource({
    name: 'rw-abrechnung',
    entity: RwAbrechnung,
    enums: { category: KATEGORIEN },
    defaultOrder: [['createdAt', 'DESC']],
  }),
  defineResource({
    name: 'rw-abrechnung-log',
    entity: RwAbrechnungLog,
    searchable: ['type', 'admin_name'],
    defaultOrder: [['createdAt', 'DESC']],
  }),
  defineResource({
    name: 'rw-bezahloption',
    entity: RwBezahloption,
    enums: { category: KATEGORIEN, typ: BEZAHL_TYPEN, neg_typ: BEZAHL_TYPEN },
  }),
  defineResource({
    name: 'gastanmeldung',
    entity: Gastanmeldung,
    searchable: ['vorname', 'nachname', 'firma', 'email'],
    enums: { status: GASTANMELDUNG_STATUS },
    defaultOrder: [['createdAt', 'DESC']],
  }),
];
