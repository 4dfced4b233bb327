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
  }, TIMEOUT);
  afterAll(() => t.close(), TIMEOUT);

  /** The first seminar with seminar bookings matching `bedingung`, and the lowest member booking it. */
  async function ersterSeminar(bedingung: string): Promise<{ id: number; benutzer: number }> {
    const [seminar] = await t.dataSource.query(
      `SELECT t.veranstaltung_id AS id, MIN(t.benutzer_id) AS benutzer FROM rw_transaction t
       WHERE t.category = 'seminare' AND ${bedingung} GROUP BY t.veranstaltung_id ORDER BY id LIMIT 1`,
    );
    return { id: Number(seminar.id), benutzer: seminar.benutzer };
  }

  /** Records from now on every statement asking rw_transaction for a seminar's rows. */
  function mitschneiden(): Abfrage[] {
    const abfragen: Abfrage[] = [];
    const merke = (sql: string, parameter: unknown) => {
      if (/FROM [`"]?rw_transaction[`"]?/i.test(sql) && /veranstaltung(_event)?_id/i.test(sql))
        abfragen.push({ sql, parameter: Array.isArray(parameter) ? parameter : [] });
    };
    jest.spyOn(t.dataSource.logger, 'logQuery').mockImplementation((sql: string, parameter?: unknown) => {
      merke(sql, parameter);
    });
    if (kind === 'mysql') {
      // The generic lists read past TypeORM, straight from mysql2's pool (plain-reads.ts).
      const pool = (t.dataSource.driver as unknown as { pool: { query: (...args: unknown[]) => unknown } })
        .pool;
      const query = pool.query.bind(pool);
      jest
        .spyOn(pool, 'query')
        .mockImplementation((optionen: unknown, parameter: unknown, ...rest: unknown[]) => {
          merke(typeof optionen === 'string' ? optionen : (optionen as { sql: string }).sql, parameter);
          return query(optionen, parameter, ...rest);
        });
    }
    return abfragen;
  }

  const erklaere = async ({ sql, parameter }: Abfrage): Promise<Record<string, unknown>[]> =>
    t.dataSource.query(`${kind === 'mysql' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`, parameter);
  const transaktionstabelle = (zeile: Record<string, unknown>) =>
    kind === 'mysql'
      ? /^(t|r|rw_transaction)$/i.test(String(zeile.table))
      : /^(SCAN|SEARCH) (t|r|rw_transaction)\b/i.test(String(zeile.detail));

  /** Each recorded statement explained on the same database: none scans rw_transaction. */
  async function ohneScan(abfragen: Abfrage[]) {
    jest.restoreAllMocks();
    for (const abfrage of abfragen) {
      const scans = (await erklaere(abfrage)).filter((zeile) =>
        kind === 'mysql'
          ? zeile.type === 'ALL' && transaktionstabelle(zeile)
          : /^SCAN /i.test(String(zeile.detail)) && transaktionstabelle(zeile),
      );
      expect({ sql: abfrage.sql, scans }).toEqual({ sql: abfrage.sql, scans: [] });
    }
  }

  /** The parts of the indexes a plan reads rw_transaction by, each access its own list. */
  async function schluesselteile(abfrage: Abfrage): Promise<string[][]> {
    if (kind !== 'mysql')
      return (await erklaere(abfrage))
        .filter(transaktionstabelle)
        .map((zeile) => [...String(zeile.detail).matchAll(/(\w+)=\?/g)].map((m) => m[1]));
    const [zeile] = await t.dataSource.query(`EXPLAIN FORMAT=JSON ${abfrage.sql}`, abfrage.parameter);
    const teile: string[][] = [];
    const suche = (knoten: unknown, inTabelle: boolean) => {
      if (Array.isArray(knoten)) return knoten.forEach((k) => suche(k, inTabelle));
      if (typeof knoten !== 'object' || knoten === null) return;
      const k = knoten as Record<string, unknown>;
      const hier =
        inTabelle || (typeof k.table_name === 'string' && transaktionstabelle({ table: k.table_name }));
      if (hier && Array.isArray(k.used_key_parts)) teile.push(k.used_key_parts as string[]);
      if (hier && k.access_type === 'ALL') teile.push([]);
      for (const [schluessel, wert] of Object.entries(k)) if (schluessel !== 'subqueries') suche(wert, hier);
    };
    suche(JSON.parse(String(Object.values(zeile as Record<string, unknown>)[0])), false);
    return teile;
  }

  /** Each recorded statement reads rw_transaction by the seminar or its events, not by category alone. */
  async function ueberSeminarIndizes(abfragen: Abfrage[]) {
    for (const abfrage of abfragen) {
      const teile = await schluesselteile(abfrage);
      expect({ sql: abfrage.sql, teile }).toEqual({
        sql: abfrage.sql,
        teile: teile.map(() =>
          expect.arrayContaining([expect.stringMatching(/^veranstaltung(_event)?_id$/)]),
        ),
      });
      expect(teile.length).toBeGreaterThan(0);
    }
  }

  it(
    'answers every use from indexes: no full scan of rw_transaction',
    async () => {
      const { id } = await ersterSeminar('t.veranstaltung_id IS NOT NULL');
      const abfragen = mitschneiden();
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

      // The participant count, the list, the overview, the sums, the run's open bookings, the delete check.
      expect(abfragen.length).toBeGreaterThanOrEqual(6);
      await ohneScan(abfragen);
    },
    TIMEOUT,
  );

  it(
    'gives the screens a seminar’s transactions, its events’ too, by the named filter seminar:{id}',
    async () => {
      const seminar = await ersterSeminar('t.veranstaltung_event_id IS NOT NULL');
      const id = seminar.id;
      const liste = async (query: Record<string, unknown>) =>
        (
          (
            await agent
              .get('/node/api/rw-transaction')
              .query({
                attributes: JSON.stringify(['id']),
                order: JSON.stringify([['id', 'ASC']]),
                limit: 1000,
                ...query,
              })
              .expect(200)
          ).body as { id: number }[]
        ).map((r) => r.id);
      const abfragen = mitschneiden();
      // 'Mitglieder / Vorgänge' of the seminar's billing, and one member's transactions of it.
      const aktuelle = await liste({
        where: JSON.stringify({ category: 'seminare' }),
        scope: `aktuell,seminar:${id}`,
      });
      const desMitglieds = await liste({
        where: JSON.stringify({ category: 'seminare', benutzer_id: seminar.benutzer }),
        scope: `neueste,seminar:${id}`,
      });
      expect(abfragen.length).toBeGreaterThanOrEqual(2);
      await ohneScan(abfragen);
      await ueberSeminarIndizes(abfragen);
      // The same rows as the condition across the event's join (which scans) gives.
      const ueberEvents = (where: Record<string, unknown>) => ({
        ...where,
        $or: [{ veranstaltung_id: id }, { '$Veranstaltung_Event.veranstaltung_id$': id }],
      });
      expect(aktuelle.length).toBeGreaterThan(0);
      expect(aktuelle).toEqual(
        await liste({ where: JSON.stringify(ueberEvents({ category: 'seminare' })), scope: 'aktuell' }),
      );
      expect(desMitglieds).toEqual(
        await liste({
          where: JSON.stringify(ueberEvents({ category: 'seminare', benutzer_id: seminar.benutzer })),
          scope: 'neueste',
        }),
      );
      const falsch = await agent.get('/node/api/rw-transaction').query({ scope: 'seminar:x' }).expect(400);
      expect(falsch.body.message).toBe('Der Filter „seminar“ braucht eine Nummer, z. B. „seminar:17“.');
    },
    TIMEOUT,
  );
});
