/** The client's resource registry (DESIGN.md §2): a few lines per resource drive list, edit and menu. */
import type { ComponentType } from 'react';
import type { Query } from '../lib/api';

export type Row = Record<string, unknown> & { id?: number };

export type ValueType = 'text' | 'number' | 'amount' | 'boolean' | 'date' | 'datetime' | 'json';

export interface ColumnDef {
  /** Field name; a dotted path ('Primaeremail.email', 'data.seminar_teilnahmen') reads nested values. */
  field: string;
  label: string;
  type?: ValueType;
  /** Dotted paths are not sortable unless said otherwise. */
  sortable?: boolean;
}

export interface FieldDef {
  name: string;
  label: string;
  /** 'lines': a list of strings, edited one per line. */
  type?:
    'text' | 'textarea' | 'lines' | 'number' | 'amount' | 'boolean' | 'date' | 'time' | 'select' | 'richtext';
  options?: { value: string | number | null; label: string }[];
  min?: number;
  max?: number;
  decimals?: number;
  readOnly?: boolean;
}

/** How far back the list looks by default (spec 003 §9): months, 'year' = the current year. */
export type TimeDefault = 'alle' | 1 | 3 | 6 | 12 | 'year';

export interface EditProps {
  config: ResourceConfig;
  id: string;
}

export interface ResourceConfig {
  /** The list route; edit routes append /new and /{id}. */
  path: string;
  /** The API resource (kebab case, DESIGN.md §3). */
  resource: string;
  /** List title, menu label and CSV file name. */
  label: string;
  columns?: ColumnDef[];
  /** Extra list query: include, attributes or a fixed where. */
  query?: Query;
  timeField?: string;
  timeDefault?: TimeDefault;
  /** Refresh timer in ms (spec 000 §9), 10000 unless said otherwise. */
  refreshInterval?: number;
  /** id descending (newest first) unless given. */
  defaultSort?: { field: string; dir: 'ASC' | 'DESC' };
  /** Fields of the generic edit window; without them the fields of the loaded record are offered. */
  fields?: FieldDef[];
  /** Instead of `fields`: tabs of fields, or the steps of a stepper (spec 000 §2). */
  parts?: { title: string; fields: FieldDef[] }[];
  stepper?: boolean;
  /** A rich edit window of a feature instead of the generic one. */
  edit?: ComponentType<EditProps>;
  /** A screen that is no list at all (e.g. the Datev import). */
  page?: ComponentType;
  /** A short title of one record for the edit window and the breadcrumbs. */
  title?: (row: Row) => string;
}
