import { hatSichtbarenText, sichtbarerText } from './sichtbarer-text';

describe('visible text', () => {
  it.each([
    ['\u200B', ''],
    ['\u200C\u200D', ''],
    ['\u2060\uFEFF', ''],
    [' \u200B\t\n ', ''],
    ['\u0000\u0007\u001F\u007F\u0085', ''],
    ['\u00AD\u200E\u202E\u2066', ''],
    ['\u3164\u2800\u00A0\u3000', ''],
    ['\u200BAdler\u200B', 'Adler'],
    ['  Müller ', 'Müller'],
    ['Ünal-Özdemir', 'Ünal-Özdemir'],
    ['👨\u200D👩', '👨👩'],
    ['李', '李'],
  ])('%j shows %j', (text, sichtbar) => {
    expect(sichtbarerText(text)).toBe(sichtbar);
    expect(hatSichtbarenText(text)).toBe(sichtbar !== '');
  });

  it('takes no text as empty', () => {
    expect(hatSichtbarenText(null)).toBe(false);
    expect(hatSichtbarenText(undefined)).toBe(false);
    expect(hatSichtbarenText('')).toBe(false);
  });
});
