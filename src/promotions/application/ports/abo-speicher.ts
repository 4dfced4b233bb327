/**
 * Port of the Abo use cases (issue 30): Abos, their periods and bookings as the period engine
 * (domain/abo-turnus.ts) sees them. A unit of work is one database transaction; locking reads
 * hold the row until it ends, so two runs at once wait for each other per Abo and per booking.
 */
import type { AuditEntry } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { AboTakt, Periode, Turnus } from '../../domain/abo-turnus';

export interface Abo extends AboTakt {
  id: number;
  aktiv: boolean;
  auslaufen_lassen: boolean;
}

/** A stored period with its VAT rate, which a new period takes over. */
export interface GespeicherterTurnus extends Turnus {
  wb_abo_id: number;
  mwst: number | null;
}

export interface AboBuchung {
  id: number;
  wb_abo_id: number;
  benutzer_id: number;
  teilnehmer_id: number | null;
  first_turnus_id: number;
  last_turnus_id: number | null;
  storno_valid_from: string | null;
  storno_datum: string | null;
}

export type BuchungsStorno = Pick<AboBuchung, 'last_turnus_id' | 'storno_valid_from' | 'storno_datum'>;

export interface AboTx {
  readonly transaktion: Transaktion;
  protokolliere(entry: AuditEntry): Promise<void>;
  /** The Abo, locked with `sperren`. */
  abo(id: number, sperren?: boolean): Promise<Abo | null>;
  /** The Abo's periods, oldest first. */
  turni(aboId: number): Promise<GespeicherterTurnus[]>;
  /** A new period with the conditions of `wie` (not paused); answers its id. */
  turnusAnlegen(wie: GespeicherterTurnus, periode: Periode): Promise<number>;
  /** The period, locked. */
  turnusGesperrt(id: number): Promise<GespeicherterTurnus | null>;
  /** Removes the period's link to a seminar or event; answers whether there was one. */
  verknuepfungEntfernen(turnusId: number, art: 'seminar' | 'event', id: number): Promise<boolean>;
  buchungGesperrt(id: number): Promise<AboBuchung | null>;
  /** The Abo's bookings by id, unlocked. */
  buchungen(aboId: number): Promise<AboBuchung[]>;
  buchungAendern(id: number, werte: BuchungsStorno): Promise<void>;
}

export abstract class AboSpeicher {
  abstract transaktion<T>(arbeit: (tx: AboTx) => Promise<T>): Promise<T>;
  /** The unit of work of a transaction another save opened (a new Abo's first period). */
  abstract in(tx: Transaktion): AboTx;
  /** The ids of the Abos whose periods are billed (aktiv), and of their bookings, outside a transaction. */
  abstract aktiveAbos(): Promise<{ id: number; buchungen: number[] }[]>;
  /** The ids of an Abo's bookings. */
  abstract buchungenDesAbos(aboId: number): Promise<number[]>;
}
