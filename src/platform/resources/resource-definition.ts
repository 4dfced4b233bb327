/**
 * How a plain resource is registered (DESIGN.md §2): its kebab-case name from the spec, its
 * TypeORM entity, and the few facts the generic engine cannot read from the entity metadata.
 */
import type { EntityManager } from 'typeorm';
import type { FieldType, RecordCondition, ResourceOperations } from '../../../common/resource-meta';
import type { Actor } from '../audit/audit-trail';
import type { PlainRead } from '../database/plain-reads';
import type { WhereInput } from './query/resource-query';

export type Row = Record<string, unknown>;

/** An entity class, as TypeORM metadata names it. */
export type EntityClass = abstract new (...args: never[]) => unknown;

export interface SaveContext {
  manager: EntityManager;
  /**
   * A provider another context's module exports (its read port), for rules that need its data;
   * it reads outside this save's transaction.
   */
  dienst<T>(port: abstract new (...args: never[]) => T): T;
  /** The staff user saving (null for system jobs). */
  userId: number | null;
  /** The same staff user with their name, for audit entries the hooks' listeners write. */
  actor: Actor | null;
  /** The stored record before an update; undefined on create. */
  previous?: Row;
  /** The many-to-many lists the save replaces (ids by association), for rules across lists. */
  links?: Record<string, number[]>;
  /**
   * The request body of a create as sent, for what a form saves along with the record but is no column of it
   * (a new Abo's first period); the record's own values are `values`.
   */
  eingabe?: Row;
}

export interface ResourceHooks {
  /** May adjust the values to be stored or throw a DomainError; runs inside the save transaction. */
  beforeSave?(values: Row, ctx: SaveContext): void | Promise<void>;
  /** Runs inside the save transaction after the row (and its links) were written. */
  afterSave?(saved: Row, ctx: SaveContext): void | Promise<void>;
  /** Runs inside the delete transaction before the row goes; throw a DomainError to refuse. */
  beforeDelete?(record: Row, ctx: SaveContext): void | Promise<void>;
}

export interface ResourceDefinition<E = unknown> {
  /** The spec's resource name, e.g. `benutzer-email`. */
  name: string;
  entity: new () => E;
  /** Fields the list search box looks in (all words must match one of them). */
  searchable?: string[];
  /** Never read, filtered on or written through the generic API (password hashes). */
  hidden?: string[];
  /** Read, but never written by a generic save (derived or system-maintained values). */
  readOnly?: string[];
  /** Allowed values of enum-like string fields; anything else is refused with a German message. */
  enums?: Record<string, readonly string[]>;
  defaultOrder?: [string, 'ASC' | 'DESC'][];
  /** Has a file area at `/node/api/{name}/files`. */
  files?: boolean;
  hooks?: ResourceHooks;
  /** What the generic API allows (all by default); workflows may still write what it refuses. */
  operations?: Partial<ResourceOperations>;
  /** Records matching this are never updated through the generic API (e.g. sent dispatches). */
  lockedWhen?: RecordCondition;
  /** Only records matching this may be deleted through the generic API. */
  deletableWhen?: RecordCondition;
  /**
   * Named filters (`?scope=name`), ANDed with the request's `where`: a rule of the domain that
   * screens ask for by name instead of spelling it out (e.g. the current bookings).
   */
  scopes?: Record<string, RecordCondition>;
  /**
   * Named filters taking a number (`?scope=name:17`), for a rule that has to look something up
   * before its condition can use the indexes (e.g. a seminar's events for its transactions).
   */
  parameterScopes?: Record<string, ParameterScope>;
  /** German reasons for refusing an operation or a locked/undeletable record; defaults name the resource. */
  refusals?: Partial<Record<keyof ResourceOperations, string>>;
  /** The fields that name one record, main one first; derived from common field names by default. */
  display?: string[];
  /** Types the column cannot tell: rich text in a text column, 'HH:MM' times in a varchar. */
  fieldTypes?: Record<string, FieldType>;
}

/** A named filter taking a number: what it selects, in German for the API documentation, and its condition. */
export interface ParameterScope {
  description: string;
  /** `read`: the reader's plain SELECTs, for what the condition looks up first. */
  condition(argument: number, db: { read: PlainRead; manager: EntityManager }): Promise<WhereInput>;
}

export function defineResource<E>(definition: ResourceDefinition<E>): ResourceDefinition<E> {
  return definition;
}

/** `operations` of a resource that only workflows write (logs, statistics, summaries). */
export const READ_ONLY: ResourceOperations = { create: false, update: false, delete: false };

/** What the generic API allows for `definition`: everything it does not rule out. */
export function operationsOf(definition: ResourceDefinition): ResourceOperations {
  return { create: true, update: true, delete: true, ...definition.operations };
}
