/**
 * Abo bookings over their periods (issue 30; spec 003 §4–§5, spec 002 §4): the daily run that
 * adds the coming periods and books what each active booking owes for them, cancellation and its
 * revocation, and the refusal to delete a booking an invoice settled. The rules are the period
 * engine's (domain/abo-turnus.ts); the transactions are billing's, booked through its exported
 * port AboVorgaenge in this context's transaction, the booking row locked: a period is booked
 * once however many runs overlap, and a second run books nothing.
 */
import { Injectable } from '@nestjs/common';
import { berlinDatum } from '../../../common/kalender';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Transaktion } from '../../platform/database/transaktion';
import type { Melder } from '../../platform/queue/hintergrund';
import { DomainError } from '../../shared/domain-error';
import { AboVorgaenge } from '../../billing/application/ports/abo-vorgaenge';
import {
  buchungsPerioden,
  faelligeSchulden,
  fehlendePerioden,
  kuendigung,
  periodenpreis,
  type Kuendigungswunsch,
} from '../domain/abo-turnus';
import { AboSpeicher, type Abo, type AboBuchung, type AboTx } from './ports/abo-speicher';

const RESOURCE = 'wb-abo-buchung';

/** What one run of the period billing did (shown on the Aufträge screen). */
export interface Periodenlauf {
  stichtag: string;
  abos: number;
  turnusse: number;
  buchungen: number;
  vorgaenge: number;
}

/** A cancellation's or revocation's answer: the booking as it stands and what changed. */
export interface Kuendigungsergebnis {
  buchung: AboBuchung;
  /** Unsettled transactions of periods after the end, deleted. */
  geloescht: number;
  /** Transactions of periods now owed again, booked. */
  angelegt: number;
  /** The warning of spec 003 §5 about already past seminars, when the end lies in the past. */
  warnung: string | null;
}

export interface Kuendigungsanfrage extends Kuendigungswunsch {
  /** The staff member's name as the dialog sends it; the audit names the logged-in one anyway. */
  admin?: string | null;
  delete_unsettled_transactions?: boolean;
}

const mehrzahl = (n: number, eins: string, viele: string) => `${n} ${n === 1 ? eins : viele}`;

/** A run's counts in German, e.g. „bis 2025-04-15: 2 Turnusse angelegt, 7 Vorgänge für 2 Abo-Buchungen gebucht“. */
export function laufText(lauf: Periodenlauf): string {
  return (
    `bis ${lauf.stichtag}: ${mehrzahl(lauf.turnusse, 'Turnus', 'Turnusse')} angelegt, ` +
    `${mehrzahl(lauf.vorgaenge, 'Vorgang', 'Vorgänge')} für ${mehrzahl(lauf.buchungen, 'Abo-Buchung', 'Abo-Buchungen')} gebucht`
  );
}

const nichtGefunden = (id: number) =>
  DomainError.notFound('ABO_BUCHUNG_NICHT_GEFUNDEN', `Abo-Buchung ${id} wurde nicht gefunden.`);

@Injectable()
export class AboAbrechnung {
  constructor(
    private readonly speicher: AboSpeicher,
    private readonly vorgaenge: AboVorgaenge,
  ) {}

  /**
   * The daily run: for every active Abo the periods due by `stichtag` are added (unless it runs
   * out), then every booking gets the transactions it owes by then.
   */
  async periodenAbrechnen(
    jetzt: Date,
    stichtag = berlinDatum(jetzt),
    melde: Melder = async () => undefined,
  ): Promise<Periodenlauf> {
    const abos = await this.speicher.aktiveAbos();
    const gesamt = abos.reduce((n, a) => n + a.buchungen.length, 0);
    const lauf: Periodenlauf = { stichtag, abos: abos.length, turnusse: 0, buchungen: 0, vorgaenge: 0 };
    let erledigt = 0;
    for (const { id, buchungen } of abos) {
      lauf.turnusse += await this.speicher.transaktion((tx) => this.periodenErgaenzen(tx, id, stichtag));
      const offen = await this.schuldende(id, stichtag);
      for (const buchungId of offen) {
        const angelegt = await this.speicher.transaktion(async (tx) => {
          const buchung = await tx.buchungGesperrt(buchungId);
          const abo = buchung && (await tx.abo(buchung.wb_abo_id));
          return buchung && abo ? this.abrechnenIn(tx, abo, buchung, stichtag, jetzt, null) : 0;
        });
        if (angelegt > 0) lauf.buchungen++;
        lauf.vorgaenge += angelegt;
      }
      erledigt += buchungen.length;
      await melde(erledigt, gesamt, 'Abo-Perioden werden gebucht');
    }
    // The last report stays with the finished job: the Aufträge screen shows it as its result.
    await melde(gesamt, gesamt, laufText(lauf));
    return lauf;
  }

