import type { z } from 'zod';
import { pruefeKoerper, type Beschriftung } from '../../../platform/http/zod-body';
import { unbeschriftet } from '../../../platform/http/zod-body.testing';
import { ungueltigeEingabe } from '../../../shared/domain-error.testing';
import {
  BUCHUNG,
  BuchungsKoerper,
  KATEGORIE,
  KalkulationKoerper,
  KategorieKoerper,
  LaufKoerper,
  VORGANG,
  VorgangsKoerper,
} from './billing.schemas';

const meldung = (teile: string) => `Bitte prüfen Sie die Eingaben: ${teile}.`;

describe('the body of an invoice run or an export', () => {
  const pruefe = (body: unknown) => pruefeKoerper(LaufKoerper, body, KATEGORIE);

  it('reads the id also as digits and the flag also as text', () => {
    expect(pruefe({ category: 'seminare', category_id: '12', only_verified: 'true' })).toEqual({
      category: 'seminare',
      category_id: 12,
      only_verified: true,
    });
    expect(pruefe({ category: 'abos', category_id: 3, only_verified: 'false' }).only_verified).toBe(false);
  });

  it('leaves the category, a missing id and other fields to the use case (bad category, CATEGORY_ID, 409)', () => {
    expect(pruefe({ category: 'kurse', betrag: 10 })).toEqual({ category: 'kurse', betrag: 10 });
    expect(pruefe({})).toEqual({});
  });

  it.each([
    [{ category: 5, category_id: 1 }, '„Bereich“ muss ein Text sein'],
    [{ category: 'bundle', category_id: -3 }, '„Abgerechneter Eintrag“ muss eine gültige ID sein'],
    [{ category: 'bundle', category_id: '1; DROP' }, '„Abgerechneter Eintrag“ muss eine gültige ID sein'],
    [{ category: 'bundle', category_id: 1, only_verified: 'ja' }, '„Nur verifizierte Vorgänge“ ist ungültig'],
    [[{ category: 'bundle' }], '„Anfrage“ muss aus Feldern mit Werten bestehen'],
  ])('refuses %j naming the field', (body, teile) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(meldung(teile));
  });
});

describe('the body that verifies all of an object', () => {
  const pruefe = (body: unknown) => pruefeKoerper(KategorieKoerper, body, KATEGORIE);

  it('reads the id, and drops other fields', () => {
    expect(pruefe({ category: 'bundle', category_id: '4', verifiziert: true })).toEqual({
      category: 'bundle',
      category_id: 4,
    });
  });

  it('refuses a bad id and a body that is none', () => {
    expect(ungueltigeEingabe(() => pruefe({ category: 'bundle', category_id: 0 }))).toBe(
      meldung('„Abgerechneter Eintrag“ muss eine gültige ID sein'),
    );
    expect(ungueltigeEingabe(() => pruefe('bundle'))).toBe(
      meldung('„Anfrage“ muss aus Feldern mit Werten bestehen'),
    );
  });
});

describe('the body of the overview’s sums', () => {
  const pruefe = (body: unknown) => pruefeKoerper(KalkulationKoerper, body, KATEGORIE);

  it('reads one id or a list, digits as ids, and flags as true/false or their text', () => {
    expect(
      pruefe({ category: 'abos', category_ids: '3', transactions: 'true', rechnungen: false, abos: true }),
    ).toEqual({ category: 'abos', category_ids: [3], transactions: true, rechnungen: false, abos: true });
    expect(pruefe({ category: 'seminare', category_ids: ['7', 7] })).toEqual({
      category: 'seminare',
      category_ids: [7, 7],
    });
  });

  it.each([
    [
      { category: 'bundle', category_ids: [1, 0, ' 12', 1.5] },
      '„Abgerechnete Einträge › Eintrag 2“ muss eine gültige ID sein; „Abgerechnete Einträge › Eintrag 3“ muss eine gültige ID sein; „Abgerechnete Einträge › Eintrag 4“ muss eine gültige ID sein',
    ],
    [
      { category: 'bundle', category_ids: [2 ** 53] },
      '„Abgerechnete Einträge › Eintrag 1“ muss eine gültige ID sein',
    ],
    [{ category: 'abos', category_ids: [1], abos: 1 }, '„Abo-Buchungen“ ist ungültig'],
    [
      { category: 'abos', category_ids: [1], transactions: 'ja', rechnungen: 'nein' },
      '„Vorgänge“ ist ungültig; „Rechnungen“ ist ungültig',
    ],
  ])('refuses %j naming the field', (body, teile) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(meldung(teile));
  });
});

