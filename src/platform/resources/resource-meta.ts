/**
 * `GET /node/meta/{resource}` (DESIGN.md §3): what a resource's fields and associations are, built
 * in one place from the TypeORM metadata and the ResourceDefinition. Entities and definitions do
 * not change while the process runs, so each answer is built once and kept.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { RelationMetadata } from 'typeorm/metadata/RelationMetadata';
import {
  SYSTEM_FIELDS,
  type AssociationMeta,
  type FieldMeta,
  type FieldType,
  type Reference,
  type ResourceMeta,
} from '../../../common/resource-meta';
import { isMoneyColumn } from '../database/columns';
import { columnKind } from './field-values';
import { operationsOf, type EntityClass, type ResourceDefinition } from './resource-definition';
import { ResourceRegistry } from './resource-registry';

/** Fields that usually name a record, most telling first; the first one an entity has is its display. */
const DISPLAY_CANDIDATES = [
  'anzeigename',
  'titel',
  'title',
  'name',
  'bezeichnung',
  'bezirk_name',
  'email',
  'rechnungs_nr',
  'code',
  'website',
  'real_name',
  'kennnummer',
];

/** A key column: `rw_debitor_kreis_id` and the resource name it carries, `rw-debitor-kreis`. */
const FOREIGN_KEY = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)*)_id$/;

const LONG_TEXT_TYPES = new Set(['text', 'mediumtext', 'longtext']);

/** The fields naming a record of `definition`: its own list, else the first common naming field, else `id`. */
export function displayOf(definition: ResourceDefinition, metadata: EntityMetadata): string[] {
  if (definition.display) return definition.display;
  const hidden = new Set(definition.hidden ?? []);
  const found = DISPLAY_CANDIDATES.find(
    (name) => !hidden.has(name) && metadata.columns.some((c) => c.propertyName === name),
  );
  return [found ?? 'id'];
}

/** A JSON value for the column default; none for SQL expressions and generated values. */
function defaultOf(column: ColumnMetadata): FieldMeta['default'] {
  const value: unknown = column.default;
  return typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null
    ? value
    : undefined;
}

function typeOf(definition: ResourceDefinition, column: ColumnMetadata): FieldType {
  const name = column.propertyName;
  const declared = definition.fieldTypes?.[name];
  if (declared) return declared;
  if (definition.enums?.[name] || column.enum) return 'enum';
  switch (columnKind(column)) {
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    case 'decimal':
      return isMoneyColumn(column) ? 'money' : 'decimal';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'json':
      return 'json';
    case 'string':
      return LONG_TEXT_TYPES.has(String(column.type)) ? 'longtext' : 'text';
  }
}

