/** The list time filter of spec 000 §9: alle, 1/3/6 Monate, 1 Jahr, 'Jahr {year}' from next year back to 2018. */
import { subMonths } from 'date-fns';
import { berlinMidnight, berlinYear } from './format';

export type TimeFilter = 'alle' | '1m' | '3m' | '6m' | '1y' | `y${number}`;

export const FIRST_FILTER_YEAR = 2018;

const RELATIVE: Record<string, { label: string; months: number }> = {
  '1m': { label: '1 Monat', months: 1 },
  '3m': { label: '3 Monate', months: 3 },
  '6m': { label: '6 Monate', months: 6 },
  '1y': { label: '1 Jahr', months: 12 },
};

export function timeFilterOptions(now: Date): { value: TimeFilter; label: string }[] {
  const options: { value: TimeFilter; label: string }[] = [{ value: 'alle', label: 'alle' }];
  for (const [value, { label }] of Object.entries(RELATIVE))
    options.push({ value: value as TimeFilter, label });
  for (let year = berlinYear(now) + 1; year >= FIRST_FILTER_YEAR; year--) {
    options.push({ value: `y${year}`, label: `Jahr ${year}` });
  }
  return options;
}

export function isTimeFilter(value: unknown): value is TimeFilter {
  return typeof value === 'string' && (value === 'alle' || value in RELATIVE || /^y\d{4}$/.test(value));
}

/** The half-open range [from, to) a filter stands for; null for 'alle'. */
export function timeFilterRange(filter: TimeFilter, now: Date): { from: Date; to?: Date } | null {
  if (filter === 'alle') return null;
  const relative = RELATIVE[filter];
  if (relative) return { from: subMonths(now, relative.months) };
  const year = Number(filter.slice(1));
  return { from: berlinMidnight(year, 0, 1), to: berlinMidnight(year + 1, 0, 1) };
}

/** The where clause for `field` (API operators of DESIGN.md §3), or undefined for 'alle'. */
export function timeFilterWhere(
  field: string,
  filter: TimeFilter,
  now: Date,
): Record<string, { $gte: string; $lt?: string }> | undefined {
  const range = timeFilterRange(filter, now);
  if (!range) return undefined;
  const condition: { $gte: string; $lt?: string } = { $gte: range.from.toISOString() };
  if (range.to) condition.$lt = range.to.toISOString();
  return { [field]: condition };
}

/** The default filter of a resource given as 'alle', a number of months back, or 'year' (the current one). */
export function defaultTimeFilter(spec: 'alle' | 1 | 3 | 6 | 12 | 'year' | undefined, now: Date): TimeFilter {
  if (spec === undefined || spec === 'alle') return 'alle';
  if (spec === 'year') return `y${berlinYear(now)}`;
  return spec === 12 ? '1y' : (`${spec}m` as TimeFilter);
}
