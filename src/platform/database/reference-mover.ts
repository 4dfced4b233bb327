/**
 * Moves every reference to one row onto another, for merges of duplicates (spec 000 §4). Which
 * columns point at a table is read from the database's foreign keys and from the TypeORM
 * relations (some reference columns deliberately have no constraint), so tables added later are
 * covered without touching the merge code. Rows that would collide with a unique index after the
 * move (the same group link twice) are deleted first: the staying row already has them.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ownTableNames } from './tables';

interface Reference {
  table: string;
  column: string;
  /** Column sets of unique indexes on `table` that contain `column`. */
  uniques: string[][];
}

@Injectable()
export class ReferenceMover {
  private cache?: Promise<Map<string, Reference[]>>;

  constructor(private readonly dataSource: DataSource) {}

  /** References by target table; the schema does not change while the app runs, so read once. */
  private references(): Promise<Map<string, Reference[]>> {
    this.cache ??= this.load();
    return this.cache;
  }

  private async load(): Promise<Map<string, Reference[]>> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const tables = await runner.getTables(await ownTableNames(runner));
      const byTarget = new Map<string, Map<string, Reference>>();
      const add = (target: string, table: string, column: string) => {
        const schema = tables.find((t) => t.name === table);
        const uniques = [
          ...(schema?.indices ?? []).filter((i) => i.isUnique).map((i) => i.columnNames),
          ...(schema?.uniques ?? []).map((u) => u.columnNames),
        ].filter((cols) => cols.includes(column));
        const refs = byTarget.get(target) ?? new Map<string, Reference>();
        refs.set(`${table}.${column}`, { table, column, uniques });
        byTarget.set(target, refs);
      };
      for (const table of tables) {
        for (const fk of table.foreignKeys) {
          if (fk.columnNames.length === 1) add(fk.referencedTableName, table.name, fk.columnNames[0]);
        }
      }
      for (const metadata of this.dataSource.entityMetadatas) {
        for (const relation of metadata.manyToOneRelations.concat(metadata.oneToOneRelations)) {
          for (const column of relation.joinColumns) {
            add(relation.inverseEntityMetadata.tableName, metadata.tableName, column.databaseName);
          }
        }
      }
      return new Map([...byTarget].map(([target, refs]) => [target, [...refs.values()]]));
    } finally {
      await runner.release();
    }
  }

  /** Points every reference to `table`.`from` at `to`; run inside the caller's transaction. */
  async move(manager: EntityManager, table: string, from: number, to: number): Promise<void> {
    const q = (name: string) => manager.connection.driver.escape(name);
    for (const ref of (await this.references()).get(table) ?? []) {
      for (const unique of ref.uniques) {
        const others = unique.filter((c) => c !== ref.column);
        if (others.length === 0) continue;
        const list = others.map(q).join(', ');
        const kept: Record<string, unknown>[] = await manager.query(
          `SELECT ${list} FROM ${q(ref.table)} WHERE ${q(ref.column)} = ?`,
          [to],
        );
        for (const row of kept) {
          const match = others
            .map((c) => (row[c] === null ? `${q(c)} IS NULL` : `${q(c)} = ?`))
            .join(' AND ');
          const values = others.filter((c) => row[c] !== null).map((c) => row[c]);
          await manager.query(`DELETE FROM ${q(ref.table)} WHERE ${q(ref.column)} = ? AND ${match}`, [
            from,
            ...values,
          ]);
        }
      }
      await manager.query(`UPDATE ${q(ref.table)} SET ${q(ref.column)} = ? WHERE ${q(ref.column)} = ?`, [
        to,
        from,
      ]);
    }
  }
}
