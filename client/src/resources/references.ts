/**
 * Keys into records no association of the resource reads (links into another context, such as a
 * Seminar-Typ's Rechnungs-Vorlage, or a download's record under its `relation`): the metadata
 * names their resource (common/resource-meta.ts), and a list page or CSV export looks up the named
 * records of its keys with one request per resource, so that staff read titles, not numbers.
 */
import type { FieldMeta, Reference } from '../../../common/resource-meta';
import { api, resourcePath, type Query } from '../lib/api';
import type { ColumnDef, References, Row } from './types';

/** Where a list row keeps the looked-up record of a key: `rw_vorlage_id` → `rw_vorlage_id@`. */
export const referenceField = (key: string) => `${key}@`;

export function referencesOf(field: FieldMeta): References | undefined {
  if (field.references) return { key: field.name, resources: { '': field.references } };
  if (field.referencesBy)
    return { key: field.name, by: field.referencesBy.field, resources: field.referencesBy.resources };
  return undefined;
}

/** The resource the key of `row` points into; none while the naming field is empty. */
export function referenceOf(references: References, row: Row): Reference | undefined {
  return references.resources[references.by === undefined ? '' : String(row[references.by] ?? '')];
}

/** For each resource the ids the rows' keys name, and the fields to read of them. */
export function referencedIds(
  rows: Row[],
  columns: ColumnDef[],
): Map<string, { ids: number[]; display: string[] }> {
  const wanted = new Map<string, { ids: number[]; display: string[] }>();
  for (const { references } of columns) {
    if (!references) continue;
    for (const row of rows) {
      const target = referenceOf(references, row);
      const id = row[references.key];
      if (!target || typeof id !== 'number') continue;
      const entry = wanted.get(target.resource) ?? { ids: [], display: target.display };
      if (!entry.ids.includes(id)) entry.ids.push(id);
      wanted.set(target.resource, entry);
    }
  }
  return wanted;
}

/** The named records by resource and id. */
export type Named = Map<string, Map<number, Row>>;

type Loader = (resource: string, query: Query) => Promise<Row[]>;

const loadList: Loader = (resource, query) => api.get<Row[]>(resourcePath(resource), query);

/** Looks up what `referencedIds` found, one request per resource. */
export async function loadNamed(
  wanted: ReturnType<typeof referencedIds>,
  load: Loader = loadList,
): Promise<Named> {
  const named: Named = new Map();
  await Promise.all(
    [...wanted].map(async ([resource, { ids, display }]) => {
      const records = await load(resource, {
        where: { id: { $in: ids } },
        attributes: [...new Set(['id', ...display])],
      });
      named.set(resource, new Map(records.map((record) => [record.id as number, record])));
    }),
  );
  return named;
}

/** The rows with the named records beside their keys; a deleted record leaves its key's cell empty. */
export function nameReferences(rows: Row[], columns: ColumnDef[], named: Named): Row[] {
  const keyed = columns.flatMap((column) => (column.references ? [column.references] : []));
  if (keyed.length === 0) return rows;
  return rows.map((row) => {
    const result: Row = { ...row };
    for (const references of keyed) {
      const target = referenceOf(references, row);
      const record = target && named.get(target.resource)?.get(row[references.key] as number);
      if (record) result[referenceField(references.key)] = record;
    }
    return result;
  });
}

/** Both at once, for an export of all rows. */
export async function withReferences(rows: Row[], columns: ColumnDef[], load: Loader = loadList) {
  return nameReferences(rows, columns, await loadNamed(referencedIds(rows, columns), load));
}
