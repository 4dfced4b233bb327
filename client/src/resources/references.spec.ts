import type { FieldMeta } from '../../../common/resource-meta';
import { referencedIds, referencesOf, withReferences } from './references';
import type { ColumnDef, Row } from './types';

const key = (name: string, extra: Partial<FieldMeta>): FieldMeta => ({
  name,
  type: 'integer',
  nullable: true,
  readOnly: false,
  required: false,
  ...extra,
});

const VORLAGE = referencesOf(
  key('rw_vorlage_id', { references: { resource: 'rw-vorlage', display: ['titel'] } }),
)!;
const DATENSATZ = referencesOf(
  key('relation_id', {
    referencesBy: {
      field: 'relation',
      resources: {
        Veranstaltung: { resource: 'veranstaltung', display: ['titel', 'lg_id'] },
        News: { resource: 'news', display: ['titel'] },
      },
    },
  }),
)!;
const COLUMNS: ColumnDef[] = [
  { field: 'rw_vorlage_id@', type: 'record', references: VORLAGE },
  { field: 'relation_id@', type: 'record', references: DATENSATZ },
];

const ROWS: Row[] = [
  { id: 1, rw_vorlage_id: 3, relation: 'Veranstaltung', relation_id: 9 },
  { id: 2, rw_vorlage_id: 3, relation: 'News', relation_id: 9 },
  { id: 3, rw_vorlage_id: null, relation: null, relation_id: 4 },
];

describe('keys into other contexts', () => {
  it('asks each resource once for the ids of the page, by the field naming the resource', () => {
    expect(Object.fromEntries(referencedIds(ROWS, COLUMNS))).toEqual({
      'rw-vorlage': { ids: [3], display: ['titel'] },
      veranstaltung: { ids: [9], display: ['titel', 'lg_id'] },
      news: { ids: [9], display: ['titel'] },
    });
  });

  it('puts the named records beside their keys; a missing record leaves the cell empty', async () => {
    const asked: [string, unknown][] = [];
    const records: Record<string, Row[]> = {
      'rw-vorlage': [{ id: 3, titel: 'Seminarrechnung' }],
      veranstaltung: [{ id: 9, titel: 'Umsatzsteuer', lg_id: '2026-01' }],
      news: [],
    };
    const named = await withReferences(ROWS, COLUMNS, async (resource, query) => {
      asked.push([resource, query]);
      return records[resource];
    });
    expect(asked).toContainEqual([
      'veranstaltung',
      { where: { id: { $in: [9] } }, attributes: ['id', 'titel', 'lg_id'] },
    ]);
    expect(named[0]).toMatchObject({
      'rw_vorlage_id@': { titel: 'Seminarrechnung' },
      'relation_id@': { titel: 'Umsatzsteuer' },
    });
    expect(named[1]).not.toHaveProperty('relation_id@');
    expect(named[2]).toEqual(ROWS[2]);
  });
});
