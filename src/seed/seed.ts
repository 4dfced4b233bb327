/**
 * The deterministic data generator (`npm run seed -- --scale N`, N = number of Benutzer); the
 * demo data set is its small case (scale 30). Each context contributes one step; steps insert in
 * batches with explicit ids, so 100 000 Benutzer take minutes, not hours.
 */
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { seedDokumente } from './dokumente.seed';
import { Random } from './random';
import { seedBilling } from './billing.seed';
import { seedMembership } from './membership.seed';
import { seedNewsletter } from './newsletter.seed';
import { seedPromotions } from './promotions.seed';
import { seedSeminars } from './seminars.seed';

export interface SeedOptions {
  scale: number;
  /** Where documents with real files go (FILES_DIR); without it the document step is skipped. */
  filesDir?: string;
  seed?: number;
  log?: (message: string) => void;
}

export class SeedContext {
  readonly rng: Random;
  /** Ids of the rows inserted so far, per table name, for later steps to reference. */
  readonly ids = new Map<string, number[]>();

  constructor(
    readonly dataSource: DataSource,
    readonly options: SeedOptions,
  ) {
    this.rng = new Random(options.seed ?? 20261121);
  }

  get scale(): number {
    return this.options.scale;
  }

  /** The next free id of a table, so rows can carry explicit ids and reference each other before insert. */
  async nextId(entity: EntityTarget<ObjectLiteral>): Promise<number> {
    const metadata = this.dataSource.getMetadata(entity);
    const [{ max }] = await this.dataSource.query(`SELECT MAX(id) AS max FROM ${metadata.tableName}`);
    return Number(max ?? 0) + 1;
  }

  /** Inserts rows in batches sized below SQLite's bound-parameter limit. */
  async insert<T extends ObjectLiteral>(entity: EntityTarget<T>, rows: Partial<T>[]): Promise<void> {
    if (rows.length === 0) return;
    const columns = this.dataSource.getMetadata(entity).columns.length;
    const batch = Math.max(1, Math.min(1000, Math.floor(30000 / columns)));
    await this.dataSource.transaction(async (manager) => {
      for (let i = 0; i < rows.length; i += batch) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(entity)
          .values(rows.slice(i, i + batch) as never)
          .updateEntity(false)
          .execute();
      }
    });
    const name = this.dataSource.getMetadata(entity).tableName;
    const ids = rows
      .map((row) => (row as { id?: unknown }).id)
      .filter((id): id is number => typeof id === 'number');
    if (ids.length > 0) this.ids.set(name, [...(this.ids.get(name) ?? []), ...ids]);
    this.options.log?.(`${name}: ${rows.length} Zeilen`);
  }
}

export type SeedStep = (ctx: SeedContext) => Promise<void>;

/** Steps in dependency order; later issues add their contexts' steps here. */
const steps: SeedStep[] = [
  seedMembership,
  seedSeminars,
  seedPromotions,
  seedBilling,
  seedNewsletter,
  seedDokumente,
];

export async function seedDatabase(dataSource: DataSource, options: SeedOptions): Promise<void> {
  const ctx = new SeedContext(dataSource, options);
  for (const step of steps) await step(ctx);
}
