/**
 * A small, dialect-neutral vocabulary for migrations on top of TypeORM's schema builder, so a
 * table reads like the spec's field list and runs unchanged on SQLite and MySQL/MariaDB.
 *
 *   await createTables(qr, [table('verband_bezirk', [id(), int('bezirk_nummer'), string('bezirk_name')])]);
 */
import { QueryRunner, Table, TableColumn, TableColumnOptions, TableForeignKey, TableIndex } from 'typeorm';
import { istMysql } from './dialekt';

type Col = TableColumnOptions;
type Opts = Partial<Col>;

export interface TableSpec {
  name: string;
  columns: Col[];
  indices: { columns: string[]; unique?: boolean }[];
  foreignKeys: { column: string; table: string; onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT' }[];
}

const isMysql = (qr: QueryRunner) => istMysql(qr.connection);

export const id = (): Col => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});
export const int = (name: string, o: Opts = {}): Col => ({ name, type: 'integer', isNullable: true, ...o });
export const string = (name: string, length = 255, o: Opts = {}): Col => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: true,
  ...o,
});
export const bool = (name: string, defaultValue: boolean | null = false, o: Opts = {}): Col => ({
  name,
  type: 'boolean',
  isNullable: defaultValue === null,
  ...(defaultValue === null ? {} : { default: defaultValue ? 1 : 0 }),
  ...o,
});
export const money = (name: string, o: Opts = {}): Col => ({
  name,
  type: 'decimal',
  precision: 12,
  scale: 2,
  isNullable: true,
  ...o,
});
export const decimal = (name: string, precision: number, scale: number, o: Opts = {}): Col => ({
  name,
  type: 'decimal',
  precision,
  scale,
  isNullable: true,
  ...o,
});
export const date = (name: string, o: Opts = {}): Col => ({ name, type: 'date', isNullable: true, ...o });
export const datetime = (name: string, o: Opts = {}): Col => ({
  name,
  type: 'datetime',
  isNullable: true,
  ...o,
});
/** Long text; resolved to MEDIUMTEXT on MySQL in `table()` (TEXT stops at 64 KB there). */
export const text = (name: string, o: Opts = {}): Col => ({ name, type: 'text', isNullable: true, ...o });
/** JSON objects and lists (TypeORM simple-json): long text on both engines. */
export const json = (name: string, o: Opts = {}): Col => text(name, o);
/** An enum as a checked string: the check is enforced by the resource definition and the domain. */
export const enumString = (name: string, o: Opts = {}): Col => string(name, 40, o);
export const timestamps = (): Col[] => [
  { name: 'createdAt', type: 'datetime', isNullable: false, default: 'CURRENT_TIMESTAMP' },
  { name: 'updatedAt', type: 'datetime', isNullable: false, default: 'CURRENT_TIMESTAMP' },
];

/** A foreign key column with its index; `onDelete` says what happens to this row when the target goes. */
export const ref = (
  name: string,
  table: string,
  onDelete: 'CASCADE' | 'SET NULL' | 'RESTRICT' = 'SET NULL',
  o: Opts = {},
): Col & { references: TableSpec['foreignKeys'][number] } => ({
  ...int(name, o),
  references: { column: name, table, onDelete },
});

export function table(name: string, columns: (Col | Col[])[], indices: TableSpec['indices'] = []): TableSpec {
  const flat = columns.flat() as (Col & { references?: TableSpec['foreignKeys'][number] })[];
  const foreignKeys = flat.flatMap((c) => (c.references ? [c.references] : []));
  const fkIndices = foreignKeys
    .filter((fk) => !indices.some((i) => i.columns[0] === fk.column))
    .map((fk) => ({ columns: [fk.column] }));
  return {
    name,
    columns: flat.map(({ references: _ref, ...c }) => c),
    indices: [...fkIndices, ...indices],
    foreignKeys,
  };
}

function dialectColumn(qr: QueryRunner, column: Col): Col {
  if (!isMysql(qr)) return column;
  if (column.type === 'text') return { ...column, type: 'mediumtext' };
  if (column.type === 'datetime') {
    const withPrecision = { ...column, precision: 6 };
    if (column.default === 'CURRENT_TIMESTAMP') {
      return {
        ...withPrecision,
        default: 'CURRENT_TIMESTAMP(6)',
        onUpdate: column.name === 'updatedAt' ? 'CURRENT_TIMESTAMP(6)' : undefined,
      };
    }
    return withPrecision;
  }
  return column;
}

