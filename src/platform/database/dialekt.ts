/**
 * Which of the two databases a connection talks to: MySQL/MariaDB (row locks, GET_LOCK,
 * information_schema) or the embedded SQLite (one writer at a time). The one place that asks.
 */
import type { DataSource, EntityManager } from 'typeorm';

export const istMysql = (dataSource: Pick<DataSource, 'options'>): boolean =>
  dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';

const mitIds = new WeakMap<object, Promise<boolean>>();

/**
 * Whether a multi-row INSERT can answer the ids of its rows (`… RETURNING id`): SQLite and MariaDB
 * from 10.5 can; MySQL cannot (its ids of a multi-row INSERT are consecutive only under some
 * `innodb_autoinc_lock_mode`), so there rows are inserted one by one. Asked once per connection pool
 * (TypeORM's driver keeps only the version's digits, not whose server it is), on the caller's own
 * connection: inside a transaction no second connection of the pool is needed.
 */
export function insertMitIds(manager: Pick<EntityManager, 'connection' | 'query'>): Promise<boolean> {
  const dataSource = manager.connection;
  if (!istMysql(dataSource)) return Promise.resolve(true);
  let antwort = mitIds.get(dataSource);
  if (!antwort) {
    antwort = manager.query('SELECT VERSION() AS version').then(
      ([{ version }]: { version: string }[]) => {
        const teile = /^(\d+)\.(\d+)\.\d+-MariaDB/i.exec(version);
        return teile !== null && Number(teile[1]) * 100 + Number(teile[2]) >= 1005;
      },
      (fehler: unknown) => {
        // Not kept: the next INSERT asks again.
        mitIds.delete(dataSource);
        throw fehler;
      },
    );
    mitIds.set(dataSource, antwort);
  }
  return antwort;
}
