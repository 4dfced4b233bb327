/**
 * Which transactions belong to seminars: their own (`veranstaltung_id`) and their events'
 * (`veranstaltung_event_id`). The events' ids are read first, so the condition is an OR of two
 * indexed columns of rw_transaction (MariaDB: index_merge sort_union; SQLite: MULTI-INDEX OR).
 * An OR across the LEFT JOIN to the event scanned every transaction on every booking save.
 */
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { RwTransaction } from './rw-transaction.entity';

export async function nurSeminarVorgaenge<T extends object>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
  alias: string,
  seminarIds: number[],
): Promise<SelectQueryBuilder<T>> {
  if (seminarIds.length === 0) return query.andWhere('1 = 0');
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
  const eigene = `${alias}.veranstaltung_id IN (:...seminarIds)`;
  if (events.length === 0) return query.andWhere(eigene, { seminarIds });
  return query.andWhere(`(${eigene} OR ${alias}.veranstaltung_event_id IN (:...seminarEventIds))`, {
    seminarIds,
    seminarEventIds: events.map((e) => Number(e.id)),
  });
}