  /**
   * The Abo's bookings that owe a period due by `stichtag` without a transaction, read in one
   * look without locks: a daily run opens a locked transaction (which checks again) only for
   * these, not for every booking of every Abo.
   */
  private async schuldende(aboId: number, stichtag: string): Promise<number[]> {
    return this.speicher.transaktion(async (tx) => {
      const abo = await tx.abo(aboId);
      if (!abo?.aktiv) return [];
      const turni = await tx.turni(aboId);
      const gebucht = await this.vorgaenge.periodenDerBuchungen(tx.transaktion, aboId);
      return (await tx.buchungen(aboId))
        .filter((buchung) =>
          faelligeSchulden(abo, turni, buchung, stichtag).some(
            (schuld) => !gebucht.get(buchung.id)?.has(schuld.turnus_id),
          ),
        )
        .map((buchung) => buchung.id);
    });
  }

  /** Adds the periods due by `stichtag` after the Abo's latest (locked: one run adds them). */
  private async periodenErgaenzen(tx: AboTx, aboId: number, stichtag: string): Promise<number> {
    const abo = await tx.abo(aboId, true);
    if (!abo || !abo.aktiv || abo.auslaufen_lassen) return 0;
    const turni = await tx.turni(aboId);
    const letzter = turni[turni.length - 1];
    if (!letzter) return 0;
    const neu = fehlendePerioden(abo, letzter, stichtag);
    for (const periode of neu) await tx.turnusAnlegen(letzter, periode);
    return neu.length;
  }

  /** Books the periods the booking owes by `stichtag` that have no transaction yet. */
  private async abrechnenIn(
    tx: AboTx,
    abo: Abo,
    buchung: AboBuchung,
    stichtag: string,
    jetzt: Date,
    actor: Actor | null,
  ): Promise<number> {
    if (!abo.aktiv) return 0;
    const turni = await tx.turni(abo.id);
    const gebucht = new Set(
      (await this.vorgaenge.vorgaengeDerBuchung(tx.transaktion, buchung.id)).map((v) => v.wb_abo_turnus_id),
    );
    const preise = new Map(turni.map((t) => [t.id, t.preis]));
    let angelegt = 0;
    for (const schuld of faelligeSchulden(abo, turni, buchung, stichtag)) {
      if (gebucht.has(schuld.turnus_id)) continue;
      await this.vorgaenge.periodeBuchen(
        tx.transaktion,
        {
          benutzer_id: buchung.benutzer_id,
          teilnehmer_id: buchung.teilnehmer_id ?? buchung.benutzer_id,
          wb_abo_id: abo.id,
          wb_abo_turnus_id: schuld.turnus_id,
          wb_abo_buchung_id: buchung.id,
          betrag: schuld.betrag === preise.get(schuld.turnus_id) ? null : schuld.betrag,
        },
        actor,
        jetzt,
      );
      angelegt++;
    }
    return angelegt;
  }

  /**
   * DELETE …/wb-abo-buchung/{id}/storno: cancels (or moves an existing cancellation) to a period
   * end, or a date with instant_storno; with delete_unsettled_transactions the unsettled
   * transactions of the periods after it go; periods now owed again are booked. Audited.
   */
  kuendigen(
    id: number,
    anfrage: Kuendigungsanfrage,
    actor: Actor | null,
    jetzt: Date,
  ): Promise<Kuendigungsergebnis> {
    const heute = berlinDatum(jetzt);
    return this.speicher.transaktion(async (tx) => {
      const { buchung, abo } = await this.gesperrt(tx, id);
      const turni = await tx.turni(abo.id);
      const ende = kuendigung(abo, turni, buchung, anfrage, heute);
      const neu = {
        ...buchung,
        last_turnus_id: ende.last_turnus_id,
        storno_valid_from: ende.storno_valid_from,
        storno_datum: heute,
      };
      let geloescht = 0;
      if (anfrage.delete_unsettled_transactions) {
        const bleiben = new Set(buchungsPerioden(turni, neu).map((t) => t.id));
        for (const v of await this.vorgaenge.vorgaengeDerBuchung(tx.transaktion, id)) {
          if (v.wb_abo_turnus_id == null || bleiben.has(v.wb_abo_turnus_id)) continue;
          if (!v.storno && (await this.vorgaenge.loeschen(tx.transaktion, v.id, actor))) geloescht++;
        }
      }
      return this.speichern(tx, abo, buchung, neu, 'cancel', actor, jetzt, {
        geloescht,
        warnung: ende.warnung,
      });
    });
  }

