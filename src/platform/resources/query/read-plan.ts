/**
 * Compiles a ResourceQuery into the SQL of one read (DESIGN.md §3, issue 16): the page of roots,
 * filtered, ordered and limited, with its to-one includes joined; a COUNT(*) over the same filter;
 * and one query per to-many include for the ids of a page. Filters on to-many associations and
 * required includes become EXISTS semi-joins, so no join ever multiplies the roots and LIMIT
 * pages over roots. Compiling throws every 400, so a bad query never reaches the database.
 * Identifiers come from the entity catalog only; values are bound parameters only.
 */
import { DomainError } from '../../../shared/domain-error';
import type { ColumnInfo, EntityInfo, RelationInfo } from '../entity-catalog';
import { FieldValueError } from '../field-values';
import type { ResourceDefinition } from '../resource-definition';
import { QUERY_LIMITS, type IncludeSpec, type ResourceQuery, type WhereInput } from './resource-query';
import { FieldResolver, likeContains, ResolvedField, WhereCompiler } from './where-compiler';

const invalid = (message: string) => DomainError.invalid('INVALID_QUERY', message);

export interface Dialect {
  sqlite: boolean;
}

/** The parameter holding a chunk of parent ids in a to-many query. */
export const PARENT_IDS = '__ids';

/** A table under an alias in some query. */
interface Node {
  alias: string;
  entity: EntityInfo;
  /** How the query names it, for messages. */
  label: string;
}

/** One property of an answered record, in the order of the entity's declaration. */
export type Slot =
  | { kind: 'column'; key: string; alias: string; column: ColumnInfo }
  | { kind: 'one'; key: string; shape: Shape }
  | { kind: 'many'; key: string; load: ToManyLoad };

/** How the records of one node are built from result rows. */
export interface Shape {
  slots: Slot[];
  /** Result column of the id: null means a to-one include found nothing. */
  idAlias: string;
}

/** The query for one to-many include, run per chunk of parent ids (bound as PARENT_IDS). */
export interface ToManyLoad {
  /** The association's property on the parent records. */
  key: string;
  /** The parent records' id property. */
  parentIdKey: string;
  sql: string;
  /** Result column of the parent id each row belongs to. */
  parentAlias: string;
  shape: Shape;
}

/** A group or distinct field in the answer. */
export interface FieldOutput {
  /** Where the value goes in the row: `['alter']`, or `['Ort', 'name']` for `Ort.name` (nested as an include). */
  path: string[];
  alias: string;
  column: ColumnInfo;
}

/** `totalAlias`: the column that carries the count of all rows on every row of a counted page. */
export type PlanOutput =
  | { mode: 'records'; shape: Shape; totalAlias?: string }
  /** Group (with the result column of each group's count) or distinct rows. */
  | { mode: 'fields'; fields: FieldOutput[]; countAlias?: string; totalAlias?: string };

class Aliases {
  private counter = 0;
  next(prefix: string): string {
    return `${prefix}${++this.counter}`;
  }
}

/** The result columns of one SELECT, aliased c0, c1, … so joined tables never collide. */
class SelectList {
  readonly items: string[] = [];
  add(expression: string): string {
    const alias = `c${this.items.length}`;
    this.items.push(`${expression} AS ${alias}`);
    return alias;
  }
  text(): string {
    return this.items.join(', ');
  }
}

/** The LEFT JOINs of to-one associations in one query, each path joined once. */
class JoinSet {
  private readonly known = new Map<string, Node>();
  private readonly parts: string[] = [];

  constructor(private readonly aliases: Aliases) {}

