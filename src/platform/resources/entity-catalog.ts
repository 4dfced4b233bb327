/**
 * What the generic reader knows about an entity, read once from the TypeORM metadata and kept for
 * the life of the app (no metadata work per request): its visible columns, how each association
 * joins, and how a filter value becomes a bound parameter.
 */
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata';
import { columnKind, ColumnKind, FieldValueError, toColumnValue } from './field-values';

export interface ColumnInfo {
  /** The spec's field name (the entity property). */
  name: string;
  metadata: ColumnMetadata;
  /** The quoted column name, without table alias. */
  sql: string;
  kind: ColumnKind;
  /** A filter value as the driver binds it; throws FieldValueError with a German reason. */
  toParam(value: unknown): unknown;
  /** A raw database value as the API answers it (booleans, dates, JSON, money). */
  hydrate(value: unknown): unknown;
  /** The driver's value is already the answer (text, whole numbers, decimals): `hydrate` returns it as is. */
  readsAsStored: boolean;
}

/**
 * Column types whose values both drivers hand over unchanged (see their prepareHydratedValue): the
 * reader skips the per-value call, which checks a dozen types for each of a page's values.
 */
const STORED_AS_ANSWERED = new Set<unknown>([
  String,
  'varchar',
  'char',
  'text',
  'tinytext',
  'mediumtext',
  'longtext',
  'int',
  'integer',
  'tinyint',
  'smallint',
  'mediumint',
  'bigint',
  'decimal',
]);

const unchanged = (value: unknown) => value;

