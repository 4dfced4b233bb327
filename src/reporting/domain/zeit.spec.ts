import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  berlinTagesbeginn,
  ersterTag,
  folgemonat,
  folgetag,
  leseDatum,
  leseJahr,
  leseMonat,
  monateDesJahres,
  monatsTitel,
  monatVon,
} from './zeit';

const fehler = ungueltigeEingabe;

describe('Berlin calendar', () => {
  it.each([
    ['2026-01-01', '2025-12-31T23:00:00.000Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', '2026-03-29T22:00:00.000Z'],
    ['2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('the Berlin day %s begins at %s', (tag, instant) => {
    expect(berlinTagesbeginn(tag).toISOString()).toBe(instant);
  });

  it('steps months and days and names months in German', () => {
    expect(folgemonat('2026-12')).toBe('2027-01');
    expect(folgemonat('2026-03')).toBe('2026-04');
    expect(folgetag('2026-02-28')).toBe('2026-03-01');
    expect(folgetag('2024-02-28')).toBe('2024-02-29');
    expect(monateDesJahres(2026)).toHaveLength(12);
    expect(monateDesJahres(2026)[0]).toBe('2026-01');
    expect(monatsTitel('2026-03')).toBe('März 2026');
  });

  it('has every month of a year in order, with German names from Januar to Dezember', () => {
    expect(monateDesJahres(2027)).toEqual([
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
      '2027-12',
    ]);
    expect(monateDesJahres(2027).map(monatsTitel)).toEqual([
      'Januar 2027',
      'Februar 2027',
      'März 2027',
      'April 2027',
      'Mai 2027',
      'Juni 2027',
      'Juli 2027',
      'August 2027',
      'September 2027',
      'Oktober 2027',
      'November 2027',
      'Dezember 2027',
    ]);
  });

  it('takes the month of a date and the first day of a month', () => {
    expect(monatVon('2026-03-31')).toBe('2026-03');
    expect(ersterTag('2026-03')).toBe('2026-03-01');
    expect(folgemonat('2026-09')).toBe('2026-10');
    expect(folgetag('2026-12-31')).toBe('2027-01-01');
  });
});

describe('reading years, months and dates', () => {
  it('accepts what the client sends', () => {
    expect(leseJahr('2026')).toBe(2026);
    expect(leseJahr(2026)).toBe(2026);
    expect(leseMonat('202603')).toBe('2026-03');
    expect(leseMonat('2026-03')).toBe('2026-03');
    expect(leseDatum('2026-02-28', 'von')).toBe('2026-02-28');
    expect(leseDatum('2025-12-31T23:00:00.000Z', 'von')).toBe('2026-01-01');
  });

  it('refuses the rest in German', () => {
    expect(fehler(() => leseJahr('20x6'))).toBe('Ungültiges Jahr „20x6“ (erwartet z. B. 2026).');
    expect(fehler(() => leseJahr(undefined))).toMatch(/Ungültiges Jahr/);
    expect(fehler(() => leseJahr('1999'))).toBe('Das Jahr muss zwischen 2000 und 2100 liegen.');
    expect(fehler(() => leseMonat('2026-13'))).toBe('Ungültiger Monat „2026-13“ (erwartet JJJJ-MM).');
    expect(fehler(() => leseMonat('März'))).toMatch(/Ungültiger Monat/);
    expect(fehler(() => leseDatum('2026-02-30', 'von'))).toBe(
      '„von“ ist kein gültiges Datum (erwartet JJJJ-MM-TT).',
    );
    expect(fehler(() => leseDatum(5, 'bis'))).toMatch(/„bis“ ist kein gültiges Datum/);
  });

  it('takes the years 2000 to 2100, also with spaces around', () => {
    expect(leseJahr(2000)).toBe(2000);
    expect(leseJahr(' 2100 ')).toBe(2100);
    expect(fehler(() => leseJahr(2101))).toBe('Das Jahr muss zwischen 2000 und 2100 liegen.');
    expect(fehler(() => leseJahr(undefined))).toBe('Ungültiges Jahr „“ (erwartet z. B. 2026).');
    expect(fehler(() => leseJahr(null))).toBe('Ungültiges Jahr „“ (erwartet z. B. 2026).');
    expect(fehler(() => leseJahr('x2026'))).toMatch(/^Ungültiges Jahr/);
    expect(fehler(() => leseJahr('20267'))).toMatch(/^Ungültiges Jahr/);
    expect(fehler(() => leseJahr(20.26))).toBe('Ungültiges Jahr „20.26“ (erwartet z. B. 2026).');
  });

  it('takes months 01 to 12 of those years, as text or as the number of the route', () => {
    expect(leseMonat(202612)).toBe('2026-12');
    expect(leseMonat(' 2026-01 ')).toBe('2026-01');
    for (const falsch of ['2026-00', '2026-3', '2026-013', 'x2026-03', '2026-03x', '2026/03', null])
      expect(fehler(() => leseMonat(falsch))).toBe(`Ungültiger Monat „${falsch ?? ''}“ (erwartet JJJJ-MM).`);
    expect(fehler(() => leseMonat('1999-12'))).toBe('Das Jahr muss zwischen 2000 und 2100 liegen.');
  });

  it('takes calendar dates and instants, trimmed, and refuses what is neither', () => {
    expect(leseDatum(' 2026-03-01 ', 'von')).toBe('2026-03-01');
    // Summer time: 22:00 UTC is already the next day in Berlin.
    expect(leseDatum('2026-06-30T22:00:00.000Z', 'von')).toBe('2026-07-01');
    expect(leseDatum('2026-06-30T21:59:59.000Z', 'von')).toBe('2026-06-30');
    for (const falsch of [
      '2026-13-01',
      '2026-1-01',
      'x2026-03-01',
      '2026-03-01x',
      '2026-03-01T25:00',
      '01.03.2026',
    ])
      expect(fehler(() => leseDatum(falsch, 'bis'))).toBe(
        '„bis“ ist kein gültiges Datum (erwartet JJJJ-MM-TT).',
      );
  });
});
