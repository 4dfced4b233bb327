/**
 * What the multi-process dispatch tests share (an app that only enqueues beside worker processes):
 * waiting for a condition, a MariaDB database of their own, the product's scale seed run as its own
 * process, and a logged-in JSON client of the app's API.
 */
import { spawn } from 'node:child_process';
import { MAIN_JS } from './server';

export type Row = Record<string, unknown> & { id: number };

export const warten = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `pruefen` every `takt` ms until it answers something, at most `ms`. */
export async function bis<T>(
  was: string,
  pruefen: () => Promise<T | undefined> | T | undefined,
  ms: number,
  takt = 200,
): Promise<T> {
  const ende = Date.now() + ms;
  for (;;) {
    const wert = await pruefen();
    if (wert !== undefined) return wert;
    if (Date.now() > ende) throw new Error(`${was}: nach ${ms / 1000} s nicht erreicht`);
    await warten(takt);
  }
}

/** A MariaDB database `vv_test_<pid>_<name>` on MYSQL_TEST_URL's server, with a connection to it. */
export async function eigeneMariaDb(name: string) {
  const mysql = await import('mysql2/promise');
  const server = new URL(process.env.MYSQL_TEST_URL!);
  const datenbank = `vv_test_${process.pid}_${name}`;
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    multipleStatements: true,
  });
  await admin.query(`DROP DATABASE IF EXISTS \`${datenbank}\``);
  await admin.query(`CREATE DATABASE \`${datenbank}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`USE \`${datenbank}\``);
  server.pathname = `/${datenbank}`;
  return {
    url: server.toString(),
    sql: (text: string) => admin.query(text),
    async entfernen() {
      await admin.query(`DROP DATABASE IF EXISTS \`${datenbank}\``);
      await admin.end();
    },
  };
}

/**
 * `main.js --seed --scale umfang --nur-mitglieder` with `env` (its migrations first): the dispatch
 * tests need recipients, not the bookings that take most of a full seed. Answers its exit and stderr.
 */
export async function seedeAlsProzess(env: Record<string, string>, umfang: number) {
  const seed = spawn(process.execPath, [MAIN_JS, '--seed', '--scale', String(umfang), '--nur-mitglieder'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let fehler = '';
  seed.stderr.on('data', (chunk) => (fehler += chunk));
  const ende = await new Promise((resolve) => seed.once('exit', (code, signal) => resolve(code ?? signal)));
  return { ende, fehler };
}

export type Api = <T = Row>(method: string, path: string, body?: unknown) => Promise<T>;

/** Logs in as admin at `url`; answers a client of `/node/api/…` that throws on any status ≥ 300. */
export async function apiAlsAdmin(url: string, password: string): Promise<Api> {
  const login = await fetch(`${url}/node/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-request': '1' },
    body: JSON.stringify({ user: 'admin', password }),
  });
  if (login.status !== 200) throw new Error(`Login fehlgeschlagen: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  return async <T = Row>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}/node/api/${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'x-api-request': '1' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
}
