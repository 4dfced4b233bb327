/**
 * Runs the query language (DESIGN.md §3): one code path for plain, include, group and distinct
 * reads (see ReadPlan), raw rows turned into the API's records here, and `count` always the
 * number of rows the query gives without limit and offset, from its own COUNT(*).
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource, type EntityManager } from 'typeorm';
import { resourceLabel } from '../../../common/vocabulary';
import type { AppConfig } from '../../config/env';
import { DomainError } from '../../shared/domain-error';
import { RecentlyUsed } from '../../shared/recently-used';
import { plainReads, type PlainRead } from '../database/plain-reads';
import { EntityCatalog } from './entity-catalog';
import type { EntityClass, ResourceDefinition, Row } from './resource-definition';
import { ResourceRegistry } from './resource-registry';
import type { ResourceQuery } from './query/resource-query';
import { PARENT_IDS, ReadPlan, ToManyLoad } from './query/read-plan';
import { withScope } from './query/scope';
import { buildFieldRow, buildRow, type RawRow } from './row-builder';

/** Parent ids per to-many query: a page needs one query; an unlimited list a few. */
const ID_CHUNK = 1000;

/**
 * Plans kept for queries asked again, and the longest query text kept. A list screen asks the same
 * query again and again (reloads, revalidation, polling, going back a page); a kept plan spares the
 * planning, TypeORM's parameter escaping and the row builder's lookup: 40–60 µs of CPU per short
 * list call (bench/api/cpu-ab.mjs on 2026-11-26).
 */
const PLANS_KEPT = 500;
const PLAN_KEY_MAX = 4000;

/** A statement with its parameters bound as the driver takes them. */
type Statement = [sql: string, params: unknown[]];

/** A plan with its statements bound once: asked again, the same query costs no planning. */
interface Prepared {
  plan: ReadPlan;
  rows: Statement;
  count?: Statement;
}

/** 404 naming the resource as staff know it (the menu's plural). */
export function recordNotFound(definition: ResourceDefinition, id: number): DomainError {
  const name = resourceLabel(definition.name)?.plural ?? definition.name;
  return DomainError.notFound('NOT_FOUND', `Eintrag ${id} in „${name}“ wurde nicht gefunden.`);
}

export type ListResult = Row[] | { count: number; rows: Row[] };

@Injectable()
export class ResourceReader {
  private readonly catalog: EntityCatalog;
  private readonly sqlite: boolean;
  private readonly maxLimit: number;
  private readonly read: PlainRead;
  /** What named filters with an argument look things up in. */
  private readonly db: { read: PlainRead; manager: EntityManager };
  private readonly plans = new RecentlyUsed<Prepared>(PLANS_KEPT, PLAN_KEY_MAX);

  constructor(
    private readonly dataSource: DataSource,
    registry: ResourceRegistry,
    config: ConfigService,
  ) {
    this.catalog = new EntityCatalog(
      dataSource,
      (metadata) => registry.forEntity(metadata.target as EntityClass)?.hidden ?? [],
    );
    this.sqlite = dataSource.options.type === 'better-sqlite3';
    this.maxLimit = config.getOrThrow<AppConfig>('app').listLimitMax;
    // The catalog answers dates and datetimes from their stored text (entity-catalog.ts hydration).
    this.read = plainReads(dataSource, { datesAsText: true });
    this.db = { read: this.read, manager: dataSource.manager };
  }

  async list(definition: ResourceDefinition, scoped: ResourceQuery): Promise<ListResult> {
    const query = await withScope(definition, scoped, this.db);
    if (query.limit !== undefined && query.limit > this.maxLimit) {
      throw DomainError.invalid(
        'INVALID_QUERY',
        `Es können höchstens ${this.maxLimit} Einträge auf einmal abgefragt werden.`,
      );
    }
    const prepared = this.prepare(definition, query);
    const raw = await this.read<RawRow>(...prepared.rows);
    const rows = await this.build(raw, prepared.plan);
    if (!query.count) return rows;
    const output = prepared.plan.output;
    // Without limit and offset the rows are the count. A counted page carries it in every row; an
    // empty one (past the end) asks for it separately.
    if (!output.totalAlias) return { count: rows.length, rows };
    if (raw.length > 0) return { count: Number(raw[0][output.totalAlias]), rows };
    const [count] = await this.read<RawRow>(...this.countStatement(prepared));
    return { count: Number(count.n), rows };
  }