  /** `condition` (an include's filter) gets a join of its own; plain joins are shared. */
  toOne(from: Node, relation: RelationInfo, condition?: (node: Node) => string): Node {
    const key = `${from.alias}.${relation.name}`;
    const shared = condition ? undefined : this.known.get(key);
    if (shared) return shared;
    if (this.parts.length >= QUERY_LIMITS.joins) {
      throw invalid(
        `Die Abfrage verknüpft zu viele Tabellen (höchstens ${QUERY_LIMITS.joins}); bitte weniger einbinden.`,
      );
    }
    const node = { alias: this.aliases.next('t'), entity: relation.target, label: relation.name };
    const extra = condition?.(node);
    this.parts.push(
      ` LEFT JOIN ${relation.source(node.alias)} ON ${relation.link(node.alias)} = ${from.alias}.${relation.ownerKey}${extra ? ` AND ${extra}` : ''}`,
    );
    if (!condition) this.known.set(key, node);
    return node;
  }

  get size(): number {
    return this.parts.length;
  }

  text(count = this.parts.length): string {
    return this.parts.slice(0, count).join('');
  }
}

interface ResolveOptions {
  /** Collects the first association of every `$Assoc.field$` path. */
  used?: Set<string>;
  /** Starts paths through these associations at an already joined node. */
  shortcuts?: Map<string, Node>;
}

/**
 * Whether an include keeps only those parent rows that have a matching associated row. As in
 * Sequelize, a required include nested in an optional one narrows that include's rows only.
 */
function restricting(spec: IncludeSpec): boolean {
  return spec.required ?? Boolean(spec.where);
}

/** The SQL of the page (or all rows), of its count, and how the answer is built from the rows. */
interface Statements {
  rowsSql: string;
  countSql: string;
  output: PlanOutput;
}

/** The FROM, joins and WHERE of the roots, shared by the page and its count. */
interface Roots {
  from: string;
  joins: JoinSet;
  /** How many of `joins` the filter needs (the count needs no others). */
  filterJoins: number;
  where: string;
  paging: string;
  /** First associations of the `$Assoc.field$` paths in the where. */
  used: Set<string>;
}

export class ReadPlan {
  readonly params: Record<string, unknown> = {};
  readonly rowsSql: string;
  readonly countSql: string;
  readonly output: PlanOutput;

  private readonly aliases = new Aliases();
  private readonly root: Node;
  private compilers = 0;
  private values = 0;

  constructor(
    private readonly dialect: Dialect,
    entity: EntityInfo,
    private readonly definition: ResourceDefinition,
    query: ResourceQuery,
  ) {
    this.root = { alias: 'r', entity, label: definition.name };
    const roots = this.roots(query);
    // Distinct rows need fields to be distinct over; without any, distinct records are the records.
    const statements =
      query.group || (query.distinct && query.attributes?.length)
        ? this.fieldRows(query, roots)
        : this.records(query, roots);
    this.rowsSql = statements.rowsSql;
    this.countSql = statements.countSql;
    this.output = statements.output;
  }

  private roots(query: ResourceQuery): Roots {
    const joins = new JoinSet(this.aliases);
    const used = new Set<string>();
    const filter = [
      this.compile(query.where, this.resolver(this.root, joins, { used })),
      query.search ? this.search(query.search) : '',
      ...query.include.filter(restricting).map((spec) => this.exists(this.root, spec)),
    ]
      .filter(Boolean)
      .join(' AND ');
    return {
      from: ` FROM ${this.root.entity.table} r`,
      joins,
      filterJoins: joins.size,
      where: filter ? ` WHERE ${filter}` : '',
      paging: this.paging(query.limit, query.offset),
      used,
    };
  }

