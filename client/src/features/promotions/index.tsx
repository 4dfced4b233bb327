/** The promotions slice (spec 002 §2-§9, spec 003 §2-§9): discounts, vouchers, Abos, bundles, products, carts. */
import { titelFolgt } from '../../../../common/angebot';
import { gutscheinWertText } from '../../../../common/gutschein';
import { rabattEinheit } from '../../../../common/rabatt';
import { lazyScreen } from '../../lib/lazy';
import type { FeatureSlice, MenuEntry } from '../../resources/types';
import './promotions.css';

const load = {
  abo: () => import('./AboEdit'),
  turnus: () => import('./TurnusFenster'),
  rabatt: () => import('./RabattEdit'),
  gutscheine: () => import('./Gutscheine'),
};
const RabattEdit = lazyScreen(load.rabatt, 'RabattEdit');
const AboEdit = lazyScreen(load.abo, 'AboEdit');
const TurnusFenster = lazyScreen(load.turnus, 'TurnusFenster');
const GutscheinAuswahl = lazyScreen(load.gutscheine, 'GutscheinAuswahl');
const GutscheinTabelle = lazyScreen(load.gutscheine, 'GutscheinTabelle');

const TITEL = ['titel', 'titel_frontend', 'titel_warenkorb', 'titel_rechnung'];
const zahl = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const gutscheine: MenuEntry = {
  path: '/werbung/voucher',
  resource: 'wb-voucher',
  label: 'Gutscheine',
  columns: [
    { field: 'code' },
    { field: 'titel' },
    { field: 'typ' },
    // Spec 003 §4: − x %, − x €, or the fixed price.
    { field: 'wert', type: 'text', format: (wert, row) => gutscheinWertText(row.typ, wert) },
    { field: 'valid', type: 'boolean' },
    { field: 'createdAt', type: 'datetime' },
  ],
  // Spec 003 §2: first 'Alle' or a seminar, then the table of that relation.
  page: GutscheinAuswahl,
};

export const promotions: FeatureSlice = {
  menu: {
    rabatte: {
      path: '/werbung/rabatte',
      resource: 'wb-rabatt',
      label: 'Rabatte',
      // Spec 003 §3: titel, typ, wert, aktiv; the value with its unit (spec 002 §9).
      columns: [
        { field: 'titel' },
        { field: 'typ' },
        {
          field: 'wert',
          type: 'text',
          format: (wert, row) => `${zahl.format(Number(wert))} ${rabattEinheit(row.typ)}`,
        },
        { field: 'aktiv', type: 'boolean' },
      ],
      edit: RabattEdit,
    },
    gutscheine,
    abo: {
      path: '/werbung/abo',
      resource: 'wb-abo',
      label: 'Abo',
      columns: [{ field: 'titel' }, { field: 'turnustyp' }, { field: 'aktiv', type: 'boolean' }],
      edit: AboEdit,
    },
    bundles: {
      path: '/verkauf/bundle',
      resource: 'wb-bundle',
      label: 'Bundles',
      columns: [
        { field: 'titel' },
        { field: 'preis', type: 'amount' },
        { field: 'is_netto', type: 'boolean' },
        { field: 'mwst', type: 'number' },
      ],
      // Spec 003 §2: two steps; §9: preis 500, is_netto false (the column defaults).
      stepper: true,
      parts: [
        {
          title: 'Grunddaten',
          fields: [
            ...TITEL,
            { name: 'beschreibung', type: 'textarea' },
            { name: 'teilnahmebedingungen', type: 'textarea' },
            'rw_vorlage_id',
            { name: 'preis', min: 0 },
            'is_netto',
            { name: 'mwst', min: 0, max: 100 },
          ],
        },
        {
          title: 'Veranstaltungen und Gruppen',
          fields: ['Veranstaltung_Events', 'benutzerAuswahlTyp', 'Benutzer_Gruppes'],
        },
      ],
      folgt: titelFolgt,
    },
    produkte: {
      path: '/verkauf/produkt',
      resource: 'produkt',
      label: 'Produkte',
      columns: [{ field: 'titel' }, { field: 'preis', type: 'amount' }, { field: 'aktiv', type: 'boolean' }],
      // Spec 003 §2: one step; §9: preis 20, aktiv.
      stepper: true,
      parts: [
        {
          title: 'Grunddaten',
          fields: [
            ...TITEL,
            { name: 'beschreibung', type: 'textarea' },
            'rw_vorlage_id',
            { name: 'preis', min: 0 },
            'aktiv',
          ],
        },
      ],
      folgt: titelFolgt,
    },
    warenkoerbe: { path: '/verkauf/warenkorb', resource: 'warenkorb', label: 'Warenkörbe' },
  },
  routes: [
    {
      pattern: '/werbung/voucher/table',
      crumb: 'Tabelle',
      render: () => <GutscheinTabelle config={gutscheine} />,
    },
    {
      // Spec 003 §2: an Abo with one of its periods (the Turnus timeline).
      pattern: '/werbung/abo/:abo_id/:id',
      crumb: 'Turnus',
      render: ({ abo_id, id }) => <TurnusFenster aboPath="/werbung/abo" aboId={abo_id} id={id} />,
    },
  ],
};
