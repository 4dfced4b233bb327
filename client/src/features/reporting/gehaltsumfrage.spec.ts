import { unbekannteKennnummern } from './gehaltsumfrage';

describe('the Kennnummern without Benutzer after an import', () => {
  it('names them all when the server named them all', () => {
    expect(
      unbekannteKennnummern({ updated: 1, set: 3, unbekannt: ['9998', '9999'], unbekannt_anzahl: 2 }),
    ).toBe('Unbekannte Kennnummern: 9998, 9999');
  });

  it('counts the ones the server did not name', () => {
    const erste = Array.from({ length: 100 }, (_, i) => String(900_001 + i));
    expect(
      unbekannteKennnummern({ updated: 0, set: 199_999, unbekannt: erste, unbekannt_anzahl: 199_999 }),
    ).toBe(`Unbekannte Kennnummern: ${erste.join(', ')} und 199.899 weitere`);
  });

  it('shows nothing when every Kennnummer was found', () => {
    expect(unbekannteKennnummern({ updated: 2, set: 2, unbekannt: [], unbekannt_anzahl: 0 })).toBeNull();
  });
});
