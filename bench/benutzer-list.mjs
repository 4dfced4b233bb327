#!/usr/bin/env node
/**
 * `npm run bench -- --scale 100000`: seeds N Benutzer (and everything proportional) into a fresh
 * database, starts the built app on it and times the Benutzer list the way the screen asks for
 * it. Prints the seed time, the median of each query over several runs, and each query's ratio to
 * the plain page. Needs `npm run build:server` first. Database: BENCH_DATABASE_URL, by default a
 * fresh MariaDB database `verband_bench` on 127.0.0.1 (dropped and re-created).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1] ?? 10000) || 10000;
const runs = 7;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_bench';
const main = new URL('../dist/src/main.js', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'verband-bench-'));
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'Bench-1',
  PORT: '3199',
};

if (databaseUrl.startsWith('mysql')) {
  const url = new URL(databaseUrl);
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: url.username,
    password: url.password,
  });
  await connection.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
  await connection.end();
}

let started = Date.now();
const seed = spawnSync(process.execPath, [main, '--seed', '--scale', String(scale)], {
  env,
  encoding: 'utf8',
});
if (seed.status !== 0) throw new Error(seed.stdout + seed.stderr);
const seedSeconds = (Date.now() - started) / 1000;

const server = spawn(process.execPath, [main], { env, stdio: 'ignore' });
const base = 'http://127.0.0.1:3199';
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/node/loginInfo`)).status === 403) break;
  } catch {
    if (i > 150) throw new Error('Server startet nicht');
  }
  await new Promise((r) => setTimeout(r, 200));
}
const login = await fetch(`${base}/node/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Api-Request': '1' },
  body: JSON.stringify({ user: 'admin', password: 'Bench-1' }),
});
const cookie = login.headers.get('set-cookie').split(';')[0];

const page = { count: 'true', limit: '13', order: JSON.stringify([['sortname', 'ASC']]) };
const queries = {
  'Seite (13 Zeilen, count)': page,
  '$like %müller%': { ...page, where: JSON.stringify({ nachname: { $like: '%müller%' } }) },
  'include Benutzer_Emails': { ...page, include: JSON.stringify(['Benutzer_Emails']) },
  'Suche "jürgen müller" + Primaeremail': {
    ...page,
    search: 'jürgen müller',
    include: JSON.stringify([{ association: 'Primaeremail', attributes: ['email'] }]),
  },
};

const results = [];
for (const [name, query] of Object.entries(queries)) {
  const url = `${base}/node/api/benutzer?${new URLSearchParams(query)}`;
  const times = [];
  let count;
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    count = (await response.json()).count;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  results.push({ name, median: times[Math.floor(runs / 2)], count });
}
server.kill();

console.log(`Datenbank ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, Umfang ${scale} Benutzer`);
console.log(`Seed: ${seedSeconds.toFixed(1)} s (inklusive Start und Migrationen)`);
for (const r of results) {
  const ratio = r.median / results[0].median;
  console.log(
    `${r.name.padEnd(40)} ${r.median.toFixed(1).padStart(8)} ms  ×${ratio.toFixed(1).padStart(5)}  (${r.count} Treffer)`,
  );
}
