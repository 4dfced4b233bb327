/**
 * Issued invoices never change (DESIGN.md §4): corrections are storno invoices. What an issued
 * invoice may still receive: its summary, its storno links and payment details.
 */
import { DomainError } from '../../shared/domain-error';

type Werte = Record<string, unknown>;

export const RECHNUNG_FEST = [
  'rechnungs_nr',
  'betrag',
  'netto',
  'mwst',
  'benutzer_id',
  'rw_kreis_id',
  'data',
];

const geaendert = (werte: Werte, vorher: Werte, feld: string) =>
  feld in werte && JSON.stringify(werte[feld]) !== JSON.stringify(vorher[feld]);

export function pruefeRechnungsaenderung(werte: Werte, vorher: Werte): void {
  const fest = RECHNUNG_FEST.filter((feld) => geaendert(werte, vorher, feld));
  if (fest.length > 0) {
    throw DomainError.conflict(
      'RECHNUNG_AUSGESTELLT',
      `Eine ausgestellte Rechnung kann nicht geändert werden (${fest.join(', ')}); bitte stornieren.`,
    );
  }
}

/** An invoice in a summary, or one with or of a storno, stays. */
export function pruefeRechnungsloeschung(rechnung: Werte): void {
  if (rechnung.rw_abrechnung_id != null || rechnung.storno_id != null || rechnung.storno_parent_id != null) {
    throw DomainError.conflict(
      'RECHNUNG_ABGERECHNET',
      'Die Rechnung ist bereits abgerechnet oder storniert und kann nicht gelöscht werden.',
    );
  }
}

/** Spec 002 §4: a transaction is verified only if it is not cancelled. */
export function pruefeVerifizierung(werte: Werte, vorher: Werte | undefined): void {
  const storno = werte.storno ?? vorher?.storno;
  if (werte.verifiziert === true && storno) {
    throw DomainError.conflict(
      'TRANSACTION_STORNIERT',
      'Eine stornierte Buchung kann nicht verifiziert werden.',
    );
  }
}
