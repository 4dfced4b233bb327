import { RecentlyUsed } from './recently-used';

describe('RecentlyUsed', () => {
  it('makes a plan once per key and hands the same one out again', () => {
    const plans = new RecentlyUsed<{ n: number }>(10, 100);
    let made = 0;
    const make = () => ({ n: ++made });
    const first = plans.get('benutzer\n{}', make);
    expect(plans.get('benutzer\n{}', make)).toBe(first);
    expect(plans.get('gruppe\n{}', make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('drops the least recently used plan when full', () => {
    const plans = new RecentlyUsed<string>(2, 100);
    plans.get('a', () => 'A');
    plans.get('b', () => 'B');
    plans.get('a', () => 'A2'); // a used again: b is now the oldest
    plans.get('c', () => 'C');
    expect(plans.size).toBe(2);
    expect(plans.get('a', () => 'neu')).toBe('A');
    expect(plans.get('b', () => 'neu')).toBe('neu');
  });

  it('does not keep an undefined answer', () => {
    const checked = new RecentlyUsed<string | undefined>(2, 100);
    let asked = 0;
    const check = () => (asked++, undefined);
    checked.get('falsch', check);
    checked.get('falsch', check);
    expect(asked).toBe(2);
    expect(checked.size).toBe(0);
  });

  it('does not keep plans of overlong queries', () => {
    const plans = new RecentlyUsed<string>(2, 5);
    expect(plans.get('123456', () => 'lang')).toBe('lang');
    expect(plans.size).toBe(0);
    expect(plans.get('123456', () => 'wieder')).toBe('wieder');
    expect(plans.get('12345', () => 'gerade noch')).toBe('gerade noch');
    expect(plans.size).toBe(1);
  });
});
