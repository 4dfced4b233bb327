/**
 * The query language of DESIGN.md §3, parsed from the raw HTTP query into a typed form.
 * Pure: checks shapes and keys, not field names (those are checked against the metadata later).
 */
import { DomainError } from '../../../shared/domain-error';

export type Direction = 'ASC' | 'DESC';

export interface IncludeSpec {
  association: string;
  attributes?: string[];
  where?: WhereInput;
  required?: boolean;
  include: IncludeSpec[];
}

export type WhereInput = Record<string, unknown>;

export interface ResourceQuery {
  where?: WhereInput;
  attributes?: string[];
  include: IncludeSpec[];
  order: { path: string; direction: Direction }[];
  limit?: number;
  offset?: number;
  count: boolean;
  distinct: boolean;
  group?: string[];
  search?: string;
  /** A named filter of the resource (ResourceDefinition.scopes), checked against it by the reader. */
  scope?: string;
}

/**
 * Bounds of the query language (issue 16), checked before any SQL runs. The bounds on values keep
 * every statement below SQLite's 32766 bound parameters.
 */
export const QUERY_LIMITS = {
  /** How deep `include` may nest (Benutzer → Benutzer_Emails → Benutzer_Gruppes …). */
  includeDepth: 3,
  /** Associations in one path such as `$Benutzer.Primaeremail.email$`. */
  pathDepth: 3,
  /** Joined tables in one query (SQLite allows 64, MariaDB 61). */
  joins: 40,
  /** How deep `where` objects may nest ($or/$and/$not included). */
  whereDepth: 20,
  /** Values of one `$in`, `$notIn` or list. */
  listValues: 10000,
  /** Bound values of one `where`. */
  whereValues: 10000,
  /** Bound values of all the wheres of one query (root, includes, search). */
  queryValues: 30000,
} as const;

const invalid = (message: string) => DomainError.invalid('INVALID_QUERY', message);

function parseJsonParam(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') {
    if (Array.isArray(raw)) throw invalid(`Parameter "${name}" darf nur einmal angegeben werden.`);
    return raw;
  }
  const text = raw.trim();
  if (text === '') return undefined;
  if (!/^[[{"]|^-?\d|^(true|false|null)$/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(`Parameter "${name}" ist kein gültiges JSON.`);
  }
}

function stringList(name: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item === '')) {
    throw invalid(`Parameter "${name}" muss eine Liste von Feldnamen sein.`);
  }
  return list as string[];
}

function whereObject(name: string, value: unknown): WhereInput | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(`Parameter "${name}" muss ein Objekt sein.`);
  }
  return value as WhereInput;
}

function nonNegativeInt(name: string, raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`Parameter "${name}" muss eine ganze Zahl ≥ 0 sein.`);
  }
  return value;
}

function flag(raw: unknown): boolean {
  return raw === true || raw === 'true' || raw === '1';
}

const includeKeys = new Set(['association', 'as', 'model', 'attributes', 'where', 'required', 'include']);

export function parseInclude(value: unknown, context = 'include', depth = 1): IncludeSpec[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 0 && depth > QUERY_LIMITS.includeDepth) {
    throw invalid(
      `Verknüpfungen in "include" können höchstens ${QUERY_LIMITS.includeDepth} Ebenen tief verschachtelt werden.`,
    );
  }
  const specs = list.map((item): IncludeSpec => {
    if (typeof item === 'string') return { association: item, include: [] };
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalid(`Parameter "${context}" enthält einen ungültigen Eintrag.`);
    }
    const entry = item as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!includeKeys.has(key)) throw invalid(`Unbekannte Angabe "${key}" in "${context}".`);
    }
    const association = entry.association ?? entry.as ?? entry.model;
    if (typeof association !== 'string' || association === '') {
      throw invalid(`Ein Eintrag in "${context}" nennt keine Verknüpfung (association).`);
    }
    if (entry.required !== undefined && typeof entry.required !== 'boolean') {
      throw invalid(`"required" in "${context}" muss true oder false sein.`);
    }
    return {
      association,
      attributes: stringList(`${context}.attributes`, entry.attributes),
      where: whereObject(`${context}.where`, entry.where),
      required: entry.required as boolean | undefined,
      include: parseInclude(entry.include, `${context}.${association}.include`, depth + 1),
    };
  });
  // Two specs for one association would need two meanings of one property in the answer.
  const seen = new Set<string>();
  for (const { association } of specs) {
    if (seen.has(association))
      throw invalid(`Die Verknüpfung "${association}" ist in "${context}" mehrfach angegeben.`);
    seen.add(association);
  }
  return specs;
}

