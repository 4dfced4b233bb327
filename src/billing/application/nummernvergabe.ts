/**
 * Numbers from number circles (DESIGN.md §4): taken inside the caller's transaction, the one that
 * writes the document, with the circle row locked until it ends (Abrechnungsspeicher's locking
 * reads). A rolled-back document gives its number back with it, so numbers are gapless and unique.
 */
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { naechsteNummer } from '../domain/nummernkreis';
import type { BillingTx } from './ports/abrechnungsspeicher';

@Injectable()
export class Nummernvergabe {
  /**
   * Locks the circles in ascending id order, before a run takes any number from them: runs that
   * share circles then queue up in the same order and cannot deadlock.
   */
  async sperren(tx: BillingTx, kreisIds: number[]): Promise<void> {
    for (const kreisId of [...kreisIds].sort((a, b) => a - b)) await tx.rechnungsKreisGesperrt(kreisId);
  }

  /** The next invoice number of circle `kreisId`; the circle stays locked until the transaction ends. */
  async naechsteRechnungsnummer(tx: BillingTx, kreisId: number, datum: Date): Promise<string> {
    const kreis = await tx.rechnungsKreisGesperrt(kreisId);
    if (!kreis) {
      throw DomainError.conflict('KREIS_FEHLT', `Der Rechnungs-Kreis ${kreisId} existiert nicht mehr.`);
    }
    const { current_nr, nummer } = naechsteNummer(kreis, datum);
    await tx.kreisZaehlerSetzen('rechnung', kreisId, current_nr);
    return nummer;
  }

  /**
   * The debtor circle's next number; null when the circle does not exist. A debtor number is a plain
   * number: the circle's offset continues an earlier system's numbering.
   */
  async naechsteDebitorNummer(tx: BillingTx, kreisId: number, datum: Date): Promise<number | null> {
    const kreis = await tx.debitorKreisGesperrt(kreisId);
    if (!kreis) return null;
    const { current_nr } = naechsteNummer(kreis, datum);
    await tx.kreisZaehlerSetzen('debitor', kreisId, current_nr);
    return kreis.offset_nr + current_nr;
  }
}
