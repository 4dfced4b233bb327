import type request from 'supertest';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, as an outsider probes it: security headers, cheap refusals before any body is read,
 * German errors for everything (unknown routes, malformed and oversized JSON), the health check.
 */
describe.each(databases())('HTTP hardening on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t.close());

  it('sends the security headers and no X-Powered-By', async () => {
    for (const answer of [
      await t.anonymous().get('/node/loginInfo'),
      await api.get('/node/api/verband-bezirk'),
    ]) {
      const csp = answer.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses JSON bodies over 1 MB with 413 in German, and takes whole tables on the CSV routes', async () => {
    const big = { nachname: 'x'.repeat(1024 * 1024) };
    const answer = await api.post('/node/api/benutzer').send(big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ statusCode: 413, message: 'Die Anfrage ist zu groß (höchstens 1 MB).' });
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ Nummer: i, Name: `Mitglied ${i} Müller` }));
    const csv = await api.post('/node/csv/stringify').send(rows);
    expect(csv.status).toBe(200);
  });

  it('checks session and X-Api-Request before reading a body', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const anonymous = await t
      .anonymous()
      .post('/node/api/benutzer')
      .set('X-Api-Request', '1')
      .set('Content-Type', 'application/json')
      .send(`{"nachname":"${big}"}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('Sie sind nicht angemeldet.');
    // The rest of the body is not read: the connection ends with the answer.
    expect(anonymous.headers.connection).toBe('close');
  });

  it.each(['post', 'put', 'delete'] as const)(
    'refuses %s without X-Api-Request, also for staff',
    async (method) => {
      const created = await api
        .post('/node/api/verband-bezirk')
        .send({ bezirk_nummer: 90, bezirk_name: 'Test' });
      const path =
        method === 'post' ? '/node/api/verband-bezirk' : `/node/api/verband-bezirk/${created.body.id}`;
      // Logged in, but this client sends the header only for the login itself.
      const bare = t.anonymous();
      await bare
        .post('/node/login')
        .set('X-Api-Request', '1')
        .send({ user: 'admin', password: ADMIN_PASSWORD });
      expect((await bare.get('/node/loginInfo')).status).toBe(200);
      const answer = await bare[method](path).send({ bezirk_name: 'Geändert' });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Anfrage ohne X-Api-Request-Header abgelehnt.');
      expect((await api.get(`/node/api/verband-bezirk/${created.body.id}`)).body.bezirk_name).toBe('Test');
    },
  );

  it('answers malformed JSON in German without parser details', async () => {
    const answer = await api
      .post('/node/api/benutzer')
      .set('Content-Type', 'application/json')
      .send('{"nachname": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ statusCode: 400, message: 'Die Anfrage enthält kein gültiges JSON.' });
  });

  it('answers unknown routes in German', async () => {
    const answer = await api.get('/node/gibt-es-nicht');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ statusCode: 404, message: 'Diese Adresse gibt es nicht.' });
  });

  it('reports the health of database, queue and mail without a session and without secrets', async () => {
    const answer = await t.anonymous().get('/node/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: 'ok',
      message: 'Alle Dienste sind erreichbar.',
      details: { database: 'up', queue: 'up', mail: 'up' },
    });
    expect((await t.anonymous().post('/node/health').set('X-Api-Request', '1')).status).toBe(403);
  });
});

describe('health with a broken mail transport', () => {
  it('answers 503 in German and names only the service that is down', async () => {
    const t = await startTestApp('sqlite', { env: { MAIL_URL: 'smtp://127.0.0.1:1' } });
    try {
      const answer = await t.anonymous().get('/node/health');
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'error',
        message: 'Nicht alle Dienste sind erreichbar.',
        details: { database: 'up', queue: 'up', mail: 'down' },
      });
      expect(answer.text).not.toContain('127.0.0.1');
    } finally {
      await t.close();
    }
  });
});
