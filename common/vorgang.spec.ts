import { matchesCondition } from './resource-meta';
import * as vorgang from './vorgang';

const versionen = [
  { child_id: null, storno: false },
  { child_id: null, storno: true },
  { child_id: 4, storno: false },
  { child_id: 4, storno: true },
];

describe('the current booking (spec 000 §4)', () => {
  it.each([
    [{ child_id: null, storno: false }, true, true],
    [{ child_id: null, storno: true }, true, false],
    [{ child_id: 4, storno: false }, false, false],
    [{ child_id: 4, storno: true }, false, false],
    // Rows asked for without these columns: a missing child is none, a missing flag not cancelled.
    [{}, true, true],
  ])('%j: latest %s, current %s', (t, neueste, aktuell) => {
    expect(vorgang.istNeuesteVersion(t)).toBe(neueste);
    expect(vorgang.istAktuell(t)).toBe(aktuell);
  });

  it('has a where form that selects the same records as the predicates', () => {
    for (const t of versionen) {
      expect(matchesCondition(t, vorgang.AKTUELLER_VORGANG)).toBe(vorgang.istAktuell(t));
      expect(matchesCondition(t, vorgang.NEUESTE_VERSION)).toBe(vorgang.istNeuesteVersion(t));
    }
  });

  it('has an SQL form on a table alias, booleans as 0/1', () => {
    expect(vorgang.aktuellSql('t')).toBe('t.child_id IS NULL AND t.storno = 0');
    expect(vorgang.neuesteVersionSql('tr')).toBe('tr.child_id IS NULL');
  });
});
