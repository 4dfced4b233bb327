import { passwortProblem } from './passwort';

describe('passwortProblem', () => {
  it('wants a non-empty password repeated exactly', () => {
    expect(passwortProblem('', '')).toBe('Bitte ein Passwort eingeben!');
    expect(passwortProblem('Geheim-1', 'Geheim-2')).toBe('Passwörter stimmen nicht überein!');
    expect(passwortProblem('Geheim-1', 'Geheim-1')).toBeUndefined();
  });
});
