import { nettoAusBrutto, rechnungssummen, stornoSummen } from './rechnungsbetraege';

describe('net of a gross amount', () => {
  it.each([
    // brutto, satz, netto
    [11900, 19, 10000],
    [10700, 7, 10000],
    [5000, 0, 5000],
    [100, 19, 84], // 84.03…
    [1, 19, 1], // 0.84 → 1
    [59, 19, 50], // 49.58 → 50
    [31410, 19, 26395], // 26394.96 → 26395
    [-31410, 19, -26395], // storno: half away from zero, symmetric
    [10550, 5.5, 10000],
    [0, 19, 0],
  ])('%i cents at %d %% → %i cents net', (brutto, satz, netto) => {
    expect(nettoAusBrutto(brutto, satz)).toBe(netto);
  });

  it('rounds a half cent away from zero', () => {
    // At 100 % a gross cent halves: 0.5 and 1.5 cents net.
    expect(nettoAusBrutto(1, 100)).toBe(1); // 0.5 → 1
    expect(nettoAusBrutto(-1, 100)).toBe(-1);
    expect(nettoAusBrutto(3, 100)).toBe(2); // 1.5 → 2
  });

  it('refuses impossible rates', () => {
    expect(() => nettoAusBrutto(100, -1)).toThrow('Ungültiger Mehrwertsteuersatz -1 %.');
    expect(() => nettoAusBrutto(100, 19.005)).toThrow(/Mehrwertsteuersatz/);
    expect(() => nettoAusBrutto(100, 101)).toThrow(/Mehrwertsteuersatz/);
  });
});

describe('invoice totals', () => {
  it('rounds once per rate, not per line', () => {
    // Ten lines of 0.01 €: per line each rounds 0.84 → 1 (10 net, 0 VAT); per rate 10/1.19 = 8.40 → 8 net, 2 VAT.
    const lines = Array.from({ length: 10 }, () => ({ brutto: 1, satz: 19 }));
    expect(rechnungssummen(lines)).toEqual({
      brutto: 10,
      netto: 8,
      mwst: 2,
      steuern: [{ satz: 19, brutto: 10, netto: 8, mwst: 2 }],
    });
  });

  it('states each rate on its own, ascending, and sums them', () => {
    expect(
      rechnungssummen([
        { brutto: 34900, satz: 19 },
        { brutto: 2990, satz: 7 },
        { brutto: 31410, satz: 19 },
        { brutto: 1500, satz: 0 },
      ]),
    ).toEqual({
      brutto: 70800,
      netto: 1500 + 2794 + 55723,
      mwst: 196 + 10587,
      steuern: [
        { satz: 0, brutto: 1500, netto: 1500, mwst: 0 },
        { satz: 7, brutto: 2990, netto: 2794, mwst: 196 }, // 2794.39
        { satz: 19, brutto: 66310, netto: 55723, mwst: 10587 }, // 55722.69
      ],
    });
  });

  it('is empty for no lines', () => {
    expect(rechnungssummen([])).toEqual({ brutto: 0, netto: 0, mwst: 0, steuern: [] });
  });

  it('negates every amount of a storno exactly', () => {
    const summen = rechnungssummen([
      { brutto: 11900, satz: 19 },
      { brutto: 107, satz: 7 },
    ]);
    expect(stornoSummen(summen)).toEqual({
      brutto: -12007,
      netto: -10100,
      mwst: -1907,
      steuern: [
        { satz: 7, brutto: -107, netto: -100, mwst: -7 },
        { satz: 19, brutto: -11900, netto: -10000, mwst: -1900 },
      ],
    });
  });
});
