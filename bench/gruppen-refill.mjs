#!/usr/bin/env node
/**
 * `node bench/gruppen-refill.mjs [--scale 100000] [--treffer 50000]` (issue 9): the refill of an
 * automatic group whose rule matches `--treffer` Benutzer, on a seed of `--scale` Benutzer, the way
 * production runs it: an app process that only enqueues (WORKERS=false) and a separate worker
 * process (`--worker`), sharing MariaDB and Redis. Prints the seconds of each refill as staff wait
 * for it (POST …/auto_refill) and the worker's resident memory (peak, VmHWM) before and after, for
 * a small rule and the big one, so that one sees whether memory grows with the match count.
 *
 * Needs `npm run build:server` first. Database: BENCH_DATABASE_URL, by default a fresh MariaDB
 * database `verband_bench_gruppen` (dropped and re-created; BENCH_KEEP=1 reuses a seeded one).
 * Redis: BENCH_REDIS_URL, by default database 9 of 127.0.0.1; the bench's queues are removed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => Number(args[args.indexOf(name) + 1] ?? fallback) || fallback;
const scale = option('--scale', 100000);
const treffer = option('--treffer', 50000);
const klein = Math.max(1, Math.round(treffer / 10));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_bench_gruppen';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const main = new URL('../dist/src/main.js', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'verband-bench-gruppen-'));
const port = 3198;
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'Bench-1',
  PORT: String(port),
  SEED_DEMO: 'false',
};

const url = new URL(databaseUrl);
const mysql = await import('mysql2/promise');
const db = await mysql.createConnection({
  host: url.hostname,
  port: Number(url.port || 3306),
  user: url.username,
  password: url.password,
});
const database = url.pathname.slice(1);
const [[vorhanden]] = await db.query(
  'SELECT COUNT(*) AS n FROM information_schema.schemata WHERE schema_name = ?',
  [database],
);
let seedSeconds = null;
if (!process.env.BENCH_KEEP || Number(vorhanden.n) === 0) {
  await db.query(`DROP DATABASE IF EXISTS \`${database}\``);
  const started = Date.now();
  const seed = spawnSync(process.execPath, [main, '--seed', '--scale', String(scale)], {
    env,
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(seed.stdout + seed.stderr);
  seedSeconds = (Date.now() - started) / 1000;
}
await db.query(`USE \`${database}\``);
// The rules' population: exactly `klein` and `treffer` activated Benutzer, the lowest ids first.
await db.query('UPDATE benutzer SET atr_referent = 0, atr_kein_newsletter = 0');
await db.query('UPDATE benutzer SET atr_referent = 1 WHERE aktiviert = 1 ORDER BY id LIMIT ?', [treffer]);
await db.query('UPDATE benutzer SET atr_kein_newsletter = 1 WHERE aktiviert = 1 ORDER BY id LIMIT ?', [
  klein,
]);
const [[{ benutzer }]] = await db.query('SELECT COUNT(*) AS benutzer FROM benutzer');

const app = spawn(process.execPath, [main], { env: { ...env, WORKERS: 'false' }, stdio: 'ignore' });
const worker = spawn(process.execPath, [main, '--worker'], { env, stdio: 'ignore' });
const stop = () => [app, worker].forEach((child) => child.kill());
process.on('exit', stop);

const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/node/loginInfo`)).status === 403) break;
  } catch {
    if (i > 300) throw new Error('Server startet nicht');
  }
  await new Promise((r) => setTimeout(r, 200));
}
const login = await fetch(`${base}/node/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Api-Request': '1' },
  body: JSON.stringify({ user: 'admin', password: 'Bench-1' }),
});
if (login.status !== 200) throw new Error(`Anmeldung: ${login.status} ${await login.text()}`);
const cookie = login.headers.get('set-cookie').split(';')[0];
const headers = { cookie, 'Content-Type': 'application/json', 'X-Api-Request': '1' };

/** Resident memory of the worker in MB: now (VmRSS) and the peak since it started (VmHWM). */
function speicher() {
  const status = readFileSync(`/proc/${worker.pid}/status`, 'utf8');
  const mb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)[1]) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

async function gruppe(name, code) {
  const response = await fetch(`${base}/node/api/benutzer-gruppe`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, typ: 'Auto', code }),
  });
  if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

async function refill(id) {
  const started = performance.now();
  const response = await fetch(`${base}/node/api/benutzer-gruppe/${id}/auto_refill`, {
    method: 'POST',
    headers,
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return { seconds: (performance.now() - started) / 1000, ...body };
}

// A first small job warms the worker up (connections, compiled statements) before measuring.
const warm = await gruppe('Aufwärmen', 'auto_verbandsmitarbeiter');
await refill(warm);
const vorher = speicher();
const kleineGruppe = await gruppe('Bench klein', 'auto_kein_newsletter');
const grosseGruppe = await gruppe('Bench groß', 'auto_referenten');
const zeilen = [];
const messen = async (was, id) => {
  const ergebnis = await refill(id);
  zeilen.push({ was, ...ergebnis, ...speicher() });
};
await messen(`Regel mit ${klein} Treffern, erstes Befüllen`, kleineGruppe);
await messen(`Regel mit ${treffer} Treffern, erstes Befüllen`, grosseGruppe);
await messen(`Regel mit ${treffer} Treffern, noch einmal`, grosseGruppe);
await db.query('UPDATE benutzer SET atr_referent = 1 - atr_referent WHERE id % 10 = 0');
await messen(`Regel mit ${treffer} Treffern, jeder 10. Benutzer gewechselt`, grosseGruppe);
stop();
await db.end();

console.log(`Datenbank ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, ${benutzer} Benutzer`);
if (seedSeconds !== null) console.log(`Seed: ${seedSeconds.toFixed(1)} s`);
console.log(`Worker vorher: RSS ${vorher.rss.toFixed(0)} MB, Spitze ${vorher.peak.toFixed(0)} MB`);
for (const z of zeilen) {
  console.log(
    `${z.was.padEnd(58)} ${z.seconds.toFixed(2).padStart(6)} s  +${String(z.created).padStart(6)} −${String(
      z.deleted,
    ).padStart(6)}  Worker RSS ${z.rss.toFixed(0)} MB, Spitze ${z.peak.toFixed(0)} MB`,
  );
}
const gross = zeilen[1];
console.log(
  `Verhältnis ${treffer} zu ${klein} Treffern: Zeit ×${(gross.seconds / zeilen[0].seconds).toFixed(1)}, ` +
    `Speicherspitze ${(gross.peak - vorher.peak).toFixed(0)} MB über dem Stand vor dem Messen`,
);

// The bench's jobs (and the nightly one both processes scheduled) leave Redis with it.
const { createClient } = await import('redis');
const redis = createClient({ url: redisUrl });
await redis.connect();
for (const name of ['gruppe-auffuellen', 'gruppen-nachtlauf']) {
  for await (const keys of redis.scanIterator({ MATCH: `bull:${name}:*` }))
    if (keys.length) await redis.del(keys);
}
await redis.close();
