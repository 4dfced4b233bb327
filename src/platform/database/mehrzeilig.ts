/**
 * A multi-row INSERT of plain rows, written straight from the entity's metadata with TypeORM's own
 * value rules (InsertQueryBuilder.createColumnValueExpression on MySQL/MariaDB and SQLite): every
 * insertable column, each value through the driver's preparePersistentValue (transformers,
 * booleans, dates, JSON), a missing version 1, another missing value the column's default. The
 * query builder spends about a microsecond of parameter bookkeeping per value, about half of the
 * seed's bulk loads (issue 33); the statement here is the same one it would send.
 */
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

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
