/**
 * The user diff view of the merge window (spec 000 §4, spec 001 §3): the obsolete record against
 * the current one, field by field; passwords only as a mask, since the API never returns them.
 */
import type { Row } from '../../resources/types';
import { NICHT_VERGLICHEN, NIE_UEBERNOMMEN } from '../../../../common/benutzer';
import { fieldLabel } from '../../../../common/vocabulary';
import { anzeigeWert, BENUTZER_FELDER, benutzerLabel } from './benutzer-felder';

export const PASSWORT_MASKE = '••••••';

export interface DiffZeile {
  field: string;
  label: string;
  bleibend: string;
  obsolet: string;
  verschieden: boolean;
  /** Whether the take switch may take the obsolete value (never for the staff account's fields). */
  uebernehmbar: boolean;
}

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

type Label = (record: Row) => string;
const adresse: Label = (a) =>
  [a.zeile1, a.strasse, [a.plz, a.ort].filter(Boolean).join(' ')].filter(Boolean).join(', ');
const konto: Label = (k) => String(k.iban ?? '');
const email: Label = (e) => String(e.email ?? '');

/** Reference fields and the association that says what they point at (staff compare e-mails, not ids). */
export const REFERENZEN: Record<string, { association: string; label: Label }> = {
  parent_id: { association: 'Parent', label: benutzerLabel },
  primaeremail_id: { association: 'Primaeremail', label: email },
  re_email_id: { association: 'Re_Email', label: email },
  re_adresse_id: { association: 'Re_Adresse', label: adresse },
  mi_adresse_id: { association: 'Mi_Adresse', label: adresse },
  re_konto_id: { association: 'Re_Konto', label: konto },
  mi_konto_id: { association: 'Mi_Konto', label: konto },
  verband_bezirk_id: { association: 'Verband_Bezirk', label: (b) => `${b.bezirk_nummer} - ${b.bezirk_name}` },
};

/** The included records are shown in their reference field's row, never as rows of their own. */
const ZIELE = new Set(Object.values(REFERENZEN).map((r) => r.association));

/** Loads a user with what its reference fields point at, for the diff. */
export const MIT_REFERENZEN = { include: Object.values(REFERENZEN).map((r) => r.association) };

function wert(row: Row, field: string): string {
  const referenz = REFERENZEN[field];
  const target = referenz && (row[referenz.association] as Row | null | undefined);
  return target ? `${referenz.label(target)} (${row[field]})` : anzeigeWert(field, row[field]);
}

/** The compared fields in the order of the edit window, then any others the records carry. */
export function benutzerDiff(
  bleibend: Row,
  obsolet: Row,
  passwort: { bleibend: boolean; obsolet: boolean },
): DiffZeile[] {
  const fields = [
    ...new Set([...Object.keys(BENUTZER_FELDER), ...Object.keys(bleibend), ...Object.keys(obsolet)]),
  ]
    .filter((field) => !NICHT_VERGLICHEN.includes(field) && !ZIELE.has(field))
    .filter((field) => field === 'password' || (isPlain(bleibend[field]) && isPlain(obsolet[field])));
  return fields.map((field) => {
    const [a, b] =
      field === 'password'
        ? [passwort.bleibend ? PASSWORT_MASKE : '', passwort.obsolet ? PASSWORT_MASKE : '']
        : [wert(bleibend, field), wert(obsolet, field)];
    const verschieden = a !== b;
    const label = BENUTZER_FELDER[field] ?? fieldLabel('benutzer', field) ?? field;
    return {
      field,
      label,
      bleibend: a,
      obsolet: b,
      verschieden,
      uebernehmbar: verschieden && !NIE_UEBERNOMMEN.includes(field),
    };
  });
}