  /** DELETE …/wb-abo-buchung/{id}/cancel_storno: the booking runs on; its periods since are booked. Audited. */
  kuendigungWiderrufen(id: number, actor: Actor | null, jetzt: Date): Promise<Kuendigungsergebnis> {
    return this.speicher.transaktion(async (tx) => {
      const { buchung, abo } = await this.gesperrt(tx, id);
      if (buchung.storno_valid_from == null && buchung.last_turnus_id == null)
        throw DomainError.conflict('ABO_NICHT_GEKUENDIGT', 'Die Abo-Buchung ist nicht gekündigt.');
      const neu = { ...buchung, last_turnus_id: null, storno_valid_from: null, storno_datum: null };
      return this.speichern(tx, abo, buchung, neu, 'cancel-revoked', actor, jetzt, {
        geloescht: 0,
        warnung: null,
      });
    });
  }

  private async speichern(
    tx: AboTx,
    abo: Abo,
    vorher: AboBuchung,
    neu: AboBuchung,
    action: 'cancel' | 'cancel-revoked',
    actor: Actor | null,
    jetzt: Date,
    ergebnis: Pick<Kuendigungsergebnis, 'geloescht' | 'warnung'>,
  ): Promise<Kuendigungsergebnis> {
    const { last_turnus_id, storno_valid_from, storno_datum } = neu;
    await tx.buchungAendern(neu.id, { last_turnus_id, storno_valid_from, storno_datum });
    await tx.protokolliere({
      actor,
      resource: RESOURCE,
      recordId: neu.id,
      action,
      changes: auditChanges({ ...vorher }, { ...neu }),
    });
    // A later end, or none, makes periods owed again that the run skipped or that were deleted.
    const angelegt = await this.abrechnenIn(tx, abo, neu, berlinDatum(jetzt), jetzt, actor);
    return { buchung: neu, angelegt, ...ergebnis };
  }

  private async gesperrt(tx: AboTx, id: number): Promise<{ buchung: AboBuchung; abo: Abo }> {
    const buchung = await tx.buchungGesperrt(id);
    const abo = buchung && (await tx.abo(buchung.wb_abo_id));
    if (!buchung || !abo) throw nichtGefunden(id);
    return { buchung, abo };
  }

  /**
   * After a period was saved with `force_update_transactions` (spec 003 §7): every booking of its
   * Abo gets the amounts it owes now (price, price guarantee) on its unsettled transactions as new
   * versions, and a paused period's unsettled transactions go. Answers how many changed
   * (`rw_transactions_changed`); settled ones stay as invoiced.
   */
  async vorgaengeAnpassen(turnusId: number, actor: Actor | null): Promise<number> {
    const turnus = await this.speicher.transaktion((tx) => tx.turnusGesperrt(turnusId));
    if (!turnus) return 0;
    let geaendert = 0;
    for (const id of await this.speicher.buchungenDesAbos(turnus.wb_abo_id)) {
      geaendert += await this.speicher.transaktion(async (tx) => {
        const buchung = await tx.buchungGesperrt(id);
        if (!buchung) return 0;
        const perioden = buchungsPerioden(await tx.turni(buchung.wb_abo_id), buchung);
        let n = 0;
        for (const v of await this.vorgaenge.vorgaengeDerBuchung(tx.transaktion, id)) {
          const index = perioden.findIndex((t) => t.id === v.wb_abo_turnus_id);
          if (v.storno || index < 0) continue;
          const anders = perioden[index].pause
            ? await this.vorgaenge.loeschen(tx.transaktion, v.id, actor)
            : await this.vorgaenge.betragAnpassen(
                tx.transaktion,
                v.id,
                periodenpreis(perioden, index),
                actor,
              );
          if (anders) n++;
        }
        return n;
      });
    }
    return geaendert;
  }

  /**
   * Before a booking is deleted (spec 002 §4: only wrong entries): refused once an invoice settled
   * any of its transactions; otherwise its unsettled transactions go with it.
   */
  async vorLoeschung(tx: Transaktion, id: number, actor: Actor | null): Promise<void> {
    if ((await this.vorgaenge.abgerechnet(tx, id)) > 0)
      throw DomainError.conflict(
        'ABO_BUCHUNG_ABGERECHNET',
        'Die Abo-Buchung wurde bereits abgerechnet und kann nicht gelöscht werden; bitte kündigen Sie sie.',
      );
    for (const v of await this.vorgaenge.vorgaengeDerBuchung(tx, id))
      if (!v.storno) await this.vorgaenge.loeschen(tx, v.id, actor);
  }
}
