import { matchesCondition } from './resource-meta';

describe('record conditions (locked and deletable records)', () => {
  it('matches when every field has its value', () => {
    expect(matchesCondition({ status: 'gesendet', typ: 'A' }, { status: 'gesendet' })).toBe(true);
    expect(matchesCondition({ status: 'entwurf' }, { status: 'gesendet' })).toBe(false);
    expect(matchesCondition({ status: 'gesendet', typ: 'B' }, { status: 'gesendet', typ: 'A' })).toBe(false);
    expect(matchesCondition({ status: 'x' }, {})).toBe(true);
  });

  it('takes null for a field that is empty, null or missing, but not for 0 or an empty text', () => {
    expect(matchesCondition({ gesendet_am: null }, { gesendet_am: null })).toBe(true);
    expect(matchesCondition({}, { gesendet_am: null })).toBe(true);
    expect(matchesCondition({ gesendet_am: 0 }, { gesendet_am: null })).toBe(false);
    expect(matchesCondition({ gesendet_am: '' }, { gesendet_am: null })).toBe(false);
    expect(matchesCondition({ gesendet_am: '2026-01-01' }, { gesendet_am: null })).toBe(false);
  });
});
