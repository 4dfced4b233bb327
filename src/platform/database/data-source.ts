/**
 * TypeORM options for both engines (DESIGN.md §1). Stored dates are UTC on both: SQLite through
 * TypeORM's UTC strings, MySQL/MariaDB through mysql2's `timezone: 'Z'` plus a session time zone
 * pinned on every pooled connection (CURRENT_TIMESTAMP defaults would otherwise use server time).
 */
import type { DataSourceOptions, MixedList } from 'typeorm';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseConfig } from '../../config/env';
import { allMigrations } from '../../../migrations';

type EntityList = DataSourceOptions['entities'];

interface Mysql2Module {
  createPool(options: unknown): {
    on(event: 'connection', cb: (c: { query(sql: string): void }) => void): void;
  };
}

function utcMysqlDriver(): Mysql2Module {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mysql2 = require('mysql2') as Mysql2Module;
  return {
    ...mysql2,
    createPool(options: unknown) {
      const pool = mysql2.createPool(options);
      pool.on('connection', (connection) => connection.query("SET time_zone = '+00:00'"));
      return pool;
    },
  };
}

/** German sort key (DIN 5007-1: Ö sorts as O, ß as ss, case ignored), as MariaDB's utf8mb4_unicode_ci does. */
export function germanSortKey(value: string): string {
  return value
    .toLocaleLowerCase('de-DE')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * SQLite's own lower() and LIKE fold only ASCII (staff search for 'müller' and expect 'Müller'),
 * and it sorts by bytes; these functions give it the behaviour MariaDB has by collation.
 */
function prepareSqlite(db: { function(name: string, options: object, fn: (v: unknown) => unknown): void }) {
  db.function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLocaleLowerCase('de-DE') : value,
  );
  db.function('de_sort', { deterministic: true }, (value) =>
    typeof value === 'string' ? germanSortKey(value) : value,
  );
}

export function dataSourceOptions(config: DatabaseConfig, entities: EntityList = []): DataSourceOptions {
  const common = {
    entities,
    migrations: allMigrations as MixedList<string | (new () => object)>,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Failed queries reach the error filter, which logs what matters without the parameters:
    // TypeORM's own logging would write members' personal data into the logs.
    logging: false,
  };
  if (config.type === 'better-sqlite3') {
    if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
    return {
      ...common,
      type: 'better-sqlite3',
      database: config.file,
      enableWAL: config.file !== ':memory:',
      timeout: 10000,
      prepareDatabase: prepareSqlite,
    };
  }
  return {
    ...common,
    type: 'mysql',
    driver: utcMysqlDriver(),
    host: config.host,
    port: config.port,
    username: config.user,
    password: config.password,
    database: config.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    // trace: mysql2 would capture a stack trace for every query (a few % of a small list call's
    // CPU); TypeORM's QueryFailedError carries the caller's async stack anyway.
    extra: { connectionLimit: 10, trace: false },
  };
}

/** Creates the MySQL/MariaDB database when it does not exist yet (utf8mb4, case-insensitive collation). */
export async function ensureMysqlDatabase(config: DatabaseConfig): Promise<void> {
  if (config.type !== 'mysql') return;
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
  });
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${config.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}
