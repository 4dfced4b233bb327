/** Assigning an existing user as employee (spec 000 §4, §8), checked before the PUT. */

export const FEHLER_SELBST = 'Benutzer kann nicht sich selbst zugeordnet werden!';
export const FEHLER_SCHON_ZUGEORDNET = 'Der vorhandene Benutzer ist bereits diesem Benutzer zugeordnet!';

export type Zuordnung = { fehler: string } | { warnung: string } | { ok: true };

export function pruefeZuordnung(
  arbeitgeberId: number,
  kandidat: { id?: number; parent_id?: unknown },
  andererArbeitgeber = '',
): Zuordnung {
  if (kandidat.id === arbeitgeberId) return { fehler: FEHLER_SELBST };
  if (kandidat.parent_id === arbeitgeberId) return { fehler: FEHLER_SCHON_ZUGEORDNET };
  if (kandidat.parent_id !== null && kandidat.parent_id !== undefined) {
    return {
      warnung: `Achtung: Der Benutzer ist bereits einem anderen Benutzer zugeordnet${
        andererArbeitgeber ? ` (${andererArbeitgeber})` : ''
      }. Diese Zuordnung wird entfernt!`,
    };
  }
  return { ok: true };
}
