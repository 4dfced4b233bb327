/**
 * Runs the query language (DESIGN.md §3): one code path for plain, include, group and distinct
 * reads (see ReadPlan), raw rows turned into the API's records here, and `count` always the
 * number of rows the query gives without limit and offset, from its own COUNT(*).
 */
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { resourceLabel } from '../../../common/vocabulary';
import type { AppConfig } from '../../config/env';
import { DomainError } from '../../shared/domain-error';
import { plainReads, type PlainRead } from '../database/plain-reads';
import { EntityCatalog } from './entity-catalog';
import type { EntityClass, ResourceDefinition, Row } from './resource-definition';
import { ResourceRegistry } from './resource-registry';
import type { ResourceQuery } from './query/resource-query';
import { PARENT_IDS, ReadPlan, ToManyLoad } from './query/read-plan';
import { buildRow, type RawRow } from './row-builder';

/** Parent ids per to-many query: a page needs one query; an unlimited list a few. */
const ID_CHUNK = 1000;

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
    this.read = plainReads(dataSource);
  }

  async list(definition: ResourceDefinition, query: ResourceQuery): Promise<ListResult> {
    if (query.limit !== undefined && query.limit > this.maxLimit) {
      throw DomainError.invalid(
        'INVALID_QUERY',
        `Es können höchstens ${this.maxLimit} Einträge auf einmal abgefragt werden.`,
      );
    }
    const plan = this.plan(definition, query);
    // Without limit and offset the rows are the count; with them, both queries run at once.
    const paged = query.limit !== undefined || Boolean(query.offset);
    const [rows, count] = await Promise.all([
      this.rows(plan),
      query.count && paged ? this.run(plan.countSql, plan.params) : undefined,
    ]);
    if (!query.count) return rows;
    return { count: count ? Number(count[0].n) : rows.length, rows };
  }

  async get(definition: ResourceDefinition, id: number, query: Partial<ResourceQuery> = {}): Promise<Row> {
    const plan = this.plan(definition, {
      where: query.where ? { $and: [query.where, { id }] } : { id },
      attributes: query.attributes,
      include: query.include ?? [],
      order: query.order ?? [],
      count: false,
      distinct: false,
    });
    const [row] = await this.rows(plan);
    if (!row) throw recordNotFound(definition, id);
    return row;
  }

  private plan(definition: ResourceDefinition, query: ResourceQuery): ReadPlan {
    return new ReadPlan({ sqlite: this.sqlite }, this.catalog.of(definition.entity), definition, query);
  }

  private run(sql: string, params: Record<string, unknown>): Promise<RawRow[]> {
    const [text, bound] = this.dataSource.driver.escapeQueryWithParameters(sql, params);
    return this.read<RawRow>(text, bound);
  }

  private async rows(plan: ReadPlan): Promise<Row[]> {
    const raw = await this.run(plan.rowsSql, plan.params);
    const output = plan.output;
    if (output.mode === 'fields') {
      return raw.map((r) => {
        const row: Row = {};
        for (const { key, alias, column } of output.fields) row[key] = column.hydrate(r[alias]);
        if (output.countAlias) row.count = Number(r[output.countAlias]);
        return row;
      });
    }
    const pending = new Map<ToManyLoad, Row[]>();
    const rows = raw.map((r) => buildRow(r, output.shape, pending));
    await this.loadMany(pending, plan.params);
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
      const raw = await this.run(load.sql, { ...params, [PARENT_IDS]: ids.slice(i, i + ID_CHUNK) });
      for (const r of raw) {
        const parent = Number(r[load.parentAlias]);
        const list = children.get(parent) ?? [];
        if (list.length === 0) children.set(parent, list);
        list.push(buildRow(r, load.shape, next));
      }
    }
    for (const parent of parents) parent[load.key] = children.get(parent[load.parentIdKey] as number) ?? [];
    await this.loadMany(next, params);
  }
}
