/**
 * Which transactions belong to seminars: their own (`veranstaltung_id`) and their events'
 * (`veranstaltung_event_id`). The events' ids are read first, so the condition is an OR of two
 * indexed columns of rw_transaction (MariaDB: index_merge sort_union; SQLite: MULTI-INDEX OR).
 * An OR across the LEFT JOIN to the event scanned every transaction on every booking save.
 */
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import type { PlainRead } from '../../../platform/database/plain-reads';
import type { WhereInput } from '../../../platform/resources/query/resource-query';
import { RwTransaction } from './rw-transaction.entity';

/** The ids of the seminars' events, read by `lesen` (TypeORM's or the generic reader's plain SELECT). */
async function eventIds(
  manager: EntityManager,
  seminarIds: number[],
  lesen: PlainRead = (sql, parameter) => manager.query(sql, parameter),
): Promise<number[]> {
  // The event table is seminars'; billing reaches it through the transaction's association.
  const tabelle = manager.connection
    .getMetadata(RwTransaction)
    .findRelationWithPropertyPath('Veranstaltung_Event')!.inverseEntityMetadata.tableName;
  const events = await lesen<{ id: number | string }>(
    `SELECT id FROM ${tabelle} WHERE veranstaltung_id IN (${seminarIds.map(() => '?').join(', ')})`,
    seminarIds,
  );
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
  seminarId: number,
  { read, manager }: { read: PlainRead; manager: EntityManager },
): Promise<WhereInput> {
  const events = await eventIds(manager, [seminarId], read);
  const eigene = { veranstaltung_id: seminarId };
  return events.length === 0 ? eigene : { $or: [eigene, { veranstaltung_event_id: { $in: events } }] };
}
