import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import {
  CreatedAt,
  DateOnlyColumn,
  DateTimeColumn,
  JsonColumn,
  MoneyColumn,
  UpdatedAt,
  Version,
} from './columns';
import { mehrzeiligesInsert } from './mehrzeilig';

@Entity('probe')
class Probe {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 40 }) name!: string;
  @Column({ type: 'varchar', length: 20, default: 'offen' }) status!: string;
  @Column({ type: 'boolean', default: false }) aktiv!: boolean;
  @MoneyColumn({ nullable: true }) betrag!: number | null;
  @JsonColumn({ nullable: true }) data!: Record<string, unknown> | null;
  @DateOnlyColumn({ nullable: true }) tag!: string | null;
  @DateTimeColumn({ nullable: true }) zeit!: Date | null;
  @CreatedAt() createdAt!: Date;
  @UpdatedAt() updatedAt!: Date;
  @Version() version!: number;
}

/** The statement with its parameters written in, each as JSON. */
const gebunden = (sql: string, parameter: unknown[]) => {
  let i = 0;
  return sql.replace(/\?\d*/g, () => JSON.stringify(parameter[i++]));
};

describe('the multi-row INSERT of plain rows', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({
      type: 'better-sqlite3',
      database: ':memory:',
      entities: [Probe],
      synchronize: true,
    }).initialize();
  });
  afterAll(() => ds.destroy());

  const zeilen: Partial<Probe>[] = [
    {
      id: 7,
      name: 'voll',
      status: 'fertig',
      aktiv: true,
      betrag: 12.5,
      data: { a: [1, 'x'] },
      tag: '2026-11-01',
    },
    { name: 'leer' },
    { id: 9, name: 'mit Zeit', zeit: new Date('2026-03-29T01:30:00Z'), betrag: null, data: null, version: 4 },
  ];

  it('is the statement TypeORM’s query builder writes, value for value', () => {
    const [sql, parameter] = ds
      .createQueryBuilder()
      .insert()
      .into(Probe)
      .values(zeilen as never)
      .updateEntity(false)
      .getQueryAndParameters();
    const eigen = mehrzeiligesInsert(ds, ds.getMetadata(Probe), zeilen);
    // TypeORM writes SQLite's numbers into the text where this binds them: compare both bound.
    expect(gebunden(eigen.sql, eigen.parameter)).toBe(gebunden(sql, parameter));
  });

  it('stores the rows as TypeORM’s insert does: defaults, version 1, money, JSON and dates', async () => {
    const lesen = async () =>
      (await ds.query('SELECT * FROM probe ORDER BY id')).map(
        ({ createdAt, updatedAt, ...rest }: Record<string, unknown>) => ({
          ...rest,
          zeitstempel: [typeof createdAt, typeof updatedAt],
        }),
      );
    await ds
      .createQueryBuilder()
      .insert()
      .into(Probe)
      .values(zeilen as never)
      .updateEntity(false)
      .execute();
    const vonTypeorm = await lesen();
    await ds.synchronize(true);
    const { sql, parameter } = mehrzeiligesInsert(ds, ds.getMetadata(Probe), zeilen);
    await ds.query(sql, parameter);
    expect(await lesen()).toEqual(vonTypeorm);
    expect(vonTypeorm.map((z: Record<string, unknown>) => [z.status, z.version])).toEqual([
      ['fertig', 1],
      ['offen', 1],
      ['offen', 4],
    ]);
  });
});
