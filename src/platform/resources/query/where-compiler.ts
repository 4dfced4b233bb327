/**
 * Compiles a `where` object of the query language into an SQL condition with bound parameters.
 * Field names reach SQL only as identifiers that `resolve` returned from the entity metadata;
 * values only as parameters. Anything unknown is a 400 naming it.
 */
import { DomainError } from '../../../shared/domain-error';
import type { WhereInput } from './resource-query';

export interface ResolvedField {
  /** The quoted column expression, e.g. `"j1"."email"`. */
  sql: string;
  /** Converts a filter value to what the driver stores (booleans, dates, JSON). */
  toParam(value: unknown): unknown;
}

export type FieldResolver = (name: string) => ResolvedField;

export interface CompiledCondition {
  sql: string;
  params: Record<string, unknown>;
}

type Scalar = string | number | boolean;

const OPERATORS = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$notIn',
  '$like',
  '$notLike',
  '$between',
  '$not',
] as const;
type Operator = (typeof OPERATORS)[number];

const invalid = (message: string) => DomainError.invalid('INVALID_QUERY', message);

function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  );
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class WhereCompiler {
  private counter = 0;
  private readonly params: Record<string, unknown> = {};

  /** `prefix` keeps parameter names unique when several compilers feed one query. */
  constructor(private readonly prefix: string) {}

  compile(where: WhereInput | undefined, resolve: FieldResolver): CompiledCondition {
    const sql = where ? this.group(where, resolve, 'AND') : '';
    return { sql, params: this.params };
  }

  private bind(value: unknown): string {
    const name = `${this.prefix}${this.counter++}`;
    this.params[name] = value;
    return `:${name}`;
  }

  private group(where: unknown, resolve: FieldResolver, joiner: 'AND' | 'OR'): string {
    if (!isOperatorObject(where)) throw invalid('Eine Bedingung in "where" muss ein Objekt sein.');
    const parts = Object.entries(where).map(([key, value]) => this.entry(key, value, resolve));
    const nonEmpty = parts.filter((p) => p !== '');
    if (nonEmpty.length === 0) return '';
    return nonEmpty.length === 1 ? nonEmpty[0] : `(${nonEmpty.join(` ${joiner} `)})`;
  }

  private entry(key: string, value: unknown, resolve: FieldResolver): string {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value)) throw invalid(`"${key}" erwartet eine Liste von Bedingungen.`);
      if (value.length === 0) return key === '$or' ? '1 = 0' : '';
      const parts = value.map((item) => this.group(item, resolve, 'AND')).filter((p) => p !== '');
      if (parts.length === 0) return '';
      return `(${parts.join(key === '$or' ? ' OR ' : ' AND ')})`;
    }
    if (key === '$not') {
      const inner = this.group(value, resolve, 'AND');
      return inner ? `NOT (${inner})` : '';
    }
    if (key.startsWith('$') && !(key.endsWith('$') && key.length > 2)) {
      throw invalid(`Unbekannter Operator "${key}".`);
    }
    const field = resolve(key);
    return this.fieldCondition(key, field, value);
  }

  private fieldCondition(key: string, field: ResolvedField, value: unknown): string {
    if (value === null) return `${field.sql} IS NULL`;
    if (Array.isArray(value)) return this.operator(key, field, '$in', value);
    if (isOperatorObject(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) throw invalid(`Leere Bedingung für Feld "${key}".`);
      const parts = entries.map(([op, operand]) => {
        if (!(OPERATORS as readonly string[]).includes(op))
          throw invalid(`Unbekannter Operator "${op}" bei Feld "${key}".`);
        return this.operator(key, field, op as Operator, operand);
      });
      return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
    }
    return this.operator(key, field, '$eq', value);
  }

  private scalar(key: string, field: ResolvedField, op: string, value: unknown): string {
    if (!isScalar(value)) throw invalid(`Ungültiger Wert für "${op}" bei Feld "${key}".`);
    return this.bind(field.toParam(value));
  }

  private list(key: string, op: string, value: unknown): Scalar[] {
    if (!Array.isArray(value) || !value.every(isScalar)) {
      throw invalid(`"${op}" bei Feld "${key}" erwartet eine Liste von Werten.`);
    }
    return value;
  }

  private operator(key: string, field: ResolvedField, op: Operator, value: unknown): string {
    const col = field.sql;
    switch (op) {
      case '$eq':
        return value === null ? `${col} IS NULL` : `${col} = ${this.scalar(key, field, op, value)}`;
      case '$ne':
        return value === null ? `${col} IS NOT NULL` : `${col} <> ${this.scalar(key, field, op, value)}`;
      case '$not':
        if (value === null) return `${col} IS NOT NULL`;
        if (isOperatorObject(value)) return `NOT (${this.fieldCondition(key, field, value)})`;
        // "not true" includes unset values, as staff read it.
        if (typeof value === 'boolean')
          return `(${col} <> ${this.scalar(key, field, op, value)} OR ${col} IS NULL)`;
        return `${col} <> ${this.scalar(key, field, op, value)}`;
      case '$gt':
        return `${col} > ${this.scalar(key, field, op, value)}`;
      case '$gte':
        return `${col} >= ${this.scalar(key, field, op, value)}`;
      case '$lt':
        return `${col} < ${this.scalar(key, field, op, value)}`;
      case '$lte':
        return `${col} <= ${this.scalar(key, field, op, value)}`;
      case '$in':
      case '$notIn': {
        const values = this.list(key, op, value);
        if (values.length === 0) return op === '$in' ? '1 = 0' : '1 = 1';
        const bound = values.map((v) => this.bind(field.toParam(v))).join(', ');
        return `${col} ${op === '$in' ? 'IN' : 'NOT IN'} (${bound})`;
      }
      case '$like':
      case '$notLike': {
        if (typeof value !== 'string') throw invalid(`"${op}" bei Feld "${key}" erwartet einen Text.`);
        // Case-insensitive on both engines (SQLite's lower() is replaced by a Unicode-aware one).
        const pattern = this.bind(value);
        return `LOWER(${col}) ${op === '$like' ? 'LIKE' : 'NOT LIKE'} LOWER(${pattern}) ESCAPE '!'`;
      }
      case '$between': {
        const values = this.list(key, op, value);
        if (values.length !== 2) throw invalid(`"$between" bei Feld "${key}" erwartet genau zwei Werte.`);
        return `${col} BETWEEN ${this.bind(field.toParam(values[0]))} AND ${this.bind(field.toParam(values[1]))}`;
      }
    }
  }
}

/** Escapes a search term for `$like` (escape character '!', as used by the compiler). */
export function likeContains(term: string): string {
  return `%${term.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}
