/**
 * The server's resource metadata (`GET /node/meta/{resource}`, common/resource-meta.ts) and the
 * German vocabulary (common/vocabulary.ts), turned into what the generic screens show: labels,
 * list columns with their includes, and edit fields with the right inputs.
 */
import {
  SYSTEM_FIELDS,
  type AssociationMeta,
  type FieldMeta,
  type ResourceMeta,
} from '../../../common/resource-meta';
import { associationLabel, enumLabel, enumLabels, fieldLabel } from '../../../common/vocabulary';
import type { Query } from '../lib/api';
import { useApi } from '../lib/hooks';
import { referenceField, referencesOf } from './references';
import type { ColumnDef, FieldDef, FieldOverride, ResourceConfig, Row, ValueType } from './types';

export type { ResourceMeta } from '../../../common/resource-meta';

/** Metadata changes only with a new server version: fetched once per resource and session. */
export function useMeta(resource: string | null) {
  return useApi<ResourceMeta>(resource ? `/meta/${resource}` : null, undefined, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    refreshInterval: 0,
  });
}

/** The German label of a field or `Association.field` path; the vocabulary test keeps it complete. */
export function label(resource: string, path: string): string {
  const direct = fieldLabel(resource, path);
  if (direct) return direct;
  const [head, ...rest] = path.split('.');
  if (rest.length > 0) return associationLabel(resource, head) ?? fieldLabel(resource, head) ?? head;
  return associationLabel(resource, path) ?? path;
}

/** A record as staff read it in selects, titles and breadcrumbs: its display fields. */
export function displayText(display: string[], row: Row | undefined | null): string {
  if (!row) return '';
  const [main, ...more] = display
    .map((field) => row[field])
    .filter((v) => v !== null && v !== undefined && v !== '');
  if (main === undefined) return row.id === undefined ? '' : `#${row.id}`;
  return more.length ? `${String(main)} (${more.map(String).join(', ')})` : String(main);
}

const VALUE_TYPES: Partial<Record<FieldMeta['type'], ValueType>> = {
  integer: 'number',
  decimal: 'number',
  money: 'amount',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
  enum: 'enum',
  json: 'json',
};

function toOne(meta: ResourceMeta, field: FieldMeta | undefined): AssociationMeta | undefined {
  const association = field?.association && meta.associations.find((a) => a.name === field.association);
  return association && association.resource ? association : undefined;
}

/**
 * Columns in the spec's order with German titles; foreign keys show the related record's name,
 * stored values their German label wherever the vocabulary has one (also free-text fields such as
 * a booking's Buchungstyp, whose usual values it knows).
 */
function resolveColumn(meta: ResourceMeta, column: ColumnDef): { column: ColumnDef; include?: Query } {
  const field = meta.fields.find((f) => f.name === column.field);
  const association = toOne(meta, field);
  const title = column.label ?? label(meta.name, column.field);
  if (association) {
    const include = { association: association.name, attributes: ['id', ...association.display] };
    return {
      column: {
        ...column,
        label: title,
        field: association.name,
        type: 'record',
        sortField: column.field,
        display: association.display,
      },
      include,
    };
  }
  const references = field && referencesOf(field);
  if (references)
    return {
      column: {
        ...column,
        label: title,
        field: referenceField(references.key),
        type: 'record',
        sortField: column.field,
        references,
      },
    };
  const labels = field && enumLabels(meta.name, field.name);
  return {
    column: {
      ...column,
      label: title,
      type: labels ? 'enum' : (column.type ?? (field && VALUE_TYPES[field.type])),
      enumLabels: labels,
    },
  };
}

/**
 * Columns of a screen's own table with the German labels of their stored values, where the
 * vocabulary has them and the column does not format its value itself.
 */
export function inVocabulary(resource: string, columns: ColumnDef[]): ColumnDef[] {
  return columns.map((column) => {
    const labels = !column.format && !column.type && enumLabels(resource, column.field);
    return labels ? { ...column, type: 'enum', enumLabels: labels } : column;
  });
}

const LIST_TYPES = new Set<FieldMeta['type']>([
  'text',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'time',
  'boolean',
  'enum',
]);
const MAX_DERIVED_COLUMNS = 8;

/** System fields a list does not show unless configured to. */
const NOT_LISTED = new Set(['updatedAt', 'version']);

/** Without configured columns: the display fields first, then the short plain fields. */
function derivedColumns(meta: ResourceMeta): ColumnDef[] {
  const names = [...meta.display.filter((name) => name !== 'id'), ...meta.fields.map((f) => f.name)];
  const fields = [...new Set(names)]
    .map((name) => meta.fields.find((f) => f.name === name))
    .filter((f): f is FieldMeta => Boolean(f) && LIST_TYPES.has(f!.type) && !NOT_LISTED.has(f!.name));
  return fields.slice(0, MAX_DERIVED_COLUMNS).map((f) => ({ field: f.name }));
}

