import { ungueltigeEingabe as fehler } from './domain-error.testing';
import { leseSeite } from './seite';

describe('leseSeite', () => {
  it('pages with limit and offset, or not at all', () => {
    expect(leseSeite('13', '26')).toEqual({ limit: 13, offset: 26 });
    expect(leseSeite(undefined, undefined)).toEqual({ limit: null, offset: 0 });
    expect(fehler(() => leseSeite('0', undefined))).toBe('„limit“ muss eine ganze Zahl von 1 bis 1000 sein.');
    expect(fehler(() => leseSeite('13', '-1'))).toMatch(/„offset“ muss eine ganze Zahl/);
    expect(fehler(() => leseSeite('abc', undefined))).toMatch(/„limit“ muss eine ganze Zahl/);
  });
});
