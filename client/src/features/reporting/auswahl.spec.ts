import {
  ergebnisPfad,
  jahrAusFilter,
  monatAusParam,
  monatsParam,
  startErlaubt,
  whereAusQuery,
  zeitraum,
  type Auswahl,
} from './auswahl';

const auswahl = (werte: Partial<Auswahl>): Auswahl => ({
  typ: 'all',
  von: null,
  bis: null,
  veranstaltungIds: [],
  typIds: [],
  split: false,
  ...werte,
});

describe('the evaluation selector (spec 003 §4)', () => {
  it.each<[string, boolean, Partial<Auswahl>]>([
    ['all without dates', false, {}],
    ['all with a from date', true, { von: '2026-01-01' }],
    ['all with a to date', true, { bis: '2026-12-31' }],
    ['all with seminars but no date', false, { veranstaltungIds: [1] }],
    ['single without seminar', false, { typ: 'single', von: '2026-01-01' }],
    ['single with a seminar', true, { typ: 'single', veranstaltungIds: [4] }],
    ['types without type', false, { typ: 'types', von: '2026-01-01', veranstaltungIds: [4] }],
    ['types with a type', true, { typ: 'types', typIds: [2] }],
  ])('%s: start enabled %s', (_fall, erlaubt, werte) => {
    expect(startErlaubt(auswahl(werte))).toBe(erlaubt);
  });

  it('builds the result route and reads it back into the calc where', () => {
    const pfad = ergebnisPfad(
      auswahl({
        typ: 'types',
        von: '2026-01-01',
        bis: '2026-12-31',
        typIds: [2, 3],
        split: true,
        veranstaltungIds: [9],
      }),
    );
    expect(pfad).toBe(
      '/auswertung/seminare/selection?from=2026-01-01&to=2026-12-31&split=true&veranstaltung_typ_ids=%5B2%2C3%5D',
    );
    const query = new URLSearchParams(pfad.split('?')[1]);
    expect(whereAusQuery(query)).toEqual({
      datum: { from: '2026-01-01', to: '2026-12-31' },
      veranstaltung_typ_ids: [2, 3],
    });
    const einzeln = ergebnisPfad(auswahl({ typ: 'single', von: '2026-01-01', veranstaltungIds: [5] }));
    expect(whereAusQuery(new URLSearchParams(einzeln.split('?')[1]))).toEqual({ veranstaltung_ids: [5] });
    expect(whereAusQuery(new URLSearchParams('veranstaltung_ids=kaputt'))).toBeNull();
  });

  it('converts months and periods', () => {
    expect(monatsParam('2026-03')).toBe('202603');
    expect(monatAusParam(202603)).toBe('2026-03');
    const now = new Date('2026-11-23T10:00:00Z');
    expect(zeitraum('y2026', now)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(zeitraum('3m', now)).toEqual({ from: '2026-08-23' });
    expect(zeitraum('alle', now)).toBeUndefined();
    expect(jahrAusFilter('y2025')).toBe(2025);
    expect(jahrAusFilter('1y')).toBeNull();
  });
});
