/** The plain resources of the promotions context (spec 003 §3, spec 002 §3). */
import { MoreThan } from 'typeorm';
import { GUTSCHEIN_RELATION } from '../../common/gutschein';
import { alsTransaktion } from '../platform/database/transaktion';
import { defineResource } from '../platform/resources/resource-definition';
import { AboTurnusse } from './application/abo-turnusse';
import { AboAbrechnung } from './application/abo-abrechnung';
import {
  Produkt,
  PRODUKT_MWST_SAETZE,
  Warenkorb,
  WARENKORB_STATUS,
  WbBundle,
} from './adapters/persistence/verkauf.entity';
import { BENUTZER_AUSWAHL_TYPEN } from './adapters/persistence/angebot';
import { TURNUSTYPEN, WbAbo, WbAboBuchung, WbAboTurnus } from './adapters/persistence/wb-abo.entity';
import {
  RABATT_TYPEN,
  SEMINAR_AUSWAHL_TYPEN,
  WbRabatt,
  WbVoucher,
} from './adapters/persistence/wb-rabatt.entity';
import {
  pruefeAbo,
  pruefeRabatt,
  pruefeTurnus,
  pruefeTurnusloeschung,
  pruefeVerkauf,
  pruefeVoucher,
  pruefeWarenkorbloeschung,
  WARENKORB_LOESCHBAR,
} from './domain/regeln';

export const promotionsResources = [
  defineResource({
    name: 'wb-rabatt',
    entity: WbRabatt,
    searchable: ['titel', 'titel_frontend', 'titel_rechnung'],
    enums: {
      typ: RABATT_TYPEN,
      seminarAuswahlTyp: SEMINAR_AUSWAHL_TYPEN,
      benutzerAuswahlTyp: BENUTZER_AUSWAHL_TYPEN,
    },
    defaultOrder: [['titel', 'ASC']],
    hooks: { beforeSave: (values, { previous }) => pruefeRabatt(values, previous) },
  }),
  defineResource({
    name: 'wb-voucher',
    entity: WbVoucher,
    searchable: ['code', 'titel'],
    display: ['code', 'titel'],
    // A voucher holds for all seminars (no relation) or for one, whose id `relation_id` is.
    enums: { typ: RABATT_TYPEN, relation: [GUTSCHEIN_RELATION] },
    // The booking holding it is written by its bookings (adapters/events/buchungen.listener.ts).
    readOnly: ['rw_transaction_id'],
    defaultOrder: [['createdAt', 'DESC']],
    hooks: { beforeSave: (values, { previous }) => pruefeVoucher(values, previous) },
  }),
  defineResource({
    name: 'wb-abo',
    entity: WbAbo,
    searchable: ['titel', 'titel_frontend', 'titel_rechnung'],
    enums: { turnustyp: TURNUSTYPEN, benutzerAuswahlTyp: BENUTZER_AUSWAHL_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    hooks: {
      beforeSave: (values, { previous }) => pruefeAbo(values, previous),
      // Spec 003 §3: the form of a new Abo carries its first period; the Abo is not stored without it.
      async afterSave(saved, { previous, eingabe, manager, dienst, actor }) {
        if (!previous && eingabe?.erster_turnus !== undefined)
          await dienst(AboTurnusse).ersterTurnus(
            alsTransaktion(manager),
            Number(saved.id),
            eingabe.erster_turnus,
            actor,
          );
      },
    },
  }),
  defineResource({
    name: 'wb-abo-turnus',
    entity: WbAboTurnus,
    display: ['von', 'bis'],
    defaultOrder: [['von', 'DESC']],
    hooks: {
      beforeSave: (values, { previous }) => pruefeTurnus(values, previous),
      async beforeDelete(record, { manager }) {
        pruefeTurnusloeschung(
          await manager.count(WbAboTurnus, {
            where: { wb_abo_id: Number(record.wb_abo_id), von: MoreThan(String(record.von)) },
          }),
        );
      },
    },
  }),
  defineResource({
    name: 'wb-abo-buchung',
    entity: WbAboBuchung,
    searchable: ['teilnehmer', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    display: ['teilnehmer', 'id'],
    defaultOrder: [['createdAt', 'DESC']],
    hooks: {
      // Spec 002 §4: deleting is for wrong entries only, never for one an invoice settled.
      beforeDelete: (record, { manager, dienst, actor }) =>
        dienst(AboAbrechnung).vorLoeschung(alsTransaktion(manager), Number(record.id), actor),
    },
  }),
  defineResource({
    name: 'wb-bundle',
    entity: WbBundle,
    searchable: ['titel', 'titel_frontend', 'titel_rechnung'],
    enums: { benutzerAuswahlTyp: BENUTZER_AUSWAHL_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    hooks: { beforeSave: (values, { previous }) => pruefeVerkauf('wb-bundle', values, previous) },
  }),
  defineResource({
    name: 'produkt',
    entity: Produkt,
    searchable: ['titel', 'titel_frontend', 'titel_rechnung', 'beschreibung'],
    enums: { mwst: PRODUKT_MWST_SAETZE },
    defaultOrder: [['titel', 'ASC']],
    hooks: { beforeSave: (values, { previous }) => pruefeVerkauf('produkt', values, previous) },
  }),
  defineResource({
    name: 'warenkorb',
    entity: Warenkorb,
    searchable: ['status', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    enums: { status: WARENKORB_STATUS },
    defaultOrder: [['createdAt', 'DESC']],
    deletableWhen: WARENKORB_LOESCHBAR,
    hooks: {
      beforeDelete: (record) => pruefeWarenkorbloeschung(record),
    },
  }),
];
