import { passwortProblem } from './passwort';

describe('passwortProblem', () => {
  it('wants a non-empty password repeated exactly', () => {
    expect(passwortProblem('', '')).toBe('Bitte ein Passwort eingeben!');
    expect(passwortProblem('Geheim-Wort-1', 'Geheim-Wort-2')).toBe('Passwörter stimmen nicht überein!');
    expect(passwortProblem('Geheim-Wort-1', 'Geheim-Wort-1')).toBeUndefined();
  });

  it('applies the password rules before anything is sent', () => {
    expect(passwortProblem('Geheim-1', 'Geheim-1')).toBe(
      'Das Passwort muss mindestens 12 Zeichen lang sein.',
    );
    expect(passwortProblem('Passwort2026!', 'Passwort2026!')).toBe(
      'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.',
    );
  });
});
