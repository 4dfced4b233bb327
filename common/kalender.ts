/** Calendar days as staff count them (DESIGN.md §4): Europe/Berlin, dates as 'YYYY-MM-DD'. */

const berlinUhr = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The Berlin wall clock of an instant: date 'YYYY-MM-DD' and time 'HH:MM:SS'. */
export function berlinWandzeit(instant: Date): { datum: string; uhrzeit: string } {
  const teile = Object.fromEntries(berlinUhr.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    datum: `${teile.year}-${teile.month}-${teile.day}`,
    uhrzeit: `${teile.hour}:${teile.minute}:${teile.second}`,
  };
}

/** The Berlin calendar date of an instant. */
export function berlinDatum(instant: Date): string {
  return berlinWandzeit(instant).datum;
}

/** The date `monate` calendar months earlier; the day is clamped to the shorter month (31.08. → 29.02.). */
export function monateZurueck(datum: string, monate: number): string {
  const [jahr, monat, tag] = datum.split('-').map(Number);
  const ziel = new Date(Date.UTC(jahr, monat - 1 - monate, 1));
  const letzter = new Date(Date.UTC(ziel.getUTCFullYear(), ziel.getUTCMonth() + 1, 0)).getUTCDate();
  ziel.setUTCDate(Math.min(tag, letzter));
  return ziel.toISOString().slice(0, 10);
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
