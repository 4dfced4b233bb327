/**
 * A database for one test app with its schema already in place. The migrations run once into a
 * template named by their hash; each test database then copies it, so the app's start finds every
 * migration done. On MariaDB the template is a database whose tables (SHOW CREATE TABLE, foreign
 * keys included), migration records and the rows migrations insert (the audit chain's head,
 * issue 29) are copied: measured on the CI machine (2 cores, 64
 * tables) 0.7 s per database instead of 5.5 s of migrations, with about sixty MariaDB apps per
 * run. On SQLite it is a file in the temporary directory, copied (about 0.4 s of migrations saved
 * per app).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { allMigrations } from '../../migrations';
import { dataSourceOptions } from '../../src/platform/database/data-source';

const CHARSET = 'CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci';
const MIGRATIONS_TABLE = 'migrations';

interface Template {
  name: string;
  tables: string[];
  /** Tables the migrations put rows into (besides their own records), copied with their rows. */
  filled: string[];
  migrations: Record<string, unknown>[];
}

let mysqlTemplate: Promise<Template> | undefined;

/** Changes with any migration's code, so a changed migration never meets an old template. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const migration of allMigrations) hash.update(`${migration.name}\n${migration.toString()}\n`);
  return `vv_template_${hash.digest('hex').slice(0, 12)}`;
}

async function connect(url: URL): Promise<Connection> {
  const mysql = await import('mysql2/promise');
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
}

async function recordedMigrations(connection: Connection, database: string): Promise<number> {
  const [rows] = await connection.query(
    'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
    [database, MIGRATIONS_TABLE],
  );
  if (Number((rows as { n: number }[])[0].n) === 0) return 0;
  const [records] = await connection.query(
    `SELECT COUNT(*) AS n FROM \`${database}\`.\`${MIGRATIONS_TABLE}\``,
  );
  return Number((records as { n: number }[])[0].n);
}

/** The template's DDL and migration records; built first when missing or half built. */
async function loadTemplate(url: URL): Promise<Template> {
  const name = templateName();
  const connection = await connect(url);
  try {
    // Several Jest processes may start at once: one builds, the others wait for it.
    await connection.query('SELECT GET_LOCK(?, 300)', [name]);
    if ((await recordedMigrations(connection, name)) !== allMigrations.length) {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.query(`CREATE DATABASE \`${name}\` ${CHARSET}`);
      const config = {
        type: 'mysql' as const,
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        database: name,
      };
      const dataSource = await new DataSource(dataSourceOptions(config)).initialize();
      try {
        await dataSource.runMigrations();
      } finally {
        await dataSource.destroy();
      }
    }
    await connection.query('SELECT RELEASE_LOCK(?)', [name]);
    const [tableRows] = await connection.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
      [name],
    );
    const tables: string[] = [];
    const filled: string[] = [];
    for (const { name: table } of tableRows as { name: string }[]) {
      const [ddl] = await connection.query(`SHOW CREATE TABLE \`${name}\`.\`${table}\``);
      tables.push((ddl as Record<string, string>[])[0]['Create Table']);
      const [[{ n }]] = (await connection.query(
        `SELECT COUNT(*) AS n FROM \`${name}\`.\`${table}\``,
      )) as unknown as [{ n: number }[]];
      if (table !== MIGRATIONS_TABLE && Number(n) > 0) filled.push(table);
    }
    const [migrations] = await connection.query(`SELECT * FROM \`${name}\`.\`${MIGRATIONS_TABLE}\``);
    return { name, tables, filled, migrations: migrations as Record<string, unknown>[] };
  } finally {
    await connection.end();
  }
}

/** Creates `database` on the server of `serverUrl` with every migration applied. */
export async function createMigratedDatabase(serverUrl: string, database: string): Promise<void> {
  const url = new URL(serverUrl);
  mysqlTemplate ??= loadTemplate(url).catch((error: unknown) => {
    mysqlTemplate = undefined;
    throw error;
  });
  const { name, tables, filled, migrations } = await mysqlTemplate;
  const connection = await connect(url);
  try {
    await connection.query(`CREATE DATABASE \`${database}\` ${CHARSET}`);
    await connection.query(`USE \`${database}\``);
    // The tables come in name order, not in the order their foreign keys need.
    await connection.query('SET FOREIGN_KEY_CHECKS = 0');
    for (const ddl of tables) await connection.query(ddl);
    for (const record of migrations)
      await connection.query(`INSERT INTO \`${MIGRATIONS_TABLE}\` SET ?`, [record]);
    for (const table of filled)
      await connection.query(`INSERT INTO \`${table}\` SELECT * FROM \`${name}\`.\`${table}\``);
  } finally {
    await connection.end();
  }
}

/** Copies the migrated SQLite template to `file`, building the template first when it is missing. */
export async function copyMigratedSqlite(file: string): Promise<void> {
  const template = join(tmpdir(), `${templateName()}.sqlite`);
  if (!existsSync(template)) {
    // Built under a name of its own and renamed: another Jest worker never sees half a template.
    const building = `${template}.${process.pid}.${Date.now()}`;
    const dataSource = await new DataSource(
      dataSourceOptions({ type: 'better-sqlite3', file: building }),
    ).initialize();
    try {
      await dataSource.runMigrations();
    } finally {
      await dataSource.destroy();
    }
    renameSync(building, template);
  }
  copyFileSync(template, file);
}
