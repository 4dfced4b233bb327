/**
 * Port billing exports to promotions' Abos (issue 30): the transactions an Abo booking owes per
 * period are billing's like every other booking. Each method runs in the caller's transaction
 * `tx` (the booking row locked by the caller), so a period is booked at most once.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { Cents } from '../../../shared/money';

/** The latest version of a transaction naming an Abo booking. */
export interface AboPeriodenVorgang {
  id: number;
  wb_abo_turnus_id: number | null;
  /** Euros, as the transaction stores them. */
  betrag: number | null;
  storno: boolean;
  locked: boolean;
  rw_rechnung_id: number | null;
}

/** One period of an Abo booking to book. */
export interface AboPeriodenBuchung {
  benutzer_id: number;
  teilnehmer_id: number;
  wb_abo_id: number;
  wb_abo_turnus_id: number;
  wb_abo_buchung_id: number;
  /** Null: the period's price; else the amount owed (a price guarantee). */
  betrag: Cents | null;
}

export abstract class AboVorgaenge {
  /** The latest versions (cancelled ones too) naming the booking, locked until `tx` ends. */
  abstract vorgaengeDerBuchung(tx: Transaktion, aboBuchungId: number): Promise<AboPeriodenVorgang[]>;
  /**
   * The periods the latest versions (cancelled ones too) of all the Abo's bookings name, per
   * booking id; read without locks, for a look before each booking is checked locked.
   */
  abstract periodenDerBuchungen(tx: Transaktion, aboId: number): Promise<Map<number, Set<number>>>;
  /** How many versions naming the booking an invoice settled. */
  abstract abgerechnet(tx: Transaktion, aboBuchungId: number): Promise<number>;
  /** Books one period (unverified, like a booking by hand); answers the transaction's id. */
  abstract periodeBuchen(
    tx: Transaktion,
    buchung: AboPeriodenBuchung,
    actor: Actor | null,
    jetzt: Date,
  ): Promise<number>;
  /**
   * Deletes the transaction if billing's rules let it go (unsettled, unlocked, without earlier
   * versions); answers whether it did.
   */
  abstract loeschen(tx: Transaktion, id: number, actor: Actor | null): Promise<boolean>;
  /**
   * Gives an unsettled, unlocked transaction a new amount as a new version; answers whether it
   * changed (false: the amount was already right, or an invoice settled it).
   */
  abstract betragAnpassen(tx: Transaktion, id: number, betrag: Cents, actor: Actor | null): Promise<boolean>;
}
