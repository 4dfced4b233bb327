/**
 * Read port billing exports to seminars (issue 10, 11): a new seminar's debtor number, whether
 * bookings name a seminar or an event (then it must not be deleted: bookings are financial history),
 * and a seminar's current bookings, its participant list's source. Each runs in the caller's
 * transaction `tx` (a seminar's save, a count kept after a booking changed).
 */
import type { Transaktion } from '../../../platform/database/transaktion';

/** The person of a booking as the seminars' participant lists and certificates need it. */
export interface BuchungsPerson {
  id: number;
  kennnummer: string | null;
  vorname: string | null;
  nachname: string | null;
  titel: string | null;
  firma: string | null;
  anzeigename: string | null;
  ansprache: string | null;
  email: string | null;
  atr_mitglied: boolean;
  berufsbezeichnung: string | null;
  stb_datum: string | null;
  parent: { id: number; kennnummer: string | null; anzeigename: string | null; firma: string | null } | null;
}

/** A current booking of a seminar or one of its events (issue 11). */
export interface SeminarBuchung {
  id: number;
  veranstaltung_event_id: number | null;
  betrag: number | null;
  buchung_typ: string | null;
  /** The name as booked (guests without a Benutzer have only this). */
  teilnehmer: string | null;
  /** Who takes part: the named participant, else the booking person. */
  person: BuchungsPerson | null;
}

/** A current booking as the participant counts need it: who takes part, and in what. */
export type SeminarTeilnahme = Pick<SeminarBuchung, 'id' | 'veranstaltung_event_id' | 'teilnehmer'> & {
  person: { id: number } | null;
};

/** Seminars by id, each with its events' ids: the transactions of both are the seminar's. */
export type SeminareMitEvents = ReadonlyMap<number, readonly number[]>;

export abstract class SeminarBuchungen {
  /**
   * The circle's next debtor number (gapless, DESIGN.md §4), the circle row locked until `tx` ends,
   * so two seminars saved at once get consecutive numbers. Null when the circle does not exist.
   */
  abstract naechsteDebitorNummer(tx: Transaktion, kreisId: number): Promise<number | null>;
  /** How many booking transactions (any version, cancelled too) name the seminar or one of its events. */
  abstract buchungenZuSeminar(tx: Transaktion, veranstaltungId: number): Promise<number>;
  /** How many booking transactions name the event. */
  abstract buchungenZuEvent(tx: Transaktion, eventId: number): Promise<number>;
  /**
   * The current bookings (common/vorgang.ts) of each of these seminars and of its events, by id,
   * in one read; every seminar asked for is a key.
   */
  abstract aktuelleSeminarBuchungen(
    tx: Transaktion,
    seminare: SeminareMitEvents,
  ): Promise<Map<number, SeminarBuchung[]>>;
  /** The same bookings with only what counting needs: no person's details read. */
  abstract aktuelleSeminarTeilnahmen(
    tx: Transaktion,
    seminare: SeminareMitEvents,
  ): Promise<Map<number, SeminarTeilnahme[]>>;
}
