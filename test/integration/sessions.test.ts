import type request from 'supertest';
import { NICHT_ANGEMELDET } from '../../common/anmeldung';
import { RECENT_MS } from '../../src/platform/auth/recent-sessions';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** A change to the session table made outside this app is seen once its recent read is older. */
const untilRecentReadIsOld = () => new Promise((resolve) => setTimeout(resolve, RECENT_MS));

/**
 * Issue 16, request overhead: a request that changes nothing writes no session (the expiry moves
 * at most once a minute), the staff identity lives in the session, and taking a staff user's
 * access away ends the user's sessions at once.
 */
describe.each(databases())('sessions on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const sessionRows = async (): Promise<
    { sid: string; sess: string; expires: number; user_id: number }[]
  > => {
    const rows: { sid: string; sess: string; expires: Date | string; user_id: number | string }[] =
      await t.dataSource.query('SELECT sid, sess, expires, user_id FROM session ORDER BY sid');
    return rows.map((r) => ({
      ...r,
      user_id: Number(r.user_id),
      expires: (r.expires instanceof Date
        ? r.expires
        : new Date(`${r.expires.replace(' ', 'T')}Z`)
      ).getTime(),
    }));
  };

  /** A staff user with a password, logged in; answers the id and the user's client. */
  const loggedInStaff = async (): Promise<{ id: number; agent: request.Agent }> => {
    const benutzername = `mitarbeiter${++counter}`;
    const created = await admin
      .post('/node/api/benutzer')
      .send({ vorname: 'Mia', nachname: `Muster${counter}`, benutzername, atr_verband_mitarbeiter: true });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await admin.post(`/node/api/benutzer/${id}/password`).send({ password: 'Pw-Sitzung-01' })).status,
    ).toBe(200);
    const agent = await t.login(benutzername, 'Pw-Sitzung-01');
    const info = await agent.get('/node/loginInfo');
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ id, login: benutzername, name: `Mia Muster${counter}` });
    return { id, agent };
  };

  it('writes nothing for requests that change nothing, and moves the expiry at most once a minute', async () => {
    const known = new Set((await sessionRows()).map((r) => r.sid));
    const agent = await t.login();
    const sid = (await sessionRows()).find((r) => !known.has(r.sid))?.sid;
    expect(sid).toBeDefined();
    const before = await sessionRows();
    for (let i = 0; i < 3; i++) {
      const answer = await agent.get('/node/api/verband-bezirk');
      expect(answer.status).toBe(200);
      // Nor is the cookie sent again: its expiry moves with the stored one.
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionRows()).toEqual(before);

    // A stored expiry more than a minute behind is moved on the next request, of this session only.
    const hour = 60 * 60 * 1000;
    await t.dataSource
      .createQueryBuilder()
      .update('session')
      .set({ expires: new Date(Date.now() + hour) })
      .execute();
    await untilRecentReadIsOld();
    const moved = await agent.get('/node/api/verband-bezirk');
    expect(moved.status).toBe(200);
    // …and the browser's cookie gets the same new expiry (the idle timeout, 8 hours).
    const expires = Date.parse(/Expires=([^;]+)/.exec(String(moved.headers['set-cookie']?.[0]))![1]);
    expect(Math.abs(expires - Date.now() - 8 * hour)).toBeLessThan(60_000);
    for (const row of await sessionRows()) {
      if (row.sid === sid) expect(row.expires).toBeGreaterThan(Date.now() + 7 * hour);
      else expect(row.expires).toBeLessThan(Date.now() + 2 * hour);
    }
  });

  it('keeps the session user id beside the session, for ending a user’s sessions', async () => {
    const { id } = await loggedInStaff();
    expect((await sessionRows()).some((r) => r.user_id === id)).toBe(true);
  });

  it.each([
    ['deactivated', (id: number) => admin.put(`/node/api/benutzer/${id}`).send({ aktiviert: false })],
    [
      'no longer staff',
      (id: number) => admin.put(`/node/api/benutzer/${id}`).send({ atr_verband_mitarbeiter: false }),
    ],
    ['without password', (id: number) => admin.delete(`/node/api/benutzer/${id}/password`)],
    ['deleted', (id: number) => admin.delete(`/node/api/benutzer/${id}`)],
  ])('ends the sessions of a staff user %s at once', async (_case, change) => {
    const { id, agent } = await loggedInStaff();
    const other = await loggedInStaff();
    expect((await change(id)).status).toBe(200);
    const next = await agent.get('/node/api/verband-bezirk');
    expect(next.status).toBe(403);
    expect(next.body).toEqual({
      statusCode: 403,
      code: NICHT_ANGEMELDET,
      message: 'Sie sind nicht angemeldet.',
    });
    expect((await sessionRows()).some((r) => r.user_id === id)).toBe(false);
    // Everyone else stays logged in.
    expect((await other.agent.get('/node/loginInfo')).status).toBe(200);
    expect((await admin.get('/node/loginInfo')).status).toBe(200);
  });

  it('keeps the session when a staff user’s record changes without touching the access', async () => {
    const { id, agent } = await loggedInStaff();
    expect((await admin.put(`/node/api/benutzer/${id}`).send({ tel1: '0221 123' })).status).toBe(200);
    // The generic form sends the whole record back, access fields included and unchanged.
    const record = (await admin.get(`/node/api/benutzer/${id}`)).body;
    expect((await admin.put(`/node/api/benutzer/${id}`).send(record)).status).toBe(200);
    expect((await agent.get('/node/loginInfo')).status).toBe(200);
  });

  it('ends every other session of an account whose password is changed or set, keeping the changer’s own', async () => {
    const { id, agent: here } = await loggedInStaff();
    const login = (await here.get('/node/loginInfo')).body.login as string;
    const elsewhere = await t.login(login, 'Pw-Sitzung-01');
    const sessionsOf = async () => (await sessionRows()).filter((r) => r.user_id === id).length;
    expect(await sessionsOf()).toBe(2);

    const changed = await here
      .post('/node/setPassword')
      .send({ old_password: 'Pw-Sitzung-01', password: 'Neues-Sitzungswort-02' });
    expect(changed.status).toBe(200);
    expect(await sessionsOf()).toBe(1);
    expect((await here.get('/node/loginInfo')).status).toBe(200);
    expect((await elsewhere.get('/node/loginInfo')).status).toBe(403);

    // An administrator setting it ends the user's sessions too, and leaves the administrator's own.
    expect(
      (await admin.post(`/node/api/benutzer/${id}/password`).send({ password: 'Drittes-Sitzungswort-03' }))
        .status,
    ).toBe(200);
    expect(await sessionsOf()).toBe(0);
    expect((await here.get('/node/loginInfo')).status).toBe(403);
    expect((await admin.get('/node/loginInfo')).status).toBe(200);
    expect((await (await t.login(login, 'Drittes-Sitzungswort-03')).get('/node/loginInfo')).status).toBe(200);
  });

  it('keeps an administrator logged in who sets their own password in the Benutzer window', async () => {
    const { id, agent } = await loggedInStaff();
    expect((await admin.put(`/node/api/benutzer/${id}`).send({ atr_verband_admin: true })).status).toBe(200);
    const login = (await agent.get('/node/loginInfo')).body.login as string;
    const other = await t.login(login, 'Pw-Sitzung-01');
    const set = await agent
      .post(`/node/api/benutzer/${id}/password`)
      .send({ password: 'Eigenes-Admin-Wort-04' });
    expect(set.status).toBe(200);
    expect((await agent.get('/node/loginInfo')).status).toBe(200);
    expect((await other.get('/node/loginInfo')).status).toBe(403);
  });

  it('shows a changed name or verband on the next request', async () => {
    const { id, agent } = await loggedInStaff();
    expect((await agent.get('/node/loginInfo')).body.verband).not.toBe(3);
    expect((await admin.put(`/node/api/benutzer/${id}`).send({ verband: 3, vorname: 'Maja' })).status).toBe(
      200,
    );
    expect((await agent.get('/node/loginInfo')).body).toMatchObject({
      id,
      verband: 3,
      name: expect.stringMatching(/^Maja /),
    });
  });

  it('checks the account again after a minute, also when the change bypassed the application', async () => {
    const { id, agent } = await loggedInStaff();
    // A change straight in the database reaches no listener ...
    await t.dataSource.query('UPDATE benutzer SET aktiviert = ? WHERE id = ?', [0, id]);
    expect((await agent.get('/node/loginInfo')).status).toBe(200);
    // ... but once the identity in the session is a minute old, the account is looked up again.
    const [row] = (await sessionRows()).filter((r) => r.user_id === id);
    const data = JSON.parse(row.sess) as { passport: { user: { checkedAt: number } } };
    data.passport.user.checkedAt -= 61 * 1000;
    await t.dataSource
      .createQueryBuilder()
      .update('session')
      .set({ sess: JSON.stringify(data) })
      .where('sid = :sid', { sid: row.sid })
      .execute();
    await untilRecentReadIsOld();
    expect((await agent.get('/node/loginInfo')).status).toBe(403);
  });

  it('reads a session once for a burst of calls, and sees another process end it within a second', async () => {
    const { id, agent } = await loggedInStaff();
    expect((await agent.get('/node/loginInfo')).status).toBe(200);
    // Another app process on the same database logs the user out: its row is gone ...
    await t.dataSource.query('DELETE FROM session WHERE user_id = ?', [id]);
    // ... this process still knows the session it read a moment ago ...
    expect((await agent.get('/node/loginInfo')).status).toBe(200);
    // ... and no longer once that read is RECENT_MS old.
    await untilRecentReadIsOld();
    expect((await agent.get('/node/loginInfo')).status).toBe(403);
  });

  it('ends a session at once in the process that logs it out, also for a kept cookie', async () => {
    const cookie = await t.sessionCookie();
    const withCookie = () => t.anonymous().set('Cookie', cookie);
    expect((await withCookie().get('/node/loginInfo')).status).toBe(200);
    expect((await withCookie().set('X-Api-Request', '1').post('/node/logout')).status).toBe(200);
    expect((await withCookie().get('/node/loginInfo')).status).toBe(403);
  });
});

