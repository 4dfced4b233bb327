/**
 * The German labels and display values of Benutzer fields (spec 000 §3), shared by the edit
 * window and the merge diff so that both name a field the same way.
 */
import { formatDateValue } from '../../lib/format';

export const BENUTZER_FELDER: Record<string, string> = {
  kennnummer: 'Kennnummer',
  benutzername: 'Benutzername',
  password: 'Passwort',
  gender: 'Geschlecht',
  titel: 'Titel',
  akad_grad: 'Akad. Grad',
  vorname: 'Vorname',
  nachname: 'Nachname',
  firma: 'Firma',
  anrede: 'Anrede',
  berufsbezeichnung: 'Berufsbezeichnung',
  tel1: 'Telefon',
  tel2: 'Mobil',
  primaeremail_id: 'Primäre Email',
  parent_id: 'Gehört zu (Firma / Mitglied)',
  freigabe: 'Freigabe (selbständige Seminarbuchung)',
  verband_bezirk_id: 'Bezirk',
  stb_datum: 'StB-Datum',
  kuendigung_datum: 'Kündigungsdatum',
  re_email_id: 'Rechnungs-Email',
  re_adresse_id: 'Rechnungs-Adresse',
  re_konto_id: 'Rechnungs-Konto',
  mi_adresse_id: 'Mitglieds-Adresse',
  mi_konto_id: 'Mitglieds-Konto',
  aktiviert: 'Aktiviert',
  atr_mitglied: 'Mitglied',
  atr_referent: 'Referent',
  atr_verband_mitarbeiter: 'Verbandsmitarbeiter',
  atr_kein_newsletter: 'Kein Newsletter',
};

export const GENDER_OPTIONS: { value: string | null; label: string }[] = [
  { value: null, label: 'keine Angabe' },
  { value: 'male', label: 'männlich' },
  { value: 'female', label: 'weiblich' },
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
