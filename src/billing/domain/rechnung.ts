/**
 * Issued invoices never change (DESIGN.md §4): corrections are storno invoices. What an issued
 * invoice may still receive: its summary, its storno links and payment details. Deleting one is
 * refused outright (billing.resources.ts).
 */
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

/** Spec 002 §4: an invoice that is itself a storno, or already has one, cannot be cancelled again. */
export function pruefeStornierbar(rechnung: {
  storno_id: number | null;
  storno_parent_id: number | null;
}): void {
  if (rechnung.storno_parent_id != null) {
    throw DomainError.conflict('STORNORECHNUNG', 'Eine Stornorechnung kann nicht storniert werden.');
  }
  if (rechnung.storno_id != null) {
    throw DomainError.conflict('BEREITS_STORNIERT', 'Die Rechnung ist bereits storniert.');
  }
}

/**
 * A storno negates the invoice's lines and its VAT table exactly. Invoices stored before that
 * table existed (the old demo data) carry none, or were marked by migration 1732000060000 as not
 * exactly reproducible (`altes_format`, its German reason): cancelling them would issue a storno
 * with wrong totals, so it is refused.
 */
export function pruefeExaktStornierbar(rechnung: { rechnungs_nr: string; data: Werte | null }): void {
  const data = rechnung.data ?? {};
  if (typeof data.altes_format === 'string' || !Array.isArray(data.steuern)) {
    throw DomainError.conflict(
      'RECHNUNG_ALTES_FORMAT',
      `Die Rechnung ${rechnung.rechnungs_nr} ist in einem älteren Format gespeichert, aus dem sich keine exakte Stornorechnung erstellen lässt` +
        (typeof data.altes_format === 'string'
          ? ` (${data.altes_format})`
          : ' (ohne Aufstellung der Umsatzsteuer)') +
        '. Bitte korrigieren Sie sie außerhalb des Programms.',
    );
  }
}
