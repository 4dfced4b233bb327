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
