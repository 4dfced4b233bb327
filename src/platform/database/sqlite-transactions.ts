/**
 * better-sqlite3 gives TypeORM one connection, shared by every request. Two transactions at once
 * would nest into each other (one's COMMIT committing the other's half), and a plain query of
 * another request would land inside a running transaction (and be rolled back with it). So on
 * SQLite a transaction holds the connection: it waits for the one before it, and writes of other
 * requests wait until it is done. The owner is recognised by its async context, so everything the
 * transaction's own code runs (hooks, subscribers, nested transactions) goes straight through.
 *
 * Reads of other requests do not wait: while a transaction holds the connection they run on a
 * second, read-only connection, which in WAL mode sees what was committed before the transaction.
 * So an invoice run or a CSV comparison in one long transaction leaves the screens usable, and the
 * progress of that very run can be polled (each poll reads its session).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { QueryResult } from 'typeorm/query-runner/QueryResult';

/** What is used of a better-sqlite3 connection (the package ships no types). */
interface SqliteStatement {
  reader: boolean;
  all(...parameters: unknown[]): unknown[];
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  close(): void;
}
type SqliteDriver = {
  sqlite: new (file: string, options: { readonly: boolean; fileMustExist: boolean }) => SqliteConnection;
  options: { database: string; prepareDatabase?: (db: SqliteConnection) => void };
};

/** The read-only second connection, opened at its first use (after the migrations) and closed with the app. */
function readOnlyConnection(dataSource: DataSource): (() => SqliteConnection) | null {
  const driver = dataSource.driver as unknown as SqliteDriver;
  if (driver.options.database === ':memory:') return null;
  let connection: SqliteConnection | null = null;
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    connection?.close();
    connection = null;
    return destroy();
  };
  return () => {
    if (!connection) {
      connection = new driver.sqlite(driver.options.database, { readonly: true, fileMustExist: true });
      driver.options.prepareDatabase?.(connection);
    }
    return connection;
  };
}

const STATEMENT_CACHE = 500;

export function serializeSqliteTransactions(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const owner = new AsyncLocalStorage<symbol>();
  let holder: symbol | null = null;
  let free: Promise<void> = Promise.resolve();
  const reader = readOnlyConnection(dataSource);
  const statements = new Map<string, SqliteStatement>();

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

  /**
   * Runs a read on the second connection; undefined for a statement that writes, or that this
   * connection cannot run, which then waits for the transaction like any write.
   */
  const readAside = (sql: string, parameters: unknown[] = [], structured = false): unknown => {
    let rows: unknown[];
    try {
      let statement = statements.get(sql);
      if (!statement) {
        statement = reader!().prepare(sql);
        // Statements are cached as TypeORM's runner does; the generic lists have many shapes.
        if (statements.size >= STATEMENT_CACHE) statements.clear();
        statements.set(sql, statement);
      }
      if (!statement.reader) return undefined;
      // As TypeORM's runner does: better-sqlite3 cannot bind booleans.
      rows = statement.all(...parameters.map((p) => (typeof p === 'boolean' ? Number(p) : p)));
    } catch {
      return undefined;
    }
    if (!structured) return rows;
    const result = new QueryResult();
    result.raw = rows;
    result.records = rows;
    return result;
  };

  // The driver hands out one shared query runner.
  const runner: QueryRunner = dataSource.createQueryRunner();
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  (runner as { query: unknown }).query = async (...args: unknown[]) => {
    if (reader && holder !== null && owner.getStore() !== holder) {
      const rows = readAside(args[0] as string, args[1] as unknown[] | undefined, args[2] === true);
      if (rows !== undefined) return rows;
    }
    while (holder !== null && owner.getStore() !== holder) await free;
    return query(...args);
  };
}
