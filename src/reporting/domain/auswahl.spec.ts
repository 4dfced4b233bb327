import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  leseBenutzerAuswahl,
  leseIds,
  leseJson,
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

describe('limits of the readers', () => {
  it('reads JSON text and passes anything else on as it is', () => {
    expect(leseJson('{"a":[1]}', 'where')).toEqual({ a: [1] });
    const objekt = { a: 1 };
    expect(leseJson(objekt, 'where')).toBe(objekt);
    expect(fehler(() => leseJson('{', 'months'))).toBe('Der Parameter „months“ ist kein gültiges JSON.');
  });

  it('takes up to 1000 ids, as numbers or digits with spaces around', () => {
    const tausend = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(leseIds(tausend, 'x')).toHaveLength(1000);
    expect(fehler(() => leseIds([...tausend, 1001], 'x'))).toBe(
      '„x“ muss eine Liste von höchstens 1000 IDs sein.',
    );
    expect(leseIds([' 12 '], 'x')).toEqual([12]);
    expect(leseIds(undefined, 'x')).toEqual([]);
    for (const falsch of [-1, 1.5, '1.5', 2 ** 53, null, '', 'x1'])
      expect(fehler(() => leseIds([falsch], 'ids'))).toBe('„ids“ muss eine gültige ID sein.');
  });

  it('reads open periods, an empty one, and refuses other keys', () => {
    expect(leseZeitraum(undefined)).toEqual({ von: null, bis: null });
    expect(leseZeitraum(null)).toEqual({ von: null, bis: null });
    expect(leseZeitraum({})).toEqual({ von: null, bis: null });
    expect(leseZeitraum({ from: null, to: '' })).toEqual({ von: null, bis: null });
    expect(leseZeitraum({ to: '2026-01-31' })).toEqual({ von: null, bis: '2026-01-31' });
    expect(leseZeitraum({ from: '2026-01-31', to: '2026-01-31' })).toEqual({
      von: '2026-01-31',
      bis: '2026-01-31',
    });
    expect(fehler(() => leseZeitraum({ from: '2026-01-01', bis: '2026-01-31' }))).toBe(
      '„datum“ muss die Form {from, to} haben.',
    );
    expect(fehler(() => leseZeitraum('2026'))).toBe('„datum“ muss die Form {from, to} haben.');
    expect(fehler(() => leseZeitraum({ to: '31.01.2026' }))).toBe(
      '„bis“ ist kein gültiges Datum (erwartet JJJJ-MM-TT).',
    );
  });

  it('takes the seminar selection with a start only, and an empty where as none', () => {
    expect(leseSeminarAuswahl({ datum: { from: '2026-01-01' } })).toEqual({
      von: '2026-01-01',
      bis: null,
      veranstaltungIds: [],
      typIds: [],
    });
    expect(leseSeminarAuswahl({ veranstaltung_ids: [5] }).veranstaltungIds).toEqual([5]);
    expect(fehler(() => leseSeminarAuswahl(''))).toBe(
      'Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.',
    );
    expect(fehler(() => leseSeminarAuswahl(null))).toBe('Der Parameter „where“ muss ein Objekt sein.');
    expect(fehler(() => leseSeminarAuswahl('"x"'))).toBe('Der Parameter „where“ muss ein Objekt sein.');
  });

  it('takes every Benutzer filter and refuses unknown keys', () => {
    expect(leseBenutzerAuswahl({ benutzer_filter: 'all' }).filter).toBe('all');
    expect(leseBenutzerAuswahl({ benutzer_filter: 'booking', datum: { to: '2026-02-01' } })).toEqual({
      filter: 'booking',
      typIds: [],
      von: null,
      bis: '2026-02-01',
    });
    expect(fehler(() => leseBenutzerAuswahl({ veranstaltung_ids: [1] }))).toBe(
      'Unbekannter Filter „veranstaltung_ids“.',
    );
  });

  it('takes up to 12 months, each once, and a seminar 0 as none', () => {
    const zwoelf = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
    expect(leseNewsletterAbfrage({ months: JSON.stringify(zwoelf) })).toEqual({
      ebene: 'seminare',
      monate: zwoelf,
    });
    expect(fehler(() => leseNewsletterAbfrage({ months: JSON.stringify([...zwoelf, '2027-01']) }))).toBe(
      '„months“ darf höchstens 12 Monate nennen.',
    );
    expect(leseNewsletterAbfrage({ months: ['2026-03', '2026-03'] })).toEqual({
      ebene: 'seminare',
      monate: ['2026-03'],
    });
    expect(leseNewsletterAbfrage({ months: '["2026-03"]', single_seminar: 0 })).toEqual({
      ebene: 'dispatcher',
      monate: ['2026-03'],
      veranstaltungId: null,
    });
    expect(fehler(() => leseNewsletterAbfrage({ months: '["2026-03"]', single_seminar: 'alle' }))).toBe(
      '„single_seminar“ muss eine gültige ID sein.',
    );
    expect(leseNewsletterAbfrage({ year: 2027 })).toEqual({ ebene: 'jahr', jahr: 2027 });
  });
});
