import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type request from 'supertest';
import { FileStorage } from '../../src/platform/files/file-storage';
import { Download } from '../../src/seminars/adapters/persistence/download.entity';
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
      // Issue 26: the older header says the same as the CSP (the newsletter preview, framed by the
      // app itself, says SAMEORIGIN and frame-ancestors 'self': newsletter.test.ts).
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps every API answer out of browser and proxy caches, and still answers 304 to If-None-Match', async () => {
    const list = await api.get('/node/api/verband-bezirk');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const etag = list.headers.etag;
    expect(etag).toBeTruthy();
    // As the client revalidates: its own If-None-Match, Cache-Control max-age=0 (client/src/lib/api.ts).
    const unchanged = await api
      .get('/node/api/verband-bezirk')
      .set('If-None-Match', etag)
      .set('Cache-Control', 'max-age=0');
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers['cache-control']).toBe('no-store');

    await t.app.get(FileStorage).write('download', 'no-store.pdf', Buffer.from('%PDF-1.4'));
    await t.dataSource.getRepository(Download).insert({ file_name: 'no-store.pdf', public: true });
    const answers = [
      await t.anonymous().get('/node/loginInfo'),
      await t.anonymous().post('/node/login').set('X-Api-Request', '1').send({ user: 'x', password: 'y' }),
      await api.get('/node/gibt-es-nicht'),
      await api.get('/node/api/verband-bezirk').query({ where: '{kaputt' }),
      await api.post('/node/api/benutzer').set('Content-Type', 'application/json').send('{"nachname": '),
      await api.get('/node/loginInfo'),
      await t.anonymous().get('/download/no-store.pdf'),
    ];
    expect(answers.map((a) => [a.status, a.headers['cache-control']])).toEqual(
      [403, 401, 404, 400, 400, 200, 200].map((status) => [status, 'no-store']),
    );
  });

  it('refuses list parameters in bracket form with 400 in German instead of ignoring them', async () => {
    await api.post('/node/api/verband-bezirk').send({ bezirk_nummer: 91, bezirk_name: 'Klammer' });
    for (const [query, name] of [
      ['where[id][$gt]=1', 'where[id][$gt]'],
      ['where%5Bbezirk_name%5D=Klammer', 'where[bezirk_name]'],
      ['order[0][0]=bezirk_name', 'order[0][0]'],
      ['include[]=Benutzers', 'include[]'],
      ['attributes[]=id', 'attributes[]'],
    ]) {
      const answer = await api.get(`/node/api/verband-bezirk?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(
        new RegExp(`^Parameter "${name.replace(/[[\]$]/g, '\\$&')}" wird in dieser Form nicht verstanden`),
      );
    }
    // The same filter as JSON works.
    const json = await api
      .get('/node/api/verband-bezirk')
      .query({ where: JSON.stringify({ bezirk_name: 'Klammer' }) });
    expect(json.status).toBe(200);
    expect(json.body.map((b: { bezirk_name: string }) => b.bezirk_name)).toEqual(['Klammer']);
  });

  it('answers what the HTTP parser refuses in German JSON: headers over 16 KB with 431', async () => {
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const raw = (text: string) =>
      new Promise<{ status: string; head: string; body: unknown }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('close', () => {
          const [head, body] = received.split('\r\n\r\n');
          resolve({ status: head.split('\r\n')[0], head, body: JSON.parse(body) });
        });
        socket.on('error', reject);
      });
    const big = await raw(
      `GET /node/health HTTP/1.1\r\nHost: localhost\r\nX-Gross: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(big.head).toContain('Content-Type: application/json; charset=utf-8');
    expect(big.body).toEqual({ statusCode: 431, message: 'Die Kopfzeilen der Anfrage sind zu groß.' });
    const malformed = await raw('GET /node/health HTTP/1.1\r\nHost: localhost\r\nOhne Doppelpunkt\r\n\r\n');
    expect(malformed.status).toBe('HTTP/1.1 400 Bad Request');
    expect(malformed.body).toEqual({ statusCode: 400, message: 'Die Anfrage ist fehlerhaft.' });
  });

  it('refuses JSON bodies over 1 MB with 413 in German, and takes whole tables on the CSV routes', async () => {
    const big = { nachname: 'x'.repeat(1024 * 1024) };
    const answer = await api.post('/node/api/benutzer').send(big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ statusCode: 413, message: 'Die Anfrage ist zu groß (höchstens 1 MB).' });
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ Nummer: i, Name: `Mitglied ${i} Müller` }));
    const csv = await api.post('/node/csv/stringify').send(rows);
    expect(csv.status).toBe(200);
    // Imports upload their files (issue 26): rows sent as JSON to the comparison are a body like any.
    const alsJson = await api
      .post('/node/api/benutzer-gruppe/1/csv_compare')
      .send({ rows: [...rows, ...rows, ...rows] });
    expect(alsJson.status).toBe(413);
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
