#!/usr/bin/env node
/**
 * What a small list request costs besides its SQL (issue 16, "Request overhead"): starts the built
 * app twice in this process on one MariaDB database — once with everything (sessions, passport,
 * the API gate) and once with the same routes but no session or auth layer — and times the same
 * 8-row list on both, interleaved, beside the reader alone (SQL and hydration, no HTTP) and the
 * session layer's parts (store get, staff reload) and the floor: the same rows by hand with mysql2
 * behind a plain node:http server.
 *
 *   npm run build:server && node bench/api/overhead.mjs [--dist dist] [--runs 400]
 *
 * Database: OVERHEAD_DATABASE_URL (default mysql://root@127.0.0.1:3306/verband_overhead; never
 * `test`), filled once with the seed at scale 300 when empty. Prints medians and p90 in ms.
 * Shares its helpers (build, database, HTTP, login, percentiles) with lists.mjs through lib.mjs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchDatabase,
  connect,
  distDir,
  distLoader,
  elapsedMs,
  floorPool,
  login,
  parseArgs,
  projectRequire,
  request,
  runMain,
  summarize,
} from './lib.mjs';

const dir = mkdtempSync(join(tmpdir(), 'verband-overhead-'));

async function main() {
  const args = parseArgs();
  const runs = args.number('--runs', 400);
  const db = benchDatabase(
    process.env.OVERHEAD_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_overhead',
    'OVERHEAD_DATABASE_URL',
  );
  const env = {
    PATH: process.env.PATH,
    DATA_DIR: dir,
    FILES_DIR: join(dir, 'files'),
    MAIL_URL: `file:${join(dir, 'outbox')}`,
    DATABASE_URL: db.url,
    ADMIN_PASSWORD: 'Overhead-1',
    SEED_DEMO: 'false',
    SESSION_SECRET: 'overhead',
  };
  const dist = distDir(args.value('--dist', undefined));
  await (await connect(db)).end(); // a clear message when MariaDB is unreachable
  const load = distLoader(dist);
  projectRequire('reflect-metadata');
  const { NestFactory } = projectRequire('@nestjs/core');
  const { DataSource } = projectRequire('typeorm');
  const { AppModule } = load('src/app.module.js');
  const { configureHttp, initWithRouteOrder } = load('src/http.js');
  const { Bootstrap } = load('src/bootstrap.js');
  const { seedDatabase } = load('src/seed/seed.js');
  const { ErrorFilter } = load('src/platform/http/error.filter.js');
  const { ResourceReader } = load('src/platform/resources/resource-reader.js');
  const { ResourceRegistry } = load('src/platform/resources/resource-registry.js');
  const { parseResourceQuery } = load('src/platform/resources/query/resource-query.js');
  const { StaffDirectory } = load('src/platform/auth/staff-directory.js');

  async function start(full) {
    const app = await NestFactory.create(AppModule.forRoot(env), { bodyParser: false, logger: ['error'] });
    if (full) await configureHttp(app);
    else {
      app.useBodyParser('json', { limit: '20mb' });
      app.useGlobalFilters(new ErrorFilter());
    }
    await initWithRouteOrder(app);
    await app.listen(0, '127.0.0.1');
    return { app, port: app.getHttpServer().address().port };
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (port, path, options) => request(agent, port, path, options);

  const full = await start(true);
  const dataSource = full.app.get(DataSource);
  const [{ n }] = await dataSource.query('SELECT COUNT(*) AS n FROM benutzer');
  if (Number(n) === 0) await seedDatabase(full.app, { scale: 300, filesDir: env.FILES_DIR });
  await full.app.get(Bootstrap).firstStart(false);
  const bare = await start(false);

  const { cookie, staff: admin } = await login(agent, full.port, 'admin', env.ADMIN_PASSWORD);

  const query = { limit: '8', order: JSON.stringify([['id', 'ASC']]) };
  const path = `/node/api/benutzer?${new URLSearchParams(query)}`;
  const reader = full.app.get(ResourceReader);
  const definition = full.app.get(ResourceRegistry).get('benutzer');
  const staff = full.app.get(StaffDirectory);
  const adminId = admin.id;
  const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];

  // The floor: the same 8 rows by hand with mysql2, served by a plain node:http server.
  const pool = floorPool(db);
  const [columnRows] = await pool.query(
    "SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'benutzer' AND COLUMN_NAME <> 'password' ORDER BY ORDINAL_POSITION",
  );
  const floorSql = `SELECT ${columnRows.map((r) => `\`${r.c}\``).join(', ')} FROM benutzer ORDER BY id ASC LIMIT 8`;
  const floorServer = http.createServer(async (req, res) => {
    const [rows] = await pool.query(floorSql);
    const body = JSON.stringify(rows);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  await new Promise((r) => floorServer.listen(0, '127.0.0.1', r));
  const floorPort = floorServer.address().port;

  const timings = { full: [], bare: [], floor: [], reader: [], staff: [], sessionGet: [], sessionPool: [] };
  const measure = async (name, work) => {
    const started = process.hrtime.bigint();
    await work();
    timings[name].push(elapsedMs(started));
  };
  const sessionGet = () =>
    dataSource.query('SELECT sess, expires FROM session WHERE sid = ?', [sid]).then((rows) => {
      if (rows.length !== 1) throw new Error('Sitzung nicht in der Datenbank (REDIS_URL gesetzt?)');
    });

  const driverPool = dataSource.driver.pool;
  const sessionPool = () =>
    new Promise((resolvePromise, reject) =>
      driverPool.query('SELECT sess, expires FROM session WHERE sid = ?', [sid], (error, rows) =>
        error ? reject(error) : resolvePromise(rows),
      ),
    );

  // Warm up both apps and the reader, then interleave.
  for (let i = 0; i < 50; i++) {
    await call(full.port, path, { headers: { cookie } });
    await call(bare.port, path);
    await reader.list(definition, parseResourceQuery(query));
  }
  const check = await call(full.port, path, { headers: { cookie } });
  if (check.status !== 200 || JSON.parse(check.body.toString()).length !== 8)
    throw new Error(`Liste: ${check.status} ${check.body}`);
  for (let i = 0; i < runs; i++) {
    await measure('full', () => call(full.port, path, { headers: { cookie } }));
    await measure('bare', () => call(bare.port, path));
    await measure('floor', () => call(floorPort, path));
    await measure('reader', () => reader.list(definition, parseResourceQuery(query)));
    await measure('staff', () => staff.findActive(adminId));
    await measure('sessionGet', sessionGet);
    await measure('sessionPool', sessionPool);
  }

  await new Promise((r) => floorServer.close(r));
  await pool.end();
  await full.app.close();
  await bare.app.close();
  agent.destroy();

  const fmt = (v) => v.toFixed(2).padStart(7);
  const rows = [
    ['GET 8 Benutzer, mit Sitzung und Anmeldung', timings.full],
    ['GET 8 Benutzer, ohne Sitzungs-/Anmeldeschicht', timings.bare],
    ['Boden: dieselben Zeilen mit mysql2 über node:http', timings.floor],
    ['Reader allein (SQL + Objekte, ohne HTTP)', timings.reader],
    ['StaffDirectory.findActive (Neuladen)', timings.staff],
    ['SELECT der Sitzung (DataSource.query)', timings.sessionGet],
    ['SELECT der Sitzung (Pool des Treibers)', timings.sessionPool],
  ];
  console.log(`${dist}, ${db.label}, ${runs} Läufe je Messung`);
  console.log(`${''.padEnd(48)}    p50     p90    mean  (ms)`);
  for (const [label, times] of rows) {
    const s = summarize(times);
    console.log(`${label.padEnd(48)}${fmt(s.p50)} ${fmt(s.p90)} ${fmt(s.mean)}`);
  }
  const overhead = summarize(timings.full).p50 - summarize(timings.bare).p50;
  console.log(`Sitzung + Anmeldung kosten je Anfrage (p50): ${overhead.toFixed(2)} ms`);
  console.log(
    `Abstand zum Boden (p50): ${(summarize(timings.full).p50 - summarize(timings.floor).p50).toFixed(2)} ms`,
  );
}

runMain(main, async () => rmSync(dir, { recursive: true, force: true }));
