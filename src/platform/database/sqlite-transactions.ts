/**
 * better-sqlite3 gives TypeORM one connection, shared by every request. Two transactions at once
 * would nest into each other (one's COMMIT committing the other's half), and a plain query of
 * another request would land inside a running transaction (and be rolled back with it). So on
 * SQLite a transaction holds the connection: it waits for the one before it, and queries of other
 * requests wait until it is done. The owner is recognised by its async context, so everything the
 * transaction's own code runs (hooks, subscribers, nested transactions) goes straight through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

export function serializeSqliteTransactions(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const owner = new AsyncLocalStorage<symbol>();
  let holder: symbol | null = null;
  let free: Promise<void> = Promise.resolve();

  const manager: EntityManager = dataSource.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  (manager as { transaction: unknown }).transaction = async (...args: unknown[]) => {
    if (holder !== null && owner.getStore() === holder) return transaction(...args);
    const before = free;
    let release!: () => void;
    free = new Promise((resolve) => (release = resolve));
    await before;
    const token = Symbol('transaction');
    holder = token;
    try {
      return await owner.run(token, () => transaction(...args));
    } finally {
      holder = null;
      release();
    }
  };

  // The driver hands out one shared query runner.
  const runner: QueryRunner = dataSource.createQueryRunner();
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  (runner as { query: unknown }).query = async (...args: unknown[]) => {
    while (holder !== null && owner.getStore() !== holder) await free;
    return query(...args);
  };
}
