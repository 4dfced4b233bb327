import { DomainError } from '../../shared/domain-error';
import { checkArea, checkSegment, parseFilePath } from './file-path';

function expectRefused(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    return;
  }
  throw new Error('expected the path to be refused');
}

describe('parseFilePath', () => {
  it('accepts plain names and sub-directories, from a string or route segments', () => {
    expect(parseFilePath('rechnung.html')).toBe('rechnung.html');
    expect(parseFilePath('vorlagen/Größe Müller.pdf')).toBe('vorlagen/Größe Müller.pdf');
    expect(parseFilePath(['vorlagen', 'Straße (2026).docx'])).toBe('vorlagen/Straße (2026).docx');
    expect(parseFilePath('', { allowEmpty: true })).toBe('');
    expect(parseFilePath(undefined, { allowEmpty: true })).toBe('');
    // Names decomposed by macOS are stored composed.
    expect(parseFilePath('Mu\u0308ller.txt')).toBe('Müller.txt');
  });

  it.each([
    ['..', '../x'],
    ['encoded slash (decoded once by Express)', ['../x']],
    ['encoded dots (decoded once by Express)', ['..', 'x']],
    ['a/../../x', 'a/../../x'],
    ['double encoded', ['%2e%2e', 'x']],
    ['double encoded slash', ['a%2fb']],
    ['absolute', '/etc/passwd'],
    ['absolute as segments', ['', 'etc', 'passwd']],
    ['backslash', '..\\x'],
    ['NUL byte', 'a\u0000.txt'],
    ['control character', 'a\nb'],
    ['empty segment', 'a//b'],
    ['trailing slash', 'a/'],
    ['dot', './a'],
    ['hidden name', '.htaccess'],
    ['Windows drive', 'C:x'],
    ['surrounding spaces', ' a.txt'],
    ['empty', ''],
    ['no path', undefined],
    ['not a string', { a: 1 }],
    ['segment not a string', [1]],
    ['too long', 'x'.repeat(256)],
    ['too deep', Array(17).fill('a').join('/')],
  ])('refuses %s', (_label, input) => {
    expectRefused(() => parseFilePath(input));
  });

  it('refuses paths with a message staff understand', () => {
    expect(() => checkSegment('..')).toThrow('Ungültiger Dateipfad');
  });
});

describe('checkArea', () => {
  it('accepts kebab-case resource names only', () => {
    expect(checkArea('pdf-vorlage')).toBe('pdf-vorlage');
    for (const area of ['', '..', 'a/b', 'A', 'a_b', '-a', 'a-']) expectRefused(() => checkArea(area));
  });
});
