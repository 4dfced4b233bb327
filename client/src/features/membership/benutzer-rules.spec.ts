import { applyBenutzerChange, type BenutzerFelder } from './benutzer-rules';

const change = (before: BenutzerFelder, patch: Partial<BenutzerFelder>) => applyBenutzerChange(before, patch);

describe('applyBenutzerChange', () => {
  it('recomputes an empty or automatic anrede when gender, titel or firma change', () => {
    expect(change({ anrede: '' }, { gender: 'female' }).anrede).toBe('Sehr geehrte Frau');
    const auto: BenutzerFelder = { gender: 'female', anrede: 'Sehr geehrte Frau' };
    expect(change(auto, { titel: 'Prof.' }).anrede).toBe('Sehr geehrte Frau Prof.');
  });

  it('keeps a hand-written anrede', () => {
    const own: BenutzerFelder = { gender: 'male', anrede: 'Lieber Hans' };
    expect(change(own, { gender: 'female' }).anrede).toBe('Lieber Hans');
  });

  it('lets the benutzername follow the kennnummer only while they are equal', () => {
    expect(change({ kennnummer: '100', benutzername: '100' }, { kennnummer: '101' }).benutzername).toBe(
      '101',
    );
    expect(change({ kennnummer: '100', benutzername: 'hans' }, { kennnummer: '101' }).benutzername).toBe(
      'hans',
    );
  });
});
