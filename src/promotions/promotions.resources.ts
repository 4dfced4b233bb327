/** The plain resources of the promotions context (spec 003 §3, spec 002 §3). */
import { MoreThan } from 'typeorm';
import { defineResource } from '../platform/resources/resource-definition';
import { Produkt, Warenkorb, WbBundle } from './adapters/persistence/verkauf.entity';
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
    enums: { typ: RABATT_TYPEN },
    defaultOrder: [['createdAt', 'DESC']],
    hooks: { beforeSave: (values, { previous }) => pruefeVoucher(values, previous) },
  }),
  defineResource({
    name: 'wb-abo',
    entity: WbAbo,
    searchable: ['titel', 'titel_frontend', 'titel_rechnung'],
    enums: { turnustyp: TURNUSTYPEN, benutzerAuswahlTyp: BENUTZER_AUSWAHL_TYPEN },
    defaultOrder: [['titel', 'ASC']],
    hooks: { beforeSave: (values, { previous }) => pruefeAbo(values, previous) },
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
    defaultOrder: [['titel', 'ASC']],
    hooks: { beforeSave: (values, { previous }) => pruefeVerkauf('produkt', values, previous) },
  }),
  defineResource({
    name: 'warenkorb',
    entity: Warenkorb,
    searchable: ['status', 'Benutzer.anzeigename', 'Benutzer.kennnummer'],
    defaultOrder: [['createdAt', 'DESC']],
    deletableWhen: WARENKORB_LOESCHBAR,
    hooks: {
      beforeDelete: (record) => pruefeWarenkorbloeschung(record),
    },
  }),
];