function sqliteDefault(column: Col): Col {
  return column.default === 'CURRENT_TIMESTAMP' ? { ...column, default: "(datetime('now'))" } : column;
}

const indexName = (tableName: string, columns: string[], unique?: boolean) =>
  `${unique ? 'UQ' : 'IDX'}_${tableName}_${columns.join('_')}`.slice(0, 64);

/** A many-to-many link table: one row per pair, unique, gone with either end. */
export function linkTable(
  name: string,
  [a, tableA]: [string, string],
  [b, tableB]: [string, string],
): TableSpec {
  return table(
    name,
    [
      id(),
      ref(a, tableA, 'CASCADE', { isNullable: false }),
      ref(b, tableB, 'CASCADE', { isNullable: false }),
      datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
    ],
    [{ columns: [a, b], unique: true }, { columns: [b] }],
  );
}

/**
 * Creates the tables first and their foreign keys afterwards, so tables may reference each other
 * in any order (benutzer ↔ benutzer_email) on MySQL, which checks targets at creation.
 */
export async function createTables(qr: QueryRunner, specs: TableSpec[]): Promise<void> {
  const mysql = isMysql(qr);
  for (const spec of specs) {
    await qr.createTable(
      new Table({
        name: spec.name,
        columns: spec.columns.map((c) => (mysql ? dialectColumn(qr, c) : sqliteDefault(c))),
        indices: spec.indices.map(
          (i) =>
            new TableIndex({
              columnNames: i.columns,
              isUnique: i.unique,
              name: indexName(spec.name, i.columns, i.unique),
            }),
        ),
        // SQLite cannot add a foreign key to an existing table without rebuilding it, and it checks
        // targets only when rows change: declare them inline there.
        foreignKeys: mysql
          ? []
          : spec.foreignKeys.map(
              (fk) =>
                new TableForeignKey({
                  columnNames: [fk.column],
                  referencedTableName: fk.table,
                  referencedColumnNames: ['id'],
                  onDelete: fk.onDelete,
                }),
            ),
        ...(mysql ? { engine: 'InnoDB' } : {}),
      }),
    );
  }
  if (!mysql) return;
  for (const spec of specs) {
    if (spec.foreignKeys.length === 0) continue;
    await qr.createForeignKeys(
      spec.name,
      spec.foreignKeys.map(
        (fk) =>
          new TableForeignKey({
            name: `FK_${spec.name}_${fk.column}`.slice(0, 64),
            columnNames: [fk.column],
            referencedTableName: fk.table,
            referencedColumnNames: ['id'],
            onDelete: fk.onDelete,
          }),
      ),
    );
  }
}

export async function dropTables(qr: QueryRunner, names: string[]): Promise<void> {
  if (isMysql(qr)) await qr.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const name of [...names].reverse()) await qr.dropTable(name, true);
  if (isMysql(qr)) await qr.query('SET FOREIGN_KEY_CHECKS = 1');
}

/** Adds indices to an existing table, named as `table()` names them (so a later migration can drop them). */
export async function createIndices(
  qr: QueryRunner,
  tableName: string,
  indices: TableSpec['indices'],
): Promise<void> {
  await qr.createIndices(
    tableName,
    indices.map(
      (i) =>
        new TableIndex({
          columnNames: i.columns,
          isUnique: i.unique,
          name: indexName(tableName, i.columns, i.unique),
        }),
    ),
  );
}

export async function dropIndices(
  qr: QueryRunner,
  tableName: string,
  indices: TableSpec['indices'],
): Promise<void> {
  for (const i of indices) await qr.dropIndex(tableName, indexName(tableName, i.columns, i.unique));
}

/** Adds columns (without references) to an existing table, typed per dialect as in `table()`. */
export async function addColumns(qr: QueryRunner, tableName: string, columns: Col[]): Promise<void> {
  const mysql = isMysql(qr);
  await qr.addColumns(
    tableName,
    columns.map((c) => new TableColumn(mysql ? dialectColumn(qr, c) : sqliteDefault(c))),
  );
}