  /** Groups with their counts, or distinct rows, of root and to-one fields. */
  private fieldRows(query: ResourceQuery, { from, joins, where, paging }: Roots): Statements {
    const grouped = Boolean(query.group);
    // Grouped rows carry only the group fields and count; attributes beside them still name real fields.
    if (grouped) for (const name of query.attributes ?? []) this.column(this.root, name);
    const select = new SelectList();
    const fields = (query.group ?? query.attributes ?? []).map((key) => {
      const { node, column, path } = this.path(key, joins, grouped ? 'group' : 'distinct');
      return { key: path.join('.'), path, column, sql: `${node.alias}.${column.sql}` };
    });
    const output = fields.map(({ path, column, sql }) => ({ path, column, alias: select.add(sql) }));
    const order = this.fieldOrder(query.order, fields, grouped);
    const body = `${from}${joins.text()}${where}`;
    if (!grouped) {
      const countSql = `SELECT COUNT(*) AS n FROM (SELECT DISTINCT ${select.text()}${body}) d`;
      // The same value on every row leaves the rows as distinct as they were.
      const totalAlias = this.total(query, countSql, select);
      return {
        rowsSql: `SELECT DISTINCT ${select.text()}${body}${order}${paging}`,
        countSql,
        output: { mode: 'fields', fields: output, totalAlias },
      };
    }
    const groupBy = fields.length ? ` GROUP BY ${fields.map((f) => f.sql).join(', ')}` : '';
    const countSql = `SELECT COUNT(*) AS n FROM (SELECT 1 AS one${body}${groupBy}) g`;
    const countAlias = select.add('COUNT(*)');
    const totalAlias = this.total(query, countSql, select);
    return {
      rowsSql: `SELECT ${select.text()}${body}${groupBy}${order}${paging}`,
      countSql,
      output: { mode: 'fields', fields: output, countAlias, totalAlias },
    };
  }

  /**
   * A counted page carries the count in its own statement (an uncorrelated subquery, run once): a
   * second statement cost a list call another round trip to the database. Unpaged, the rows are the count.
   */
  private total(query: ResourceQuery, countSql: string, select: SelectList): string | undefined {
    return query.count && (query.limit !== undefined || query.offset)
      ? select.add(`(${countSql})`)
      : undefined;
  }

  /** Records with their includes. */
  private records(query: ResourceQuery, roots: Roots): Statements {
    const { from, joins, filterJoins, where, paging, used } = roots;
    const order = this.recordOrder(query.order, joins);
    const sortJoins = joins.size;
    const select = new SelectList();
    const narrowing = query.where && used.size ? query.where : undefined;
    const shape = this.shape(this.root, query.attributes, query.include, joins, select, narrowing, used);
    const countSql = `SELECT COUNT(*) AS n${from}${joins.text(filterJoins)}${where}`;
    const totalAlias = this.total(query, countSql, select);
    if (query.limit === undefined || !query.offset) {
      const rowsSql = `SELECT ${select.text()}${from}${joins.text()}${where}${order}${paging}`;
      return { rowsSql, countSql, output: { mode: 'records', shape, totalAlias } };
    }
    // A later page finds its ids first, from the sort index alone, and reads only those rows:
    // otherwise MariaDB reads (or sorts) every row before the offset.
    const { table, id } = this.root.entity;
    const ids = `SELECT r.${id.sql}${from}${joins.text(sortJoins)}${where}${order}${paging}`;
    const rowsSql = `SELECT ${select.text()} FROM (${ids}) p INNER JOIN ${table} r ON r.${id.sql} = p.${id.sql}${joins.text()}${order}`;
    return { rowsSql, countSql, output: { mode: 'records', shape, totalAlias } };
  }

  private compile(where: WhereInput | undefined, resolve: FieldResolver): string {
    const compiler = new WhereCompiler(`w${++this.compilers}_`, { foldCase: this.dialect.sqlite });
    const { sql, params } = compiler.compile(where, resolve);
    Object.assign(this.params, params);
    this.values += Object.keys(params).length;
    if (this.values > QUERY_LIMITS.queryValues) {
      throw invalid(`Die Abfrage enthält zu viele Werte (höchstens ${QUERY_LIMITS.queryValues}).`);
    }
    return sql;
  }

  private relation(node: Node, name: string): RelationInfo {
    const relation = node.entity.relation(name);
    if (!relation) throw invalid(`Unbekannte Verknüpfung "${name}" bei "${node.label}".`);
    return relation;
  }

  private column(node: Node, name: string): ColumnInfo {
    const column = node.entity.column(name);
    if (!column) throw invalid(`Unbekanntes Feld "${name}" bei "${node.label}".`);
    return column;
  }

