/**
 * Issue 26, faults at start: the built app started while MariaDB and Redis cannot be reached
 * opens its port anyway, answers 503 with a German message, names what is missing in
 * `/node/health`, and comes up by itself once they are there; every line it writes is JSON, and
 * SIGTERM ends it within 10 s whether it waits, runs, or has lost Redis.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../support/eventually';
import { freePort } from '../support/free-port';
import { createMigratedDatabase } from '../support/migrated-database';
import { privateRedis, type PrivateRedis } from '../support/private-redis';
import { MAIN_JS } from '../support/server';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

const ADMIN_PASSWORD = 'Anlauf-Passwort-1';

/** What a container runtime grants between SIGTERM and SIGKILL. */
const SIGTERM_LIMIT_MS = 10_000;

interface App {
  url: string;
  /** Every line written so far, stdout and stderr. */
  lines(): string[];
  /** The exit code, once it exited by itself. */
  exited: Promise<number | null>;
  /** SIGTERM; resolves with the exit code and how long the exit took. */
  terminate(): Promise<{ code: number | null; ms: number }>;
}

const running: App[] = [];
const dirs: string[] = [];

async function startApp(env: Record<string, string>, args: string[] = []): Promise<App> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-anlauf-'));
  dirs.push(dir);
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS, ...args], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dir,
      MAIL_URL: `file:${join(dir, 'outbox')}`,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const app: App = {
    url: `http://127.0.0.1:${port}`,
    exited,
    lines: () => output.split('\n').filter((line) => line.trim() !== ''),
    async terminate() {
      const started = Date.now();
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
  running.push(app);
  return app;
}

/** The port answers (whatever it answers). */
async function listening(app: App): Promise<void> {
  await eventually(() => fetch(`${app.url}/node/health`), 30_000);
}

async function health(app: App): Promise<{ status: number; body: { message: string; details: object } }> {
  const answer = await fetch(`${app.url}/node/health`);
  return { status: answer.status, body: await answer.json() };
}

function expectJsonLines(app: App): void {
  const lines = app.lines();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
}

afterAll(async () => {
  for (const app of running) await app.terminate();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the app started without MariaDB and Redis', () => {
  it('answers 503 in German, names both in /node/health, logs JSON only and ends on SIGTERM while it waits', async () => {
    const [db, redis] = [await freePort(), await freePort()];
    const app = await startApp({
      DATABASE_URL: `mysql://root@127.0.0.1:${db}/verband_anlauf`,
      REDIS_URL: `redis://127.0.0.1:${redis}`,
    });
    await listening(app);
    const missing =
      /^Die Verbandsverwaltung startet gerade: Datenbank und Redis sind noch nicht erreichbar\./;
    await eventually(async () => {
      const { status, body } = await health(app);
      expect(status).toBe(503);
      expect(body).toEqual({
        status: 'error',
        message: expect.stringMatching(missing),
        details: { database: 'down', redis: 'down' },
      });
    });

    const api = await fetch(`${app.url}/node/api/benutzer`, { headers: { 'X-Api-Request': '1' } });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({
      statusCode: 503,
      code: 'DIENST_STARTET',
      message: expect.stringMatching(missing),
    });
    const login = await fetch(`${app.url}/node/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Request': '1' },
      body: JSON.stringify({ user: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(503);
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Datenbank und Redis sind noch nicht erreichbar.');

    // The reasons are logged once, as JSON, naming the service.
    await eventually(() =>
      expect(app.lines().join('\n')).toMatch(/"msg":"Redis ist nicht erreichbar \(connect ECONNREFUSED/),
    );
    const { code, ms } = await app.terminate();
    expect(ms).toBeLessThan(SIGTERM_LIMIT_MS);
    expect(code).toBe(0);
    expectJsonLines(app);
  });

  it('has its worker process wait the same way and end on SIGTERM meanwhile', async () => {
    const worker = await startApp(
      {
        DATABASE_URL: `mysql://root@127.0.0.1:${await freePort()}/x`,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      },
      ['--worker'],
    );
    await eventually(
      () => expect(worker.lines().join('\n')).toContain('Datenbank ist nicht erreichbar'),
      30_000,
    );
    const { code, ms } = await worker.terminate();
    expect(ms).toBeLessThan(SIGTERM_LIMIT_MS);
    expect(code).toBe(0);
    expect(worker.lines().join('\n')).toContain('Worker wird beendet (SIGTERM)');
    expectJsonLines(worker);
  });

  it('reports a configuration error as a JSON line and exits 1', async () => {
    const app = await startApp({ DATABASE_URL: 'postgres://db/x' });
    expect(await app.exited).toBe(1);
    expect(app.lines().map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 60,
        msg: expect.stringMatching(/^Konfigurationsfehler: DATABASE_URL/),
      }),
    ]);
  });

  it('ends within 10 s on SIGTERM while it is still loading', async () => {
    const app = await startApp({ DATABASE_URL: `mysql://root@127.0.0.1:${await freePort()}/x` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { ms } = await app.terminate();
    expect(ms).toBeLessThan(SIGTERM_LIMIT_MS);
    for (const line of app.lines()) expect(() => JSON.parse(line)).not.toThrow();
  });
});

