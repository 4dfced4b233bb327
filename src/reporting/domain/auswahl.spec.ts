import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  leseBenutzerAuswahl,
  leseIds,
  leseNewsletterAbfrage,
  leseSeminarAuswahl,
  leseZeitraum,
} from './auswahl';

const fehler = ungueltigeEingabe;

describe('the seminar selection', () => {
  it('reads the where of spec 003 §7 as JSON text or object', () => {
    expect(
      leseSeminarAuswahl('{"datum":{"from":"2026-01-01","to":"2026-12-31"},"veranstaltung_ids":[3,"4",3]}'),
    ).toEqual({ von: '2026-01-01', bis: '2026-12-31', veranstaltungIds: [3, 4], typIds: [] });
    expect(leseSeminarAuswahl({ veranstaltung_typ_ids: [2] })).toEqual({
      von: null,
      bis: null,
      veranstaltungIds: [],
      typIds: [2],
    });
    expect(leseSeminarAuswahl({ datum: { to: '2026-06-30' } })).toMatchObject({
      von: null,
      bis: '2026-06-30',
    });
  });

  it.each<[string, unknown, string]>([
    ['nothing chosen', '{}', 'Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.'],
    ['no where at all', undefined, 'Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.'],
    [
      'empty lists',
      { veranstaltung_ids: [], datum: { from: '' } },
      'Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.',
    ],
    ['broken JSON', '{"datum":', 'Der Parameter „where“ ist kein gültiges JSON.'],
    ['a list', '[1]', 'Der Parameter „where“ muss ein Objekt sein.'],
    ['an unknown filter', { titel: 'x' }, 'Unbekannter Filter „titel“.'],
    ['a bad id', { veranstaltung_ids: [1, 'x'] }, '„veranstaltung_ids“ muss eine gültige ID sein.'],
    [
      'ids not a list',
      { veranstaltung_typ_ids: 3 },
      '„veranstaltung_typ_ids“ muss eine Liste von höchstens 1000 IDs sein.',
    ],
    ['a bad date', { datum: { from: '31.12.2026' } }, '„von“ ist kein gültiges Datum (erwartet JJJJ-MM-TT).'],
    [
      'dates the wrong way round',
      { datum: { from: '2026-02-01', to: '2026-01-31' } },
      'Das Datum „bis“ liegt vor dem Datum „von“.',
    ],
    ['a period of another form', { datum: ['2026-01-01'] }, '„datum“ muss die Form {from, to} haben.'],
  ])('refuses %s', (_fall, where, message) => {
    expect(fehler(() => leseSeminarAuswahl(where))).toBe(message);
  });
});

describe('the Benutzer selection', () => {
  it('defaults to Benutzer with bookings and reads types and period', () => {
    expect(leseBenutzerAuswahl(undefined)).toEqual({ filter: 'booking', typIds: [], von: null, bis: null });
    expect(
      leseBenutzerAuswahl(
        '{"benutzer_filter":"no-booking","veranstaltung_typ_ids":[1],"datum":{"from":"2026-01-01"}}',
      ),
    ).toEqual({ filter: 'no-booking', typIds: [1], von: '2026-01-01', bis: null });
    expect(fehler(() => leseBenutzerAuswahl({ benutzer_filter: 'some' }))).toBe(
      '„benutzer_filter“ muss booking, no-booking oder all sein.',
    );
  });
});

describe('the newsletter levels', () => {
  it.each<[Record<string, unknown>, unknown]>([
    [{ year: '2026' }, { ebene: 'jahr', jahr: 2026 }],
    [{ months: '["2026-03"]' }, { ebene: 'seminare', monate: ['2026-03'] }],
    [{ months: '202603' }, { ebene: 'seminare', monate: ['2026-03'] }],
    [
      { months: '"2026-03"', single_seminar: '12' },
      { ebene: 'dispatcher', monate: ['2026-03'], veranstaltungId: 12 },
    ],
    [
      { months: '["2026-03"]', single_seminar: '0' },
      { ebene: 'dispatcher', monate: ['2026-03'], veranstaltungId: null },
    ],
    [
      { months: '["2026-04","2026-03"]', click_benutzer: '5' },
      { ebene: 'benutzer', monate: ['2026-03', '2026-04'], dispatcherId: 5 },
    ],
    [{ click_benutzer: '5' }, { ebene: 'benutzer', monate: [], dispatcherId: 5 }],
  ])('%j', (query, ebene) => {
    expect(leseNewsletterAbfrage(query)).toEqual(ebene);
  });

  it.each<[Record<string, unknown>, string]>([
    [{}, 'Ungültiges Jahr „“ (erwartet z. B. 2026).'],
    [{ year: '2026', events: 'x' }, 'Unbekannter Parameter „events“.'],
    [{ months: '["2026-13"]' }, 'Ungültiger Monat „2026-13“ (erwartet JJJJ-MM).'],
    [{ single_seminar: '3' }, 'Bitte wählen Sie mindestens einen Monat.'],
    [{ click_benutzer: 'x' }, '„click_benutzer“ muss eine gültige ID sein.'],
  ])('refuses %j', (query, message) => {
    expect(fehler(() => leseNewsletterAbfrage(query))).toBe(message);
  });
});

describe('small readers', () => {
  it('reads id lists and periods', () => {
    expect(leseIds(null, 'x')).toEqual([]);
    expect(leseIds(['7', 7, 8], 'x')).toEqual([7, 8]);
    expect(fehler(() => leseIds([0], 'x'))).toBe('„x“ muss eine gültige ID sein.');
    expect(leseZeitraum({ from: '2026-01-01', to: null })).toEqual({ von: '2026-01-01', bis: null });
  });
});