@Injectable()
export class ResourceMetaService {
  private readonly cache = new Map<string, ResourceMeta>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: ResourceRegistry,
  ) {}

  /** The metadata of a registered resource; an unknown name → 400 naming it. */
  meta(name: string): ResourceMeta {
    let meta = this.cache.get(name);
    if (!meta) {
      meta = this.build(this.registry.get(name));
      this.cache.set(name, meta);
    }
    return meta;
  }

  private build(definition: ResourceDefinition): ResourceMeta {
    const metadata = this.dataSource.getMetadata(definition.entity);
    const operations = operationsOf(definition);
    // A resource the generic API neither creates nor updates has nothing writable at all.
    const writable = operations.create || operations.update;
    const associations = metadata.relations.map((relation) => this.association(relation, writable));
    return {
      name: definition.name,
      operations,
      ...(definition.lockedWhen && { lockedWhen: definition.lockedWhen }),
      ...(definition.deletableWhen && { deletableWhen: definition.deletableWhen }),
      ...(definition.scopes && { scopes: definition.scopes }),
      ...(definition.parameterScopes && {
        parameterScopes: Object.fromEntries(
          Object.entries(definition.parameterScopes).map(([name, scope]) => [name, scope.description]),
        ),
      }),
      display: displayOf(definition, metadata),
      searchable: definition.searchable ?? [],
      defaultOrder: definition.defaultOrder ?? [['id', 'ASC']],
      files: definition.files ?? false,
      fields: this.fields(definition, metadata, associations, writable),
      associations,
    };
  }

  private fields(
    definition: ResourceDefinition,
    metadata: EntityMetadata,
    associations: AssociationMeta[],
    writable: boolean,
  ): FieldMeta[] {
    const hidden = new Set(definition.hidden ?? []);
    const readOnly = new Set(definition.readOnly ?? []);
    return metadata.columns
      .filter((column) => !column.isVirtual && !hidden.has(column.propertyName))
      .map((column) => {
        const name = column.propertyName;
        const type = typeOf(definition, column);
        const isReadOnly =
          !writable ||
          SYSTEM_FIELDS.has(name) ||
          readOnly.has(name) ||
          column.isGenerated ||
          column.isCreateDate ||
          column.isUpdateDate ||
          column.isVersion;
        const defaultValue = defaultOf(column);
        const values = definition.enums?.[name] ?? column.enum?.map(String);
        const association = associations.find((a) => a.kind === 'to-one' && a.foreignKey === name);
        const field: FieldMeta = {
          name,
          type,
          nullable: column.isNullable,
          readOnly: isReadOnly,
          required: !column.isNullable && defaultValue === undefined && !isReadOnly,
        };
        if (defaultValue !== undefined) field.default = defaultValue;
        if (column.length && (type === 'text' || type === 'time')) field.maxLength = Number(column.length);
        if (type === 'decimal' || type === 'money') field.decimals = column.scale ?? 0;
        if (type === 'enum' && values) field.values = values;
        if (association) field.association = association.name;
        else if (type === 'integer') Object.assign(field, this.reference(name, definition, metadata));
        return field;
      });
  }

  /**
   * What a key column without association points to, by the spec's naming: `<resource>_id` for a
   * registered resource, or `<field>_id` beside an enum `<field>` whose values name resources
   * (`relation` 'Veranstaltung-Event' → `veranstaltung-event`). Other ids (external numbers such
   * as `lg_id`) stay plain numbers.
   */
  private reference(
    name: string,
    definition: ResourceDefinition,
    metadata: EntityMetadata,
  ): Pick<FieldMeta, 'references' | 'referencesBy'> {
    const stem = FOREIGN_KEY.exec(name)?.[1];
    if (!stem) return {};
    const direct = this.resourceNamed(stem.replace(/_/g, '-'));
    if (direct) return { references: direct };
    const values = definition.enums?.[stem] ?? metadata.columns.find((c) => c.propertyName === stem)?.enum;
    const resources = Object.fromEntries(
      (values ?? []).flatMap((value) => {
        const target = this.resourceNamed(String(value).toLowerCase());
        return target ? [[String(value), target]] : [];
      }),
    );
    return Object.keys(resources).length ? { referencesBy: { field: stem, resources } } : {};
  }

  private resourceNamed(name: string): Reference | undefined {
    const target = this.registry.find(name);
    if (!target) return undefined;
    return { resource: name, display: displayOf(target, this.dataSource.getMetadata(target.entity)) };
  }

  private association(relation: RelationMetadata, writable: boolean): AssociationMeta {
    const target = this.registry.forEntity(relation.inverseEntityMetadata.target as EntityClass);
    const base = {
      name: relation.propertyName,
      resource: target?.name ?? null,
      display: target ? displayOf(target, relation.inverseEntityMetadata) : ['id'],
    };
    if (relation.isManyToOne || relation.isOneToOneOwner) {
      return { ...base, kind: 'to-one', foreignKey: relation.joinColumns[0]?.propertyName, writable: false };
    }
    // Many-to-many links are saved as id lists with the record (ResourceWriter); one-to-many never.
    return { ...base, kind: 'to-many', writable: relation.isManyToMany && writable };
  }
}
