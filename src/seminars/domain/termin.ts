/**
 * Dates of seminars (DESIGN.md §4): events carry a calendar date and Berlin wall-clock times
 * 'HH:MM'; the seminar's `beginn`/`ende` are the UTC instants of its first start and last end.
 */
import { berlinWandzeit } from '../../../common/kalender';

const UHRZEIT = /^([01]\d|2[0-3]):[0-5]\d$/;

export function istUhrzeit(value: string): boolean {
  return UHRZEIT.test(value);
}

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

/** Minutes Berlin is ahead of UTC at this instant (60 in winter, 120 in summer). */
function berlinOffsetMinutes(at: number): number {
  const parts = Object.fromEntries(
    berlinParts.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((asUtc - Math.floor(at / 60000) * 60000) / 60000);
}

/** The instant of a Berlin wall-clock time on a date ('2026-03-10', '09:00' → 08:00 UTC). */
export function berlinZeitpunkt(datum: string, uhrzeit: string): Date {
  const [y, m, d] = datum.split('-').map(Number);
  const [hh, mm] = uhrzeit.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let utc = wall - berlinOffsetMinutes(wall) * 60000;
  // Near a DST switch the offset at the guessed instant can differ from the one at the result.
  const corrected = wall - berlinOffsetMinutes(utc) * 60000;
  if (corrected !== utc) utc = corrected;
  return new Date(utc);
}

export interface EventTermin {
  datum: string | null;
  beginn: string | null;
  ende: string | null;
}

export interface Zeitraum {
  beginn: Date;
  ende: Date;
}

/**
 * First start and last end of a seminar's dated events; an event without times counts from
 * 00:00 to 23:59 (or to its start). Null when no event has a date.
 */
export function seminarZeitraum(events: EventTermin[]): Zeitraum | null {
  let beginn: Date | null = null;
  let ende: Date | null = null;
  for (const event of events) {
    if (!event.datum) continue;
    const start = berlinZeitpunkt(event.datum, event.beginn ?? '00:00');
    const end = berlinZeitpunkt(event.datum, event.ende ?? event.beginn ?? '23:59');
    if (!beginn || start < beginn) beginn = start;
    if (!ende || end > ende) ende = end;
  }
  return beginn && ende ? { beginn, ende } : null;
}

/** An instant as staff read it in messages: '10.03.2026, 09:00' (Berlin). */
export function berlinText(zeitpunkt: Date): string {
  const { datum, uhrzeit } = berlinWandzeit(zeitpunkt);
  const [jahr, monat, tag] = datum.split('-');
  return `${tag}.${monat}.${jahr}, ${uhrzeit.slice(0, 5)}`;
}
