import { matchesCondition } from './resource-meta';
import {
  aktuellSql,
  AKTUELLER_VORGANG,
  istAktuell,
  istNeuesteVersion,
  NEUESTE_VERSION,
  neuesteVersionSql,
} from './vorgang';

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
    expect(istNeuesteVersion(t)).toBe(neueste);
    expect(istAktuell(t)).toBe(aktuell);
  });

  it('has a where form that selects the same records as the predicates', () => {
    for (const t of versionen) {
      expect(matchesCondition(t, AKTUELLER_VORGANG)).toBe(istAktuell(t));
      expect(matchesCondition(t, NEUESTE_VERSION)).toBe(istNeuesteVersion(t));
    }
  });

  it('has an SQL form on a table alias, booleans as 0/1', () => {
    expect(aktuellSql('t')).toBe('t.child_id IS NULL AND t.storno = 0');
    expect(neuesteVersionSql('tr')).toBe('tr.child_id IS NULL');
  });
});