describe('the body of a booking', () => {
  const pruefe = (body: unknown) => pruefeKoerper(BuchungsKoerper, body, BUCHUNG);
  const gut = { category: 'seminare', benutzer_id: 1, veranstaltung_id: 5 };

  it('reads ids also as digits, empty form fields as none, and 0 as no discount', () => {
    expect(
      pruefe({
        ...gut,
        benutzer_id: '1',
        teilnehmer_id: '',
        veranstaltung_event_id: '12',
        wb_rabatt_id: '8',
        preis: 2,
        buchung_typ: 'fax',
        titel: 'Sonderpreis',
        voucher_code: 'HERBST',
        betrag: 12.5,
        verifiziert: true,
      }),
    ).toEqual({
      ...gut,
      teilnehmer_id: null,
      veranstaltung_event_id: 12,
      wb_rabatt_id: 8,
      preis: 2,
      buchung_typ: 'fax',
      titel: 'Sonderpreis',
      voucher_code: 'HERBST',
      betrag: 12.5,
      verifiziert: true,
    });
    expect(pruefe({ ...gut, wb_rabatt_id: 0 }).wb_rabatt_id).toBe(0);
    expect(pruefe({ ...gut, wb_rabatt_id: '' }).wb_rabatt_id).toBeNull();
    expect(pruefe({ ...gut, titel: 'x'.repeat(255), preis: 6 })).toMatchObject({ preis: 6 });
  });

  it('leaves a missing member and fields of other names to the booking rules (BUCHUNG_MITGLIED, BUCHUNG_FELDER)', () => {
    expect(pruefe({ category: 'bundle', storno: true })).toEqual({ category: 'bundle', storno: true });
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'an unknown category',
      { ...gut, category: 'kurse' },
      '„Bereich“ hat einen unzulässigen Wert (erlaubt: Seminare, Abos, Bundle, Produkte)',
    ],
    [
      'no category',
      { benutzer_id: 1 },
      '„Bereich“ hat einen unzulässigen Wert (erlaubt: Seminare, Abos, Bundle, Produkte)',
    ],
    ['a member id of 0', { ...gut, benutzer_id: 0 }, '„Mitglied“ muss eine gültige ID sein'],
    ['a member id with a fraction', { ...gut, benutzer_id: 1.5 }, '„Mitglied“ muss eine gültige ID sein'],
    ['a member id as other text', { ...gut, benutzer_id: '1a' }, '„Mitglied“ muss eine gültige ID sein'],
    [
      'a member id beyond safe integers',
      { ...gut, benutzer_id: 2 ** 53 },
      '„Mitglied“ muss eine gültige ID sein',
    ],
    [
      'a participant id that is none',
      { ...gut, teilnehmer_id: -3 },
      '„Teilnehmer“ muss eine gültige ID sein',
    ],
    ['a seminar id that is none', { ...gut, veranstaltung_id: 'x' }, '„Seminar“ muss eine gültige ID sein'],
    [
      'an event id that is none',
      { ...gut, veranstaltung_event_id: -1 },
      '„Veranstaltung“ muss eine gültige ID sein',
    ],
    [
      'object ids that are none',
      {
        ...gut,
        wb_bundle_id: 0,
        produkt_id: 0,
        warenkorb_id: 0,
        wb_abo_id: 0,
        wb_abo_turnus_id: 0,
        wb_abo_buchung_id: 0,
      },
      '„Bundle“ muss eine gültige ID sein; „Produkt“ muss eine gültige ID sein; „Warenkorb“ muss eine gültige ID sein; „Abo“ muss eine gültige ID sein; „Abo-Turnus“ muss eine gültige ID sein; „Abo-Buchung“ muss eine gültige ID sein',
    ],
    [
      'a discount id that is none',
      { ...gut, wb_rabatt_id: -2 },
      '„Rabatt“ muss die ID eines Rabatts oder 0 (kein Rabatt) sein',
    ],
    ['tier 0', { ...gut, preis: 0 }, '„Listenpreis“ muss eine Preisstufe von 1 bis 6 sein'],
    ['tier 7', { ...gut, preis: 7 }, '„Listenpreis“ muss eine Preisstufe von 1 bis 6 sein'],
    ['a tier as text', { ...gut, preis: '2' }, '„Listenpreis“ muss eine Preisstufe von 1 bis 6 sein'],
    ['a voucher code that is no text', { ...gut, voucher_code: 5 }, '„Gutschein“ muss ein Code sein'],
    [
      'a booking type outside the known ones',
      { ...gut, buchung_typ: 'Mitglied' },
      '„Art der Buchung“ hat einen unzulässigen Wert (erlaubt: Backoffice, Online, Fax, Seminar, Einzelne Veranstaltung)',
    ],
    [
      'a text of 256 characters',
      { ...gut, titel: 'x'.repeat(256) },
      '„Buchungstext“ darf höchstens 255 Zeichen lang sein',
    ],
    ['a text that is no text', { ...gut, titel: 5 }, '„Buchungstext“ muss ein Text sein'],
    ['an amount as text', { ...gut, betrag: '12' }, '„Betrag“ muss ein Betrag in Euro sein'],
    ['an endless amount', { ...gut, betrag: Infinity }, '„Betrag“ muss ein Betrag in Euro sein'],
    ['verifiziert as text', { ...gut, verifiziert: 'ja' }, '„Verifiziert“ muss ja oder nein sein'],
  ])('refuses %s, naming the field', (_, body, teile) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(meldung(teile));
  });

  it.each([['seminare'], [null], [[{ category: 'seminare' }]]])('refuses %j as a whole', (body) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(
      meldung('„Buchung“ muss aus Feldern mit Werten bestehen'),
    );
  });
});

describe('the body of a change', () => {
  const pruefe = (body: unknown) => pruefeKoerper(VorgangsKoerper, body, VORGANG);

  it('passes its fields to the generic writer’s checks', () => {
    expect(pruefe({ betrag: 10, storno: true })).toEqual({ betrag: 10, storno: true });
  });

  it.each([['seminare'], [null], [[{ betrag: 10 }]]])('refuses %j as a whole', (body) => {
    expect(ungueltigeEingabe(() => pruefe(body))).toBe(
      meldung('„Buchung“ muss aus Feldern mit Werten bestehen'),
    );
  });
});

describe('every field of billing’s bodies', () => {
  it.each<[string, z.core.$ZodType, Beschriftung]>([
    ['run and export', LaufKoerper, KATEGORIE],
    ['verify all', KategorieKoerper, KATEGORIE],
    ['overview sums', KalkulationKoerper, KATEGORIE],
    ['booking', BuchungsKoerper, BUCHUNG],
  ])('of the %s is named by its German label', (_, schema, beschriftung) => {
    expect(unbeschriftet(schema, beschriftung)).toEqual([]);
  });
});
