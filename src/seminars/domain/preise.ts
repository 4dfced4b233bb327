/**
 * Save rules shared by seminars and events (spec 001 §4): clearing a price description resets
 * that price and its description; clearing the expert mark resets the expert hours to 0.
 */
export const PREIS_STUFEN = [1, 2, 3, 4, 5, 6] as const;

/** Adjusts the values to be stored in place; only fields present in `values` are looked at. */
export function bereinigePreiseUndMarke(values: Record<string, unknown>): void {
  for (const n of PREIS_STUFEN) {
    const key = `preis${n}_beschreibung`;
    if (!(key in values)) continue;
    const beschreibung = values[key];
    if (beschreibung === null || (typeof beschreibung === 'string' && beschreibung.trim() === '')) {
      values[key] = null;
      values[`preis${n}`] = null;
    }
  }
  if ('fachberatermarke_id' in values && values.fachberatermarke_id === null) {
    values.fachberater_stunden = 0;
  }
}
