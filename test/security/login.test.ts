import type request from 'supertest';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, login as an attacker tries it: a burst of simultaneous guesses, many names from one
 * address, and old attempt rows. The app trusts X-Forwarded-For from loopback only (a local proxy),
 * which is where supertest connects from, so each test can play its own client address.
 */
describe.each(databases())('login throttle on %s', (kind) => {
  let t: TestApp;
  let staff: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.login();
  });
  afterAll(() => t.close());

  const attempt = (user: string, password: string, address: string) =>
    t
      .anonymous()
      .post('/node/login')
      .set('X-Api-Request', '1')
      .set('X-Forwarded-For', address)
      .send({ user, password });

  it('lets at most 10 of 100 simultaneous guesses from one address reach the password check', async () => {
    const attacker = '10.1.0.1';
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => attempt('admin', `geraten-${i}`, attacker)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toMatch(
      /^Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuchen Sie es in 1[45] Minuten erneut\.$/,
    );
    // Issue 26: the attacker cannot lock the real user out, who logs in from another address …
    expect((await attempt('admin', ADMIN_PASSWORD, '10.2.0.1')).status).toBe(200);
    // … while the attacker's address stays throttled, even with the right password.
    expect((await attempt('admin', ADMIN_PASSWORD, attacker)).status).toBe(429);
    expect((await attempt('admin', 'noch-einer', attacker)).status).toBe(429);
  });

  it('makes an address that already tried an attacked name wait, and lets a fresh one through', async () => {
    for (let i = 0; i < 12; i++)
      expect((await attempt('admin', `verteilt-${i}`, `10.7.0.${i}`)).status).toBe(401);
    // The name now has more than 100 attempts in the window: 8 minutes between one address's tries.
    const again = await attempt('admin', ADMIN_PASSWORD, '10.7.0.1');
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 8 Minuten erneut.',
    );
    expect((await attempt('admin', ADMIN_PASSWORD, '10.7.1.1')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    for (let i = 1; i <= 10; i++)
      expect((await attempt('v6-name', 'x', `2001:db8:5:6::${i.toString(16)}`)).status).toBe(401);
    expect((await attempt('v6-name', 'x', '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await attempt('v6-name', 'x', '2001:db8:5:7::1')).status).toBe(401);
  });

  it('counts the attempts of one client address across login names', async () => {
    const address = '10.3.0.1';
    for (let i = 0; i < 50; i++) expect((await attempt(`name-${i}`, 'x', address)).status).toBe(401);
    expect((await attempt('noch-ein-name', 'x', address)).status).toBe(429);
    // Another address is not affected.
    expect((await attempt('noch-ein-name', 'x', '10.3.0.2')).status).toBe(401);
  });

  it('forgets the failures of a login name after a successful login', async () => {
    const created = await staff
      .post('/node/api/benutzer')
      .send({ nachname: 'Drossel', benutzername: 'drossel2', atr_verband_mitarbeiter: true });
    await staff.post(`/node/api/benutzer/${created.body.id}/password`).send({ password: 'Pw-Drossel-1' });
    for (let i = 0; i < 9; i++) expect((await attempt('drossel2', 'falsch', '10.4.0.1')).status).toBe(401);
    expect((await attempt('drossel2', 'Pw-Drossel-1', '10.4.0.1')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt('drossel2', 'falsch', '10.4.0.1')).status).toBe(401);
    expect((await attempt('drossel2', 'Pw-Drossel-1', '10.4.0.1')).status).toBe(200);
  });

  it('answers unknown names like wrong passwords', async () => {
    const unknown = await attempt('gibt-es-nicht', 'x', '10.5.0.1');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Benutzername oder Passwort ist falsch.');
  });

  it('removes attempt rows older than the window', async () => {
    const fresh = await startTestApp(kind);
    try {
      await fresh.dataSource
        .createQueryBuilder()
        .insert()
        .into('login_attempt', ['login', 'ip', 'createdAt'])
        .values({ login: 'alt', ip: '10.6.0.1', createdAt: new Date(Date.now() - 60 * 60 * 1000) })
        .execute();
      // The app purges at its first login attempt (and every ten minutes after).
      await fresh.login();
      const left: { n: number | string }[] = await fresh.dataSource.query(
        "SELECT COUNT(*) AS n FROM login_attempt WHERE login = 'alt'",
      );
      expect(Number(left[0].n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
