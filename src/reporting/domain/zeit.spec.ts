import { ungueltigeEingabe } from '../../shared/domain-error.testing';
import {
  berlinTagesbeginn,
  folgemonat,
  folgetag,
  leseDatum,
  leseJahr,
  leseMonat,
  monateDesJahres,
  monatsTitel,
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
});
