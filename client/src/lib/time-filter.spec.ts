import { defaultTimeFilter, timeFilterOptions, timeFilterRange, timeFilterWhere } from './time-filter';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('time filter', () => {
  it('offers alle, relative ranges and the years from next year back to 2018', () => {
    const labels = timeFilterOptions(now).map((o) => o.label);
    expect(labels.slice(0, 6)).toEqual(['alle', '1 Monat', '3 Monate', '6 Monate', '1 Jahr', 'Jahr 2027']);
    expect(labels[labels.length - 1]).toBe('Jahr 2018');
    expect(labels).toHaveLength(5 + 10);
  });

  it('computes the ranges', () => {
    expect(timeFilterRange('alle', now)).toBeNull();
    expect(timeFilterRange('3m', now)?.from.toISOString()).toBe('2026-08-21T10:00:00.000Z');
    expect(timeFilterRange('1y', now)?.from.toISOString()).toBe('2025-11-21T10:00:00.000Z');
    const year = timeFilterRange('y2024', now);
    expect(year?.from.toISOString()).toBe('2023-12-31T23:00:00.000Z');
    expect(year?.to?.toISOString()).toBe('2024-12-31T23:00:00.000Z');
  });

  it('builds a where clause for the date field', () => {
    expect(timeFilterWhere('createdAt', 'alle', now)).toBeUndefined();
    expect(timeFilterWhere('beginn', 'y2024', now)).toEqual({
      beginn: { $gte: '2023-12-31T23:00:00.000Z', $lt: '2024-12-31T23:00:00.000Z' },
    });
  });

  it('maps the per-resource defaults', () => {
    expect(defaultTimeFilter(undefined, now)).toBe('alle');
    expect(defaultTimeFilter(3, now)).toBe('3m');
    expect(defaultTimeFilter(12, now)).toBe('1y');
    expect(defaultTimeFilter('year', now)).toBe('y2026');
  });
});