  private field(node: Node, name: string): ResolvedField {
    const column = this.column(node, name);
    return {
      sql: `${node.alias}.${column.sql}`,
      toParam: (value) => {
        try {
          return column.toParam(value);
        } catch (error) {
          if (error instanceof FieldValueError) throw invalid(`Wert für Feld "${name}" ${error.message}.`);
          throw error;
        }
      },
    };
  }

  /**
   * Resolves `field` on `node`, and `$Assoc.field$` / `$Assoc.Sub.field$` from it. To-many steps
   * become EXISTS, so that a filter over an association never repeats the rows it filters. To-one
   * steps join (when `joins` is given) unless the condition rejects NULL: then EXISTS means the
   * same, and MariaDB reads the associated table once instead of joining it to every row (the
   * count of a $like over Primaeremail.email at 100 000 Benutzer: 100 ms instead of 170 ms).
   */
  private resolver(node: Node, joins: JoinSet | null, options: ResolveOptions = {}): FieldResolver {
    return (name, rejectsNull) => {
      if (!(name.startsWith('$') && name.endsWith('$'))) return this.field(node, name);
      const segments = this.segments(name.slice(1, -1));
      if (segments.length < 2) throw invalid(`Ungültiger Verknüpfungspfad "${name}".`);
      options.used?.add(segments[0]);
      const shortcut = options.shortcuts?.get(segments[0]);
      const steps = segments.slice(shortcut ? 1 : 0, -1);
      const { target, wrap } = this.walk(shortcut ?? node, steps, rejectsNull ? null : joins);
      const field = this.field(target, segments[segments.length - 1]);
      return wrap ? { ...field, wrap } : field;
    };
  }

  private segments(path: string): string[] {
    const segments = path.split('.');
    if (segments.length - 1 > QUERY_LIMITS.pathDepth) {
      throw invalid(
        `Der Pfad "${path}" ist zu lang (höchstens ${QUERY_LIMITS.pathDepth} Verknüpfungen hintereinander).`,
      );
    }
    return segments;
  }

  private walk(
    start: Node,
    steps: string[],
    startJoins: JoinSet | null,
  ): { target: Node; wrap?: (condition: string) => string } {
    let node = start;
    let joins = startJoins;
    const wraps: ((condition: string) => string)[] = [];
    for (const step of steps) {
      const relation = this.relation(node, step);
      if (!relation.many && joins) {
        node = joins.toOne(node, relation);
        continue;
      }
      const parent = node;
      const inner = new JoinSet(this.aliases);
      node = { alias: this.aliases.next('e'), entity: relation.target, label: step };
      const child = node;
      wraps.push(
        (condition) =>
          `EXISTS (SELECT 1 FROM ${relation.source(child.alias)}${inner.text()} WHERE ${relation.link(child.alias)} = ${parent.alias}.${relation.ownerKey} AND ${condition})`,
      );
      joins = inner;
    }
    if (wraps.length === 0) return { target: node };
    return { target: node, wrap: (condition) => wraps.reduceRight((inner, wrap) => wrap(inner), condition) };
  }

  /** An include's own where and its restricting sub-includes, on the include's rows. */
  private includeFilter(node: Node, spec: IncludeSpec, joins: JoinSet | null): string {
    return [
      spec.where ? this.compile(spec.where, this.resolver(node, joins)) : '',
      ...spec.include.filter(restricting).map((sub) => this.exists(node, sub)),
    ]
      .filter(Boolean)
      .join(' AND ');
  }

  /** `parent` has at least one row of the include that matches the include's filter. */
  private exists(parent: Node, spec: IncludeSpec): string {
    const relation = this.relation(parent, spec.association);
    const child = { alias: this.aliases.next('e'), entity: relation.target, label: spec.association };
    const inner = new JoinSet(this.aliases);
    const filter = this.includeFilter(child, spec, inner);
    return `EXISTS (SELECT 1 FROM ${relation.source(child.alias)}${inner.text()} WHERE ${relation.link(child.alias)} = ${parent.alias}.${relation.ownerKey}${filter ? ` AND ${filter}` : ''})`;
  }

