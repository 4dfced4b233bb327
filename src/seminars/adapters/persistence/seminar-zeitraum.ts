import type { EntityManager } from 'typeorm';
import { seminarZeitraum } from '../../domain/termin';
import { Veranstaltung, VeranstaltungEvent } from './veranstaltung.entity';

/**
 * Recomputes a seminar's `beginn`/`ende` from its events, inside the caller's transaction.
 * `ohneEventId` leaves out an event that is about to be deleted. A seminar whose events carry no
 * date keeps the dates it has.
 */
export async function aktualisiereSeminarZeitraum(
  manager: EntityManager,
  veranstaltungId: number,
  ohneEventId?: number,
): Promise<void> {
  const events = await manager.find(VeranstaltungEvent, {
    select: { id: true, datum: true, beginn: true, ende: true },
    where: { veranstaltung_id: veranstaltungId },
  });
  const zeitraum = seminarZeitraum(events.filter((e) => e.id !== ohneEventId));
  if (zeitraum) await manager.update(Veranstaltung, veranstaltungId, zeitraum);
}
