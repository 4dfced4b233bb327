/**
 * The rules for passwords (issue 17), run by the password dialogs before sending and by the
 * server on every password it stores.
 */
export const MINDESTLAENGE = 12;

/**
 * Words and patterns that top the lists of leaked passwords (German and English); a password that
 * is one of them with digits or symbols around it counts as common.
 */
const VERBREITET = new Set([
  'passwort',
  'password',
  'kennwort',
  'geheim',
  'hallo',
  'hallihallo',
  'willkommen',
  'welcome',
  'letmein',
  'iloveyou',
  'ichliebedich',
  'schatz',
  'schatzi',
  'sommer',
  'winter',
  'fruehling',
  'frühling',
  'herbst',
  'januar',
  'dezember',
  'fussball',
  'fußball',
  'football',
  'baseball',
  'bayern',
  'fcbayern',
  'borussia',
  'schalke',
  'dortmund',
  'deutschland',
  'berlin',
  'hamburg',
  'muenchen',
  'münchen',
  'koeln',
  'köln',
  'admin',
  'administrator',
  'master',
  'dragon',
  'monkey',
  'sunshine',
  'princess',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'michael',
  'thomas',
  'andreas',
  'stefan',
  'sabine',
  'steuer',
  'steuerberater',
  'verband',
  'verbandsverwaltung',
  'mitarbeiter',
  'benutzer',
  'test',
  'changeme',
  'trustno',
]);

/** Rows of a German and an English keyboard, the alphabet and the digits: runs along them are guessable. */
const REIHEN = [
  'qwertzuiopü',
  'asdfghjklöä',
  'yxcvbnm',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
];

function istReihe(text: string): boolean {
  if (text.length < 4) return false;
  const rueckwaerts = [...text].reverse().join('');
  return REIHEN.some((reihe) => reihe.includes(text) || reihe.includes(rueckwaerts));
}

/** Whether the password is a common word or pattern, with digits and symbols around it. */
export function istVerbreitet(passwort: string): boolean {
  const klein = passwort.toLowerCase();
  // A few characters, or a short piece repeated ("abcabcabcabc").
  if (new Set(klein).size <= 2 || /^(.{1,4})\1+$/u.test(klein)) return true;
  const kern = klein.replace(/^\P{L}+|\P{L}+$/gu, '');
  // Only digits and symbols: dates, phone numbers, PINs.
  if (kern === '') return true;
  return VERBREITET.has(kern) || istReihe(kern);
}

/** The German reason a staff password is refused, or null when it is good enough. */
export function passwortFehler(passwort: string, benutzername?: string | null): string | null {
  if (passwort.length < MINDESTLAENGE) {
    return `Das Passwort muss mindestens ${MINDESTLAENGE} Zeichen lang sein.`;
  }
  const login = benutzername?.trim().toLowerCase();
  if (login && login.length >= 3 && passwort.toLowerCase().includes(login)) {
    return 'Das Passwort darf den Benutzernamen nicht enthalten.';
  }
  if (istVerbreitet(passwort)) {
    return 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.';
  }
  return null;
}