function parseOrder(value: unknown): ResourceQuery['order'] {
  if (value === undefined || value === null) return [];
  const list =
    typeof value === 'string'
      ? [[value]]
      : Array.isArray(value) && typeof value[0] === 'string'
        ? [value]
        : value;
  if (!Array.isArray(list)) throw invalid('Parameter "order" muss eine Liste sein.');
  return list.map((item) => {
    const parts = Array.isArray(item) ? item : [item];
    if (parts.length < 1 || parts.some((p) => typeof p !== 'string')) {
      throw invalid('Parameter "order" muss aus [Feld, "ASC"|"DESC"] bestehen.');
    }
    const last = (parts[parts.length - 1] as string).toUpperCase();
    const hasDirection = parts.length > 1 && (last === 'ASC' || last === 'DESC');
    if (parts.length > 1 && !hasDirection && parts.length === 2) {
      throw invalid(`Ungültige Sortierrichtung "${parts[1]}" (erlaubt: ASC, DESC).`);
    }
    const fields = (hasDirection ? parts.slice(0, -1) : parts) as string[];
    return { path: fields.join('.'), direction: (hasDirection ? last : 'ASC') as Direction };
  });
}

/** The parameters of the query language: each is one text, structured ones JSON. */
const PARAMETERS = new Set([
  'where',
  'attributes',
  'include',
  'order',
  'limit',
  'offset',
  'count',
  'distinct',
  'group',
  'search',
]);

/**
 * A parameter in bracket form (`where[id][$gt]=1`, `order[0]=…`) is refused instead of ignored
 * (Express's query parser leaves it under its bracketed name, a nested parser would make an
 * object of it): the list would silently come back unfiltered or unsorted.
 */
function refuseBracketForms(raw: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(raw)) {
    const name = /^([^[]*)\[/.exec(key)?.[1] ?? key;
    if (!PARAMETERS.has(name)) continue;
    if (name !== key || (typeof value === 'object' && value !== null && !Array.isArray(value)))
      throw invalid(
        `Parameter "${key}" wird in dieser Form nicht verstanden: „${name}“ bitte als einen Parameter angeben, Bedingungen und Listen als JSON (z. B. where={"id":{"$gt":1}}).`,
      );
  }
}

/** Turns the raw Express query object into a ResourceQuery, or throws a 400 naming the culprit. */
export function parseResourceQuery(raw: Record<string, unknown>): ResourceQuery {
  refuseBracketForms(raw);
  const json = (name: string) => parseJsonParam(name, raw[name]);
  const search = raw.search;
  if (search !== undefined && typeof search !== 'string')
    throw invalid('Parameter "search" muss ein Text sein.');
  // Plain or JSON-encoded like the other parameters: `aktuell` and `"aktuell"` name the same filter.
  const scope = json('scope');
  if (scope !== undefined && typeof scope !== 'string')
    throw invalid('Parameter "scope" muss der Name eines Filters sein.');
  return {
    where: whereObject('where', json('where')),
    attributes: stringList('attributes', json('attributes')),
    include: parseInclude(json('include')),
    order: parseOrder(json('order')),
    limit: nonNegativeInt('limit', raw.limit),
    offset: nonNegativeInt('offset', raw.offset),
    count: flag(raw.count),
    distinct: flag(raw.distinct),
    group: stringList('group', json('group')),
    search: search?.trim() || undefined,
    scope: scope?.trim() || undefined,
  };
}
