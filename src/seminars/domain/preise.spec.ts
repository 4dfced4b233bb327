import { bereinigePreiseUndMarke } from './preise';

describe('price and expert-mark rules', () => {
  it('resets a price whose description was cleared, and only those present', () => {
    const values: Record<string, unknown> = {
      preis1: 250,
      preis1_beschreibung: 'Mitglieder',
      preis2: 320,
      preis2_beschreibung: '',
      preis3: 99,
      preis4_beschreibung: '0',
    };
    bereinigePreiseUndMarke(values);
    expect(values).toEqual({
      preis1: 250,
      preis1_beschreibung: 'Mitglieder',
      preis2: null,
      preis2_beschreibung: null,
      preis3: 99,
      preis4_beschreibung: '0',
    });
  });

  it('resets the expert hours when the expert mark is cleared', () => {
    const values: Record<string, unknown> = { fachberatermarke_id: null, fachberater_stunden: 5 };
    bereinigePreiseUndMarke(values);
    expect(values.fachberater_stunden).toBe(0);
    const kept: Record<string, unknown> = { fachberater_stunden: 5 };
    bereinigePreiseUndMarke(kept);
    expect(kept.fachberater_stunden).toBe(5);
  });
});
