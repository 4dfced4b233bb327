/**
 * Numbers from number circles (DESIGN.md §4): taken inside the caller's transaction, the one that
 * writes the document, with the circle row locked until it ends (`SELECT … FOR UPDATE` on
 * MySQL/MariaDB; SQLite has one writer at a time, platform/database/sqlite-transactions.ts). A
 * rolled-back document gives its number back with it, so numbers are gapless and unique.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { RwKreis } from '../adapters/persistence/rw-kreis.entity';
import { naechsteNummer } from '../domain/nummernkreis';

export const mitZeilensperre = (manager: EntityManager) =>
  ['mysql', 'mariadb'].includes(manager.connection.options.type);

/** `query` as a locking read where the engine has row locks. */
export function gesperrt<T extends ObjectLiteral>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
): SelectQueryBuilder<T> {
  return mitZeilensperre(manager) ? query.setLock('pessimistic_write') : query;
}

/**
 * The rows of `query`, locked. The rows are found by a plain read first and then locked by
 * primary key with the query's conditions checked again: a locking read that scans (an OR over a
 * join cannot use an index) would wait for every row it passes, also rows of other runs that it
 * does not want, and so deadlock with them. Rows changed meanwhile by a run that held them drop
 * out at the second read.
 */
export async function gesperrteZeilen<T extends ObjectLiteral>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
): Promise<T[]> {
  if (!mitZeilensperre(manager)) return query.getMany();
  const alias = query.alias;
  const ids = (await query.clone().select(`${alias}.id`, 'id').getRawMany<{ id: number }>()).map((r) =>
    Number(r.id),
  );
  if (ids.length === 0) return [];
  return gesperrt(
    manager,
    query.andWhere(`${alias}.id IN (:...gesperrteIds)`, { gesperrteIds: ids }),
  ).getMany();
}

@Injectable()
export class Nummernvergabe {
  /**
   * Locks the circles in ascending id order, before a run takes any number from them: runs that
   * share circles then queue up in the same order and cannot deadlock.
   */
  async sperren(manager: EntityManager, kreisIds: number[]): Promise<void> {
    for (const kreisId of [...kreisIds].sort((a, b) => a - b)) {
      await gesperrt(
        manager,
        manager.createQueryBuilder(RwKreis, 'k').where('k.id = :kreisId', { kreisId }),
      ).getOne();
    }
  }

  /** The next invoice number of circle `kreisId`; the circle stays locked until the transaction ends. */
  async naechsteRechnungsnummer(manager: EntityManager, kreisId: number, datum: Date): Promise<string> {
    const kreis = await gesperrt(
      manager,
      manager.createQueryBuilder(RwKreis, 'k').where('k.id = :kreisId', { kreisId }),
    ).getOne();
    if (!kreis) {
      throw DomainError.conflict('KREIS_FEHLT', `Der Rechnungs-Kreis ${kreisId} existiert nicht mehr.`);
    }
    const { current_nr, nummer } = naechsteNummer(kreis, datum);
    await manager.update(RwKreis, kreis.id, { current_nr });
    return nummer;
  }
}
