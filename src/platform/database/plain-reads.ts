/**
 * Plain SELECTs outside any transaction, for the hot read paths (the resource reader, the session
 * lookup). On MariaDB they go straight to mysql2's pool: TypeORM's `DataSource.query` creates a
 * query runner per statement, wraps the connection in a promise API, broadcasts events nobody
 * listens to and copies the rows: about 30 µs of CPU per statement (a short list call, bench/api
 * on 2026-11-26), 80 µs of the session lookup's latency (bench/api/overhead.mjs). Errors still
 * arrive as TypeORM's QueryFailedError, so the error filter answers them as before. On SQLite the
 * statement goes through `DataSource.query`, where serializeSqliteTransactions routes it beside a
 * running transaction.
 */
import { DataSource, QueryFailedError } from 'typeorm';

export type PlainRead = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

type MysqlPool = {
  query(
    options: { sql: string; dateStrings?: string[] },
    params: unknown[],
    done: (error: Error | null, rows: unknown) => void,
  ): void;
};

export interface PlainReadOptions {
  /**
   * DATE, DATETIME and TIMESTAMP values as the stored text ('YYYY-MM-DD', UTC
   * 'YYYY-MM-DD HH:MM:SS[.ffffff]'), as SQLite hands them over anyway, instead of a Date per value
   * on MariaDB.
   */
  datesAsText?: boolean;
}

const DATE_TYPES = ['DATE', 'DATETIME', 'TIMESTAMP'];

export function plainReads(dataSource: DataSource, options: PlainReadOptions = {}): PlainRead {
  if (dataSource.options.type !== 'mysql') {
    return (sql, params = []) => dataSource.query(sql, params);
  }
  const dateStrings = options.datesAsText ? DATE_TYPES : undefined;
  return <T>(sql: string, params: unknown[] = []) =>
    new Promise<T[]>((resolve, reject) => {
      // Read at each call: the driver opens its pool when the DataSource is initialized.
      const pool = (dataSource.driver as unknown as { pool: MysqlPool }).pool;
      pool.query({ sql, dateStrings }, params, (error, rows) => {
        if (error) reject(new QueryFailedError(sql, params, error));
        else resolve(rows as T[]);
      });
    });
}
