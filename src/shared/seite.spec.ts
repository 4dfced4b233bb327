import { domainError, ungueltigeEingabe as fehler } from './domain-error.testing';
import { leseSeite } from './seite';

describe('leseSeite', () => {
  it('pages with limit and offset, or not at all', () => {
    expect(leseSeite('13', '26')).toEqual({ limit: 13, offset: 26 });
    expect(leseSeite(undefined, undefined)).toEqual({ limit: null, offset: 0 });
    expect(fehler(() => leseSeite('0', undefined))).toBe('„limit“ muss eine ganze Zahl von 1 bis 1000 sein.');
    expect(fehler(() => leseSeite('13', '-1'))).toMatch(/„offset“ muss eine ganze Zahl/);
    expect(fehler(() => leseSeite('abc', undefined))).toMatch(/„limit“ muss eine ganze Zahl/);
    expect(domainError(() => leseSeite('0', undefined)).code).toBe('SEITE_UNGUELTIG');
  });

  it('takes an empty parameter as absent and numbers as they are', () => {
    expect(leseSeite('', '')).toEqual({ limit: null, offset: 0 });
    expect(leseSeite(20, 40)).toEqual({ limit: 20, offset: 40 });
  });

  it('takes the limits themselves and refuses one beyond', () => {
    expect(leseSeite('1', '0')).toEqual({ limit: 1, offset: 0 });
    expect(leseSeite('1000', undefined)).toEqual({ limit: 1000, offset: 0 });
    expect(fehler(() => leseSeite('1001', undefined))).toBe(
      '„limit“ muss eine ganze Zahl von 1 bis 1000 sein.',
    );
  });

  // What Number() would read as a number is still no whole number written as such.
  it.each([' 5', '5 ', '1e2', '0x10', '-5', ['5'], 2.5])('refuses the limit %j', (limit) => {
    expect(fehler(() => leseSeite(limit, undefined))).toMatch(/„limit“ muss eine ganze Zahl/);
  });
});
