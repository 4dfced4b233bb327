/**
 * What every seed step gets: the database, the application whose use cases it may call, the
 * options, a deterministic random source and the ids inserted so far. Its own file, so the steps
 * and seed.ts, which lists them, do not import each other.
 */
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { berlinDatum } from '../../common/kalender';
import { mehrzeiligesInsert } from '../platform/database/mehrzeilig';
import { istKalendertag } from '../shared/kalendertag';
import { Random } from './random';

export interface SeedOptions {
  scale: number;
  /** Where documents with real files go (FILES_DIR); without it the document step is skipped. */
  filesDir?: string;
  seed?: number;
  /**
   * The day the data is made for ('YYYY-MM-DD'; default: today in Berlin). Seminars, bookings,
   * invoices, sends and clicks lie in the year before it and the half year after it (issue 32), so
   * the evaluations of the current year are never empty; tests fix it to stay deterministic.
   */
  heute?: string;
  log?: (message: string) => void;
  /**
   * Only the members (Benutzer, addresses, e-mails, groups): for tests and benchmarks that need many
   * recipients and nothing booked, without the minutes the bookings take at large scales.
   */
  nurMitglieder?: boolean;
}

/** Where the seed finds the product's providers: the Nest application (or a module's ModuleRef). */
export type SeedApp = Pick<INestApplicationContext, 'get'>;

export class SeedContext {
  readonly rng: Random;
  readonly dataSource: DataSource;
  /** Ids of the rows inserted so far, per table name, for later steps to reference. */
  readonly ids = new Map<string, number[]>();
  /** The seed's today, 00:00 UTC: every date of the demo is counted from it. */
  readonly heute: Date;

  constructor(
    readonly app: SeedApp,
    readonly options: SeedOptions,
  ) {
    this.rng = new Random(options.seed ?? 20261121);
    this.dataSource = app.get(DataSource, { strict: false });
    this.heute = seedHeute(options.heute);
  }

  /** The calendar year of the seed's today. */
  get jahr(): number {
    return this.heute.getUTCFullYear();
  }

  /** The seed's today moved by `tage` days (negative: before). */
  tage(tage: number): Date {
    return new Date(this.heute.getTime() + tage * DAY);
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

  /**
   * Inserts rows in batches sized below SQLite's bound-parameter limit; each batch's statement is
   * written while the database still inserts the one before.
   */
  async insert<T extends ObjectLiteral>(entity: EntityTarget<T>, rows: Partial<T>[]): Promise<void> {
    if (rows.length === 0) return;
    const metadata = this.dataSource.getMetadata(entity);
    const batch = Math.max(1, Math.min(1000, Math.floor(30000 / metadata.columns.length)));
    await this.dataSource.transaction(async (manager) => {
      let vorige: Promise<unknown> = Promise.resolve();
      for (let i = 0; i < rows.length; i += batch) {
        const { sql, parameter } = mehrzeiligesInsert(this.dataSource, metadata, rows.slice(i, i + batch));
        await vorige;
        vorige = manager.query(sql, parameter);
      }
      await vorige;
    });
    const name = metadata.tableName;
    const ids = rows
      .map((row) => (row as { id?: unknown }).id)
      .filter((id): id is number => typeof id === 'number');
    if (ids.length > 0) this.ids.set(name, [...(this.ids.get(name) ?? []), ...ids]);
    this.options.log?.(`${name}: ${rows.length} Zeilen`);
  }

  /** Rows of a table an earlier step filled. */
  async rows(sql: string, parameters: unknown[] = []): Promise<Record<string, unknown>[]> {
    return (await this.dataSource.query(sql, parameters)) as Record<string, unknown>[];
  }
}

const DAY = 86_400_000;

/** `heute` as 00:00 UTC of that day; without it the Berlin day of now. */
export function seedHeute(heute: string | undefined): Date {
  const tag = heute ?? berlinDatum(new Date());
  if (!istKalendertag(tag)) throw new Error(`Das Datum „${tag}“ ist kein Kalendertag (JJJJ-MM-TT).`);
  return new Date(`${tag}T00:00:00Z`);
}

export type SeedStep = (ctx: SeedContext) => Promise<void>;

/** DATETIME values come back as Date (mysql2) or as UTC text (SQLite). */
export function asDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  const date = new Date(/T|Z$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}
