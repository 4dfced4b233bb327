/**
 * Whether `wert` is a calendar day written YYYY-MM-DD: 2026-02-30 or month 13 are none (Date.parse
 * would roll the first over into March and the second makes toISOString throw).
 */
export function istKalendertag(wert: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(wert)) return false;
  const zeit = new Date(`${wert}T00:00:00Z`);
  return !Number.isNaN(zeit.getTime()) && zeit.toISOString().startsWith(wert);
}
