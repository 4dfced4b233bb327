import 'reflect-metadata';
import { Column, DataSource, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { DomainError } from '../../../shared/domain-error';
import { ManyToManyVia, ManyToOneVia } from '../../database/columns';
import { EntityCatalog } from '../entity-catalog';
import type { ResourceDefinition } from '../resource-definition';
import { ReadPlan } from './read-plan';
import { parseResourceQuery } from './resource-query';

@Entity('land')
class Land {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50 }) name: string;
}

@Entity('ort')
class Ort {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50 }) name: string;
  @Column({ type: 'integer' }) land_id: number;
  @ManyToOneVia(() => Land, 'land_id') Land: Relation<Land>;
}

@Entity('gruppe')
class Gruppe {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50 }) name: string;
}

@Entity('person')
class Person {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 50 }) name: string;
  @Column({ type: 'integer', nullable: true }) alter: number | null;
  @Column({ type: 'integer', nullable: true }) ort_id: number | null;
  @ManyToOneVia(() => Ort, 'ort_id') Ort: Relation<Ort>;
  @OneToMany(() => Adresse, (adresse) => adresse.Person) Adressen: Relation<Adresse>[];
  @ManyToManyVia(() => Gruppe, 'person_gruppe', 'person_id', 'gruppe_id') Gruppen: Relation<Gruppe>[];
}

@Entity('adresse')
class Adresse {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'integer' }) person_id: number;
  @Column({ type: 'varchar', length: 50 }) strasse: string;
  @ManyToOneVia(() => Person, 'person_id') Person: Relation<Person>;
}

const person: ResourceDefinition = { name: 'person', entity: Person, searchable: ['name', 'Ort.name'] };

let dataSource: DataSource;
let catalog: EntityCatalog;

beforeAll(async () => {
  dataSource = new DataSource({
    type: 'better-sqlite3',
    database: ':memory:',
    entities: [Land, Ort, Gruppe, Person, Adresse],
  });
  await dataSource.initialize();
  catalog = new EntityCatalog(dataSource, () => []);
});

afterAll(() => dataSource.destroy());

const plan = (raw: Record<string, unknown>, sqlite = true, definition = person) =>
  new ReadPlan({ sqlite }, catalog.of(definition.entity), definition, parseResourceQuery(raw));

const refusal = (raw: Record<string, unknown>, definition = person): string => {
  try {
    plan(raw, true, definition);
  } catch (error) {
    expect((error as DomainError).kind).toBe('invalid');
    expect((error as DomainError).code).toBe('INVALID_QUERY');
    return (error as DomainError).message;
  }
  throw new Error('accepted');
};

const COLUMNS = 'r."id" AS c0, r."name" AS c1, r."alter" AS c2, r."ort_id" AS c3';

