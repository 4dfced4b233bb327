import request from 'supertest';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, sessions: they end after inactivity and after an absolute maximum, get a new id at
 * every login, end on the server at logout, and their cookie is HttpOnly, SameSite=Lax and — in
 * production — Secure. Lifetimes are set to seconds here through the same variables staff set.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sessionCookie(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith('verband.sid='));
  if (!cookie) throw new Error(`kein Sitzungs-Cookie: ${JSON.stringify(cookies)}`);
  return cookie;
}

const login = (t: TestApp, headers: Record<string, string> = {}) =>
  t
    .anonymous()
    .post('/node/login')
    .set({ 'X-Api-Request': '1', ...headers })
    .send({ user: 'admin', password: ADMIN_PASSWORD });

describe.each(databases())('session lifetime on %s', (kind) => {
  describe('with the defaults', () => {
    let t: TestApp;
    beforeAll(async () => (t = await startTestApp(kind)));
    afterAll(() => t.close());

    it('sets an HttpOnly, SameSite=Lax cookie that lives as long as the idle timeout (8 hours)', async () => {
      const cookie = sessionCookie(await login(t));
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/);
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]);
      expect(Math.abs(expires - Date.now() - 8 * 3_600_000)).toBeLessThan(60_000);
    });

    it('gives the session a new id at login, so an id known before the login is worthless', async () => {
      const agent = await t.login();
      const before = (await agent.get('/node/loginInfo')).status;
      expect(before).toBe(200);
      const first = sessionCookie(
        await agent.post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD }),
      );
      const second = sessionCookie(
        await agent.post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD }),
      );
      const id = (cookie: string) => cookie.split(';')[0];
      expect(id(first)).not.toBe(id(second));
      const replay = await t.anonymous().get('/node/api/benutzer?limit=1').set('Cookie', id(first));
      expect(replay.status).toBe(403);
      expect((await t.anonymous().get('/node/api/benutzer?limit=1').set('Cookie', id(second))).status).toBe(
        200,
      );
    });

    it('ends the session on the server at logout: the old cookie no longer opens anything', async () => {
      const response = await login(t);
      const cookie = sessionCookie(response).split(';')[0];
      const use = () => t.anonymous().get('/node/api/benutzer?limit=1').set('Cookie', cookie);
      expect((await use()).status).toBe(200);
      const logout = await t.anonymous().post('/node/logout').set({ 'X-Api-Request': '1', Cookie: cookie });
      expect(logout.status).toBe(200);
      const after = await use();
      expect(after.status).toBe(403);
      expect(after.body.message).toBe('Sie sind nicht angemeldet.');
    });
  });

  it('ends a session that was not used for the idle timeout (SESSION_IDLE_MINUTES)', async () => {
    const t = await startTestApp(kind, { env: { SESSION_IDLE_MINUTES: '0.04' } });
    try {
      const agent = await t.login();
      expect((await agent.get('/node/api/benutzer?limit=1')).status).toBe(200);
      await sleep(3000);
      expect((await agent.get('/node/api/benutzer?limit=1')).status).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('ends a session at its absolute maximum even while it is in use (SESSION_MAX_HOURS)', async () => {
    const t = await startTestApp(kind, { env: { SESSION_MAX_HOURS: '0.001' } });
    try {
      const agent = await t.login();
      for (let i = 0; i < 3; i++) {
        expect((await agent.get('/node/api/benutzer?limit=1')).status).toBe(200);
        await sleep(700);
      }
      await sleep(1700);
      expect((await agent.get('/node/api/benutzer?limit=1')).status).toBe(403);
      // A new login starts a new lifetime.
      expect((await (await t.login()).get('/node/api/benutzer?limit=1')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('marks the cookie Secure in production and trusts the proxy named by TRUST_PROXY for https', async () => {
    const t = await startTestApp(kind, {
      env: { NODE_ENV: 'production', SESSION_SECRET: 'ein-langes-geheimnis-fuer-den-test', TRUST_PROXY: '1' },
    });
    try {
      const viaProxy = await login(t, { 'X-Forwarded-Proto': 'https' });
      expect(viaProxy.status).toBe(200);
      expect(sessionCookie(viaProxy)).toMatch(/; Secure/);
      // Over plain http a Secure cookie is never sent: the login answers, but no session is kept.
      const plain = await login(t);
      expect(plain.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
