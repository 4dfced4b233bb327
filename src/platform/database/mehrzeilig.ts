/**
 * A multi-row INSERT of plain rows, written straight from the entity's metadata with TypeORM's own
 * value rules (InsertQueryBuilder.createColumnValueExpression on MySQL/MariaDB and SQLite): every
 * insertable column, each value through the driver's preparePersistentValue (transformers,
 * booleans, dates, JSON), a missing version 1, another missing value the column's default. The
 * query builder spends about a microsecond of parameter bookkeeping per value, about half of the
 * seed's bulk loads (issue 33); the statement here is the same one it would send.
 */
import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { insertMitIds } from './dialekt';

export interface Statement {
  sql: string;
  parameter: unknown[];
}

export function mehrzeiligesInsert(
  dataSource: DataSource,
  metadata: EntityMetadata,
  rows: readonly object[],
): Statement {
  const { driver } = dataSource;
  const sqlite = driver.options.type === 'better-sqlite3';
  const columns = metadata.columns.filter((column) => column.isInsert);
  const parameter: unknown[] = [];
  const fehlt = (column: ColumnMetadata) =>
    !sqlite ? 'DEFAULT' : column.default != null ? driver.normalizeDefault(column)! : 'NULL';
  const ausdruck = (column: ColumnMetadata, row: object): string => {
    let value: unknown = column.getEntityValue(row);
    if (typeof value !== 'function') value = driver.preparePersistentValue(value, column);
    if (column.isVersion && value === undefined) return '1';
    if (value === undefined) return fehlt(column);
    if (typeof value === 'function') return String(value());
    parameter.push(value);
    return sqlite && column.type === 'jsonb' ? 'jsonb(?)' : '?';
  };
  const values = rows.map((row) => `(${columns.map((column) => ausdruck(column, row)).join(', ')})`);
  const sql =
    `INSERT INTO ${driver.escape(metadata.tableName)}(${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) ` +
    `VALUES ${values.join(', ')}`;
  return { sql, parameter };
}

/**
 * Inserts one row by the statement above; answers its id. Its defaults are not read back (TypeORM's
 * `save` and `insert` read them in a second statement on MariaDB).
 */
export async function zeileEinfuegen(
  manager: EntityManager,
  ziel: EntityTarget<ObjectLiteral>,
  werte: ObjectLiteral,
): Promise<number> {
  const { connection } = manager;
  const metadata = connection.getMetadata(ziel);
  const { sql, parameter } = mehrzeiligesInsert(connection, metadata, [werte]);
  // The id of the one row, as TypeORM's driver reads it from the insert's result.
  const raw: unknown = await manager.query(sql, parameter);
  return Number(connection.driver.createGeneratedMap(metadata, raw, 0, 1)?.id);
}

/** Rows per multi-row INSERT: an invoice row is about 3 KB, so 200 stay far below MariaDB's 16 MB packet. */
const ZEILEN_JE_INSERT = 200;

/**
 * Inserts rows, up to ZEILEN_JE_INSERT per statement where the database answers their ids
 * (`RETURNING id`, dialekt.ts), else one by one; answers their ids in the rows' order. The ids of
 * one statement ascend in its rows' order (both engines count their keys up row by row).
 */
export async function zeilenEinfuegen(
  manager: EntityManager,
  ziel: EntityTarget<ObjectLiteral>,
  zeilen: readonly ObjectLiteral[],
): Promise<number[]> {
  const { connection } = manager;
  const ids: number[] = [];
  if (!(await insertMitIds(manager))) {
    for (const werte of zeilen) ids.push(await zeileEinfuegen(manager, ziel, werte));
    return ids;
  }
  const metadata = connection.getMetadata(ziel);
  for (let i = 0; i < zeilen.length; i += ZEILEN_JE_INSERT) {
    const { sql, parameter } = mehrzeiligesInsert(
      connection,
      metadata,
      zeilen.slice(i, i + ZEILEN_JE_INSERT),
    );
    const neu = (await manager.query(`${sql} RETURNING id`, parameter)) as { id: unknown }[];
    ids.push(...neu.map((z) => Number(z.id)).sort((a, b) => a - b));
  }
  return ids;
}