const redisUrl = process.env.REDIS_TEST_URL;
(redisUrl ? describe : describe.skip)('sessions in Redis', () => {
  it('ends the Redis sessions of a deactivated staff user at once and keeps the others', async () => {
    const t = await startTestApp('sqlite', { env: { REDIS_URL: redisUrl! } });
    try {
      const admin = await t.login();
      const created = await admin
        .post('/node/api/benutzer')
        .send({ nachname: 'Redis', benutzername: 'redis-mitarbeiter', atr_verband_mitarbeiter: true });
      const id = created.body.id as number;
      await admin.post(`/node/api/benutzer/${id}/password`).send({ password: 'Pw-Sitzung-01' });
      const agent = await t.login('redis-mitarbeiter', 'Pw-Sitzung-01');
      expect((await agent.get('/node/loginInfo')).status).toBe(200);
      expect((await admin.put(`/node/api/benutzer/${id}`).send({ aktiviert: false })).status).toBe(200);
      expect((await agent.get('/node/loginInfo')).status).toBe(403);
      expect((await admin.get('/node/loginInfo')).status).toBe(200);

      // A new password ends the account's other Redis sessions; the changer's own stays.
      expect((await admin.put(`/node/api/benutzer/${id}`).send({ aktiviert: true })).status).toBe(200);
      const here = await t.login('redis-mitarbeiter', 'Pw-Sitzung-01');
      const elsewhere = await t.login('redis-mitarbeiter', 'Pw-Sitzung-01');
      const changed = await here
        .post('/node/setPassword')
        .send({ old_password: 'Pw-Sitzung-01', password: 'Neues-Redis-Wort-02' });
      expect(changed.status).toBe(200);
      expect((await here.get('/node/loginInfo')).status).toBe(200);
      expect((await elsewhere.get('/node/loginInfo')).status).toBe(403);
    } finally {
      await t.close();
    }
  });
});
