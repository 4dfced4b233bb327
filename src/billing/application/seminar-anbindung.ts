/**
 * What billing offers the seminars context (issue 10), run in the caller's transaction: a new
 * seminar's debtor number from its type's debtor circle, and whether bookings name a seminar or
 * an event (then it must not be deleted: bookings are financial history).
 */
import type { EntityManager } from 'typeorm';
import { RwDebitorKreis } from '../adapters/persistence/rw-kreis.entity';
import { RwTransaction } from '../adapters/persistence/rw-transaction.entity';
import { naechsteNummer } from '../domain/nummernkreis';

const mitZeilensperre = (manager: EntityManager) =>
  ['mysql', 'mariadb'].includes(manager.connection.options.type);

/**
 * The circle's next debtor number (gapless, DESIGN.md §4): the circle row is locked until the
 * caller's transaction ends (`SELECT … FOR UPDATE` on MySQL/MariaDB; SQLite has one writer), so
 * two seminars saved at once get consecutive numbers. Null when the circle does not exist.
 */
export async function naechsteDebitorNummer(manager: EntityManager, kreisId: number): Promise<number | null> {
  const query = manager.createQueryBuilder(RwDebitorKreis, 'k').where('k.id = :kreisId', { kreisId });
  const kreis = await (mitZeilensperre(manager) ? query.setLock('pessimistic_write') : query).getOne();
  if (!kreis) return null;
  const { current_nr } = naechsteNummer(kreis, new Date());
  await manager.update(RwDebitorKreis, kreis.id, { current_nr });
  // A debtor number is a plain number: the circle's offset continues an earlier system's numbering.
  return kreis.offset_nr + current_nr;
}

/** How many booking transactions (any version, cancelled too) name the seminar or one of its events. */
export async function buchungenZuSeminar(manager: EntityManager, veranstaltungId: number): Promise<number> {
  return manager
    .createQueryBuilder(RwTransaction, 't')
    .leftJoin('t.Veranstaltung_Event', 'e')
    .where('t.veranstaltung_id = :id OR e.veranstaltung_id = :id', { id: veranstaltungId })
    .getCount();
}

/** How many booking transactions name the event. */
export async function buchungenZuEvent(manager: EntityManager, eventId: number): Promise<number> {
  return manager.count(RwTransaction, { where: { veranstaltung_event_id: eventId } });
}