  /** How many rows the query gives, from its own COUNT(*): no row is read. */
  async count(definition: ResourceDefinition, scoped: ResourceQuery): Promise<number> {
    const prepared = this.prepare(definition, await withScope(definition, scoped, this.db));
    const [row] = await this.read<RawRow>(...this.countStatement(prepared));
    return Number(row.n);
  }

  async get(definition: ResourceDefinition, id: number, scoped: Partial<ResourceQuery> = {}): Promise<Row> {
    const query = await withScope(definition, scoped, this.db);
    const prepared = this.prepare(definition, {
      where: query.where ? { $and: [query.where, { id }] } : { id },
      attributes: query.attributes,
      include: query.include ?? [],
      order: query.order ?? [],
      count: false,
      distinct: false,
    });
    const [row] = await this.rows(prepared);
    if (!row) throw recordNotFound(definition, id);
    return row;
  }

  private prepare(definition: ResourceDefinition, query: ResourceQuery): Prepared {
    return this.plans.get(`${definition.name}\n${JSON.stringify(query)}`, () => {
      const plan = new ReadPlan(
        { sqlite: this.sqlite },
        this.catalog.of(definition.entity),
        definition,
        query,
      );
      return { plan, rows: this.bind(plan.rowsSql, plan.params) };
    });
  }

  private countStatement(prepared: Prepared): Statement {
    prepared.count ??= this.bind(prepared.plan.countSql, prepared.plan.params);
    return prepared.count;
  }

  private bind(sql: string, params: Record<string, unknown>): Statement {
    return this.dataSource.driver.escapeQueryWithParameters(sql, params) as Statement;
  }

  private async rows({ plan, rows: statement }: Prepared): Promise<Row[]> {
    return this.build(await this.read<RawRow>(...statement), plan);
  }

  private async build(raw: RawRow[], plan: ReadPlan): Promise<Row[]> {
    const output = plan.output;
    if (output.mode === 'fields') {
      return raw.map((r) => buildFieldRow(r, output.fields, output.countAlias));
    }
    const pending = new Map<ToManyLoad, Row[]>();
    const rows = raw.map((r) => buildRow(r, output.shape, pending));
    // Most lists include nothing to-many: no promise for nothing (each costs on every request).
    if (pending.size > 0) await this.loadMany(pending, plan.params);
    return rows;
  }

  /**
   * Fills each to-many include of the given records: one query per include and chunk of ids, the
   * includes of one level at once (on MariaDB each on a connection of its own).
   */
  private async loadMany(pending: Map<ToManyLoad, Row[]>, params: Record<string, unknown>): Promise<void> {
    await Promise.all([...pending].map(([load, parents]) => this.loadOne(load, parents, params)));
  }

  private async loadOne(load: ToManyLoad, parents: Row[], params: Record<string, unknown>): Promise<void> {
    const ids = [...new Set(parents.map((p) => p[load.parentIdKey] as number))];
    const children = new Map<number, Row[]>();
    const next = new Map<ToManyLoad, Row[]>();
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const raw = await this.read<RawRow>(
        ...this.bind(load.sql, { ...params, [PARENT_IDS]: ids.slice(i, i + ID_CHUNK) }),
      );
      for (const r of raw) {
        const parent = Number(r[load.parentAlias]);
        const list = children.get(parent) ?? [];
        if (list.length === 0) children.set(parent, list);
        list.push(buildRow(r, load.shape, next));
      }
    }
    for (const parent of parents) parent[load.key] = children.get(parent[load.parentIdKey] as number) ?? [];
    if (next.size > 0) await this.loadMany(next, params);
  }
}
