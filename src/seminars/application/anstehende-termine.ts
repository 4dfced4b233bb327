/**
 * What seminars offer other contexts about coming dates: the seminars of a type, or their events,
 * starting within a period, and one seminar or event as it is now (the newsletter automation
 * announces them and follows their changes).
 */
import { Between, type EntityManager } from 'typeorm';
import { berlinDatum, berlinZeitpunkt } from '../../../common/kalender';
import { Veranstaltung, VeranstaltungEvent } from '../adapters/persistence/veranstaltung.entity';

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

/**
 * Seminars of the type starting between `von` and `bis` ('seminar'), or their dated events
 * ('event', start from the event's Berlin date and time; an event without a time counts from 00:00).
 * An event without its own lg_id or title carries the seminar's.
 */
export async function anstehendeTermine(
  manager: EntityManager,
  art: 'seminar' | 'event',
  typId: number,
  von: Date,
  bis: Date,
): Promise<Termin[]> {
  if (art === 'seminar') {
    const seminare = await manager.find(Veranstaltung, {
      select: { id: true, lg_id: true, titel: true, beginn: true, ausgebucht: true },
      where: { veranstaltung_typ_id: typId, beginn: Between(von, bis) },
      order: { beginn: 'ASC', id: 'ASC' },
    });
    return seminare.map(seminarTermin);
  }
  const events = await manager.find(VeranstaltungEvent, {
    where: {
      datum: Between(berlinDatum(von), berlinDatum(bis)),
      Veranstaltung: { veranstaltung_typ_id: typId },
    },
    relations: { Veranstaltung: true },
    order: { datum: 'ASC', id: 'ASC' },
  });
  return events.map(eventTermin).filter((t) => t.beginn >= von && t.beginn <= bis);
}

/** The seminar, or the event of it, as it is now; null when it is gone or has no start any more. */
export async function terminVon(
  manager: EntityManager,
  ziel: { veranstaltung_id: number | null; veranstaltung_event_id: number | null },
): Promise<Termin | null> {
  if (ziel.veranstaltung_event_id !== null) {
    const event = await manager.findOne(VeranstaltungEvent, {
      where: { id: ziel.veranstaltung_event_id },
      relations: { Veranstaltung: true },
    });
    return event?.datum ? eventTermin(event) : null;
  }
  if (ziel.veranstaltung_id === null) return null;
  const seminar = await manager.findOne(Veranstaltung, { where: { id: ziel.veranstaltung_id } });
  return seminar?.beginn ? seminarTermin(seminar) : null;
}

const seminarTermin = (s: Veranstaltung): Termin => ({
  veranstaltung_id: s.id,
  veranstaltung_event_id: null,
  lg_id: s.lg_id,
  titel: s.titel,
  beginn: s.beginn!,
  ausgebucht: s.ausgebucht,
});

const eventTermin = (e: VeranstaltungEvent): Termin => ({
  veranstaltung_id: e.veranstaltung_id,
  veranstaltung_event_id: e.id,
  lg_id: e.lg_id ?? e.Veranstaltung.lg_id,
  titel: e.titel ?? e.Veranstaltung.titel,
  beginn: berlinZeitpunkt(e.datum!, e.beginn ?? '00:00'),
  ausgebucht: e.ausgebucht || e.Veranstaltung.ausgebucht,
});