  /** Every word must match one of the resource's searchable fields (or be its id). */
  private search(search: string): string {
    const fields = this.definition.searchable ?? [];
    if (fields.length === 0)
      throw invalid(`Die Ressource "${this.definition.name}" kann nicht durchsucht werden.`);
    const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
    const where = {
      $and: words.map((word) => {
        const id = Number(word);
        return {
          $or: [
            ...fields.map((field) => ({
              [field.includes('.') ? `$${field}$` : field]: { $like: likeContains(word) },
            })),
            ...(/^\d+$/.test(word) && Number.isSafeInteger(id) ? [{ id }] : []),
          ],
        };
      }),
    };
    return this.compile(where, this.resolver(this.root, null));
  }

  /** `field` or `Assoc.field` along to-one associations (order, group, distinct). */
  private path(
    path: string,
    joins: JoinSet,
    purpose: 'order' | 'group' | 'distinct',
  ): { node: Node; column: ColumnInfo; path: string[] } {
    const segments = this.segments(bare(path));
    let node = this.root;
    const names: string[] = [];
    for (const step of segments.slice(0, -1)) {
      const relation = this.relation(node, step);
      names.push(relation.name);
      if (relation.many) {
        const what = { order: 'Sortierung nach', group: 'Gruppierung nach', distinct: '"distinct" über' }[
          purpose
        ];
        throw invalid(`${what} "${path}" ist nicht möglich: "${step}" hat mehrere Einträge je Zeile.`);
      }
      node = joins.toOne(node, relation);
    }
    const column = this.column(node, segments[segments.length - 1]);
    return { node, column, path: [...names, column.name] };
  }

  /** Text sorts the German way on SQLite too (see de_sort in data-source.ts), as MariaDB's collation does. */
  private sortKey(sql: string, column: ColumnInfo): string {
    return this.dialect.sqlite && column.kind === 'string' ? `de_sort(${sql})` : sql;
  }

  private recordOrder(order: ResourceQuery['order'], joins: JoinSet): string {
    const items = order.length
      ? order
      : (this.definition.defaultOrder ?? []).map(([path, direction]) => ({ path, direction }));
    const terms = items.map(({ path, direction }) => {
      const { node, column } = this.path(path, joins, 'order');
      return `${this.sortKey(`${node.alias}.${column.sql}`, column)} ${direction}`;
    });
    // The id last keeps pages stable when the sort field repeats.
    if (!items.some((i) => i.path === 'id')) terms.push(`r.${this.root.entity.id.sql} ASC`);
    return ` ORDER BY ${terms.join(', ')}`;
  }

  /** Groups and distinct rows sort by their fields (or count); unsorted fields follow, for stable pages. */
  private fieldOrder(
    order: ResourceQuery['order'],
    fields: { key: string; column: ColumnInfo; sql: string }[],
    grouped: boolean,
  ): string {
    const terms = order.map(({ path, direction }) => {
      if (grouped && path === 'count') return `COUNT(*) ${direction}`;
      const field = fields.find((f) => f.key === bare(path));
      if (!field) {
        throw invalid(
          grouped
            ? `Sortierung nach "${path}" ist bei "group" nur über Gruppenfelder oder count möglich.`
            : `Sortierung nach "${path}" ist bei "distinct" nur über gewählte Felder möglich.`,
        );
      }
      return `${this.sortKey(field.sql, field.column)} ${direction}`;
    });
    const sorted = new Set(order.map((o) => bare(o.path)));
    for (const field of fields) {
      if (!sorted.has(field.key)) terms.push(`${this.sortKey(field.sql, field.column)} ASC`);
    }
    return terms.length ? ` ORDER BY ${terms.join(', ')}` : '';
  }

