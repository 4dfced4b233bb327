import { DomainError } from '../../shared/domain-error';
import {
  bruttoPreis,
  buchungsanfrage,
  buchungsbetrag,
  buchungstitel,
  preisbezeichnungArt,
  preisstufen,
  pruefeTeilnehmer,
  teilnehmerart,
  waehlePreisstufe,
  type BuchungsEingabe,
  type Person,
  type Teilnehmerart,
} from './buchung';

const person = (id: number, extra: Partial<Person> = {}): Person => ({
  id,
  parent_id: null,
  atr_mitglied: false,
  anzeigename: `Person ${id}`,
  ...extra,
});

/** As the demo seed configures a seminar: members, non-members, employees of members. */
const SEMINAR = {
  preis1: 290,
  preis1_beschreibung: 'Mitglieder',
  preis2: 390,
  preis2_beschreibung: 'Nichtmitglieder',
  preis3: 245.5,
  preis3_beschreibung: 'Mitarbeiter von Mitgliedern',
  preis4: 99.99,
  preis4_beschreibung: 'Auszubildende',
  preis5: null,
  preis5_beschreibung: null,
};

const fehler = (arbeit: () => unknown): DomainError => {
  try {
    arbeit();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('keine Ablehnung');
};

describe('teilnehmerart', () => {
  it.each<[string, Person, Person | null, Teilnehmerart]>([
    ['a member', person(1, { atr_mitglied: true }), null, 'mitglied'],
    [
      'a member employed by a member',
      person(2, { atr_mitglied: true, parent_id: 1 }),
      person(1, { atr_mitglied: true }),
      'mitglied',
    ],
    [
      'an employee of a member',
      person(3, { parent_id: 1 }),
      person(1, { atr_mitglied: true }),
      'mitarbeiter',
    ],
    ['an employee of a non-member', person(4, { parent_id: 5 }), person(5), 'nichtmitglied'],
    ['a non-member', person(6), null, 'nichtmitglied'],
  ])('%s', (_, teilnehmer, arbeitgeber, art) => {
    expect(teilnehmerart(teilnehmer, arbeitgeber)).toBe(art);
  });
});

describe('preisbezeichnungArt', () => {
  it.each<[string | null, Teilnehmerart | null]>([
    ['Mitglieder', 'mitglied'],
    ['Mitglied', 'mitglied'],
    [' mitglieder ', 'mitglied'],
    ['Nichtmitglieder', 'nichtmitglied'],
    ['Nicht-Mitglieder', 'nichtmitglied'],
    ['Nichtmitglied', 'nichtmitglied'],
    ['Mitarbeiter von Mitgliedern', 'mitarbeiter'],
    ['Mitarbeiter von Mitglied', 'mitarbeiter'],
    ['Mitarbeiterinnen von Mitgliedern', 'mitarbeiter'],
    ['Mitglieder Frühbucher', null],
    ['Frühbucher Nichtmitglieder', null],
    ['Nichtmitglieder ermäßigt', null],
    ['Ehemalige Mitarbeiter von Mitgliedern', null],
    ['Mitarbeiter von Mitgliedern ermäßigt', null],
    ['Auszubildende', null],
    ['Frühbucher', null],
    [null, null],
  ])('%s', (bezeichnung, art) => {
    expect(preisbezeichnungArt(bezeichnung)).toBe(art);
  });
});

describe('waehlePreisstufe', () => {
  it.each<[string, Record<string, unknown>, Teilnehmerart, number | null, number, number]>([
    ['member price for a member', SEMINAR, 'mitglied', null, 1, 29000],
    ['non-member price for a non-member', SEMINAR, 'nichtmitglied', null, 2, 39000],
    ['employee price for an employee of a member', SEMINAR, 'mitarbeiter', null, 3, 24550],
    ['the tier chosen overrides the participant’s', SEMINAR, 'nichtmitglied', 4, 4, 9999],
    [
      'member price for an employee when the seminar has no employee tier',
      { ...SEMINAR, preis3: null, preis3_beschreibung: null },
      'mitarbeiter',
      null,
      1,
      29000,
    ],
    [
      'one tier only: everyone pays it',
      { preis1: 150, preis1_beschreibung: 'Teilnahmegebühr' },
      'nichtmitglied',
      null,
      1,
      15000,
    ],
  ])('%s', (_, staffel, art, gewaehlt, stufe, preis) => {
    expect(waehlePreisstufe(staffel, art, gewaehlt)).toMatchObject({ stufe, preis });
  });

  it('a seminar without prices is free', () => {
    expect(waehlePreisstufe({ preis1: null, preis1_beschreibung: null }, 'mitglied', null)).toBeNull();
  });

  it('a price without description is no tier', () => {
    const e = fehler(() => waehlePreisstufe({ ...SEMINAR, preis2_beschreibung: ' ' }, 'nichtmitglied', 2));
    expect(e.kind).toBe('invalid');
    expect(e.message).toBe('Die Preisstufe 2 ist für diese Veranstaltung nicht festgelegt.');
  });

  it('asks for a tier when none is named for the participant', () => {
    const staffel = {
      preis1: 100,
      preis1_beschreibung: 'Mitglieder',
      preis2: 80,
      preis2_beschreibung: 'Frühbucher',
    };
    const e = fehler(() => waehlePreisstufe(staffel, 'nichtmitglied', null));
    expect(e.message).toBe(
      'Die Veranstaltung hat keinen Preis für Nichtmitglieder; bitte wählen Sie eine Preisstufe.',
    );
  });
});

describe('buchungsbetrag', () => {
  it.each<[string, number, number, number, number | null, number]>([
    ['list price alone', 29000, 0, 0, null, 29000],
    ['less a discount', 39000, 3900, 0, null, 35100],
    ['less discount and voucher', 39000, 3900, 2500, null, 32600],
    ['a fixed-price voucher (its deduction) to the cent', 24550, 0, 4551, null, 19999],
    ['never below 0', 5000, 3000, 9000, null, 0],
    ['a manual amount stands as it is', 39000, 3900, 2500, 12345, 12345],
    ['a manual 0 stands', 39000, 0, 0, 0, 0],
  ])('%s', (_, listenpreis, rabattAbzug, gutscheinAbzug, manuell, betrag) => {
    expect(buchungsbetrag({ listenpreis, rabattAbzug, gutscheinAbzug, manuell })).toBe(betrag);
  });
});

describe('bruttoPreis', () => {
  it.each<[number, boolean, number | null, number]>([
    [590, false, 19, 59000],
    [100, true, 19, 11900],
    // 33.33 € net at 19 %: 39.6627 € → 39.66 €
    [33.33, true, 19, 3966],
    // 10.05 € net at 7 %: 10.7535 € → 10.75 €
    [10.05, true, 7, 1075],
    [100, true, null, 10000],
  ])('%s € (netto %s, %s %%) → %s ct', (preis, netto, mwst, cents) => {
    expect(bruttoPreis(preis, netto, mwst)).toBe(cents);
  });
});

describe('pruefeTeilnehmer', () => {
  const mitglied = person(1, { atr_mitglied: true, anzeigename: 'Kanzlei Weber' });
  it('accepts the member itself and its employees', () => {
    expect(() => pruefeTeilnehmer(mitglied, mitglied)).not.toThrow();
    expect(() => pruefeTeilnehmer(mitglied, person(2, { parent_id: 1 }))).not.toThrow();
  });
  it('refuses anyone else in German', () => {
    const e = fehler(() => pruefeTeilnehmer(mitglied, person(3, { parent_id: 9, anzeigename: 'Eva Fremd' })));
    expect(e.kind).toBe('invalid');
    expect(e.message).toBe('Eva Fremd ist weder das Mitglied selbst noch ein Mitarbeiter von Kanzlei Weber.');
  });
});

describe('buchungsanfrage', () => {
  const gut: BuchungsEingabe = {
    benutzer_id: 1,
    teilnehmer_id: 2,
    category: 'seminare',
    veranstaltung_id: 5,
  };
  const abgelehnt = (body: BuchungsEingabe) => {
    const e = fehler(() => buchungsanfrage(body));
    return [e.kind, e.code, e.message];
  };

  it('reads a booking; the participant defaults to the member, discounts to the best', () => {
    expect(buchungsanfrage({ benutzer_id: 1, category: 'seminare', veranstaltung_id: 5 })).toMatchObject({
      benutzer_id: 1,
      teilnehmer_id: 1,
      veranstaltung_id: 5,
      preis: null,
      wb_rabatt_id: undefined,
      voucher_code: null,
      betrag: null,
      verifiziert: false,
    });
    expect(buchungsanfrage({ ...gut, wb_rabatt_id: null }).wb_rabatt_id).toBeUndefined();
    expect(buchungsanfrage({ ...gut, wb_rabatt_id: 0 }).wb_rabatt_id).toBeNull();
    expect(buchungsanfrage({ ...gut, wb_rabatt_id: 7 }).wb_rabatt_id).toBe(7);
  });

  it('takes a manual amount in cents', () => {
    expect(buchungsanfrage({ ...gut, betrag: 314.1 }).betrag).toBe(31410);
    expect(buchungsanfrage({ ...gut, betrag: 0 }).betrag).toBe(0);
  });

  it('reads every field of a complete booking', () => {
    expect(
      buchungsanfrage({
        benutzer_id: 1,
        teilnehmer_id: 2,
        category: 'abos',
        wb_abo_id: 3,
        wb_abo_turnus_id: 4,
        wb_abo_buchung_id: 6,
        buchung_typ: 'fax',
        titel: '  Abo 2026  ',
        preis: 2,
        wb_rabatt_id: 8,
        voucher_code: 'HERBST2026',
        betrag: 12.5,
        verifiziert: true,
      }),
    ).toEqual({
      benutzer_id: 1,
      teilnehmer_id: 2,
      category: 'abos',
      veranstaltung_id: null,
      veranstaltung_event_id: null,
      wb_bundle_id: null,
      produkt_id: null,
      wb_abo_id: 3,
      warenkorb_id: null,
      wb_abo_turnus_id: 4,
      wb_abo_buchung_id: 6,
      buchung_typ: 'fax',
      titel: 'Abo 2026',
      preis: 2,
      wb_rabatt_id: 8,
      voucher_code: 'HERBST2026',
      betrag: 1250,
      verifiziert: true,
    });
    expect(
      buchungsanfrage({ benutzer_id: 1, category: 'produkte', produkt_id: 3, warenkorb_id: 4 }),
    ).toMatchObject({ produkt_id: 3, warenkorb_id: 4 });
    expect(buchungsanfrage({ benutzer_id: 1, category: 'bundle', wb_bundle_id: 9 }).wb_bundle_id).toBe(9);
    expect(buchungsanfrage({ ...gut, veranstaltung_event_id: 12 }).veranstaltung_event_id).toBe(12);
  });

  it('takes blank texts and empty values as not given, and keeps a voucher code as typed', () => {
    expect(
      buchungsanfrage({
        ...gut,
        teilnehmer_id: null,
        titel: '   ',
        voucher_code: ' ',
        wb_rabatt_id: null,
        buchung_typ: null,
        betrag: null,
        verifiziert: null,
      }),
    ).toMatchObject({
      teilnehmer_id: 1,
      titel: null,
      voucher_code: null,
      wb_rabatt_id: undefined,
      buchung_typ: null,
      betrag: null,
      verifiziert: false,
    });
    expect(buchungsanfrage({ ...gut, voucher_code: ' abc ' }).voucher_code).toBe(' abc ');
    expect(buchungsanfrage({ ...gut, titel: 'x'.repeat(255) }).titel).toHaveLength(255);
  });

  it.each<[string, BuchungsEingabe, unknown[]]>([
    [
      'a negative amount',
      { ...gut, betrag: -1 },
      ['invalid', 'INVALID_FIELDS', 'Bitte prüfen Sie die Eingaben: „Betrag“ darf nicht negativ sein.'],
    ],
    [
      'three decimals',
      { ...gut, betrag: 10.005 },
      [
        'invalid',
        'INVALID_FIELDS',
        'Bitte prüfen Sie die Eingaben: „Betrag“ darf höchstens zwei Nachkommastellen haben.',
      ],
    ],
    [
      'no member at all',
      { category: 'seminare' },
      ['invalid', 'BUCHUNG_MITGLIED', 'Bitte wählen Sie das buchende Mitglied.'],
    ],
    [
      'no member',
      { ...gut, benutzer_id: null },
      ['invalid', 'BUCHUNG_MITGLIED', 'Bitte wählen Sie das buchende Mitglied.'],
    ],
    [
      'a seminar booked as a bundle',
      { ...gut, category: 'bundle' },
      [
        'invalid',
        'BUCHUNG_FALSCHER_BEREICH',
        'Eine Buchung im Bereich „bundle“ kann nicht auf veranstaltung_id lauten.',
      ],
    ],
    [
      'a seminar booked as an Abo',
      { ...gut, category: 'abos' },
      [
        'invalid',
        'BUCHUNG_FALSCHER_BEREICH',
        'Eine Buchung im Bereich „abos“ kann nicht auf veranstaltung_id lauten.',
      ],
    ],
    [
      'fields a booking does not take',
      { ...gut, teilnehmer: 'x', storno: true },
      [
        'invalid',
        'BUCHUNG_FELDER',
        'Eine Buchung nimmt diese Angaben nicht an: teilnehmer, storno. Teilnehmername, Buchungszeit und Preisangaben ergeben sich aus der Buchung.',
      ],
    ],
  ])('refuses %s with 400', (_, body, erwartet) => {
    expect(abgelehnt(body)).toEqual(erwartet);
  });

  it('names the participant and the member in the refusal, or their ids', () => {
    const e = fehler(() =>
      pruefeTeilnehmer(person(1, { anzeigename: null }), person(2, { anzeigename: null })),
    );
    expect([e.code, e.message]).toEqual([
      'BUCHUNG_TEILNEHMER',
      'Benutzer 2 ist weder das Mitglied selbst noch ein Mitarbeiter von Benutzer 1.',
    ]);
  });
});

describe('preisstufen', () => {
  it('are the tiers with a description and a price, trimmed, in cents', () => {
    expect(
      preisstufen({
        preis1: null,
        preis1_beschreibung: 'Mitglieder',
        preis2: '99.5',
        preis2_beschreibung: ' Nichtmitglieder ',
        preis3_beschreibung: 'Gäste',
        preis4: 0,
        preis4_beschreibung: 'Referenten',
      }),
    ).toEqual([
      { stufe: 2, bezeichnung: 'Nichtmitglieder', preis: 9950 },
      { stufe: 4, bezeichnung: 'Referenten', preis: 0 },
    ]);
  });
});

describe('buchungstitel', () => {
  it('joins the seminar number and title as the invoice line shows them', () => {
    expect(buchungstitel('S-2026-014', 'Umsatzsteuer aktuell')).toBe('S-2026-014 - Umsatzsteuer aktuell');
    expect(buchungstitel(null, 'Fortbildungs-Abo')).toBe('Fortbildungs-Abo');
    expect(buchungstitel('  ', 'Abo')).toBe('Abo');
    expect(buchungstitel('S-1', undefined)).toBe('S-1');
    expect(buchungstitel('S-1', 'x'.repeat(300))).toHaveLength(255);
  });
});
