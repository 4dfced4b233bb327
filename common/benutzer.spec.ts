import { ansprache, anzeigename, automatischeAnrede, folgeAnrede, istJuristisch, sortname } from './benutzer';

describe('Anrede (spec 000 §4)', () => {
  it.each([
    [
      { firma: 'Kanzlei Müller GmbH', gender: 'male' as const, titel: 'Dr.' },
      'Sehr geehrte Damen und Herren',
    ],
    [{ gender: 'male' as const }, 'Sehr geehrter Herr'],
    [{ gender: 'female' as const }, 'Sehr geehrte Frau'],
    [{ gender: null }, 'Sehr geehrte(r)'],
    [{ gender: 'female' as const, titel: 'Prof. Dr.' }, 'Sehr geehrte Frau Prof. Dr.'],
    [{ titel: 'Dr.' }, 'Sehr geehrte(r) Dr.'],
  ])('%j → %s', (felder, erwartet) => {
    expect(automatischeAnrede(felder)).toBe(erwartet);
  });

  it('follows a change while it still equals the previous automatic text', () => {
    expect(folgeAnrede('Sehr geehrter Herr', { gender: 'male' }, { gender: 'male', titel: 'Dr.' })).toBe(
      'Sehr geehrter Herr Dr.',
    );
    expect(folgeAnrede('', { gender: 'male' }, { gender: 'female' })).toBe('Sehr geehrte Frau');
  });

  it('keeps a salutation written by hand', () => {
    expect(folgeAnrede('Lieber Jürgen', { gender: 'male' }, { gender: 'male', firma: 'X GmbH' })).toBe(
      'Lieber Jürgen',
    );
  });
});

describe('names', () => {
  const person = { gender: 'male' as const, titel: 'Dr.', vorname: 'Jürgen', nachname: 'Müller' };
  const firma = { firma: ' Schäfer Steuerberatung GmbH ' };

  it('tells legal from natural persons by firma', () => {
    expect(istJuristisch(firma)).toBe(true);
    expect(istJuristisch({ ...person, firma: '  ' })).toBe(false);
    // An invisible firma names no company: the person's own name stays the display name.
    expect(istJuristisch({ ...person, firma: '\u200B' })).toBe(false);
    expect(anzeigename({ ...person, firma: '\u200B' })).toBe('Dr. Jürgen Müller');
  });

  it('derives anzeigename, sortname and ansprache', () => {
    expect(anzeigename(person)).toBe('Dr. Jürgen Müller');
    expect(sortname(person)).toBe('Müller, Jürgen');
    expect(ansprache(person)).toBe('Sehr geehrter Herr Dr. Müller');
    expect(anzeigename(firma)).toBe('Schäfer Steuerberatung GmbH');
    expect(sortname(firma)).toBe('Schäfer Steuerberatung GmbH');
    expect(ansprache(firma)).toBe('Sehr geehrte Damen und Herren');
  });
});
