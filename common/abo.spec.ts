import { stichmonatFolgt } from './abo';

describe('the Stichmonat of an Abo (spec 003 §4)', () => {
  it('is cleared for any Turnustyp but yearly, and yearly is the default', () => {
    expect(stichmonatFolgt('monatlich')).toEqual({ stichmonat: null });
    expect(stichmonatFolgt('jaehrlich')).toEqual({});
    expect(stichmonatFolgt(undefined)).toEqual({});
  });
});
