/**
 * The user diff view of the merge window (spec 000 §4, spec 001 §3): the obsolete record against
 * the current one, field by field; passwords only as a mask, since the API never returns them.
 */
import type { Row } from '../../resources/types';
import { NICHT_VERGLICHEN } from '../../../../common/benutzer';
import { anzeigeWert, BENUTZER_FELDER } from './benutzer-felder';

export const PASSWORT_MASKE = '••••••';

export interface DiffZeile {
  field: string;
  label: string;
  bleibend: string;
  obsolet: string;
  verschieden: boolean;
}

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** The compared fields in the order of the edit window, then any others the records carry. */
export function benutzerDiff(
  bleibend: Row,
  obsolet: Row,
  passwort: { bleibend: boolean; obsolet: boolean },
): DiffZeile[] {
  const fields = [
    ...new Set([...Object.keys(BENUTZER_FELDER), ...Object.keys(bleibend), ...Object.keys(obsolet)]),
  ]
    .filter((field) => !NICHT_VERGLICHEN.includes(field))
    .filter((field) => field === 'password' || (isPlain(bleibend[field]) && isPlain(obsolet[field])));
  return fields.map((field) => {
    const [a, b] =
      field === 'password'
        ? [passwort.bleibend ? PASSWORT_MASKE : '', passwort.obsolet ? PASSWORT_MASKE : '']
        : [anzeigeWert(field, bleibend[field]), anzeigeWert(field, obsolet[field])];
    // Two set passwords look alike but may differ: taking the obsolete one stays possible.
    const verschieden = a !== b || (field === 'password' && passwort.obsolet);
    return { field, label: BENUTZER_FELDER[field] ?? field, bleibend: a, obsolet: b, verschieden };
  });
}
