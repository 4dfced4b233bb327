/**
 * A running database transaction as use cases and other contexts pass it on: opaque to them (no
 * TypeORM in their signatures); only adapters open it, as the EntityManager it is.
 */
import type { EntityManager } from 'typeorm';

declare const transaktion: unique symbol;

export interface Transaktion {
  readonly [transaktion]: true;
}

export const alsTransaktion = (manager: EntityManager): Transaktion => manager as unknown as Transaktion;

export const managerVon = (tx: Transaktion): EntityManager => tx as unknown as EntityManager;
