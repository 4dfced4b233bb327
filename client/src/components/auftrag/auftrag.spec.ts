import { abfragePause, fortschrittText } from './auftrag';

describe('fortschrittText', () => {
  it('counts with German thousands and the step', () => {
    expect(
      fortschrittText({ erledigt: 37, gesamt: 1200, schritt: 'Rechnungen werden ausgestellt' }, 'Rechnungen'),
    ).toBe('37 von 1.200 Rechnungen – Rechnungen werden ausgestellt');
    expect(fortschrittText({ erledigt: 2, gesamt: 5 }, 'Zeilen')).toBe('2 von 5 Zeilen');
  });

  it('names the step, or the start, while the total is unknown', () => {
    expect(
      fortschrittText({ erledigt: 0, gesamt: 0, schritt: 'Offene Vorgänge werden gelesen' }, 'Rechnungen'),
    ).toBe('Offene Vorgänge werden gelesen');
    expect(fortschrittText(null, 'Rechnungen')).toBe('Wird gestartet …');
  });
});

describe('abfragePause', () => {
  it('looks soon at first, then every half second', () => {
    expect([0, 1, 2, 3, 4, 50].map(abfragePause)).toEqual([100, 200, 300, 500, 500, 500]);
  });
});