/** The list's columns and the includes they need, merged into the configured query. */
export function listColumns(
  meta: ResourceMeta,
  config: ResourceConfig,
): { columns: ColumnDef[]; query: Query } {
  const resolved = (config.columns ?? derivedColumns(meta)).map((column) => resolveColumn(meta, column));
  const configured = (config.query?.include as Query[] | undefined) ?? [];
  const have = new Set(configured.map((include) => include.association));
  const extra = resolved.flatMap(({ include }) =>
    include && !have.has(include.association) ? [include] : [],
  );
  const include = [...configured, ...extra];
  return {
    columns: resolved.map(({ column }) => column),
    query: { ...config.query, include: include.length ? include : undefined },
  };
}

/** The input of one field, from its metadata. */
function fieldDef(meta: ResourceMeta, field: FieldMeta): FieldDef {
  const base = { name: field.name, label: label(meta.name, field.name), readOnly: field.readOnly };
  const association = toOne(meta, field);
  if (association)
    return { ...base, type: 'record', resource: association.resource!, display: association.display };
  if (field.references) return { ...base, type: 'record', ...field.references };
  if (field.referencesBy) {
    const by = field.referencesBy.field;
    return { ...base, type: 'record', resourceBy: { ...field.referencesBy, label: label(meta.name, by) } };
  }
  switch (field.type) {
    case 'enum': {
      const values = field.values ?? [];
      const options = values.map((value) => ({ value, label: enumLabel(meta.name, field.name, value) }));
      return {
        ...base,
        type: 'select',
        options: field.nullable ? [{ value: null, label: '' }, ...options] : options,
      };
    }
    case 'integer':
      return { ...base, type: 'number', decimals: 0 };
    case 'decimal':
      return { ...base, type: 'number', decimals: field.decimals ?? 2, min: 0 };
    case 'money':
      return { ...base, type: 'amount' };
    case 'longtext':
      return { ...base, type: 'textarea' };
    case 'text':
      return { ...base, type: 'text', maxLength: field.maxLength };
    case 'json':
      return { ...base, type: 'text' };
    default:
      return { ...base, type: field.type };
  }
}

function associationDef(meta: ResourceMeta, association: AssociationMeta): FieldDef {
  return {
    name: association.name,
    label: associationLabel(meta.name, association.name) ?? association.name,
    type: 'records',
    resource: association.resource!,
    display: association.display,
  };
}

/** The writable many-to-many associations, edited as id lists. */
export function linkAssociations(meta: ResourceMeta): AssociationMeta[] {
  return meta.associations.filter((a) => a.kind === 'to-many' && a.writable && a.resource);
}

/** What an edit window loads and saves of the links: their names, and their ids included on load. */
export function linkLoading(meta: ResourceMeta) {
  const links = linkAssociations(meta);
  return {
    linkFields: links.map((a) => a.name),
    query: links.length
      ? { include: links.map((a) => ({ association: a.name, attributes: ['id'] })) }
      : undefined,
  };
}

/**
 * Fields a form offers unless told otherwise: the editable ones, not JSON (screens render those
 * themselves); for a resource nobody edits (issued invoices) all of them, to be read.
 */
function defaultFields(meta: ResourceMeta, hidden: string[]): FieldOverride[] {
  const writable = meta.operations.create || meta.operations.update;
  return [
    ...meta.fields
      .filter(
        (f) =>
          !SYSTEM_FIELDS.has(f.name) &&
          (!writable || !f.readOnly) &&
          f.type !== 'json' &&
          !hidden.includes(f.name),
      )
      .map((f) => f.name),
    ...linkAssociations(meta)
      .map((a) => a.name)
      .filter((name) => !hidden.includes(name)),
  ];
}

/** One field of the form: a name takes everything from the metadata, an object overrides parts of it. */
function resolveField(meta: ResourceMeta, override: FieldOverride): FieldDef | undefined {
  const { name, ...rest } = typeof override === 'string' ? { name: override } : override;
  const field = meta.fields.find((f) => f.name === name);
  const association = meta.associations.find((a) => a.name === name && a.kind === 'to-many' && a.resource);
  const base = field ? fieldDef(meta, field) : association ? associationDef(meta, association) : undefined;
  if (!base) return undefined;
  return { ...base, ...rest };
}

export function editFields(
  meta: ResourceMeta,
  overrides: FieldOverride[] | undefined,
  hidden: string[] = [],
): FieldDef[] {
  return (overrides ?? defaultFields(meta, hidden))
    .map((override) => resolveField(meta, override))
    .filter((f): f is FieldDef => Boolean(f));
}

/** A new record starts with the column defaults (spec defaults live in the entities), then the registry's. */
export function newRecordDefaults(meta: ResourceMeta, config: ResourceConfig): Row {
  const defaults: Row = {};
  for (const field of meta.fields) {
    if (field.default !== undefined && field.default !== null && !field.readOnly)
      defaults[field.name] = field.default;
  }
  return { ...defaults, ...config.defaults };
}
