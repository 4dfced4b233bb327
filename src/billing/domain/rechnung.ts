/**
 * Issued invoices never change (DESIGN.md §4): corrections are storno invoices. What an issued
 * invoice may still receive: its summary, its storno links and payment details.
 */
import { matchesCondition, type RecordCondition } from '../../../common/resource-meta';
import { quotedLabels } from '../../../common/vocabulary';
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
      `Eine ausgestellte Rechnung kann nicht geändert werden (${quotedLabels('rw-rechnung', fest)}); bitte stornieren.`,
    );
  }
}

/** Only an invoice outside any summary, neither a storno nor cancelled by one, may be deleted. */
export const RECHNUNG_LOESCHBAR: RecordCondition = {
  rw_abrechnung_id: null,
  storno_id: null,
  storno_parent_id: null,
};

export function pruefeRechnungsloeschung(rechnung: Werte): void {
  if (!matchesCondition(rechnung, RECHNUNG_LOESCHBAR)) {
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
