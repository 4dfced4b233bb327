/**
 * The shape of `GET /node/meta/{resource}` (DESIGN.md §3): what the client's generic screens need
 * to know about a resource's fields. Built by the server from the TypeORM metadata and the
 * ResourceDefinition; labels are not part of it (they come from `common/vocabulary.ts`).
 */

/**
 * Fields the system keeps (identity, timestamps, the edit version): never written by a generic
 * save, never an input of an edit form.
 */
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'version']);

/** How a field is edited and shown. */
export type FieldType =
  | 'text'
  | 'longtext'
  | 'richtext'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'date'
  | 'datetime'
  | 'time'
  | 'boolean'
  | 'enum'
  | 'json';

export interface FieldMeta {
  name: string;
  type: FieldType;
  nullable: boolean;
  /** The column default as a JSON value; absent when there is none. */
  default?: string | number | boolean | null;
  /** Never written by a generic save (system fields, derived values, foreign keys of read-only resources). */
  readOnly: boolean;
  /** Required on create: not nullable and without a default. */
  required: boolean;
  maxLength?: number;
  /** Decimal places of decimal and money fields. */
  decimals?: number;
  /** The allowed values of an enum field. */
  values?: readonly string[];
  /** For a foreign key: the name of the to-one association that reads it (e.g. `Veranstaltung_Typ`). */
  association?: string;
  /**
   * For a foreign key no association reads (a link into another context, whose entities this one
   * may not import): the record it names, e.g. `rw_vorlage_id` → `rw-vorlage`.
   */
  references?: Reference;
  /**
   * For a key whose resource another field of the record names (a download's `relation_id` under
   * `relation`): the resource per value of that field.
   */
  referencesBy?: { field: string; resources: Record<string, Reference> };
}

/** A registered resource one field points into, with the fields that name its records. */
export interface Reference {
  resource: string;
  display: string[];
}

export interface AssociationMeta {
  /** The spec's association name, e.g. `Veranstaltung_Typ`, `Storno_Options`. */
  name: string;
  kind: 'to-one' | 'to-many';
  /** The registered resource behind it (e.g. `veranstaltung-typ`); null when it is not a resource. */
  resource: string | null;
  /** to-one: the foreign key column on this resource. */
  foreignKey?: string;
  /** The fields that name a record of the target, first the main one (e.g. ['anzeigename', 'kennnummer']). */
  display: string[];
  /** to-many: saved as a list of ids with the record (many-to-many links). */
  writable: boolean;
}

/** Whether the generic API allows an operation at all. */
export interface ResourceOperations {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/**
 * A record matches when every named field equals the given value (null: is empty). Used to say
 * which records the server refuses to change or delete, so that screens do not offer it.
 */
export type RecordCondition = Record<string, string | number | boolean | null>;

export interface ResourceMeta {
  name: string;
  operations: ResourceOperations;
  /** Records matching this may not be updated (e.g. issued invoices); absent: all may. */
  lockedWhen?: RecordCondition;
  /** Records NOT matching this may not be deleted (e.g. invoices already in a summary); absent: all may. */
  deletableWhen?: RecordCondition;
  /** Named filters a list or read may ask for with `scope=name`; absent: none. */
  scopes?: Record<string, RecordCondition>;
  /** Named filters taking a number (`scope=name:17`), each with what it selects; absent: none. */
  parameterScopes?: Record<string, string>;
  /** The fields that name one record (for selects, titles, breadcrumbs). */
  display: string[];
  /** Fields the list search box looks in. */
  searchable: string[];
  defaultOrder: [string, 'ASC' | 'DESC'][];
  /** Has a file area at `/node/api/{name}/files`. */
  files: boolean;
  fields: FieldMeta[];
  associations: AssociationMeta[];
}

/** Whether `row` matches `condition` (see RecordCondition); null and undefined count as empty. */
export function matchesCondition(row: Record<string, unknown>, condition: RecordCondition): boolean {
  return Object.entries(condition).every(([field, value]) =>
    value === null ? row[field] === null || row[field] === undefined : row[field] === value,
  );
}
