/**
 * Payment options (spec 002 §3, §9): how one member pays for one category object — the address
 * the invoice goes to and, for a debit (Einzugsermächtigung), the account collected from; refunds
 * (neg_typ) by debit go back to the refund account, else to that account. Address and accounts
 * must be the member's own.
 */
import { DomainError } from '../../shared/domain-error';
import { KATEGORIE_ID_FELD, type Kategorie } from './kategorie';

type Werte = Record<string, unknown>;

/** Who owns the address and accounts named (null: no such record). */
export interface Eigentuemer {
  benutzer_adresse_id?: number | null;
  benutzer_konto_id?: number | null;
  neg_benutzer_konto_id?: number | null;
}

export function pruefeBezahloption(option: Werte, eigentuemer: Eigentuemer): void {
  const fehler: Record<string, string> = {};
  const feld = KATEGORIE_ID_FELD[option.category as Kategorie];
  if (feld) {
    if (option[feld] == null) fehler[feld] = 'ist für diesen Bereich ein Pflichtfeld';
    for (const anderes of Object.values(KATEGORIE_ID_FELD))
      if (anderes !== feld && option[anderes] != null) fehler[anderes] = 'passt nicht zum Bereich';
  }
  for (const [name, besitzer] of Object.entries(eigentuemer) as [keyof Eigentuemer, number | null][]) {
    if (option[name] != null && besitzer !== option.benutzer_id)
      fehler[name] = 'gehört nicht zu diesem Mitglied';
  }
  if (option.typ === 'debit' && option.benutzer_konto_id == null)
    fehler.benutzer_konto_id = 'ist für eine Einzugsermächtigung ein Pflichtfeld';
  if (option.neg_typ === 'debit' && option.neg_benutzer_konto_id == null && option.benutzer_konto_id == null)
    fehler.neg_benutzer_konto_id = 'ist für Erstattungen per Lastschriftkonto ein Pflichtfeld';
  if (typeof option.leitweg_id === 'string' && option.leitweg_id.trim() !== '') {
    const f = leitwegIdFehler(option.leitweg_id);
    if (f) fehler.leitweg_id = f;
  }
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler);
}

/**
 * A Leitweg-ID as KoSIT defines it (issue 29): the coarse address (2–12 digits), optionally a fine
 * address (up to 30 letters or digits), and two check digits, joined by hyphens (04011000-1234512345-06).
 */
export function leitwegIdFehler(raw: string): string | null {
  return /^\d{2,12}(-[A-Za-z0-9]{1,30})?-\d{2}$/.test(raw.trim())
    ? null
    : 'ist ungültig: Grobadressierung (2–12 Ziffern), optional Feinadressierung, Prüfziffern, z. B. 04011000-1234512345-06';
}

export const bezahloptionDoppelt = () =>
  DomainError.conflict(
    'BEZAHLOPTION_DOPPELT',
    'Für dieses Mitglied ist für diesen Eintrag bereits eine Zahlungsart hinterlegt.',
  );
