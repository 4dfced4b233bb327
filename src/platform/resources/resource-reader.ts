/**
 * Runs the query language against TypeORM: every identifier is looked up in the entity metadata
 * (unknown → 400 naming it), every value is a bound parameter.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityMetadata, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata';
import { resourceLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { columnKind, FieldValueError, toColumnValue } from './field-values';
import type { EntityClass, ResourceDefinition, Row } from './resource-definition';
import { ResourceRegistry } from './resource-registry';
import type { IncludeSpec, ResourceQuery } from './query/resource-query';
import { FieldResolver, likeContains, ResolvedField, WhereCompiler } from './query/where-compiler';

interface AliasNode {
  alias: string;
  metadata: EntityMetadata;
  label: string;
  children: Map<string, AliasNode>;
}

const invalid = (message: string) => DomainError.invalid('INVALID_QUERY', message);

/** 404 naming the resource as staff know it (the menu's plural). */
export function recordNotFound(definition: ResourceDefinition, id: number): DomainError {
  const name = resourceLabel(definition.name)?.plural ?? definition.name;
  return DomainError.notFound('NOT_FOUND', `Eintrag ${id} in „${name}“ wurde nicht gefunden.`);
}

export type ListResult = Row[] | { count: number; rows: Row[] };

@Injectable()
export class ResourceReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
  ) {}

  async list(definition: ResourceDefinition, query: ResourceQuery): Promise<ListResult> {
    const plan = new QueryPlan(this.dataSource, this.registry, definition);
    if (query.group || (query.distinct && query.attributes)) {
      plan.applyWhere(query);
      return query.group ? plan.grouped(query) : plan.distinct(query);
    }
    // Includes before where, so that a "$Assoc.field$" filter reuses the include's join.
    plan.select(query.attributes);
    plan.applyIncludes(query.include);
    plan.applyWhere(query);
    plan.applyOrder(query.order, definition.defaultOrder);
    plan.applyPaging(query.limit, query.offset);
    if (query.count) {
      const [rows, count] = await plan.qb.getManyAndCount();
      return { count, rows: rows as Row[] };
    }
    return (await plan.qb.getMany()) as Row[];
  }

  async get(definition: ResourceDefinition, id: number, query: Partial<ResourceQuery> = {}): Promise<Row> {
    const plan = new QueryPlan(this.dataSource, this.registry, definition);
    plan.select(query.attributes);
    plan.applyIncludes(query.include ?? []);
    plan.applyWhere({ where: query.where });
    plan.qb.andWhere(`${plan.root.alias}.id = :__id`, { __id: id });
    plan.applyOrder(query.order ?? [], []);
    const row = await plan.qb.getOne();
    if (!row) throw recordNotFound(definition, id);
    return row as Row;
  }
}

