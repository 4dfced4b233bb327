/**
 * Which transactions belong to seminars: their own (`veranstaltung_id`) and their events'
 * (`veranstaltung_event_id`). The events' ids are read first, so the condition is an OR of two
 * indexed columns of rw_transaction (MariaDB: index_merge sort_union; SQLite: MULTI-INDEX OR).
 * An OR across the LEFT JOIN to the event scanned every transaction on every booking save.
 */
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { WhereInput } from '../../../platform/resources/query/resource-query';
import { RwTransaction } from './rw-transaction.entity';

/** The ids of the seminars' events. */
async function eventIds(manager: EntityManager, seminarIds: number[]): Promise<number[]> {
  // The event entity is seminars'; billing reaches it through the transaction's association.
  const event = manager.connection
    .getMetadata(RwTransaction)
    .findRelationWithPropertyPath('Veranstaltung_Event')!.inverseEntityMetadata;
  const events = await manager
    .createQueryBuilder()
    .select('ev.id', 'id')
    .from(event.target, 'ev')
    .where('ev.veranstaltung_id IN (:...seminarIds)', { seminarIds })
    .getRawMany<{ id: number | string }>();
  return events.map((e) => Number(e.id));
}

export async function nurSeminarVorgaenge<T extends object>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
  alias: string,
  seminarIds: number[],
): Promise<SelectQueryBuilder<T>> {
  if (seminarIds.length === 0) return query.andWhere('1 = 0');
  const events = await eventIds(manager, seminarIds);
  const eigene = `${alias}.veranstaltung_id IN (:...seminarIds)`;
  if (events.length === 0) return query.andWhere(eigene, { seminarIds });
  return query.andWhere(`(${eigene} OR ${alias}.veranstaltung_event_id IN (:...seminarEventIds))`, {
    seminarIds,
    seminarEventIds: events,
  });
}

/**
 * The same as a condition of the generic query language: `rw-transaction?scope=seminar:{id}`,
 * which the billing screens ask for a seminar's transactions.
 */
export async function seminarVorgangsBedingung(
  manager: EntityManager,
  seminarId: number,
): Promise<WhereInput> {
  const events = await eventIds(manager, [seminarId]);
  const eigene = { veranstaltung_id: seminarId };
  return events.length === 0 ? eigene : { $or: [eigene, { veranstaltung_event_id: { $in: events } }] };
}
