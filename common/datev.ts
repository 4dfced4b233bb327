/**
 * A DATEV download (issue 29) answers the file and, in the header DATEV_BEREITS, the earlier
 * exports of the same months or summary: JSON percent-encoded (a header carries no umlauts). The
 * server writes it; the export tab says what it means, in German.
 */
import { deutschesDatum } from './kalender';
export const DATEV_BEREITS = 'X-DATEV-Bereits';

/** An earlier export: the month (YYYY-MM) or null for a summary, when (ISO) and by whom. */
export interface DatevFruehererExport {
  monat: string | null;
  am: string;
  von: string | null;
}

export const datevBereitsSchreiben = (exporte: readonly DatevFruehererExport[]): string =>
  encodeURIComponent(JSON.stringify(exporte));

export const datevBereitsLesen = (kopf: string | null | undefined): DatevFruehererExport[] =>
  kopf ? (JSON.parse(decodeURIComponent(kopf)) as DatevFruehererExport[]) : [];

const monatsname = (monat: string) => `${monat.slice(5, 7)}/${monat.slice(0, 4)}`;

/** The German hint that something was exported before, or null when nothing was. */
export function datevBereitsHinweis(exporte: readonly DatevFruehererExport[]): string | null {
  if (exporte.length === 0) return null;
  const letzte = new Map<string, DatevFruehererExport>();
  for (const e of exporte) letzte.set(e.monat ?? '', e);
  const teile = [...letzte.entries()].map(
    ([monat, e]) =>
      `${monat ? `${monatsname(monat)} ` : ''}am ${deutschesDatum(new Date(e.am))}${e.von ? ` von ${e.von}` : ''}`,
  );
  return `Bereits an DATEV exportiert: ${teile.join('; ')}. Die Datei wurde trotzdem erneut erstellt – bitte nicht doppelt buchen.`;
}
