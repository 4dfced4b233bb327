/** German display formats (DESIGN.md §4): amounts 1.234,50 €, dates dd.MM.yyyy in Europe/Berlin. */
import { berlinWandzeit } from '../../../common/kalender';
import { roundTo } from './number';

export const TIME_ZONE = 'Europe/Berlin';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234.5 → '1.234,50 €'; empty for null. Works on the rounded cent value, not on float sums. */
export function formatAmount(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const num = Number(value);
  if (!Number.isFinite(num)) return '';
  const [whole, cents] = Math.abs(roundTo(num, 2)).toFixed(2).split('.');
  const sign = roundTo(num, 2) < 0 ? '-' : '';
  return `${sign}${groupThousands(whole)},${cents} €`;
}

/** An amount for a CSV cell German Excel reads as a number: 1234.5 → '1234,50' (no € and no thousands dots). */
export function csvAmount(value: number | string): string {
  return roundTo(Number(value), 2).toFixed(2).replace('.', ',');
}

const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '2024-03-05' → '05.03.2024'; an ISO timestamp → '05.03.2024, 14:30' in Berlin time. */
export function formatDateValue(value: string | null | undefined): string {
  if (!value) return '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${dateOnly[3]}.${dateOnly[2]}.${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/** Minutes that Berlin is ahead of UTC at the given instant (60 or 120). */
function berlinOffsetMinutes(at: Date): number {
  const { datum, uhrzeit } = berlinWandzeit(at);
  const [year, month, day] = datum.split('-').map(Number);
  const [hour, minute, second] = uhrzeit.split(':').map(Number);
  return Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - at.getTime()) / 60000);
}

/** Midnight of a Berlin calendar day as an instant (month is 0-based), whatever the browser's zone. */
export function berlinMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month, day);
  return new Date(guess - berlinOffsetMinutes(new Date(guess)) * 60000);
}

/** The Berlin calendar year of an instant. */
export function berlinYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric' }).format(at));
}

/** An instant as its Berlin calendar date and wall-clock time: ['2024-03-31', '02:30']. */
export function berlinDateTime(instant: string | Date): [string, string] {
  const { datum, uhrzeit } = berlinWandzeit(new Date(instant));
  return [datum, uhrzeit.slice(0, 5)];
}

/** The instant of a Berlin date ('YYYY-MM-DD') and time ('HH:MM'), whatever the browser's zone. */
export function berlinInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guess is right except within the hour of a switch; a second pass settles it.
  const first = guess - berlinOffsetMinutes(new Date(guess)) * 60000;
  return new Date(guess - berlinOffsetMinutes(new Date(first)) * 60000);
}
