/** Pure rules of the salary survey screen (spec 002 §7). */
import type { ImportErgebnis } from './api';

/**
 * The import dialog's line of Kennnummern without Benutzer: the ones the server names (the first
 * hundred), then how many more there are; null when every Kennnummer was found.
 */
export function unbekannteKennnummern({ unbekannt, unbekannt_anzahl }: ImportErgebnis): string | null {
  if (unbekannt_anzahl === 0) return null;
  const weitere = unbekannt_anzahl - unbekannt.length;
  const rest = weitere > 0 ? ` und ${weitere.toLocaleString('de-DE')} weitere` : '';
  return `Unbekannte Kennnummern: ${unbekannt.join(', ')}${rest}`;
}
