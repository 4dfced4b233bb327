import { istVerbreitet, passwortFehler } from './passwort';

describe('passwords of staff', () => {
  it.each([
    ['Kurz-1', 'Das Passwort muss mindestens 12 Zeichen lang sein.'],
    ['Abcdefghij1', 'Das Passwort muss mindestens 12 Zeichen lang sein.'],
    ['Passwort1234', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['!!Password2026!!', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['Sommer2026!!!', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['123456789012', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['31.12.1970/0815', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['qwertzuiop12', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['ABCDEFGHIJKL', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['aaaaaaaaaaaa', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['abcabcabcabc', 'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.'],
    ['mia.muster-2026', 'Das Passwort darf den Benutzernamen nicht enthalten.'],
  ])('refuses %s', (passwort, message) => {
    expect(passwortFehler(passwort, 'Mia.Muster')).toBe(message);
  });

  it.each(['Grüne-Wiese-am-See', 'Ärger über 7 Brücken', 'Steuer-Kanzlei-Nord-17', 'kV9#pL2!xQ7m'])(
    'accepts %s',
    (passwort) => {
      expect(passwortFehler(passwort, 'mia')).toBeNull();
      expect(istVerbreitet(passwort)).toBe(false);
    },
  );

  it('checks the login name only when it is long enough to mean something', () => {
    expect(passwortFehler('ab-Grüne-Wiese-am-See', 'ab')).toBeNull();
    expect(passwortFehler('abc-Grüne-Wiese-am-See', ' ABC ')).toBe(
      'Das Passwort darf den Benutzernamen nicht enthalten.',
    );
  });

  it('finds keyboard and alphabet rows of four letters or more, also backwards, with digits around', () => {
    expect(istVerbreitet('wxyz')).toBe(true);
    expect(istVerbreitet('zyxw')).toBe(true);
    expect(istVerbreitet('2026hgfe!!')).toBe(true);
    expect(istVerbreitet('xyz')).toBe(false);
  });

  it('finds passwords of two characters or of one repeated piece, and no others', () => {
    expect(istVerbreitet('abababababab')).toBe(true);
    expect(istVerbreitet('aabbaabbbbab')).toBe(true);
    expect(istVerbreitet('abcabcabcabX')).toBe(false);
    expect(istVerbreitet('Xabcabcabcabc')).toBe(false);
  });

  it('strips digits and symbols only around the word', () => {
    expect(istVerbreitet('2026-sommer-!!')).toBe(true);
    expect(istVerbreitet('som-2026-mer')).toBe(false);
  });
});
