/** The promotions slice (spec 002 §2-§9, spec 003 §2-§9): discounts, vouchers, Abos, products, carts. */
import type { FeatureSlice } from '../../resources/types';

export const promotions: FeatureSlice = {
  menu: {
    rabatte: {
      path: '/werbung/rabatte',
      resource: 'wb-rabatt',
      label: 'Rabatte',
      columns: [
        { field: 'titel' },
        { field: 'typ' },
        { field: 'wert', type: 'number' },
        { field: 'aktiv', type: 'boolean' },
      ],
      stepper: true,
      // Spec 002 §2: the three steps; spec 002 §9: the defaults.
      parts: [
        {
          title: 'Grunddaten',
          fields: [
            'titel',
            'titel_frontend',
            'titel_warenkorb',
            'titel_rechnung',
            'beschreibung',
            'teilnahmebedingungen',
            'typ',
            // Spec 002 §5: neither value below 0 (the server refuses it too).
            { name: 'wert', min: 0 },
            { name: 'minPreis', min: 0 },
            'aktiv',
            'gueltigVon',
            'gueltigBis',
            'gueltigSeminarbezogen',
            'gueltigVonTageVorSeminar',
            'gueltigBisTageVorSeminar',
          ],
        },
        {
          title: 'Seminarauswahl',
          fields: ['seminarAuswahlTyp', 'seminareVon', 'seminareBis', 'Veranstaltungs', 'Veranstaltung_Typs'],
        },
        {
          title: 'Teilnehmereinschränkung',
          fields: [
            'benutzerAuswahlTyp',
            'Benutzer_Gruppes',
            'maxTeilnehmerBuchungen',
            'maxSeminarBuchungen',
            'jederXte',
          ],
        },
      ],
    },
    gutscheine: {
      path: '/werbung/voucher',
      resource: 'wb-voucher',
      label: 'Gutscheine',
      columns: [
        { field: 'code' },
        { field: 'titel' },
        { field: 'typ' },
        { field: 'wert', type: 'number' },
        { field: 'valid', type: 'boolean' },
      ],
    },
    abo: {
      path: '/werbung/abo',
      resource: 'wb-abo',
      label: 'Abo',
      columns: [{ field: 'titel' }, { field: 'turnustyp' }, { field: 'aktiv', type: 'boolean' }],
    },
    produkte: {
      path: '/verkauf/produkt',
      resource: 'produkt',
      label: 'Produkte',
      columns: [{ field: 'titel' }, { field: 'preis', type: 'amount' }, { field: 'aktiv', type: 'boolean' }],
    },
    warenkoerbe: { path: '/verkauf/warenkorb', resource: 'warenkorb', label: 'Warenkörbe' },
  },
};
