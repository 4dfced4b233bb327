import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { UpdatedAt, Version } from './columns';
import { jeIdSetzen } from './je-id';

@Entity('probe_je_id')
class Zeile {
  @PrimaryColumn() id!: number;
  @Column({ type: 'int', nullable: true }) wert!: number | null;
  @Column({ type: 'boolean', default: false }) fest!: boolean;
  @UpdatedAt() updatedAt!: Date;
  @Version() version!: number;
}

describe('a value per id in one UPDATE', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [Zeile],
      synchronize: true,
    }).initialize();
    await ds.query(
      `INSERT INTO probe_je_id (id, wert, fest, updatedAt, version) VALUES ${Array.from({ length: 2500 }, (_, i) => `(${i + 1}, NULL, 0, '2026-01-01 00:00:00', 1)`).join(', ')}`,
    );
  });
  afterAll(() => ds.destroy());

  it('sets each row its own value and the others alike, in thousands, and leaves other rows', async () => {
    const werte = new Map(Array.from({ length: 2100 }, (_, i) => [i + 2, (i + 2) * 10] as [number, number]));
    const statements: string[] = [];
    jest.spyOn(ds.logger, 'logQuery').mockImplementation((sql: string) => void statements.push(sql));
    await jeIdSetzen(ds.manager, Zeile, 'wert', werte, { fest: true });
    jest.restoreAllMocks();
    expect(statements.filter((s) => s.startsWith('UPDATE'))).toHaveLength(3);
    const zeilen: { id: number; wert: number | null; fest: number; version: number }[] = await ds.query(
      'SELECT id, wert, fest, version FROM probe_je_id WHERE id IN (1, 2, 1001, 2101, 2102) ORDER BY id',
    );
    expect(zeilen).toEqual([
      { id: 1, wert: null, fest: 0, version: 1 },
      { id: 2, wert: 20, fest: 1, version: 2 },
      { id: 1001, wert: 10010, fest: 1, version: 2 },
      { id: 2101, wert: 21010, fest: 1, version: 2 },
      { id: 2102, wert: null, fest: 0, version: 1 },
    ]);
  });

  it('keeps version and change time when told to, and writes nothing for no values', async () => {
    await jeIdSetzen(ds.manager, Zeile, 'wert', new Map([[1, 5]]), {
      version: () => 'version',
      updatedAt: () => 'updatedAt',
    });
    await jeIdSetzen(ds.manager, Zeile, 'wert', new Map());
    expect(await ds.query('SELECT wert, version, updatedAt FROM probe_je_id WHERE id = 1')).toEqual([
      { wert: 5, version: 1, updatedAt: '2026-01-01 00:00:00' },
    ]);
  });
});