class QueryPlan {
  readonly qb: SelectQueryBuilder<object>;
  readonly root: AliasNode;
  private aliasCounter = 0;
  private compilerCounter = 0;
  private toMany = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
    private readonly definition: ResourceDefinition,
  ) {
    const metadata = dataSource.getMetadata(definition.entity);
    this.root = { alias: 'r', metadata, label: definition.name, children: new Map() };
    this.qb = dataSource.createQueryBuilder(definition.entity, 'r') as SelectQueryBuilder<object>;
  }

  private hidden(metadata: EntityMetadata): string[] {
    return this.registry.forEntity(metadata.target as EntityClass)?.hidden ?? [];
  }

  private column(node: AliasNode, name: string): ColumnMetadata {
    const column = node.metadata.columns.find(
      (c) => c.propertyName === name && !c.relationMetadata?.isManyToMany,
    );
    if (!column || this.hidden(node.metadata).includes(name)) {
      throw invalid(`Unbekanntes Feld "${name}" bei "${node.label}".`);
    }
    return column;
  }

  private relation(node: AliasNode, name: string): RelationMetadata {
    const relation = node.metadata.findRelationWithPropertyPath(name);
    if (!relation) throw invalid(`Unbekannte Verknüpfung "${name}" bei "${node.label}".`);
    return relation;
  }

  private columnSql(node: AliasNode, column: ColumnMetadata): string {
    return `${this.qb.escape(node.alias)}.${this.qb.escape(column.databaseName)}`;
  }

  private resolved(node: AliasNode, column: ColumnMetadata, name: string): ResolvedField {
    const driver = this.dataSource.driver;
    return {
      sql: this.columnSql(node, column),
      toParam: (value) => {
        try {
          const converted = columnKind(column) === 'json' ? value : toColumnValue(column, value);
          return columnKind(column) === 'json' || columnKind(column) === 'date'
            ? converted
            : driver.preparePersistentValue(converted, column);
        } catch (error) {
          if (error instanceof FieldValueError) throw invalid(`Wert für Feld "${name}" ${error.message}.`);
          throw error;
        }
      },
    };
  }

  /** Joins (without selecting) or reuses the alias for an association path like `Benutzer_Emails.Benutzer_Gruppes`. */
  private node(path: string[], select: boolean, spec?: IncludeSpec): AliasNode {
    let node = this.root;
    path.forEach((segment, index) => {
      let child = node.children.get(segment);
      if (!child) {
        const relation = this.relation(node, segment);
        child = {
          alias: `j${++this.aliasCounter}`,
          metadata: relation.inverseEntityMetadata,
          label: segment,
          children: new Map(),
        };
        if (relation.isOneToMany || relation.isManyToMany) this.toMany = true;
        const isLast = index === path.length - 1;
        const condition =
          isLast && spec?.where
            ? new WhereCompiler(`i${++this.compilerCounter}_`).compile(spec.where, this.resolver(child))
            : undefined;
        const required = isLast && spec ? (spec.required ?? Boolean(spec.where)) : false;
        const join = required ? this.qb.innerJoin.bind(this.qb) : this.qb.leftJoin.bind(this.qb);
        join(
          `${node.alias}.${relation.propertyName}`,
          child.alias,
          condition?.sql || undefined,
          condition?.params,
        );
        if (select) this.addColumns(child, isLast ? spec?.attributes : undefined);
        node.children.set(segment, child);
      } else if (select && index === path.length - 1) {
        this.addColumns(child, spec?.attributes);
      }
      node = child;
    });
    return node;
  }

  private addColumns(node: AliasNode, attributes?: string[]): void {
    const hidden = this.hidden(node.metadata);
    const columns = attributes
      ? attributes.map((name) => this.column(node, name))
      : node.metadata.columns.filter(
          (c) => !hidden.includes(c.propertyName) && !c.relationMetadata?.isManyToMany,
        );
    const withPrimary = [...new Set([...node.metadata.primaryColumns, ...columns])];
    this.qb.addSelect(withPrimary.map((c) => `${node.alias}.${c.propertyPath}`));
  }

  /** Resolves `field` on this node, or `$Assoc.field$` / `$Assoc.Sub.field$` from the root. */
  private resolver(node: AliasNode): FieldResolver {
    return (name) => {
      if (name.startsWith('$') && name.endsWith('$')) {
        const parts = name.slice(1, -1).split('.');
        if (parts.length < 2) throw invalid(`Ungültiger Verknüpfungspfad "${name}".`);
        const target = this.node(parts.slice(0, -1), false);
        const field = parts[parts.length - 1];
        return this.resolved(target, this.column(target, field), field);
      }
      return this.resolved(node, this.column(node, name), name);
    };
  }

  /** Resolves `field` or `Assoc.field` (order, search, group). */
  private path(name: string): { node: AliasNode; column: ColumnMetadata } {
    const parts = name.replace(/^\$|\$$/g, '').split('.');
    const node = parts.length > 1 ? this.node(parts.slice(0, -1), false) : this.root;
    return { node, column: this.column(node, parts[parts.length - 1]) };
  }

  applyWhere(query: Pick<ResourceQuery, 'where' | 'search'>): void {
    const compiled = new WhereCompiler('w').compile(query.where, this.resolver(this.root));
    if (compiled.sql) this.qb.andWhere(compiled.sql, compiled.params);
    if (query.search) this.applySearch(query.search);
  }

  private applySearch(search: string): void {
    const fields = this.definition.searchable ?? [];
    if (fields.length === 0)
      throw invalid(`Die Ressource "${this.definition.name}" kann nicht durchsucht werden.`);
    const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
    words.forEach((word, w) => {
      const conditions = fields.map((field) => {
        const { node, column } = this.path(field);
        return `LOWER(${this.columnSql(node, column)}) LIKE LOWER(:s${w}) ESCAPE '!'`;
      });
      if (/^\d+$/.test(word)) conditions.push(`${this.qb.escape('r')}.${this.qb.escape('id')} = :sid${w}`);
      this.qb.andWhere(`(${conditions.join(' OR ')})`, {
        [`s${w}`]: likeContains(word),
        [`sid${w}`]: Number(word),
      });
    });
  }

  select(attributes?: string[]): void {
    this.qb.select([]);
    this.addColumns(this.root, attributes);
  }

  applyIncludes(includes: IncludeSpec[], prefix: string[] = []): void {
    for (const include of includes) {
      const path = [...prefix, include.association];
      this.node(path, true, include);
      this.applyIncludes(include.include, path);
    }
  }

  applyOrder(order: ResourceQuery['order'], fallback: ResourceDefinition['defaultOrder'] = []): void {
    const items = order.length ? order : (fallback ?? []).map(([path, direction]) => ({ path, direction }));
    for (const { path, direction } of items) {
      const { node, column } = this.path(path);
      if (node !== this.root && !this.isSelected(node)) {
        throw invalid(`Sortierung nach "${path}" braucht die Verknüpfung in "include".`);
      }
      this.qb.addOrderBy(this.orderExpression(node, column), direction);
    }
    if (!items.some((i) => i.path === 'id')) this.qb.addOrderBy('r.id', 'ASC');
  }

  /**
   * Text sorts the German way on SQLite too (see de_sort in data-source.ts). TypeORM's paging over
   * to-many joins accepts only `alias.property`, so those lists keep SQLite's byte order.
   */
  private orderExpression(node: AliasNode, column: ColumnMetadata): string {
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    if (sqlite && !this.toMany && columnKind(column) === 'string')
      return `de_sort(${this.columnSql(node, column)})`;
    return `${node.alias}.${column.propertyPath}`;
  }

  private isSelected(node: AliasNode): boolean {
    return this.qb.expressionMap.selects.some((s) => s.selection.startsWith(`${node.alias}.`));
  }

  applyPaging(limit?: number, offset?: number): void {
    // With to-many joins rows repeat per child: TypeORM pages over distinct root ids then.
    if (this.toMany) {
      if (limit !== undefined) this.qb.take(limit);
      if (offset !== undefined) this.qb.skip(offset);
    } else {
      if (limit !== undefined) this.qb.limit(limit);
      if (offset !== undefined) this.qb.offset(offset);
    }
  }

  private hydrate(raw: Record<string, unknown>, columns: { key: string; column?: ColumnMetadata }[]): Row {
    const row: Row = {};
    for (const { key, column } of columns) {
      const value = raw[key];
      row[key] = column ? this.dataSource.driver.prepareHydratedValue(value, column) : value;
    }
    return row;
  }

  async grouped(query: ResourceQuery): Promise<ListResult> {
    const fields = (query.group ?? []).map((name) => ({ key: name, ...this.path(name) }));
    this.qb.select([]);
    fields.forEach(({ key, node, column }) => {
      const sql = this.columnSql(node, column);
      this.qb.addSelect(sql, key).addGroupBy(sql);
    });
    this.qb.addSelect(`COUNT(DISTINCT ${this.qb.escape('r')}.${this.qb.escape('id')})`, 'count');
    for (const { path, direction } of query.order) {
      if (path === 'count') this.qb.addOrderBy(this.qb.escape('count'), direction);
      else {
        const field = fields.find((f) => f.key === path);
        if (!field)
          throw invalid(
            `Sortierung nach "${path}" ist bei "group" nur über Gruppenfelder oder count möglich.`,
          );
        this.qb.addOrderBy(this.orderExpression(field.node, field.column), direction);
      }
    }
    if (query.limit !== undefined) this.qb.limit(query.limit);
    if (query.offset !== undefined) this.qb.offset(query.offset);
    const raw = await this.qb.getRawMany();
    const rows = raw.map((r) => ({ ...this.hydrate(r, fields), count: Number(r.count) }));
    return query.count ? { count: rows.length, rows } : rows;
  }

  async distinct(query: ResourceQuery): Promise<ListResult> {
    const fields = (query.attributes ?? []).map((name) => ({ key: name, ...this.path(name) }));
    this.qb.select([]).distinct(true);
    fields.forEach(({ key, node, column }) => this.qb.addSelect(this.columnSql(node, column), key));
    for (const { path, direction } of query.order) {
      const field = fields.find((f) => f.key === path);
      if (!field)
        throw invalid(`Sortierung nach "${path}" ist bei "distinct" nur über gewählte Felder möglich.`);
      this.qb.addOrderBy(this.columnSql(field.node, field.column), direction);
    }
    const count = query.count ? (await this.qb.getRawMany()).length : 0;
    if (query.limit !== undefined) this.qb.limit(query.limit);
    if (query.offset !== undefined) this.qb.offset(query.offset);
    const rows = (await this.qb.getRawMany()).map((r) => this.hydrate(r, fields));
    return query.count ? { count, rows } : rows;
  }
}
