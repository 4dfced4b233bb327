/** The plain resources of the billing context (spec 002 §3, spec 003 §3, spec 000 §3). */
import {
  defineResource,
  READ_ONLY,
  type ResourceDefinition,
} from '../platform/resources/resource-definition';
import { Gastanmeldung, GASTANMELDUNG_STATUS } from './adapters/persistence/gastanmeldung.entity';
import { RwAbrechnung, RwAbrechnungLog } from './adapters/persistence/rw-abrechnung.entity';
import { RwBezahloption } from './adapters/persistence/rw-bezahloption.entity';
import { RwDebitorKreis, RwKreis } from './adapters/persistence/rw-kreis.entity';
import { RwRechnung } from './adapters/persistence/rw-rechnung.entity';
import { RwTransaction } from './adapters/persistence/rw-transaction.entity';
import { seminarVorgangsBedingung } from './adapters/persistence/seminar-vorgaenge';
import { RwKontoauszugPosten, RwZahlung } from './adapters/persistence/rw-zahlung.entity';
import { ZAHL_STATUS, ZAHLUNGS_ARTEN, ZAHLUNGS_QUELLEN } from './domain/zahlung';
import { KONTOAUSZUG_STATUS } from './domain/zahlungsabgleich';
import { RwText, RwVorlage } from './adapters/persistence/rw-vorlage.entity';
import { pruefeBezahloptionSpeichern } from './adapters/persistence/bezahloption.hooks';
import { BUCHUNGS_TYPEN } from './domain/buchung';
import { ABRECHNUNG_LOG_ARTEN, BEZAHL_TYPEN, KATEGORIEN } from './domain/kategorie';
import { KREIS_LOESCHBAR, KREIS_NICHT_LOESCHBAR, pruefeKreisAenderung } from './domain/nummernkreis';
import {
  AKTUELLER_VORGANG,
  NEUESTE_VERSION,
  pruefeBetrag,
  pruefeLoeschung,
  pruefeVerifizierung,
  VORGANG_SYSTEMFELDER,
  type Vorgang,
} from './domain/vorgang';
import { DomainError } from '../shared/domain-error';
import { buchungAktiv, buchungsZiel } from '../shared/ereignisse';
import { alsTransaktion } from '../platform/database/transaktion';
import { Ereignisbus } from '../platform/events/ereignisbus';

