import type { z } from 'zod';
import { pruefeKoerper, type Beschriftung } from '../../../platform/http/zod-body';
import { unbeschriftet } from '../../../platform/http/zod-body.testing';
import { domainError } from '../../../shared/domain-error.testing';
import {
  GUTSCHEIN_ANWENDEN,
  GutscheinAnwendenKoerper,
  KUENDIGUNG,
  KuendigungKoerper,
  PERIODENLAUF,
  PeriodenlaufKoerper,
  TURNUS_EVENT,
  TURNUS_SEMINAR,
  TurnusEventKoerper,
  TurnusSeminarKoerper,
  WIDERRUF,
  WiderrufKoerper,
  GUTSCHEIN_SERIE,
  GutscheinSerieKoerper,
  RABATT_BUCHUNG,
  RabattBuchungKoerper,
} from './promotions.schemas';

describe('the body of a bulk creation of vouchers', () => {
  const serie = { num: 10, relation: 'alle' };
  const pruefe = (body: unknown) => pruefeKoerper(GutscheinSerieKoerper, body, GUTSCHEIN_SERIE);

  it('takes 1 to 10 000 vouchers, a valid full price of 0 by default', () => {
    expect(pruefe(serie)).toEqual({ num: 10, relation: 'alle', typ: 'full', wert: 0, valid: true });
    expect(pruefe({ ...serie, num: 1 }).num).toBe(1);
    expect(pruefe({ ...serie, num: 10000 }).num).toBe(10000);
    expect(pruefe({ ...serie, titel: 'x'.repeat(255) }).titel).toHaveLength(255);
    expect(pruefe({ ...serie, valid: false }).valid).toBe(false);
  });

  it.each([
    [{ ...serie, num: 0 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: 10001 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: 2.5 }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [{ ...serie, num: '10' }, { num: 'muss eine ganze Zahl zwischen 1 und 10.000 sein' }],
    [
      { ...serie, typ: 'gratis' },
      { typ: 'hat einen unzulässigen Wert (erlaubt: Festpreis, Prozent, Nachlass)' },
    ],
    [{ ...serie, wert: -0.01 }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, wert: '5' }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, wert: Infinity }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, wert: NaN }, { wert: 'darf nicht negativ sein' }],
    [{ ...serie, titel: 'x'.repeat(256) }, { titel: 'darf höchstens 255 Zeichen lang sein' }],
    [{ ...serie, titel: 5 }, { titel: 'darf höchstens 255 Zeichen lang sein' }],
  ])('refuses %j field by field', (body, errors) => {
    expect(domainError(() => pruefe(body)).errors).toEqual(errors);
  });

  it('names the fields by their German labels and refuses a body that is no object', () => {
    expect(domainError(() => pruefe(null)).message).toBe(
      'Bitte prüfen Sie die Eingaben: „Anfrage“ muss aus Feldern mit Werten bestehen.',
    );
    expect(domainError(() => pruefe({ relation: 'alle' })).message).toBe(
      'Bitte prüfen Sie die Eingaben: „Anzahl“ muss eine ganze Zahl zwischen 1 und 10.000 sein.',
    );
  });
});

describe('the body of a discount calculation', () => {
  const buchung = {
    preis: 240.5,
    teilnehmer: { id: 7 },
    seminar: { id: 3, datum: '2026-12-01' },
    buchungsdatum: '2026-11-27',
  };
  const pruefe = (body: unknown) => pruefeKoerper(RabattBuchungKoerper, body, RABATT_BUCHUNG);

  it('answers the booking in cents, with empty lists and no seminar type by default', () => {
    expect(pruefe(buchung)).toEqual({
      preis: 24050,
      teilnehmer: { id: 7, gruppenIds: [] },
      seminar: { id: 3, typId: null, datum: '2026-12-01' },
      buchungsdatum: '2026-11-27',
      frueher: [],
    });
  });

  it('names a bad nested field by its path of German labels', () => {
    const error = domainError(() =>
      pruefe({
        ...buchung,
        preis: -1,
        seminar: { id: 3, datum: '2026-13-01' },
        frueher: [{ teilnehmerId: 7, seminarId: 'x' }],
      }),
    );
    expect(error.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Preis“ muss ein Betrag ab 0 sein; „Seminar › Datum“ muss ein Datum (JJJJ-MM-TT) sein; „Frühere Buchungen › Eintrag 1 › Seminar“ muss eine gültige ID sein.',
    );
  });
});

describe('the body of an Abo cancellation', () => {
  const pruefe = (body: unknown) => pruefeKoerper(KuendigungKoerper, body, KUENDIGUNG);

  it('takes an empty date as none, so that the cancellation names what is missing', () => {
    expect(pruefe({ admin: 'Frau Schäfer', date: '' })).toEqual({
      admin: 'Frau Schäfer',
      date: null,
      delete_unsettled_transactions: false,
    });
    expect(pruefe({ storno_turnus_id: '12', delete_unsettled_transactions: true })).toEqual({
      storno_turnus_id: 12,
      delete_unsettled_transactions: true,
    });
  });

  it('refuses a date that is none, naming the field', () => {
    expect(domainError(() => pruefe({ date: '2026-02-30x' })).errors).toEqual({
      date: 'muss ein Datum (JJJJ-MM-TT) sein',
    });
  });
});

describe('every field of promotions’s bodies', () => {
  it.each<[string, z.core.$ZodType, Beschriftung]>([
    ['bulk vouchers', GutscheinSerieKoerper, GUTSCHEIN_SERIE],
    ['voucher applied', GutscheinAnwendenKoerper, GUTSCHEIN_ANWENDEN],
    ['discount calculation', RabattBuchungKoerper, RABATT_BUCHUNG],
    ['Abo cancellation', KuendigungKoerper, KUENDIGUNG],
    ['Abo revocation', WiderrufKoerper, WIDERRUF],
    ['period billing', PeriodenlaufKoerper, PERIODENLAUF],
    ['seminar removed from a period', TurnusSeminarKoerper, TURNUS_SEMINAR],
    ['event removed from a period', TurnusEventKoerper, TURNUS_EVENT],
  ])('of the %s is named by its German label', (_, schema, beschriftung) => {
    expect(unbeschriftet(schema, beschriftung)).toEqual([]);
  });
});
