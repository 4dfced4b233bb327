import type { ColumnInfo } from './entity-catalog';
import type { FieldOutput, Shape, Slot, ToManyLoad } from './query/read-plan';
import { buildFieldRow, buildRow } from './row-builder';

const column = (key: string, alias: string, hydrate: (v: unknown) => unknown = (v) => v): Slot => ({
  kind: 'column',
  key,
  alias,
  column: { name: key, hydrate } as unknown as ColumnInfo,
});
const load = (key: string) => ({ key }) as unknown as ToManyLoad;

describe('building answered records', () => {
  const parent: Shape = { slots: [column('id', 'p0'), column('firma', 'p1')], idAlias: 'p0' };
  const emails = load('Benutzer_Emails');
  const shape: Shape = {
    slots: [
      column('id', 'c0'),
      column('aktiviert', 'c1', (v) => v === 1),
      { kind: 'one', key: 'Parent', shape: parent },
      { kind: 'many', key: 'Benutzer_Emails', load: emails },
      column('say "hi"\\', 'c2'),
    ],
    idAlias: 'c0',
  };

  it('builds each property in the shape’s order, hydrated, with to-one includes and empty to-many slots', () => {
    const pending = new Map<ToManyLoad, Record<string, unknown>[]>();
    const row = buildRow({ c0: 7, c1: 1, p0: 3, p1: 'Kanzlei', c2: 'x' }, shape, pending);
    expect(row).toEqual({
      id: 7,
      aktiviert: true,
      Parent: { id: 3, firma: 'Kanzlei' },
      Benutzer_Emails: [],
      'say "hi"\\': 'x',
    });
    expect(Object.keys(row)).toEqual(['id', 'aktiviert', 'Parent', 'Benutzer_Emails', 'say "hi"\\']);
    expect(pending.get(emails)).toEqual([row]);
  });

  it('answers null for a to-one include that found nothing, and registers every record of a page', () => {
    const pending = new Map<ToManyLoad, Record<string, unknown>[]>();
    const rows = [1, 2].map((id) => buildRow({ c0: id, c1: 0, p0: null, p1: null }, shape, pending));
    expect(rows.map((r) => r.Parent)).toEqual([null, null]);
    expect(pending.get(emails)).toEqual(rows);
  });

  it('takes the hydration of the shape at hand when another shape looks the same', () => {
    const twin = (hydrate: (v: unknown) => unknown): Shape => ({
      slots: [column('id', 'c0'), column('betrag', 'c1', hydrate)],
      idAlias: 'c0',
    });
    const raw = { c0: 1, c1: '12.50' };
    expect(buildRow(raw, twin(Number), new Map()).betrag).toBe(12.5);
    expect(buildRow(raw, twin(String), new Map()).betrag).toBe('12.50');
  });

  it('copies a value that reads as stored without calling its hydration, apart from a hydrated twin', () => {
    const hydrate = jest.fn(Number);
    const stored: Slot = {
      kind: 'column',
      key: 'betrag',
      alias: 'c1',
      column: { name: 'betrag', hydrate, readsAsStored: true } as unknown as ColumnInfo,
    };
    const raw = { c0: 1, c1: '12.50' };
    expect(buildRow(raw, { slots: [column('id', 'c0'), stored], idAlias: 'c0' }, new Map()).betrag).toBe(
      '12.50',
    );
    expect(hydrate).not.toHaveBeenCalled();
    const hydrated: Shape = { slots: [column('id', 'c0'), column('betrag', 'c1', Number)], idAlias: 'c0' };
    expect(buildRow(raw, hydrated, new Map()).betrag).toBe(12.5);
  });
});

describe('building group and distinct rows', () => {
  const field = (path: string[], alias: string): FieldOutput => ({
    path,
    alias,
    column: { name: path[path.length - 1], hydrate: (v: unknown) => v ?? null } as unknown as ColumnInfo,
  });

  it('nests fields of to-one associations in their objects and adds the count', () => {
    const fields = [
      field(['gender'], 'c0'),
      field(['Parent', 'Parent', 'id'], 'c1'),
      field(['Parent', 'firma'], 'c2'),
    ];
    expect(buildFieldRow({ c0: 'male', c1: 4, c2: 'Kanzlei', c3: '7' }, fields, 'c3')).toEqual({
      gender: 'male',
      Parent: { Parent: { id: 4 }, firma: 'Kanzlei' },
      count: 7,
    });
    expect(buildFieldRow({ c0: null }, [field(['gender'], 'c0')])).toEqual({ gender: null });
  });
});
