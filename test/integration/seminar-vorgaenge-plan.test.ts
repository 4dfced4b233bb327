/**
 * Issue 33: a seminar's current bookings are found by index, never by a scan of every booking. The
 * product is driven through HTTP (a booking, the participant list, the order overview, the sums,
 * an invoice run, a refused delete); every query it sends that asks rw_transaction for a seminar's
 * rows is captured from TypeORM's logger and explained on the same database. The table holds the
 * demo's bookings plus bookings of other objects, so a seminar is a small part of it, as in use.
 */
import type request from 'supertest';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { databases, startTestApp, type TestApp } from '../support/test-app';

const TIMEOUT = 240_000;
/** Bookings of other objects beside the demo's, so that an index is the cheaper way. */
const ANDERE_BUCHUNGEN = 6_000;

interface Abfrage {
  sql: string;
  parameter: unknown[];
}

describe.each(databases())('the seminar bookings queries on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const abfragen: Abfrage[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 30 });
    agent = await t.login();
    const spalten = t.dataSource
      .getMetadata(RwTransaction)
      .columns.map((c) => c.databaseName)
      .filter((name) => name !== 'id');
    const q = (name: string) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);
    const werte = spalten.map((name) =>
      name === 'category'
        ? `'produkt'`
        : ['veranstaltung_id', 'veranstaltung_event_id', 'rw_rechnung_id', 'child_id'].includes(name)
          ? 'NULL'
          : q(name),
    );
    // Filler rows of shop orders: the demo's rows copied until the table is large enough.
    while (
      Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM rw_transaction'))[0].n) < ANDERE_BUCHUNGEN
    )
      await t.dataSource.query(
        `INSERT INTO rw_transaction (${spalten.map(q).join(', ')}) SELECT ${werte.join(', ')} FROM rw_transaction`,
      );
    await t.dataSource.query(kind === 'mysql' ? 'ANALYZE TABLE rw_transaction' : 'ANALYZE');
    jest.spyOn(t.dataSource.logger, 'logQuery').mockImplementation((sql: string, parameter?: unknown) => {
      if (/FROM [`"]?rw_transaction[`"]?/i.test(sql) && /veranstaltung(_event)?_id/i.test(sql))
        abfragen.push({ sql, parameter: Array.isArray(parameter) ? parameter : [] });
    });
  }, TIMEOUT);
  afterAll(() => t.close(), TIMEOUT);

  it(
    'answers every use from indexes: no full scan of rw_transaction',
    async () => {
      const [seminar] = await t.dataSource.query(
        `SELECT t.veranstaltung_id AS id, MIN(t.benutzer_id) AS benutzer FROM rw_transaction t
       WHERE t.category = 'seminare' AND t.veranstaltung_id IS NOT NULL GROUP BY t.veranstaltung_id ORDER BY id LIMIT 1`,
      );
      const id = Number(seminar.id);
      const [mitglied] = await t.dataSource.query(
        'SELECT id FROM benutzer WHERE id NOT IN (SELECT benutzer_id FROM rw_transaction WHERE benutzer_id IS NOT NULL) ORDER BY id LIMIT 1',
      );
      await agent
        .post('/node/api/rw-transaction')
        .send({ category: 'seminare', veranstaltung_id: id, benutzer_id: Number(mitglied.id) })
        .expect(201);
      await agent.get(`/node/veranstaltung/${id}/teilnehmerListe`).expect(200);
      await agent.get(`/node/api/veranstaltung/${id}/lg_abrechnung`).expect(200);
      await agent
        .post('/node/api/rw-calculation/calcCategory')
        .send({ category: 'seminare', category_ids: [id], transactions: true })
        .expect(200);
      await agent
        .post('/node/api/rw-rechnung')
        .set('Prefer', 'wait=25')
        .send({ category: 'seminare', category_id: id });
      await agent.delete(`/node/api/veranstaltung/${id}`).expect(409);

      jest.restoreAllMocks();
      // The participant count, the list, the overview, the sums, the run's open bookings, the delete check.
      expect(abfragen.length).toBeGreaterThanOrEqual(6);
      for (const { sql, parameter } of abfragen) {
        const plan: Record<string, unknown>[] = await t.dataSource.query(
          `${kind === 'mysql' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`,
          parameter,
        );
        const scans =
          kind === 'mysql'
            ? plan.filter(
                (zeile) => zeile.type === 'ALL' && /^(t|rw_transaction)$/i.test(String(zeile.table)),
              )
            : plan.filter((zeile) => /^SCAN (t|rw_transaction)\b/i.test(String(zeile.detail)));
        expect({ sql, scans }).toEqual({ sql, scans: [] });
      }
    },
    TIMEOUT,
  );
});
