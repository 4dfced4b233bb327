/**
 * The labels and display values of Benutzer fields (spec 000 §3), shared by the edit window and
 * the merge diff so that both name a field the same way. The labels are the vocabulary's.
 */
import { enumLabels, fieldLabel } from '../../../../common/vocabulary';
import { formatDateValue } from '../../lib/format';

/** The fields of the edit window, in its order (the merge diff compares them in the same order). */
const FELDER = [
  'kennnummer',
  'benutzername',
  'password',
  'gender',
  'titel',
  'akad_grad',
  'vorname',
  'nachname',
  'firma',
  'anrede',
  'berufsbezeichnung',
  'tel1',
  'tel2',
  'primaeremail_id',
  'parent_id',
  'freigabe',
  'verband_bezirk_id',
  'stb_datum',
  'kuendigung_datum',
  're_email_id',
  're_adresse_id',
  're_konto_id',
  'mi_adresse_id',
  'mi_konto_id',
  'aktiviert',
  'atr_mitglied',
  'atr_referent',
  'atr_verband_mitarbeiter',
  'atr_verband_admin',
  'atr_kein_newsletter',
];

export const BENUTZER_FELDER: Record<string, string> = Object.fromEntries(
  FELDER.map((name) => [name, fieldLabel('benutzer', name) ?? name]),
);

export const GENDER_OPTIONS: { value: string | null; label: string }[] = [
  { value: null, label: 'keine Angabe' },
  ...Object.entries(enumLabels('benutzer', 'gender') ?? {}).map(([value, label]) => ({ value, label })),
];

/** A field value as staff read it: ja/nein, German dates, the gender in words, empty for nothing. */
export function anzeigeWert(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (field === 'gender') return GENDER_OPTIONS.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatDateValue(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** How a user is named in selects and titles: the firm, or titel, vorname and nachname. */
export const benutzerLabel = (row: Record<string, unknown>) =>
  String(row.firma || [row.titel, row.vorname, row.nachname].filter(Boolean).join(' ') || `#${row.id}`);

/** A district as spec 000 §3 shows it: 'number - name'. */
export const bezirkLabel = (row: Record<string, unknown>) => `${row.bezirk_nummer} - ${row.bezirk_name}`;
