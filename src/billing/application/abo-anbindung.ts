/**
 * What billing offers promotions' Abos (issue 30), behind its exported port AboVorgaenge: the
 * periods' transactions are booked, changed and deleted by billing's own use cases, each in the
 * caller's transaction.
 */
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../platform/audit/audit-trail';
import type { Transaktion } from '../../platform/database/transaktion';
import { centsToEuros, eurosToCents, type Cents } from '../../shared/money';
import { istGesperrt, istLoeschbar } from '../domain/vorgang';
import { Buchungen } from './buchungen';
import { AboVorgaenge, type AboPeriodenBuchung, type AboPeriodenVorgang } from './ports/abo-vorgaenge';
import { Abrechnungsspeicher } from './ports/abrechnungsspeicher';
import { Vorgaenge } from './vorgaenge';

@Injectable()
export class AboAnbindung extends AboVorgaenge {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly buchungen: Buchungen,
    private readonly vorgaenge: Vorgaenge,
  ) {
    super();
  }

  async vorgaengeDerBuchung(tx: Transaktion, aboBuchungId: number): Promise<AboPeriodenVorgang[]> {
    const liste = await this.speicher.in(tx).aboBuchungsVorgaengeGesperrt(aboBuchungId);
    return liste.map(({ id, wb_abo_turnus_id, betrag, storno, locked, rw_rechnung_id }) => ({
      id,
      wb_abo_turnus_id,
      betrag: betrag == null ? null : Number(betrag),
      storno,
      locked,
      rw_rechnung_id,
    }));
  }

  async periodenDerBuchungen(tx: Transaktion, aboId: number): Promise<Map<number, Set<number>>> {
    const perioden = new Map<number, Set<number>>();
    for (const { wb_abo_buchung_id, wb_abo_turnus_id } of await this.speicher.in(tx).aboPerioden(aboId)) {
      if (wb_abo_buchung_id == null || wb_abo_turnus_id == null) continue;
      const gebucht = perioden.get(wb_abo_buchung_id) ?? new Set<number>();
      perioden.set(wb_abo_buchung_id, gebucht.add(wb_abo_turnus_id));
    }
    return perioden;
  }

  abgerechnet(tx: Transaktion, aboBuchungId: number): Promise<number> {
    return this.speicher.in(tx).aboBuchungAbgerechnet(aboBuchungId);
  }

  periodeBuchen(
    tx: Transaktion,
    buchung: AboPeriodenBuchung,
    actor: Actor | null,
    jetzt: Date,
  ): Promise<number> {
    const { betrag, ...objekt } = buchung;
    return this.buchungen.buchenIn(
      this.speicher.in(tx),
      { category: 'abos', ...objekt, ...(betrag === null ? {} : { betrag: centsToEuros(betrag) }) },
      actor,
      jetzt,
    );
  }

  async loeschen(tx: Transaktion, id: number, actor: Actor | null): Promise<boolean> {
    const billing = this.speicher.in(tx);
    const t = await billing.vorgangGesperrt(id);
    if (!t || !istLoeschbar(t)) return false;
    await this.vorgaenge.loeschenIn(billing, t, actor);
    return true;
  }

  async betragAnpassen(tx: Transaktion, id: number, betrag: Cents, actor: Actor | null): Promise<boolean> {
    const billing = this.speicher.in(tx);
    const t = await billing.vorgangGesperrt(id);
    if (!t || t.child_id != null || t.storno || istGesperrt(t)) return false;
    if (t.betrag != null && eurosToCents(Number(t.betrag)) === betrag) return false;
    await this.vorgaenge.versionIn(billing, t, { betrag: centsToEuros(betrag) }, actor);
    return true;
  }
}
