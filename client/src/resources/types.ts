/**
 * The types of the client's resource registry (DESIGN.md §2). Each feature exports its slice
 * (`features/<context>/index.ts`): menu entries with a few lines of configuration, detail routes
 * and dialogs; `app/registry.ts` composes them. Fields and labels come from the server's metadata
 * and `common/vocabulary.ts`; an entry only overrides what differs.
 */
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { Reference } from '../../../common/resource-meta';
import type { Query } from '../lib/api';

export type Row = Record<string, unknown> & { id?: number };

export type ValueType =
  'text' | 'number' | 'amount' | 'boolean' | 'date' | 'datetime' | 'json' | 'enum' | 'record';

export interface ColumnDef {
  /** Field name; a dotted path ('Primaeremail.email', 'data.seminar_teilnahmen') reads nested values. */
  field: string;
  /** The German title; the vocabulary's label of the field unless given. */
  label?: string;
  type?: ValueType;
  /** Dotted paths are not sortable unless said otherwise. */
  sortable?: boolean;
  /** The field the column sorts by when it is not `field` (a foreign key shown by name). */
  sortField?: string;
  /** 'record': the fields naming the included record. */
  display?: string[];
  /** 'record' of a key without association: where the named records are looked up (see references.ts). */
  references?: References;
  /** 'enum': the German labels of the values. */
  enumLabels?: Record<string, string>;
  /** A spec rule for showing the value (e.g. hours as days); shown and exported as it returns. */
  format?(value: unknown, row: Row): string;
  /** What the table cell shows instead of the text, when it must be loaded (the CSV export keeps the text). */
  cell?(row: Row): ReactNode;
}

export type FieldType =
  | 'text'
  | 'textarea'
  | 'lines'
  | 'number'
  | 'amount'
  | 'boolean'
  | 'date'
  | 'time'
  | 'datetime'
  | 'select'
  | 'richtext'
  | 'record'
  | 'records';

export interface FieldDef {
  name: string;
  label: string;
  /** 'lines': a list of strings, edited one per line. */
  type?: FieldType;
  options?: { value: string | number | null; label: string }[];
  min?: number;
  max?: number;
  decimals?: number;
  /** Number fields: values are multiples of it. */
  step?: number;
  maxLength?: number;
  readOnly?: boolean;
  /** 'record' / 'records': the resource picked from, and the fields that name one of its records. */
  resource?: string;
  display?: string[];
  /** 'record' whose resource another field names (a download's `relation`): the resource per value. */
  resourceBy?: { field: string; label: string; resources: Record<string, Reference> };
}

/** The resource a key points into: one, or one per value of the field `by` (see common/resource-meta.ts). */
export interface References {
  /** The key field, e.g. `rw_vorlage_id`. */
  key: string;
  by?: string;
  resources: Record<string, Reference>;
}

/** What a registry entry may say about one field of the generic edit window. */
export type FieldOverride = string | (Partial<FieldDef> & { name: string });

/** How far back the list looks by default (spec 003 §9): months, 'year' = the current year. */
export type TimeDefault = 'alle' | 1 | 3 | 6 | 12 | 'year';

export interface EditProps {
  config: ResourceConfig;
  id: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- screens declare their own props
export type Screen<P = any> = ComponentType<P> | LazyExoticComponent<ComponentType<P>>;

export interface ResourceConfig {
  /** The list route; edit routes append /new and /{id}. */
  path: string;
  /** The API resource (kebab case, DESIGN.md §3). */
  resource: string;
  /** List title, menu label and CSV file name. */
  label: string;
  /** The list's columns (spec 003 §3 where it names them); derived from the metadata otherwise. */
  columns?: ColumnDef[];
  /** Extra list query: include, attributes or a fixed where. */
  query?: Query;
  timeField?: string;
  timeDefault?: TimeDefault;
  /** Refresh timer in ms (spec 000 §9), 10000 unless said otherwise. */
  refreshInterval?: number;
  /** id descending (newest first) unless given. */
  defaultSort?: { field: string; dir: 'ASC' | 'DESC' };
  /** Fields of the generic edit window in this order; all editable fields of the metadata otherwise. */
  fields?: FieldOverride[];
  /** Instead of `fields`: tabs of fields, or the steps of a stepper (spec 000 §2). */
  parts?: { title: string; fields: FieldOverride[] }[];
  stepper?: boolean;
  /** Fields the generic edit window leaves out. */
  hidden?: string[];
  /** What else a change implies, as the server applies it on save too (e.g. titles following the title). */
  folgt?(vorher: Row, eingabe: Row): Row;
  /** Values of a new record that differ from the column defaults (spec defaults). */
  defaults?: Row;
  /** A rich edit window of a feature instead of the generic one. */
  edit?: Screen<EditProps>;
  /** A screen instead of the list (e.g. the Datev import, lists with a Dateien tab). */
  page?: Screen<{ config: ResourceConfig }>;
  /** The list offers no 'Neu' (lists that lead to overviews, not to forms). */
  noCreate?: boolean;
  /** The list offers no copy (records the database keeps unique, such as a download's file). */
  noCopy?: boolean;
  /** A short title of one record for the edit window and the breadcrumbs. */
  title?: (row: Row) => string;
  /** Buttons of a row beside edit, copy and delete (e.g. a template's rendered PDF). */
  rowActions?(row: Row): ReactNode;
  /** Buttons of the list bar that act on what the list shows: its `where` and `search` (without paging). */
  listActions?(query: { where?: unknown; search?: string }): ReactNode;
}

export type MenuEntry = ResourceConfig & { verband?: number };

export interface MenuSection {
  /** Untitled for the top-level entries. */
  title?: string;
  /** Shown only for this verband of the logged-in user (spec 000 §6). */
  verband?: number;
  entries: MenuEntry[];
}

/** A window below a record (e.g. /benutzer/benutzer/12/rw); ids are numbers, the last may be 'new'. */
export interface DetailRoute {
  pattern: string;
  /** The German breadcrumb of the route's last segment, e.g. 'Zusammenführen'. */
  crumb?: string;
  /** Gets the path parameters as numbers, and raw (a 'new' stays a string there). */
  render(params: Record<string, number>, raw: Record<string, string>): ReactNode;
}

/** What one feature contributes to the client. */
export interface FeatureSlice {
  /** Its list entries by key; `app/registry.ts` places them in the menu of spec 000 §2. */
  menu?: Record<string, MenuEntry>;
  routes?: DetailRoute[];
  /** Dialogs any screen may open by name (spec 000 §2: the dialog host). */
  dialogs?: Record<string, Screen>;
}