const mysqlUrl = process.env.MYSQL_TEST_URL;
(mysqlUrl ? describe : describe.skip)('the app when MariaDB and Redis come later', () => {
  const database = `verband_anlauf_${process.pid}`;
  let redis: PrivateRedis;
  let dbProxy: TcpProxy;
  let redisProxy: TcpProxy;

  beforeAll(async () => {
    const server = new URL(mysqlUrl!);
    await createMigratedDatabase(mysqlUrl!, database);
    // A Redis of its own: the app's jobs must not meet another test's in a shared one.
    redis = await privateRedis();
    await redis.start();
    dbProxy = await tcpProxy(Number(server.port || 3306), server.hostname);
    redisProxy = await tcpProxy(Number(new URL(redis.url).port));
  });
  afterAll(async () => {
    await dbProxy?.close();
    await redisProxy?.close();
    await redis?.remove();
    const mysql = await import('mysql2/promise');
    const connection = await mysql.createConnection(mysqlUrl!);
    await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await connection.end();
  });

  it('comes up by itself, serves, and still ends within 10 s once Redis is gone', async () => {
    const url = new URL(mysqlUrl!);
    url.host = `127.0.0.1:${dbProxy.port}`;
    url.pathname = `/${database}`;
    const app = await startApp({
      DATABASE_URL: url.toString(),
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
    });
    await listening(app);
    expect((await health(app)).body.details).toEqual({ database: 'down', redis: 'down' });

    await redisProxy.open();
    await eventually(async () => {
      const { status, body } = await health(app);
      expect(status).toBe(503);
      expect(body.details).toEqual({ database: 'down', redis: 'up' });
      expect(body.message).toMatch(/: Datenbank ist noch nicht erreichbar\./);
    }, 15_000);

    await dbProxy.open();
    await eventually(async () => expect((await health(app)).status).toBe(200), 60_000);
    expect((await health(app)).body.details).toEqual({
      database: 'up',
      redis: 'up',
      queue: 'up',
      mail: 'up',
    });
    const login = await fetch(`${app.url}/node/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Request': '1' },
      body: JSON.stringify({ user: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);

    await redisProxy.close();
    await eventually(async () => {
      const { status, body } = await health(app);
      expect(status).toBe(503);
      expect(body.details).toMatchObject({ database: 'up', redis: 'down' });
    });
    const { code, ms } = await app.terminate();
    expect(ms).toBeLessThan(SIGTERM_LIMIT_MS);
    // Cleanly: the queue gives its running jobs up instead of waiting for Redis.
    expect(code).toBe(0);
    expect(app.lines().join('\n')).not.toContain('nicht sauber beendet');
    expectJsonLines(app);
  });
});