/** A stored UTC datetime as SQLite and MariaDB (read as text) hand it over, with a real month and day (seconds may be missing in SQLite). */
const STORED_DATETIME =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])) (\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;

/**
 * A datetime as the API answers it: the text JSON gives a Date (`toISOString`: UTC, milliseconds),
 * or null for an invalid one. Built from the stored text, because a Date per value cost a list of ten
 * bookings with three datetimes each about 25 µs of JSON.stringify alone (bench/api, 2026-11-26).
 * Anything else (a Date, other text) goes the way TypeORM hydrates it: through `new Date`.
 */
export function answeredDateTime(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const stored = typeof value === 'string' ? STORED_DATETIME.exec(value) : null;
  if (stored) {
    const [, calendarDay, hourMinute, second = '00', fraction = ''] = stored;
    return `${calendarDay}T${hourMinute}:${second}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
  }
  const date = value instanceof Date ? value : new Date(value as string);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A date-only value as the API answers it: read as its text 'YYYY-MM-DD' (on MariaDB too) it is the
 * answer, as TypeORM passes text on, whatever the server's time zone; anything else, such as a Date,
 * goes to `byDriver` (TypeORM formats a Date in the server's time zone).
 */
export function answeredDate(value: unknown, byDriver: (value: unknown) => unknown): unknown {
  return typeof value === 'string' ? value : byDriver(value);
}

export interface RelationInfo {
  name: string;
  /** One-to-many or many-to-many: several target rows per owner row. */
  many: boolean;
  target: EntityInfo;
  /** The owner's quoted column that the target's `link` equals: a to-one's foreign key, else the id. */
  ownerKey: string;
  /** FROM items of the target under `alias`, with the link table of a many-to-many. */
  source(alias: string): string;
  /** The target-side expression that equals the owner's key. */
  link(alias: string): string;
}

/** How a column's values become the answer: as stored, as date text, or the way TypeORM hydrates them. */
function hydration(
  metadata: ColumnMetadata,
  kind: ColumnKind,
  byDriver: (value: unknown) => unknown,
): Pick<ColumnInfo, 'hydrate' | 'readsAsStored'> {
  if (metadata.transformer) return { hydrate: byDriver, readsAsStored: false };
  if (kind === 'datetime') return { hydrate: answeredDateTime, readsAsStored: false };
  if (kind === 'date') return { hydrate: (value) => answeredDate(value, byDriver), readsAsStored: false };
  if (STORED_AS_ANSWERED.has(metadata.type)) return { hydrate: unchanged, readsAsStored: true };
  return { hydrate: byDriver, readsAsStored: false };
}

export class EntityInfo {
  /** The quoted table name. */
  readonly table: string;
  readonly id: ColumnInfo;
  /** The columns the API shows, in declaration order (the order of the JSON answer). */
  readonly columns: ColumnInfo[];
  private readonly byName: Map<string, ColumnInfo>;
  private readonly relations = new Map<string, RelationInfo>();
  private readonly relationOrder: Map<string, number>;

  constructor(
    readonly metadata: EntityMetadata,
    private readonly catalog: EntityCatalog,
    escape: (name: string) => string,
    hidden: string[],
  ) {
    this.table = escape(metadata.tableName);
    this.columns = metadata.columns
      .filter((c) => !hidden.includes(c.propertyName) && !c.relationMetadata?.isManyToMany)
      .map((c) => catalog.column(c));
    this.byName = new Map(this.columns.map((c) => [c.name, c]));
    const [primary] = metadata.primaryColumns;
    const id = primary && this.byName.get(primary.propertyName);
    if (!id || metadata.primaryColumns.length !== 1) {
      throw new Error(`${metadata.name}: der generische Leser braucht genau eine sichtbare ID-Spalte`);
    }
    this.id = id;
    this.relationOrder = new Map(metadata.relations.map((r, index) => [r.propertyName, index]));
  }

  column(name: string): ColumnInfo | undefined {
    return this.byName.get(name);
  }

  relation(name: string): RelationInfo | undefined {
    let info = this.relations.get(name);
    if (!info && this.relationOrder.has(name)) {
      info = this.catalog.relation(this.metadata.findRelationWithPropertyPath(name)!);
      this.relations.set(name, info);
    }
    return info;
  }

  /** Position of an association among the entity's properties (included ones follow the columns). */
  relationIndex(name: string): number {
    return this.relationOrder.get(name) ?? Number.MAX_SAFE_INTEGER;
  }
}

export class EntityCatalog {
  private readonly entities = new Map<EntityMetadata, EntityInfo>();
  private readonly byClass = new Map<unknown, EntityInfo>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly hiddenOf: (metadata: EntityMetadata) => string[],
  ) {}

  /** The info of an entity class (a registered resource's entity). */
  of(entity: unknown): EntityInfo {
    let info = this.byClass.get(entity);
    if (!info) {
      info = this.get(this.dataSource.getMetadata(entity as never));
      this.byClass.set(entity, info);
    }
    return info;
  }

  get(metadata: EntityMetadata): EntityInfo {
    let info = this.entities.get(metadata);
    if (!info) {
      const escape = (name: string) => this.dataSource.driver.escape(name);
      info = new EntityInfo(metadata, this, escape, this.hiddenOf(metadata));
      this.entities.set(metadata, info);
    }
    return info;
  }

  column(metadata: ColumnMetadata): ColumnInfo {
    const driver = this.dataSource.driver;
    const kind = columnKind(metadata);
    return {
      name: metadata.propertyName,
      metadata,
      sql: driver.escape(metadata.databaseName),
      kind,
      toParam(value) {
        const converted = kind === 'json' ? value : toColumnValue(metadata, value);
        checkRange(metadata, kind, converted);
        return kind === 'json' || kind === 'date'
          ? converted
          : driver.preparePersistentValue(converted, metadata);
      },
      ...hydration(metadata, kind, (value) => driver.prepareHydratedValue(value, metadata)),
    };
  }

  relation(relation: RelationMetadata): RelationInfo {
    const escape = (name: string) => this.dataSource.driver.escape(name);
    const target = this.get(relation.inverseEntityMetadata);
    const base = { name: relation.propertyName, target };
    if (relation.isManyToOne || relation.isOneToOneOwner) {
      const [join] = relation.joinColumns;
      return {
        ...base,
        many: false,
        ownerKey: escape(join.databaseName),
        source: (alias) => `${target.table} ${alias}`,
        link: (alias) => `${alias}.${escape(join.referencedColumn!.databaseName)}`,
      };
    }
    if (relation.isOneToMany) {
      const [join] = relation.inverseRelation!.joinColumns;
      return {
        ...base,
        many: true,
        ownerKey: escape(join.referencedColumn!.databaseName),
        source: (alias) => `${target.table} ${alias}`,
        link: (alias) => `${alias}.${escape(join.databaseName)}`,
      };
    }
    if (relation.isManyToManyOwner) {
      const [own] = relation.joinColumns;
      const [other] = relation.inverseJoinColumns;
      const junction = escape(relation.junctionEntityMetadata!.tableName);
      return {
        ...base,
        many: true,
        ownerKey: escape(own.referencedColumn!.databaseName),
        source: (alias) =>
          `${junction} ${alias}_l INNER JOIN ${target.table} ${alias} ON ${alias}.${escape(other.referencedColumn!.databaseName)} = ${alias}_l.${escape(other.databaseName)}`,
        link: (alias) => `${alias}_l.${escape(own.databaseName)}`,
      };
    }
    throw new Error(
      `${relation.entityMetadata.name}.${relation.propertyName}: Verknüpfungsart nicht unterstützt`,
    );
  }
}

/**
 * A number the column cannot hold is refused rather than compared: MariaDB compares an integer
 * column with 1e300 as a double and finds rows, SQLite does not.
 */
function checkRange(metadata: ColumnMetadata, kind: ColumnKind, value: unknown): void {
  if (typeof value !== 'number') return;
  const outside =
    kind === 'integer'
      ? !Number.isSafeInteger(value)
      : kind === 'decimal' &&
        metadata.precision !== undefined &&
        metadata.precision !== null &&
        Math.abs(value) >= 10 ** (metadata.precision - (metadata.scale ?? 0));
  if (outside) throw new FieldValueError('liegt außerhalb des zulässigen Bereichs');
}
