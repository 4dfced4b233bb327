import type request from 'supertest';
import { SERVICE_UNAVAILABLE } from '../../src/platform/http/error.filter';
import { eventually } from '../support/eventually';
import { privateMariaDb, type PrivateMariaDb } from '../support/private-mariadb';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 17, faults: while MariaDB is down the app keeps answering — 503 with a German message for
 * the calls that need the database — and it recovers by itself when MariaDB is back, sessions and
 * data intact. The test stops and starts a MariaDB of its own, never the machine's shared one.
 */
describe('a database outage', () => {
  let db: PrivateMariaDb;
  let t: TestApp;
  let staff: request.Agent;

  beforeAll(async () => {
    db = await privateMariaDb();
    await db.start();
    // 'sqlite' only tells the helper not to manage the database; DATABASE_URL points at the private server.
    t = await startTestApp('sqlite', { env: { DATABASE_URL: db.url('verband_ausfall') } });
    staff = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await db?.remove();
  });

  it('answers 503 in German while MariaDB is down and recovers without a restart', async () => {
    const created = await staff
      .post('/node/api/verband-bezirk')
      .send({ bezirk_nummer: 7, bezirk_name: 'Köln' });
    expect(created.status).toBe(201);

    await db.stop();
    for (const call of [
      () => staff.get('/node/api/verband-bezirk'),
      () => staff.post('/node/api/verband-bezirk').send({ bezirk_nummer: 8, bezirk_name: 'Bonn' }),
      () =>
        t.anonymous().post('/node/login').set('X-Api-Request', '1').send({ user: 'admin', password: 'x' }),
    ]) {
      const answer = await call();
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ statusCode: 503, message: SERVICE_UNAVAILABLE });
    }
    const health = await t.anonymous().get('/node/health');
    expect(health.status).toBe(503);
    expect(health.body.details).toMatchObject({ database: 'down' });

    await db.start();
    await eventually(
      async () => expect((await staff.get('/node/api/verband-bezirk')).status).toBe(200),
      30000,
    );
    const list = (await staff.get('/node/api/verband-bezirk')).body as { bezirk_name: string }[];
    expect(list.map((b) => b.bezirk_name)).toEqual(['Köln']);
    expect((await t.anonymous().get('/node/health')).status).toBe(200);
  });
});
