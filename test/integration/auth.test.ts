import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

describe.each(databases())('sessions and login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses every /node call without a session with 403, also unknown routes', async () => {
    const anonymous = t.anonymous();
    for (const path of [
      '/node/loginInfo',
      '/node/api/benutzer',
      '/node/api/benutzer/1',
      '/node/gibt-es-nicht',
    ]) {
      const response = await anonymous.get(path);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Sie sind nicht angemeldet.');
    }
  });

  it('refuses state-changing calls without X-Api-Request with 403, even when logged in', async () => {
    expect(
      (await t.anonymous().post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD })).status,
    ).toBe(403);
    const agent = await t.login();
    const response = await agent
      .post('/node/api/verband-bezirk')
      .unset('X-Api-Request')
      .send({ bezirk_nummer: 1, bezirk_name: 'Nord' });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/X-Api-Request/);
    expect((await agent.get('/node/api/verband-bezirk')).body).toEqual([]);
  });

  it('logs in, tells who is logged in, and logs out', async () => {
    const agent = await t.login();
    const info = await agent.get('/node/loginInfo');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      id: expect.any(Number),
      kennnummer: 'admin',
      name: 'System Administrator',
      verband: 3,
      login: 'admin',
    });
    const cookie = (
      await t
        .anonymous()
        .set('X-Api-Request', '1')
        .post('/node/login')
        .send({ user: 'admin', password: ADMIN_PASSWORD })
    ).headers['set-cookie'][0];
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await agent.post('/node/logout')).status).toBe(200);
    expect((await agent.get('/node/loginInfo')).status).toBe(403);
  });

  it('answers a wrong password or an unknown user with 401 and a German message', async () => {
    const agent = t.anonymous().set('X-Api-Request', '1');
    for (const body of [
      { user: 'admin', password: 'falsch' },
      { user: 'niemand', password: 'x' },
    ]) {
      const response = await agent.post('/node/login').send(body);
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Benutzername oder Passwort ist falsch.');
    }
    expect((await agent.post('/node/login').send({ user: 'admin' })).status).toBe(401);
  });

  it('throttles a login name after 10 failures within 15 minutes, even for the right password', async () => {
    const agent = t.anonymous().set('X-Api-Request', '1');
    const login = 'drossel';
    for (let i = 0; i < 10; i++) {
      expect((await agent.post('/node/login').send({ user: login, password: `falsch${i}` })).status).toBe(
        401,
      );
    }
    const locked = await agent.post('/node/login').send({ user: login, password: 'egal' });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Zu viele fehlgeschlagene Anmeldeversuche/);
    // Another login name is not affected.
    expect((await agent.post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD })).status).toBe(
      200,
    );
  });

  it('lets staff change their password and never returns a password hash', async () => {
    const agent = await t.login();
    const wrong = await agent
      .post('/node/setPassword')
      .send({ old_password: 'falsch', password: 'Neues-Kennwort-7' });
    expect(wrong.status).toBe(409);
    const empty = await agent.post('/node/setPassword').send({ old_password: ADMIN_PASSWORD, password: ' ' });
    expect(empty.status).toBe(400);
    const ok = await agent
      .post('/node/setPassword')
      .send({ old_password: ADMIN_PASSWORD, password: 'Neues-Kennwort-7' });
    expect(ok.body.message).toBe('Passwort erfolgreich geändert!');
    await t.login('admin', 'Neues-Kennwort-7');
    await agent
      .post('/node/setPassword')
      .send({ old_password: 'Neues-Kennwort-7', password: ADMIN_PASSWORD });
    const list = await agent.get('/node/api/benutzer');
    expect(JSON.stringify(list.body)).not.toMatch(/scrypt|password/);
  });
});

describe('configuration and the session store', () => {
  it('refuses to start with a malformed DATABASE_URL, naming it in German', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { AppModule } = require('../../src/app.module') as typeof import('../../src/app.module');
    expect(() =>
      AppModule.forRoot({ DATABASE_URL: 'mysql//root@localhost/verband', DATA_DIR: '/tmp' }),
    ).toThrow(/DATABASE_URL "mysql\/\/root@localhost\/verband" ist keine gültige Adresse/);
  });

  const redisUrl = process.env.REDIS_TEST_URL;
  (redisUrl ? it : it.skip)('keeps sessions in Redis when REDIS_URL is set', async () => {
    const t = await startTestApp('sqlite', { env: { REDIS_URL: redisUrl! } });
    try {
      const agent = await t.login();
      expect((await agent.get('/node/loginInfo')).status).toBe(200);
      const { createClient } = await import('redis');
      const client = createClient({ url: redisUrl });
      await client.connect();
      const keys = await client.keys('verband:sess:*');
      await client.quit();
      expect(keys.length).toBeGreaterThan(0);
      const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM session');
      expect(Number(n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
