/**
 * One column set to a value of its own per row, in one UPDATE per thousand rows (`CASE id WHEN …`),
 * where a loop would send one statement per row: an invoice run putting its transactions on their
 * invoices, a recount writing its participant counts (issue 33). `weitere` are set on every row
 * alike, as TypeORM's update takes them (version and change time as TypeORM keeps them, unless named).
 */
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

const TEIL = 1000;

export async function jeIdSetzen<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  spalte: keyof T & string,
  werte: ReadonlyMap<number, unknown>,
  weitere: Record<string, unknown> = {},
): Promise<void> {
  const alle = [...werte];
  for (let i = 0; i < alle.length; i += TEIL) {
    const teil = alle.slice(i, i + TEIL);
    const faelle = teil.map((_, j) => `WHEN :jeId${j} THEN :jeWert${j}`).join(' ');
    await manager
      .createQueryBuilder()
      .update(entity)
      .set({ ...weitere, [spalte]: () => `CASE id ${faelle} END` } as never)
      .where('id IN (:...jeIds)', { jeIds: teil.map(([id]) => id) })
      .setParameters(
        Object.fromEntries(
          teil.flatMap(([id, wert], j) => [
            [`jeId${j}`, id],
            [`jeWert${j}`, wert],
          ]),
        ),
      )
      .execute();
  }
}
