import { klickBeginn, klickQuery, klicksJeMonat } from './klicks';

describe('newsletter clicks of the last 6 months', () => {
  it('starts on the first of the month five months back, across the turn of the year', () => {
    expect(klickBeginn('2026-11-23')).toBe('2026-06-01');
    expect(klickBeginn('2027-02-28')).toBe('2026-09-01');
    expect(klickQuery('2026-11-23')).toEqual({
      where: { dispatcher_id: { $ne: null }, datum: { $gte: '2026-06-01' } },
      group: ['datum'],
    });
  });

  it('sums the days per month, with empty months as 0 and nothing outside the period', () => {
    expect(
      klicksJeMonat(
        [
          { datum: '2026-05-31', count: 9 },
          { datum: '2026-06-01', count: 2 },
          { datum: '2026-06-30', count: '3' },
          { datum: '2026-11-23', count: 1 },
        ],
        '2026-11-23',
      ),
    ).toEqual([
      { monat: '2026-06', klicks: 5 },
      { monat: '2026-07', klicks: 0 },
      { monat: '2026-08', klicks: 0 },
      { monat: '2026-09', klicks: 0 },
      { monat: '2026-10', klicks: 0 },
      { monat: '2026-11', klicks: 1 },
    ]);
  });
});
