import { RecentPlans } from './recent-plans';

describe('RecentPlans', () => {
  it('makes a plan once per key and hands the same one out again', () => {
    const plans = new RecentPlans<{ n: number }>(10, 100);
    let made = 0;
    const make = () => ({ n: ++made });
    const first = plans.get('benutzer\n{}', make);
    expect(plans.get('benutzer\n{}', make)).toBe(first);
    expect(plans.get('gruppe\n{}', make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it('drops the least recently used plan when full', () => {
    const plans = new RecentPlans<string>(2, 100);
    plans.get('a', () => 'A');
    plans.get('b', () => 'B');
    plans.get('a', () => 'A2'); // a used again: b is now the oldest
    plans.get('c', () => 'C');
    expect(plans.size).toBe(2);
    expect(plans.get('a', () => 'neu')).toBe('A');
    expect(plans.get('b', () => 'neu')).toBe('neu');
  });

  it('does not keep plans of overlong queries', () => {
    const plans = new RecentPlans<string>(2, 5);
    expect(plans.get('123456', () => 'lang')).toBe('lang');
    expect(plans.size).toBe(0);
    expect(plans.get('123456', () => 'wieder')).toBe('wieder');
  });
});
