/** Referential checks of seeded data, shared by the data-model suites. */
import { ownTableNames } from '../../src/platform/database/tables';
import type { TestApp } from './test-app';

/** Every foreign key value of the tables (and of the columns pointing at them) names an existing row. */
export async function expectForeignKeysResolve(
  t: TestApp,
  tables: string[],
  targets: string[] = [],
): Promise<number> {
  const runner = t.dataSource.createQueryRunner();
  let checked = 0;
  try {
    const all = await runner.getTables(await ownTableNames(runner));
    const esc = (name: string) => runner.connection.driver.escape(name);
    const bare = (name: string) => name.split('.').pop()!;
    for (const table of all) {
      const name = bare(table.name);
      for (const fk of table.foreignKeys) {
        const target = bare(fk.referencedTableName);
        if (!tables.includes(name) && !targets.includes(target)) continue;
        const column = fk.columnNames[0];
        const orphans = await t.dataSource.query(
          `SELECT s.id AS id, s.${esc(column)} AS ref FROM ${esc(name)} s LEFT JOIN ${esc(target)} r ON r.id = s.${esc(column)}
           WHERE s.${esc(column)} IS NOT NULL AND r.id IS NULL`,
        );
        expect({ fk: `${name}.${column} → ${target}`, orphans }).toEqual({
          fk: `${name}.${column} → ${target}`,
          orphans: [],
        });
        checked++;
      }
    }
  } finally {
    await runner.release();
  }
  return checked;
}
