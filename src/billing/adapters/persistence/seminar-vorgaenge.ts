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
import { platzhalter } from '../../../platform/database/platzhalter';

/** The seminars' events, each id with its seminar's, read by `lesen` (TypeORM's or the generic reader's plain SELECT). */
export async function seminarEvents(
  manager: EntityManager,
  seminarIds: number[],
  lesen: PlainRead = (sql, parameter) => manager.query(sql, parameter),
): Promise<Map<number, number>> {
  // The event table is seminars'; billing reaches it through the transaction's association.
  const tabelle = manager.connection
    .getMetadata(RwTransaction)
    .findRelationWithPropertyPath('Veranstaltung_Event')!.inverseEntityMetadata.tableName;
  const events = await lesen<{ id: number | string; veranstaltung_id: number | string }>(
    `SELECT id, veranstaltung_id FROM ${tabelle} WHERE veranstaltung_id IN (${platzhalter(seminarIds)})`,
    seminarIds,
  );
  return new Map(events.map((e) => [Number(e.id), Number(e.veranstaltung_id)]));
}

/** `query` narrowed to the transactions of the seminars and of their events `eventIds`. */
export function seminarOderEvents<T extends object>(
  query: SelectQueryBuilder<T>,
  alias: string,
  seminarIds: number[],
  eventIds: number[],
): SelectQueryBuilder<T> {
  if (seminarIds.length === 0) return query.andWhere('1 = 0');
  const eigene = `${alias}.veranstaltung_id IN (:...seminarIds)`;
  if (eventIds.length === 0) return query.andWhere(eigene, { seminarIds });
  return query.andWhere(`(${eigene} OR ${alias}.veranstaltung_event_id IN (:...seminarEventIds))`, {
    seminarIds,
    seminarEventIds: eventIds,
  });
}

/** `query` (TypeORM's, alias `alias`) narrowed to the transactions of these seminars and their events. */
export async function nurSeminarVorgaenge<T extends object>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
  alias: string,
  seminarIds: number[],
): Promise<SelectQueryBuilder<T>> {
  if (seminarIds.length === 0) return query.andWhere('1 = 0');
  return seminarOderEvents(query, alias, seminarIds, [...(await seminarEvents(manager, seminarIds)).keys()]);
}

/**
 * The same as a condition of the generic query language: `rw-transaction?scope=seminar:{id}`,
 * which the billing screens ask for a seminar's transactions.
 */
export async function seminarVorgangsBedingung(
  seminarId: number,
  { read, manager }: { read: PlainRead; manager: EntityManager },
): Promise<WhereInput> {
  const events = [...(await seminarEvents(manager, [seminarId], read)).keys()];
  const eigene = { veranstaltung_id: seminarId };
  return events.length === 0 ? eigene : { $or: [eigene, { veranstaltung_event_id: { $in: events } }] };
}
