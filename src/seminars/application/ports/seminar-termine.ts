/**
 * Port: what seminars offer other contexts about coming dates (exported by SeminarsModule): the
 * seminars of a type, or their events, starting within a period, and one seminar or event as it is
 * now (the newsletter automation announces them and follows their changes).
 */
export interface Termin {
  veranstaltung_id: number;
  /** Null for a seminar as a whole. */
  veranstaltung_event_id: number | null;
  lg_id: string | null;
  titel: string;
  beginn: Date;
  /** The event or its seminar is fully booked. */
  ausgebucht: boolean;
}

export abstract class SeminarTermine {
  /**
   * Seminars of the type starting between `von` and `bis` ('seminar'), or their dated events
   * ('event', start from the event's Berlin date and time; an event without a time counts from
   * 00:00). An event without its own lg_id or title carries the seminar's.
   */
  abstract anstehende(art: 'seminar' | 'event', typId: number, von: Date, bis: Date): Promise<Termin[]>;
  /** The seminar, or the event of it, as it is now; null when it is gone or has no start any more. */
  abstract von(ziel: {
    veranstaltung_id: number | null;
    veranstaltung_event_id: number | null;
  }): Promise<Termin | null>;
}
