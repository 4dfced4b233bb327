import { ausserhalb, vorgaengeAngepasst } from './turnus';

describe('the Turnus timeline', () => {
  const januar = { von: '2026-01-01', bis: '2026-01-31' };

  it('warns about a seminar or event outside the period, never about one inside or without dates', () => {
    expect(ausserhalb(januar, { von: '2026-01-10', bis: '2026-01-12' })).toBe(false);
    expect(ausserhalb(januar, { von: '2026-01-31', bis: null })).toBe(false);
    expect(ausserhalb(januar, { von: '2025-12-31', bis: '2026-01-02' })).toBe(true);
    expect(ausserhalb(januar, { von: '2026-01-30', bis: '2026-02-01' })).toBe(true);
    expect(ausserhalb(januar, { von: null, bis: null })).toBe(false);
    expect(ausserhalb({ von: '2026-01-01', bis: null }, { von: '2027-05-01', bis: null })).toBe(false);
  });

  it('words the adjusted transactions as spec 003 §7 does', () => {
    expect(vorgaengeAngepasst(1)).toBe('1 Vorgang wurde angepasst!');
    expect(vorgaengeAngepasst(3)).toBe('3 Vorgänge wurden angepasst!');
  });
});