export const billingResources: ResourceDefinition[] = [
  defineResource({
    name: 'rw-kreis',
    entity: RwKreis,
    searchable: ['titel', 'template'],
    defaultOrder: [['titel', 'ASC']],
    // The counters are the number assignment's once a number is taken (application/nummernvergabe.ts).
    hooks: { beforeSave: (values, { previous }) => pruefeKreisAenderung('rw-kreis', values, previous) },
    deletableWhen: KREIS_LOESCHBAR,
    refusals: { delete: KREIS_NICHT_LOESCHBAR },
  }),
  defineResource({
    name: 'rw-debitor-kreis',
    entity: RwDebitorKreis,
    searchable: ['titel', 'template'],
    defaultOrder: [['titel', 'ASC']],
    // As above, for the debtor numbers of new seminars (application/seminar-anbindung.ts).
    hooks: {
      beforeSave: (values, { previous }) => pruefeKreisAenderung('rw-debitor-kreis', values, previous),
    },
    deletableWhen: KREIS_LOESCHBAR,
    refusals: { delete: KREIS_NICHT_LOESCHBAR },
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
    fieldTypes: { text: 'richtext' },
  }),
  defineResource({
    name: 'rw-transaction',
    entity: RwTransaction,
    searchable: ['titel', 'teilnehmer', 'buchung_typ', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    enums: { category: KATEGORIEN, buchung_typ: BUCHUNGS_TYPEN },
    defaultOrder: [['buchung_time', 'DESC']],
    // Versions, invoice links and locks are the versioning's and the invoice runs' to write.
    readOnly: [...VORGANG_SYSTEMFELDER],
    // New bookings go through the Buchungen use case (POST there), saves of existing ones through
    // the Vorgaenge use case (PUT …/{id} there); the hooks below guard the generic writer anyway.
    lockedWhen: { locked: true },
    deletableWhen: { locked: false, rw_rechnung_id: null, ...NEUESTE_VERSION },
    // Screens ask for the rule of spec 000 §4 by name instead of spelling it out.
    scopes: { aktuell: AKTUELLER_VORGANG, neueste: NEUESTE_VERSION },
    // A seminar's transactions, its own and its events' (`scope=seminar:17`), by index.
    parameterScopes: {
      seminar: {
        description: 'die Vorgänge des Seminars und seiner Veranstaltungen',
        condition: seminarVorgangsBedingung,
      },
    },
    hooks: {
      beforeSave(values, { previous }) {
        // Defence in depth: the generic writer never changes a transaction in place.
        if (previous) {
          throw DomainError.conflict(
            'VORGANG_VERSIONIERT',
            'Vorgänge werden nur über ihre Versionen geändert.',
          );
        }
        pruefeBetrag(values.betrag);
        pruefeVerifizierung(values, undefined);
      },
      /** A new chain starts at itself: `first_id` names the first version of every transaction. */
      async afterSave(saved, { manager, dienst }) {
        await manager.update(RwTransaction, saved.id as number, { first_id: saved.id as number });
        // The seminars' participant counts follow their bookings (they listen).
        await dienst(Ereignisbus).melden(
          'buchung.geaendert',
          { ziele: [buchungsZiel(saved)] },
          alsTransaktion(manager),
        );
      },
      async beforeDelete(record, { manager, dienst, actor }) {
        pruefeLoeschung(record as unknown as Vorgang);
        const ereignisse = dienst(Ereignisbus);
        await ereignisse.melden(
          'buchung.geaendert',
          { ziele: [buchungsZiel(record)], geloescht: record.id as number },
          alsTransaktion(manager),
        );
        // The booking ends: its voucher is given back.
        await ereignisse.melden(
          'buchung.aktiv',
          buchungAktiv(record as unknown as Vorgang, false, actor),
          alsTransaktion(manager),
        );
      },
    },
  }),
  defineResource({
    name: 'rw-rechnung',
    entity: RwRechnung,
    searchable: ['rechnungs_nr', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    enums: {
      category: KATEGORIEN,
      bezahloption_typ: BEZAHL_TYPEN,
      storno_bezahloption_typ: BEZAHL_TYPEN,
      zahlstatus: ZAHL_STATUS,
    },
    defaultOrder: [['createdAt', 'DESC']],
    // Issued invoices never change (DESIGN.md §4): invoice runs issue them (POST, see
    // adapters/http/rechnung.controller.ts), corrections are storno invoices.
    operations: READ_ONLY,
    refusals: {
      create:
        'Rechnungen entstehen in Abrechnungsläufen und können nicht über die allgemeine Bearbeitung angelegt werden.',
      update: 'Rechnungen können nicht über die allgemeine Bearbeitung geändert werden; bitte stornieren.',
      delete: 'Eine ausgestellte Rechnung kann nicht gelöscht werden; bitte stornieren.',
    },
  }),
  defineResource({
    name: 'rw-abrechnung',
    entity: RwAbrechnung,
    enums: { category: KATEGORIEN },
    defaultOrder: [['createdAt', 'DESC']],
    // Summaries and their logs are written by invoice runs and exports only.
    operations: READ_ONLY,
  }),
  defineResource({
    name: 'rw-abrechnung-log',
    entity: RwAbrechnungLog,
    searchable: ['type', 'admin_name'],
    enums: { type: ABRECHNUNG_LOG_ARTEN },
    defaultOrder: [['createdAt', 'DESC']],
    operations: READ_ONLY,
  }),
  // Issue 28: payments are booked by the Zahlungen use case (statements, manual, storno) only.
  defineResource({
    name: 'rw-zahlung',
    entity: RwZahlung,
    searchable: ['bank_referenz', 'admin_name'],
    enums: { art: ZAHLUNGS_ARTEN, quelle: ZAHLUNGS_QUELLEN },
    defaultOrder: [['id', 'ASC']],
    operations: READ_ONLY,
  }),
  defineResource({
    name: 'rw-kontoauszug-posten',
    entity: RwKontoauszugPosten,
    searchable: ['name', 'iban', 'verwendungszweck', 'referenz', 'end_to_end_referenz'],
    enums: { status: KONTOAUSZUG_STATUS },
    defaultOrder: [['id', 'DESC']],
    operations: READ_ONLY,
  }),
  defineResource({
    name: 'rw-bezahloption',
    entity: RwBezahloption,
    enums: { category: KATEGORIEN, typ: BEZAHL_TYPEN, neg_typ: BEZAHL_TYPEN },
    hooks: {
      beforeSave: (values, { manager, previous }) => pruefeBezahloptionSpeichern(manager, values, previous),
    },
  }),
  defineResource({
    name: 'gastanmeldung',
    entity: Gastanmeldung,
    searchable: ['vorname', 'nachname', 'firma', 'email'],
    display: ['nachname', 'vorname', 'email'],
    enums: { status: GASTANMELDUNG_STATUS },
    defaultOrder: [['createdAt', 'DESC']],
  }),
];