  private paging(limit?: number, offset?: number): string {
    const skip = offset ? ` OFFSET :__offset` : '';
    if (offset) this.params.__offset = offset;
    if (limit !== undefined) {
      this.params.__limit = limit;
      return ` LIMIT :__limit${skip}`;
    }
    // Both engines need a LIMIT before OFFSET: "no limit" is their largest row count.
    if (skip) return ` LIMIT ${this.dialect.sqlite ? '-1' : '18446744073709551615'}${skip}`;
    return '';
  }

  /**
   * The columns of `node` and of its to-one includes (joined into this query), and a separate
   * query for each to-many include. `narrowing` is the root's where when it names an included
   * to-many association (`$Benutzer_Emails.email$`): as in Sequelize, it then narrows that
   * include's rows too.
   */
  private shape(
    node: Node,
    attributes: string[] | undefined,
    includes: IncludeSpec[],
    joins: JoinSet,
    select: SelectList,
    narrowing?: WhereInput,
    named?: Set<string>,
  ): Shape {
    const chosen = new Set([node.entity.id, ...(attributes ?? []).map((name) => this.column(node, name))]);
    const columns = attributes ? node.entity.columns.filter((c) => chosen.has(c)) : node.entity.columns;
    const slots: Slot[] = columns.map((column) => ({
      kind: 'column',
      key: column.name,
      column,
      alias: select.add(`${node.alias}.${column.sql}`),
    }));
    const sorted = [...includes].sort(
      (a, b) => node.entity.relationIndex(a.association) - node.entity.relationIndex(b.association),
    );
    for (const spec of sorted) {
      const relation = this.relation(node, spec.association);
      if (relation.many) {
        const narrow = named?.has(spec.association) ? narrowing : undefined;
        const load = this.toMany(node, relation, spec, narrow);
        slots.push({ kind: 'many', key: relation.name, load });
        continue;
      }
      // A filtered to-one include is null where its row does not match (or restricts the roots).
      const filtered = Boolean(spec.where) || spec.include.some(restricting);
      const condition = filtered ? (target: Node) => this.includeFilter(target, spec, null) : undefined;
      const child = joins.toOne(node, relation, condition);
      const shape = this.shape(child, spec.attributes, spec.include, joins, select);
      slots.push({ kind: 'one', key: relation.name, shape });
    }
    const id = slots.find(
      (slot): slot is Extract<Slot, { kind: 'column' }> =>
        slot.kind === 'column' && slot.column === node.entity.id,
    );
    return { slots, idAlias: id!.alias };
  }

  private toMany(
    parent: Node,
    relation: RelationInfo,
    spec: IncludeSpec,
    narrowing?: WhereInput,
  ): ToManyLoad {
    const child: Node = { alias: this.aliases.next('m'), entity: relation.target, label: spec.association };
    const joins = new JoinSet(this.aliases);
    const select = new SelectList();
    const link = relation.link(child.alias);
    const parentAlias = select.add(link);
    const shape = this.shape(child, spec.attributes, spec.include, joins, select);
    let from = relation.source(child.alias);
    const filter = [this.includeFilter(child, spec, joins)];
    if (narrowing) {
      const root = { ...this.root, alias: this.aliases.next('r') };
      from += ` INNER JOIN ${root.entity.table} ${root.alias} ON ${root.alias}.${relation.ownerKey} = ${link}`;
      const shortcuts = new Map([[spec.association, child]]);
      filter.push(this.compile(narrowing, this.resolver(root, joins, { shortcuts })));
    }
    const conditions = [`${link} IN (:...${PARENT_IDS})`, ...filter.filter(Boolean)].join(' AND ');
    return {
      key: relation.name,
      parentIdKey: parent.entity.id.name,
      sql: `SELECT ${select.text()} FROM ${from}${joins.text()} WHERE ${conditions} ORDER BY ${child.alias}.${child.entity.id.sql}`,
      parentAlias,
      shape,
    };
  }
}

/** `$Ort.name$` (the where syntax, accepted everywhere) as `Ort.name`. */
function bare(path: string): string {
  return path.replace(/^\$|\$$/g, '');
}
