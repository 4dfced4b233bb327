/**
 * Numbers from number circles (DESIGN.md §4): taken inside the caller's transaction, the one that
 * writes the document, with the circle row locked until it ends (Abrechnungsspeicher's locking
 * reads). A rolled-back document gives its number back with it, so numbers are gapless and unique.
 */
import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain-error';
import { naechsteNummer, type Nummernkreis } from '../domain/nummernkreis';
import type { BillingTx } from './ports/abrechnungsspeicher';

/**
 * The invoice circles a run or a storno numbers from, locked until its transaction ends: numbers
 * are counted on from the locked rows, and `schreiben` stores each circle's counter once, before
 * the documents' transaction commits (which takes them back if it rolls back).
 */
export class Nummernblock {
  private readonly geaendert = new Set<number>();

  constructor(
    private readonly tx: BillingTx,
    private readonly kreise: Map<number, Nummernkreis | null>,
  ) {}

  /** The next invoice number of circle `kreisId`, one of those locked. */
  naechste(kreisId: number, datum: Date): string {
    const kreis = this.kreise.get(kreisId);
    if (kreis === undefined) throw new Error(`Der Rechnungs-Kreis ${kreisId} wurde nicht vorher gesperrt.`);
    if (kreis === null)
      throw DomainError.conflict('KREIS_FEHLT', `Der Rechnungs-Kreis ${kreisId} existiert nicht mehr.`);
    const { current_nr, nummer } = naechsteNummer(kreis, datum);
    kreis.current_nr = current_nr;
    this.geaendert.add(kreisId);
    return nummer;
  }

  /** Stores the counters of the circles numbers were taken from. */
  async schreiben(): Promise<void> {
    for (const id of this.geaendert)
      await this.tx.kreisZaehlerSetzen('rechnung', id, this.kreise.get(id)!.current_nr);
    this.geaendert.clear();
  }
}

@Injectable()
export class Nummernvergabe {
  /**
   * Locks the circles in ascending id order, before a run takes any number from them (runs that
   * share circles then queue up in the same order and cannot deadlock); answers the block that
   * numbers from them.
   */
  async sperren(tx: BillingTx, kreisIds: number[]): Promise<Nummernblock> {
    const kreise = new Map<number, Nummernkreis | null>();
    for (const kreisId of [...new Set(kreisIds)].sort((a, b) => a - b)) {
      const kreis = await tx.rechnungsKreisGesperrt(kreisId);
      kreise.set(kreisId, kreis && { ...kreis });
    }
    return new Nummernblock(tx, kreise);
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
