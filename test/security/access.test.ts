import type request from 'supertest';
import { NICHT_ANGEMELDET } from '../../common/anmeldung';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { routes, type Route } from '../support/routes';
import { ADMIN_PASSWORD, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, "nobody gets in who should not": every route of every controller, with `:resource`
 * replaced by every registered resource, answers 403 without a session, and every state-changing
 * route answers 403 without X-Api-Request even for logged-in staff. Routes added later are
 * covered without touching this test; the only exceptions are listed here. Issue 26: the first
 * says NICHT_ANGEMELDET (the client logs out), the second its own code (the client stays).
 */
const PUBLIC = new Set([
  'POST /node/login',
  'POST /node/logout',
  'GET /node/health',
  'GET /download/:file_name',
  // Newsletter recipients (issue 15): authorised by an HMAC-signed token instead of a session.
  'GET /node/r/:token',
  'GET /node/abmelden/:token',
  'POST /node/abmelden/:token',
]);

/** RFC 8058: mail providers post the one-click unsubscribe without our header (the token authorises it). */
const WITHOUT_API_HEADER = new Set(['POST /node/abmelden/:token']);

/** Concrete URLs for a route pattern: every resource for `:resource`, 1 for ids, a file for paths. */
function urls(path: string, resources: string[]): string[] {
  const concrete = path.replace(/:(id|file_name|monat)\b/g, '1').replace(/\*path\b/, 'ordner/datei.txt');
  return concrete.includes(':resource') ? resources.map((r) => concrete.replace(':resource', r)) : [concrete];
}

const send = (agent: request.Agent | ReturnType<TestApp['anonymous']>, method: string, url: string) =>
  (agent as unknown as Record<string, (url: string) => request.Test>)[method.toLowerCase()](url);

describe('access to every route', () => {
  let t: TestApp;
  let all: Route[];
  let resources: string[];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    all = routes(t);
    resources = t.app.get(ResourceRegistry).names();
  });
  afterAll(() => t.close());

  it('finds the routes of every controller and the registered resources', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all).toEqual(expect.arrayContaining([{ method: 'PUT', path: '/node/api/:resource/:id' }]));
    expect(resources).toEqual(expect.arrayContaining(['benutzer', 'rw-rechnung', 'audit']));
  });

  it('answers 403 NICHT_ANGEMELDET without a session, except for the public routes', async () => {
    const open: string[] = [];
    for (const { method, path } of all) {
      if (PUBLIC.has(`${method} ${path}`)) continue;
      for (const url of urls(path, resources)) {
        const answer = await send(t.anonymous(), method, url).set('X-Api-Request', '1');
        const { statusCode, code, message } = answer.body as Record<string, unknown>;
        if (
          answer.status !== 403 ||
          statusCode !== 403 ||
          code !== NICHT_ANGEMELDET ||
          message !== 'Sie sind nicht angemeldet.'
        )
          open.push(`${method} ${url} → ${answer.status} ${String(code)}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('answers 403 API_HEADER_FEHLT to state-changing calls without X-Api-Request, also for staff', async () => {
    // Logged in with the header for the login only; this client sends it nowhere else.
    const staff = t.anonymous();
    const login = await staff
      .post('/node/login')
      .set('X-Api-Request', '1')
      .send({ user: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const open: string[] = [];
    for (const { method, path } of all) {
      if (method === 'GET' || method === 'HEAD' || WITHOUT_API_HEADER.has(`${method} ${path}`)) continue;
      for (const url of urls(path, resources)) {
        const answer = await send(staff, method, url);
        const { code, message } = answer.body as Record<string, unknown>;
        if (
          answer.status !== 403 ||
          code !== 'API_HEADER_FEHLT' ||
          message !== 'Anfrage ohne X-Api-Request-Header abgelehnt.'
        )
          open.push(`${method} ${url} → ${answer.status} ${String(code)}`);
      }
    }
    expect(open).toEqual([]);
    expect((await staff.get('/node/loginInfo')).status).toBe(200);
  });
});
