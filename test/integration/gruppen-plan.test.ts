/**
 * Issue 33: a booking reads its participant's groups by the membership table's index on the
 * member, also while MariaDB's statistics still describe the table as empty — as right after a
 * bulk load, when the earlier join ordered by group started at the groups and read every
 * membership of the 100 000 seed (40 199 rows) for each batch of bookings. The statistics are set
 * to an empty table and kept there; one booking goes through HTTP and a batch of bookings through
 * billing's batch use case as the seed makes it (the only caller that asks for several members at
 * once); their statements are captured from TypeORM's logger and explained on the same database.
 */
import type request from 'supertest';
import { AbrechnungDurchProdukt } from '../../src/seed/abrechnung-durch-produkt';
import { SeedContext } from '../../src/seed/seed-context';
import { startTestApp, type TestApp } from '../support/test-app';

const TIMEOUT = 240_000;
const TABELLE = 'benutzer_benutzer_gruppe';

const beschreiben = process.env.MYSQL_TEST_URL ? describe : describe.skip;

beschreiben('the groups of a booking’s participant on MariaDB with stale statistics', () => {
  let t: TestApp;
  let agent: request.Agent;

  beforeAll(async () => {
    t = await startTestApp('mysql', { seedScale: 30 });
    agent = await t.login();
    // Memberships in the tens of thousands, as at 100 000 Benutzer: filler groups of every member.
    await t.dataSource.query(
      `INSERT INTO benutzer_gruppe (name, typ) SELECT CONCAT('Füllgruppe ', seq), 'Intern' FROM seq_1_to_1500`,
    );
    await t.dataSource.query(
      `INSERT INTO ${TABELLE} (benutzer_gruppe_id, benutzer_id)
       SELECT g.id, b.id FROM benutzer_gruppe g CROSS JOIN benutzer b WHERE g.name LIKE 'Füllgruppe %'`,
    );
    await t.dataSource.query(`ALTER TABLE ${TABELLE} STATS_AUTO_RECALC = 0`);
    await t.dataSource.query(
      `UPDATE mysql.innodb_table_stats SET n_rows = 0 WHERE database_name = DATABASE() AND table_name = ?`,
      [TABELLE],
    );
    await t.dataSource.query(
      `UPDATE mysql.innodb_index_stats SET stat_value = 0
       WHERE database_name = DATABASE() AND table_name = ? AND stat_name LIKE 'n_diff%'`,
      [TABELLE],
    );
    await t.dataSource.query(`FLUSH TABLES ${TABELLE}`);
  }, TIMEOUT);
  afterAll(() => t?.close(), TIMEOUT);

  /** The index parts each access to the membership table uses in the plan of `sql`. */
  async function zugriffe(sql: string, parameter: unknown[]): Promise<string[][]> {
    const [zeile] = await t.dataSource.query(`EXPLAIN FORMAT=JSON ${sql}`, parameter);
    const teile: string[][] = [];
    const suche = (knoten: unknown) => {
      if (Array.isArray(knoten)) return knoten.forEach(suche);
      if (typeof knoten !== 'object' || knoten === null) return;
      const k = knoten as Record<string, unknown>;
      if (typeof k.table_name === 'string' && /benutzer_benutzer_gruppe|^b_g$/.test(k.table_name))
        teile.push(Array.isArray(k.used_key_parts) ? (k.used_key_parts as string[]) : []);
      Object.values(k).forEach(suche);
    };
    suche(JSON.parse(String(Object.values(zeile as Record<string, unknown>)[0])));
    return teile;
  }

  it(
    'reads them by the member’s index, not by group, for one booking and for a batch',
    async () => {
      const [stand] = await t.dataSource.query(
        'SELECT n_rows FROM mysql.innodb_table_stats WHERE database_name = DATABASE() AND table_name = ?',
        [TABELLE],
      );
      expect(Number(stand.n_rows)).toBe(0);
      const [{ anzahl }] = await t.dataSource.query(`SELECT COUNT(*) AS anzahl FROM ${TABELLE}`);
      expect(Number(anzahl)).toBeGreaterThan(30_000);
      const [seminar] = await t.dataSource.query('SELECT id FROM veranstaltung ORDER BY id LIMIT 1');
      const mitglieder = (
        await t.dataSource.query(
          `SELECT DISTINCT benutzer_id AS id FROM ${TABELLE} ORDER BY benutzer_id LIMIT 4`,
        )
      ).map((m: { id: unknown }) => Number(m.id));
      expect(mitglieder.length).toBe(4);
      const buchung = (benutzer_id: number) => ({
        category: 'seminare',
        veranstaltung_id: Number(seminar.id),
        benutzer_id,
      });

      const abfragen: { sql: string; parameter: unknown[] }[] = [];
      jest.spyOn(t.dataSource.logger, 'logQuery').mockImplementation((sql: string, parameter?: unknown) => {
        if (sql.includes(TABELLE))
          abfragen.push({ sql, parameter: Array.isArray(parameter) ? parameter : [] });
      });
      await agent.post('/node/api/rw-transaction').send(buchung(mitglieder[0])).expect(201);
      const stapel = mitglieder.slice(1).map(buchung);
      await new AbrechnungDurchProdukt(new SeedContext(t.app, { scale: 0 })).imStapel(stapel, async (s) => {
        for (const anfrage of stapel) await s.buchen(anfrage, new Date());
      });
      jest.restoreAllMocks();

      // The booking's own read and the batch's read of its three members at once.
      expect(abfragen.map((a) => a.parameter.length).sort()).toEqual([1, 3]);
      for (const { sql, parameter } of abfragen)
        expect({ sql, zugriffe: await zugriffe(sql, parameter) }).toEqual({
          sql,
          zugriffe: [['benutzer_id']],
        });
    },
    TIMEOUT,
  );
});