describe('ReadPlan', () => {
  it('reads all columns in declaration order, sorted stably by id, with a count over the same rows', () => {
    const read = plan({});
    expect(read.rowsSql).toBe(`SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC`);
    expect(read.countSql).toBe('SELECT COUNT(*) AS n FROM "person" r');
    expect(read.params).toEqual({});
    expect(read.output).toEqual({
      mode: 'records',
      shape: {
        idAlias: 'c0',
        slots: ['id', 'name', 'alter', 'ort_id'].map((key, i) =>
          expect.objectContaining({ kind: 'column', key, alias: `c${i}` }),
        ),
      },
    });
  });

  it('always answers the id, and chosen columns in declaration order', () => {
    const read = plan({ attributes: '["alter","name"]' });
    expect(read.rowsSql).toBe(
      'SELECT r."id" AS c0, r."name" AS c1, r."alter" AS c2 FROM "person" r ORDER BY r."id" ASC',
    );
    expect(refusal({ attributes: '["geheim"]' })).toBe('Unbekanntes Feld "geheim" bei "person".');
  });

  it('pages a first page directly and a later page by its ids first', () => {
    expect(plan({ limit: '10' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC LIMIT :__limit`,
    );
    const later = plan({ where: '{"name":"a"}', limit: '10', offset: '20' });
    expect(later.rowsSql).toBe(
      `SELECT ${COLUMNS} FROM (SELECT r."id" FROM "person" r WHERE r."name" = :w1_0 ORDER BY r."id" ASC LIMIT :__limit OFFSET :__offset) p` +
        ' INNER JOIN "person" r ON r."id" = p."id" ORDER BY r."id" ASC',
    );
    expect(later.countSql).toBe('SELECT COUNT(*) AS n FROM "person" r WHERE r."name" = :w1_0');
    expect(later.params).toEqual({ w1_0: 'a', __limit: 10, __offset: 20 });
    expect(later.output).toEqual(plan({}).output);
    expect(plan({ limit: '10', offset: '0' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC LIMIT :__limit`,
    );
  });

  it('carries the count of a counted page in its own statement, once, as the last column', () => {
    const counted = plan({ where: '{"name":"a"}', limit: '10', count: 'true' });
    expect(counted.rowsSql).toBe(
      `SELECT ${COLUMNS}, (SELECT COUNT(*) AS n FROM "person" r WHERE r."name" = :w1_0) AS c4` +
        ' FROM "person" r WHERE r."name" = :w1_0 ORDER BY r."id" ASC LIMIT :__limit',
    );
    expect(counted.output).toMatchObject({ mode: 'records', totalAlias: 'c4' });
    // Not paged: the rows are the count; not counted: no count at all.
    expect(plan({ count: 'true' }).rowsSql).toBe(`SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC`);
    expect(plan({ limit: '10' }).output).not.toHaveProperty('totalAlias', expect.anything());
  });

  it('carries the count of a counted page of groups or distinct rows in its own statement too', () => {
    const groups = plan({ group: '["alter"]', limit: '5', count: 'true' });
    expect(groups.rowsSql).toBe(
      'SELECT r."alter" AS c0, COUNT(*) AS c1, (SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "person" r GROUP BY r."alter") g) AS c2' +
        ' FROM "person" r GROUP BY r."alter" ORDER BY r."alter" ASC LIMIT :__limit',
    );
    expect(groups.output).toMatchObject({ countAlias: 'c1', totalAlias: 'c2' });
    const distinct = plan({ attributes: '["alter"]', distinct: 'true', offset: '3', count: 'true' }, false);
    expect(distinct.rowsSql).toBe(
      'SELECT DISTINCT r."alter" AS c0, (SELECT COUNT(*) AS n FROM (SELECT DISTINCT r."alter" AS c0 FROM "person" r) d) AS c1' +
        ' FROM "person" r ORDER BY r."alter" ASC LIMIT 18446744073709551615 OFFSET :__offset',
    );
    expect(distinct.output).toMatchObject({ totalAlias: 'c1' });
    expect(plan({ group: '["alter"]', count: 'true' }).output).not.toHaveProperty(
      'totalAlias',
      expect.anything(),
    );
  });

  it('reads from an offset without a limit with the largest row count of each engine', () => {
    const sqlite = plan({ offset: '20' });
    expect(sqlite.rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC LIMIT -1 OFFSET :__offset`,
    );
    expect(sqlite.params).toEqual({ __offset: 20 });
    expect(plan({ offset: '20' }, false).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" ASC LIMIT 18446744073709551615 OFFSET :__offset`,
    );
  });

  it('filters over a to-many association by EXISTS, so that no root repeats, and narrows its include alike', () => {
    const read = plan({ where: '{"$Adressen.strasse$":{"$like":"%weg%"}}', include: '["Adressen"]' });
    const exists = `EXISTS (SELECT 1 FROM "adresse" e1 WHERE e1."person_id" = r."id" AND LOWER(e1."strasse") LIKE LOWER(:w1_0) ESCAPE '!')`;
    expect(read.rowsSql).toBe(`SELECT ${COLUMNS} FROM "person" r WHERE ${exists} ORDER BY r."id" ASC`);
    expect(read.countSql).toBe(`SELECT COUNT(*) AS n FROM "person" r WHERE ${exists}`);
    expect(read.params).toEqual({ w1_0: '%weg%', w2_0: '%weg%' });
    const slot = read.output.mode === 'records' ? read.output.shape.slots[4] : undefined;
    expect(slot).toMatchObject({
      kind: 'many',
      key: 'Adressen',
      load: {
        key: 'Adressen',
        parentIdKey: 'id',
        parentAlias: 'c0',
        sql:
          'SELECT m2."person_id" AS c0, m2."id" AS c1, m2."person_id" AS c2, m2."strasse" AS c3 FROM "adresse" m2' +
          ' INNER JOIN "person" r3 ON r3."id" = m2."person_id"' +
          ` WHERE m2."person_id" IN (:...__ids) AND LOWER(m2."strasse") LIKE LOWER(:w2_0) ESCAPE '!' ORDER BY m2."id"`,
        shape: { idAlias: 'c1' },
      },
    });
    // A filter on another association leaves the included rows whole.
    const other = plan({ where: '{"$Gruppen.name$":"Vorstand"}', include: '["Adressen"]' });
    const load = other.output.mode === 'records' && other.output.shape.slots[4];
    expect(load && load.kind === 'many' && load.load.sql).toBe(
      'SELECT m2."person_id" AS c0, m2."id" AS c1, m2."person_id" AS c2, m2."strasse" AS c3 FROM "adresse" m2' +
        ' WHERE m2."person_id" IN (:...__ids) ORDER BY m2."id"',
    );
  });

  it('tests a to-one condition that rejects NULL by EXISTS, and joins only where NULL may match', () => {
    expect(plan({ where: '{"$Ort.name$":"Bonn"}' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r WHERE EXISTS (SELECT 1 FROM "ort" e1 WHERE e1."id" = r."ort_id" AND e1."name" = :w1_0) ORDER BY r."id" ASC`,
    );
    const withoutOrt = plan({ where: '{"$Ort.name$":null}', include: '["Ort"]' });
    expect(withoutOrt.rowsSql).toBe(
      `SELECT ${COLUMNS}, t1."id" AS c4, t1."name" AS c5, t1."land_id" AS c6 FROM "person" r` +
        ' LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" WHERE t1."name" IS NULL ORDER BY r."id" ASC',
    );
    expect(withoutOrt.countSql).toBe(
      'SELECT COUNT(*) AS n FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" WHERE t1."name" IS NULL',
    );
  });

  it('walks paths of several associations, and refuses paths that are malformed or too long', () => {
    expect(plan({ where: '{"$Ort.Land.name$":{"$not":"DE"}}' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r WHERE EXISTS (SELECT 1 FROM "ort" e1 LEFT JOIN "land" t2 ON t2."id" = e1."land_id"` +
        ' WHERE e1."id" = r."ort_id" AND t2."name" <> :w1_0) ORDER BY r."id" ASC',
    );
    expect(plan({ where: '{"$Ort.Land.name$":null}' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" LEFT JOIN "land" t2 ON t2."id" = t1."land_id"` +
        ' WHERE t2."name" IS NULL ORDER BY r."id" ASC',
    );
    expect(plan({ where: '{"$Adressen.Person.Gruppen.name$":"a"}' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r WHERE EXISTS (SELECT 1 FROM "adresse" e1 LEFT JOIN "person" t2 ON t2."id" = e1."person_id"` +
        ` WHERE e1."person_id" = r."id" AND EXISTS (SELECT 1 FROM "person_gruppe" e3_l INNER JOIN "gruppe" e3 ON e3."id" = e3_l."gruppe_id"` +
        ` WHERE e3_l."person_id" = t2."id" AND e3."name" = :w1_0)) ORDER BY r."id" ASC`,
    );
    expect(refusal({ where: '{"$Ort$":1}' })).toBe('Ungültiger Verknüpfungspfad "$Ort$".');
    // Only a name enclosed in $ on both sides is a path (the where compiler refuses a leading $ alone).
    expect(refusal({ where: '{"Ort.name$":1}' })).toBe('Unbekanntes Feld "Ort.name$" bei "person".');
    expect(refusal({ where: '{"$Ort.Land.Ort.Land.name$":1}' })).toBe(
      'Der Pfad "Ort.Land.Ort.Land.name" ist zu lang (höchstens 3 Verknüpfungen hintereinander).',
    );
    expect(refusal({ where: '{"$Wohnort.name$":1}' })).toBe('Unbekannte Verknüpfung "Wohnort" bei "person".');
    expect(refusal({ where: '{"$Ort.plz$":1}' })).toBe('Unbekanntes Feld "plz" bei "Ort".');
  });

  it('leaves case to MariaDB’s collation in $like', () => {
    expect(plan({ where: '{"name":{"$like":"%a%"}}' }, false).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r WHERE r."name" LIKE :w1_0 ESCAPE '!' ORDER BY r."id" ASC`,
    );
  });

  it('refuses a filter value the column cannot hold, in German', () => {
    expect(refusal({ where: '{"alter":"alt"}' })).toBe('Wert für Feld "alter" muss eine ganze Zahl sein.');
    expect(refusal({ where: '{"alter":{"$gt":1e300}}' })).toBe(
      'Wert für Feld "alter" liegt außerhalb des zulässigen Bereichs.',
    );
  });

  it('counts only the joins the filter needs, not those of the order', () => {
    const read = plan({ order: '[["Ort.Land.name","DESC"]]', attributes: '["name"]' });
    expect(read.rowsSql).toBe(
      'SELECT r."id" AS c0, r."name" AS c1 FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id"' +
        ' LEFT JOIN "land" t2 ON t2."id" = t1."land_id" ORDER BY de_sort(t2."name") DESC, r."id" ASC',
    );
    expect(read.countSql).toBe('SELECT COUNT(*) AS n FROM "person" r');
    // MariaDB's collation sorts the German way itself; numbers are never wrapped.
    expect(plan({ order: '[["name","ASC"],["alter","DESC"]]' }, false).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."name" ASC, r."alter" DESC, r."id" ASC`,
    );
    expect(plan({ order: '[["$Ort.name$","ASC"]]', attributes: '["name"]' }).rowsSql).toBe(
      'SELECT r."id" AS c0, r."name" AS c1 FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" ORDER BY de_sort(t1."name") ASC, r."id" ASC',
    );
    expect(plan({ order: '[["id","DESC"]]' }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY r."id" DESC`,
    );
    expect(plan({}, true, { ...person, defaultOrder: [['name', 'ASC']] }).rowsSql).toBe(
      `SELECT ${COLUMNS} FROM "person" r ORDER BY de_sort(r."name") ASC, r."id" ASC`,
    );
  });

  it('refuses to sort, group or pick distinct values along a to-many association', () => {
    expect(refusal({ order: '[["Adressen.strasse","ASC"]]' })).toBe(
      'Sortierung nach "Adressen.strasse" ist nicht möglich: "Adressen" hat mehrere Einträge je Zeile.',
    );
    expect(refusal({ group: '["Adressen.strasse"]' })).toBe(
      'Gruppierung nach "Adressen.strasse" ist nicht möglich: "Adressen" hat mehrere Einträge je Zeile.',
    );
    expect(refusal({ attributes: '["Gruppen.name"]', distinct: 'true' })).toBe(
      '"distinct" über "Gruppen.name" ist nicht möglich: "Gruppen" hat mehrere Einträge je Zeile.',
    );
  });

  it('groups with counts, sorted by the count or the group fields', () => {
    const read = plan({
      group: '["alter","Ort.name"]',
      order: '[["count","DESC"]]',
      where: '{"alter":{"$gte":18}}',
    });
    expect(read.rowsSql).toBe(
      'SELECT r."alter" AS c0, t1."name" AS c1, COUNT(*) AS c2 FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id"' +
        ' WHERE r."alter" >= :w1_0 GROUP BY r."alter", t1."name" ORDER BY COUNT(*) DESC, r."alter" ASC, de_sort(t1."name") ASC',
    );
    expect(read.countSql).toBe(
      'SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id"' +
        ' WHERE r."alter" >= :w1_0 GROUP BY r."alter", t1."name") g',
    );
    expect(read.output).toEqual({
      mode: 'fields',
      fields: [
        expect.objectContaining({ path: ['alter'], alias: 'c0' }),
        expect.objectContaining({ path: ['Ort', 'name'], alias: 'c1' }),
      ],
      countAlias: 'c2',
    });
    expect(plan({ group: '["name"]', order: '[["name","DESC"]]', limit: '5' }).rowsSql).toBe(
      'SELECT r."name" AS c0, COUNT(*) AS c1 FROM "person" r GROUP BY r."name" ORDER BY de_sort(r."name") DESC LIMIT :__limit',
    );
    expect(plan({ group: '[]' }).rowsSql).toBe('SELECT COUNT(*) AS c0 FROM "person" r');
    // A path in the where syntax names the same field as without the dollars, in group and order alike.
    const dollars = plan({ group: '["$Ort.name$"]', order: '[["Ort.name","DESC"]]' });
    expect(dollars.rowsSql).toBe(
      'SELECT t1."name" AS c0, COUNT(*) AS c1 FROM "person" r LEFT JOIN "ort" t1 ON t1."id" = r."ort_id"' +
        ' GROUP BY t1."name" ORDER BY de_sort(t1."name") DESC',
    );
    expect(dollars.output).toMatchObject({ fields: [{ path: ['Ort', 'name'] }] });
    expect(refusal({ group: '["alter"]', order: '[["name","ASC"]]' })).toBe(
      'Sortierung nach "name" ist bei "group" nur über Gruppenfelder oder count möglich.',
    );
  });

  it('answers distinct values of chosen fields, with their count', () => {
    const read = plan(
      { attributes: '["alter","name"]', distinct: 'true', order: '[["name","DESC"]]' },
      false,
    );
    expect(read.rowsSql).toBe(
      'SELECT DISTINCT r."alter" AS c0, r."name" AS c1 FROM "person" r ORDER BY r."name" DESC, r."alter" ASC',
    );
    expect(read.countSql).toBe(
      'SELECT COUNT(*) AS n FROM (SELECT DISTINCT r."alter" AS c0, r."name" AS c1 FROM "person" r) d',
    );
    expect(read.output).toEqual({
      mode: 'fields',
      fields: [
        expect.objectContaining({ path: ['alter'], alias: 'c0' }),
        expect.objectContaining({ path: ['name'], alias: 'c1' }),
      ],
    });
    expect(refusal({ attributes: '["alter"]', distinct: 'true', order: '[["count","DESC"]]' })).toBe(
      'Sortierung nach "count" ist bei "distinct" nur über gewählte Felder möglich.',
    );
    // distinct without attributes, or over none, means distinct records, which every record is.
    expect(plan({ distinct: 'true' }).output.mode).toBe('records');
    expect(plan({ distinct: 'true', attributes: '[]' }).output.mode).toBe('records');
  });

  it('joins a filtered to-one include on its condition and keeps only roots that have a match', () => {
    const read = plan({
      include: '[{"association":"Ort","where":{"name":"Bonn"}},{"association":"Gruppen","required":true}]',
    });
    expect(read.rowsSql).toBe(
      `SELECT ${COLUMNS}, t3."id" AS c4, t3."name" AS c5, t3."land_id" AS c6 FROM "person" r` +
        ' LEFT JOIN "ort" t3 ON t3."id" = r."ort_id" AND t3."name" = :w3_0' +
        ' WHERE EXISTS (SELECT 1 FROM "ort" e1 WHERE e1."id" = r."ort_id" AND e1."name" = :w2_0)' +
        ' AND EXISTS (SELECT 1 FROM "person_gruppe" e2_l INNER JOIN "gruppe" e2 ON e2."id" = e2_l."gruppe_id" WHERE e2_l."person_id" = r."id")' +
        ' ORDER BY r."id" ASC',
    );
    const load = read.output.mode === 'records' && read.output.shape.slots[5];
    expect(load && load.kind === 'many' && load.load.sql).toBe(
      'SELECT m4_l."person_id" AS c0, m4."id" AS c1, m4."name" AS c2 FROM "person_gruppe" m4_l' +
        ' INNER JOIN "gruppe" m4 ON m4."id" = m4_l."gruppe_id" WHERE m4_l."person_id" IN (:...__ids) ORDER BY m4."id"',
    );
    // Not required: the include is null where it does not match, and every root stays.
    const optional = plan({ include: '[{"association":"Ort","where":{"name":"Bonn"},"required":false}]' });
    expect(optional.rowsSql).toBe(
      `SELECT ${COLUMNS}, t1."id" AS c4, t1."name" AS c5, t1."land_id" AS c6 FROM "person" r` +
        ' LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" AND t1."name" = :w2_0 ORDER BY r."id" ASC',
    );
  });

  it('never shares the join of a filtered include with a plain path', () => {
    const read = plan({
      include: '[{"association":"Ort","where":{"name":"Bonn"},"required":false}]',
      order: '[["Ort.name","ASC"]]',
    });
    expect(read.rowsSql.match(/LEFT JOIN "ort"/g)).toHaveLength(2);
  });

  it('filters an include by its where and its restricting sub-includes, not by optional ones', () => {
    const optional = plan({ include: '[{"association":"Ort","where":{"name":"Bonn"},"include":["Land"]}]' });
    expect(optional.countSql).toBe(
      'SELECT COUNT(*) AS n FROM "person" r WHERE EXISTS (SELECT 1 FROM "ort" e1 WHERE e1."id" = r."ort_id" AND e1."name" = :w2_0)',
    );
    const both = plan({
      include:
        '[{"association":"Ort","where":{"name":"Bonn"},"include":[{"association":"Land","required":true}]}]',
    });
    expect(both.countSql).toBe(
      'SELECT COUNT(*) AS n FROM "person" r WHERE EXISTS (SELECT 1 FROM "ort" e1 WHERE e1."id" = r."ort_id" AND e1."name" = :w2_0' +
        ' AND EXISTS (SELECT 1 FROM "land" e2 WHERE e2."id" = e1."land_id"))',
    );
  });

  it('loads to-many includes nested below other includes', () => {
    const read = plan({
      include: '[{"association":"Adressen","include":[{"association":"Person","include":["Gruppen"]}]}]',
    });
    const adressen = read.output.mode === 'records' && read.output.shape.slots[4];
    const person = adressen && adressen.kind === 'many' && adressen.load.shape.slots[3];
    expect(person).toMatchObject({ kind: 'one', key: 'Person' });
    const gruppen = person && person.kind === 'one' && person.shape.slots[4];
    expect(gruppen).toMatchObject({ kind: 'many', key: 'Gruppen' });
  });

  it('lets a required include nested in an optional one narrow that include only', () => {
    const read = plan({
      include:
        '[{"association":"Ort","attributes":["name"],"include":[{"association":"Land","where":{"name":"DE"}}]}]',
    });
    expect(read.rowsSql).toBe(
      `SELECT ${COLUMNS}, t1."id" AS c4, t1."name" AS c5, t3."id" AS c6, t3."name" AS c7 FROM "person" r` +
        ' LEFT JOIN "ort" t1 ON t1."id" = r."ort_id" AND EXISTS (SELECT 1 FROM "land" e2 WHERE e2."id" = t1."land_id" AND e2."name" = :w2_0)' +
        ' LEFT JOIN "land" t3 ON t3."id" = t1."land_id" AND t3."name" = :w3_0 ORDER BY r."id" ASC',
    );
    expect(read.countSql).toBe('SELECT COUNT(*) AS n FROM "person" r');
  });

  it('answers includes in the order the entity declares them', () => {
    const read = plan({ include: '["Gruppen","Ort","Adressen"]' });
    const keys = read.output.mode === 'records' ? read.output.shape.slots.map((slot) => slot.key) : [];
    expect(keys).toEqual(['id', 'name', 'alter', 'ort_id', 'Ort', 'Adressen', 'Gruppen']);
    expect(refusal({ include: '["Freunde"]' })).toBe('Unbekannte Verknüpfung "Freunde" bei "person".');
  });

  it('searches every word in the searchable fields, and numbers in the id too', () => {
    const read = plan({ search: ' Bonn  12 ' });
    const word = (n: number, e: number) =>
      `LOWER(r."name") LIKE LOWER(:w2_${n}) ESCAPE '!' OR EXISTS (SELECT 1 FROM "ort" e${e} WHERE e${e}."id" = r."ort_id" AND LOWER(e${e}."name") LIKE LOWER(:w2_${n + 1}) ESCAPE '!')`;
    expect(read.countSql).toBe(
      `SELECT COUNT(*) AS n FROM "person" r WHERE ((${word(0, 1)}) AND (${word(2, 2)} OR r."id" = :w2_4))`,
    );
    expect(read.params).toEqual({ w2_0: '%Bonn%', w2_1: '%Bonn%', w2_2: '%12%', w2_3: '%12%', w2_4: 12 });
    // Numbers beyond the safe range and words with digits are text only.
    expect(plan({ search: '99999999999999999 12a' }).params).toEqual({
      w2_0: '%99999999999999999%',
      w2_1: '%99999999999999999%',
      w2_2: '%12a%',
      w2_3: '%12a%',
    });
    // At most ten words count.
    expect(Object.keys(plan({ search: 'a b c d e f g h i j k l' }).params)).toHaveLength(20);
    expect(refusal({ search: 'x' }, { name: 'gruppe', entity: Gruppe })).toBe(
      'Die Ressource "gruppe" kann nicht durchsucht werden.',
    );
  });

  it('bounds the values of all the filters of one query', () => {
    const ids = (n: number) => JSON.stringify({ id: { $in: Array.from({ length: n }, (_, i) => i + 1) } });
    const query = (n: number) => ({
      where: ids(10000),
      include: `[{"association":"Ort","where":${ids(5000)}},{"association":"Adressen","where":${ids(n)}}]`,
    });
    // The root's 10000, the Ort filter twice (restricting the roots, and on its join), Adressen twice.
    expect(() => plan(query(5000))).not.toThrow();
    expect(refusal(query(5001))).toBe('Die Abfrage enthält zu viele Werte (höchstens 30000).');
  });
});
