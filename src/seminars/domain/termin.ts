/**
 * Dates of seminars (DESIGN.md §4): events carry a calendar date and Berlin wall-clock times
 * 'HH:MM'; the seminar's `beginn`/`ende` are the UTC instants of its first start and last end.
 */
import { berlinWandzeit, berlinZeitpunkt } from '../../../common/kalender';

const UHRZEIT = /^([01]\d|2[0-3]):[0-5]\d$/;

export function istUhrzeit(value: string): boolean {
  return UHRZEIT.test(value);
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
