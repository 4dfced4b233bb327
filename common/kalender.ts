/** Calendar days as staff count them (DESIGN.md §4): Europe/Berlin, dates as 'YYYY-MM-DD'. */

/** The Berlin wall clock of an instant: date 'YYYY-MM-DD' and time 'HH:MM:SS'. */
export function berlinWandzeit(instant: Date): { datum: string; uhrzeit: string } {
  const at = instant.getTime();
  if (Number.isNaN(at)) throw new RangeError('Ungültiger Zeitpunkt');
  const iso = new Date(at + berlinOffsetMinutes(at) * 60000).toISOString();
  return { datum: iso.slice(0, 10), uhrzeit: iso.slice(11, 19) };
}

/** The Berlin calendar date of an instant. */
export function berlinDatum(instant: Date): string {
  return berlinWandzeit(instant).datum;
}

/** A calendar day 'YYYY-MM-DD' as staff read it: 'DD.MM.YYYY'. */
export function deutscherTag(tag: string): string {
  return `${tag.slice(8, 10)}.${tag.slice(5, 7)}.${tag.slice(0, 4)}`;
}

/** The Berlin calendar day of an instant as staff read it: 'DD.MM.YYYY'. */
export function deutschesDatum(instant: Date): string {
  return deutscherTag(berlinDatum(instant));
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

/** Minutes Berlin is ahead of UTC at this instant, as Intl computes it (a formatter call, costly). */
function gemessenerVersatz(at: number): number {
  const parts = Object.fromEntries(
    berlinParts.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((asUtc - Math.floor(at / 60000) * 60000) / 60000);
}

/**
 * The offset per UTC hour: Berlin's clocks change only on full UTC hours, and bulk work (invoice
 * numbers, newsletter logs) formats many instants of few hours. Cleared when it grows large.
 */
const versatzJeStunde = new Map<number, number>();

/** Minutes Berlin is ahead of UTC at this instant (60 in winter, 120 in summer). */
function berlinOffsetMinutes(at: number): number {
  const stunde = Math.floor(at / 3_600_000);
  let versatz = versatzJeStunde.get(stunde);
  if (versatz === undefined) {
    if (versatzJeStunde.size >= 100_000) versatzJeStunde.clear();
    versatz = gemessenerVersatz(stunde * 3_600_000);
    versatzJeStunde.set(stunde, versatz);
  }
  return versatz;
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
