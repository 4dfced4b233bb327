/**
 * How long an invoice and the bookings and payments behind it are kept (issue 34): eight years for
 * Buchungsbelege under § 147 Abs. 1 Nr. 4, Abs. 3 AO and § 14b Abs. 1 UStG, counted from the end of
 * the calendar year the invoice was issued in (§ 147 Abs. 4 AO). Both days are Berlin calendar days (`YYYY-MM-DD`).
 */
export const AUFBEWAHRUNG_JAHRE = 8;

/** The last day an invoice issued on `ausgestellt` must be kept. */
export function aufbewahrenBis(ausgestellt: string): string {
  return `${Number(ausgestellt.slice(0, 4)) + AUFBEWAHRUNG_JAHRE}-12-31`;
}

/** Whether the retention ending `bis` has passed on `heute`. */
export const aufbewahrungAbgelaufen = (bis: string, heute: string): boolean => heute > bis;
