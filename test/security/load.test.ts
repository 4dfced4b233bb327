import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, cheap before expensive: clients without a session cannot slow staff down. While 20
 * clients keep posting 1 MB bodies without a session and 50 failed logins a second arrive (from a
 * process of their own, as from another machine), the p99 of a staff list call stays under
 * 100 ms: the gate refuses the bodies without reading them and the throttle answers the guesses
 * without hashing.
 */
function get(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { Cookie: cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

function attack(port: number, seconds: number): Promise<Record<string, number>> {
  const child = spawn(process.execPath, [
    join(__dirname, 'support', 'attacker.mjs'),
    String(port),
    '20',
    '50',
    String(seconds),
  ]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`Angreifer: ${code}`)),
    );
  });
}

describe.each(databases())('staff under unauthenticated load on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 200 });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const login = await t
      .anonymous()
      .post('/node/login')
      .set('X-Api-Request', '1')
      .send({ user: 'admin', password: ADMIN_PASSWORD });
    cookie = String(login.headers['set-cookie'][0]).split(';')[0];
  }, 120_000);
  afterAll(() => t.close());

  const staffList = async () => {
    const started = performance.now();
    expect(await get(port, '/node/api/benutzer?limit=13&count=true', cookie)).toBe(200);
    return performance.now() - started;
  };

  it('keeps the p99 of a staff list call under 100 ms', async () => {
    for (let i = 0; i < 20; i++) await staffList();
    const attacked = attack(port, 5);
    // Let the attack get going first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const times: number[] = [];
    for (let i = 0; i < 200; i++) times.push(await staffList());
    const answers = await attacked;

    times.sort((a, b) => a - b);
    const p99 = times[Math.ceil(times.length * 0.99) - 1];
    // The attackers got nothing but refusals, and plenty of them.
    expect(Object.keys(answers).every((status) => ['403', '401', '429', 'closed'].includes(status))).toBe(
      true,
    );
    expect((answers['403'] ?? 0) + (answers.closed ?? 0)).toBeGreaterThan(100);
    expect(answers['429']).toBeGreaterThan(100);
    expect(p99).toBeLessThan(100);
  }, 120_000);
});
