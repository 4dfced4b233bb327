/**
 * Shared pieces of the benchmarks in bench/api (lists.mjs, overhead.mjs and their servers) and of
 * the benches beside it (rechnungslauf, geldstapel, auswertungen, dispatch): command-line
 * arguments, the built app (`--dist`), the bench database (never `test`) and its seed once per
 * database, a small keep-alive HTTP client with the client's login, percentiles, peak RSS and the
 * machine's facts.
 * Errors meant for people are BenchErrors: `runMain` prints their (German / English) message alone.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire, Module } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Packages as the project resolves them (mysql2, typeorm, …), wherever the built app lies. */
export const projectRequire = createRequire(join(ROOT, 'package.json'));

export class BenchError extends Error {}

/**
 * Runs a benchmark's main function, then `cleanup`. A failure ends the process with exit code 1
 * (open pools or servers must not keep it alive); a BenchError prints its message alone.
 */
export function runMain(main, cleanup = async () => undefined) {
  main().then(
    () => cleanup(),
    async (error) => {
      await cleanup().catch(() => undefined);
      console.error(error instanceof BenchError ? `\n${error.message}` : error);
      process.exit(1);
    },
  );
}

/** `--name value` and `--flag` arguments. */
export function parseArgs(argv = process.argv.slice(2)) {
  return {
    value(name, fallback) {
      const at = argv.indexOf(name);
      if (at < 0) return fallback;
      const value = argv[at + 1];
      if (value === undefined || value.startsWith('--'))
        throw new BenchError(`${name} braucht einen Wert / needs a value`);
      return value;
    },
    number(name, fallback, { min = 1 } = {}) {
      const raw = this.value(name, undefined);
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (!Number.isFinite(value) || value < min)
        throw new BenchError(`${name} "${raw}" muss eine Zahl ≥ ${min} sein / must be a number ≥ ${min}`);
      return value;
    },
    flag: (name) => argv.includes(name),
  };
}

// ---------------------------------------------------------------------------------------------
// The built app

/** NODE_PATH that lets a build outside the project (e.g. /tmp/bench-dist) find node_modules. */
export const NODE_PATH = [join(ROOT, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(delimiter);

/** The build directory (default dist/), checked: a missing build is a clear error, not a stack trace. */
export function distDir(value) {
  const dist = resolve(value ?? join(ROOT, 'dist'));
  const main = join(dist, 'src', 'main.js');
  if (!existsSync(main)) {
    throw new BenchError(
      [
        `Die gebaute App fehlt / the built app is missing: ${main}`,
        '  Zuerst bauen / build it first:  npm run build:server',
        '  oder in ein eigenes Verzeichnis / or into a directory of your own:',
        '    npx tsc -p tsconfig.build.json --outDir /tmp/bench-dist   und / and  --dist /tmp/bench-dist',
      ].join('\n'),
    );
  }
  return dist;
}

/** Loads modules of the build in this process (`load('src/app.module.js')`); packages resolve to the project's. */
export function distLoader(dist) {
  process.env.NODE_PATH = NODE_PATH;
  Module._initPaths();
  const load = createRequire(join(dist, 'src', 'main.js'));
  return (relative) => load(join(dist, relative));
}

// ---------------------------------------------------------------------------------------------
// The bench database

const NEVER_TOUCHED = new Set(['test', 'mysql', 'sys', 'information_schema', 'performance_schema']);

/**
 * A MariaDB/MySQL URL for a benchmark database; refuses `test` and the server's own schemas.
 * `envName` is the variable that sets it, for error messages.
 */
export function benchDatabase(raw, envName = 'BENCH_API_DATABASE_URL') {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new BenchError(`Keine gültige Datenbank-Adresse / not a valid database URL: ${raw}`);
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new BenchError(`Nur MariaDB/MySQL (mysql://…) / only MariaDB/MySQL: ${raw}`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) {
    throw new BenchError(`Datenbankname fehlt oder ist ungültig / missing or invalid database name: ${raw}`);
  }
  if (NEVER_TOUCHED.has(database.toLowerCase())) {
    throw new BenchError(
      `Die Datenbank "${database}" fasst der Benchmark nie an / the benchmark never touches "${database}"`,
    );
  }
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port || 3306);
  return {
    url: raw,
    host,
    port,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    database,
    envName,
    /** For printing: no password. */
    label: `mysql://${decodeURIComponent(url.username) || 'root'}@${host}:${port}/${database}`,
  };
}

function unreachable(db, error) {
  return new BenchError(
    [
      `MariaDB ist nicht erreichbar / MariaDB is unreachable: ${db.host}:${db.port} als / as ${db.user}`,
      `  (${error.code ?? ''} ${error.message})`,
      '  Läuft der Dienst, stimmen Adresse und Zugang? / Is the server running, are address and login right?',
      `  Andere Adresse / another URL: ${db.envName}=mysql://user:pw@host:3306/${db.database}`,
    ].join('\n'),
  );
}

/** One connection to the server (`withDatabase`: to the bench database itself). */
export async function connect(db, { withDatabase = false } = {}) {
  const mysql = projectRequire('mysql2/promise');
  try {
    return await mysql.createConnection({
      host: db.host,
      port: db.port,
      user: db.user,
      password: db.password,
      database: withDatabase ? db.database : undefined,
      timezone: 'Z',
    });
  } catch (error) {
    throw unreachable(db, error);
  }
}

/**
 * A mysql2 pool as hand-written code would use it: UTC dates, DATE as 'YYYY-MM-DD', DECIMAL as
 * numbers (booleans stay 0/1 here; the floor server turns the known boolean fields into booleans),
 * and no stack trace captured per query (`trace: false`, as the app's pool has it). `callbacks`:
 * mysql2's own callback pool instead of its promise wrapper; `dateStrings`: which date types come
 * as their stored text (default DATE only).
 */
export function floorPool(db, { connectionLimit = 10, callbacks = false, dateStrings = ['DATE'] } = {}) {
  const mysql = projectRequire(callbacks ? 'mysql2' : 'mysql2/promise');
  return mysql.createPool({
    host: db.host,
    port: db.port,
    user: db.user,
    password: db.password,
    database: db.database,
    timezone: 'Z',
    dateStrings,
    decimalNumbers: true,
    supportBigNumbers: true,
    trace: false,
    connectionLimit,
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP

/**
 * One request; resolves with status, headers and the whole body. A request sent on a kept-alive
 * connection the server closed at that moment (its keep-alive timeout, while the target waited for
 * its next turn) is sent once more on a new one, as Node's documentation advises (`reusedSocket`):
 * the server closes only connections with no request on them, so it never saw this one.
 */
export function request(agent, port, path, options = {}) {
  return requestOnce(agent, port, path, options).catch((error) => {
    if (!error.reusedSocket) throw error;
    return requestOnce(agent, port, path, options);
  });
}

function requestOnce(agent, port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent, headers: { accept: 'application/json', ...headers } },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      error.reusedSocket = req.reusedSocket && error.code === 'ECONNRESET';
      reject(error);
    });
    req.end(body);
  });
}

/**
 * Logs in through the real endpoint as the client does (JSON body, `X-Api-Request`, DESIGN.md §3)
 * and returns the session cookie (`name=value`) and the staff user. The app runs in production
 * mode, where the cookie is Secure: the request comes as through the TLS proxy on the loopback.
 */
export async function login(agent, port, user, password) {
  const answer = await request(agent, port, '/node/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-request': '1', 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ user, password }),
  });
  const cookie = answer.headers['set-cookie']?.[0]?.split(';')[0];
  if (answer.status !== 200 || !cookie) {
    throw new BenchError(
      `Anmeldung als "${user}" fehlgeschlagen / login failed: ${answer.status} ${answer.body.toString().slice(0, 300)}`,
    );
  }
  return { cookie, staff: JSON.parse(answer.body.toString()) };
}

/** The admin password of the bench databases (set by the app's first start on the seeded database). */
export const BENCH_ADMIN_PASSWORD = 'Bench-Api-1';

/**
 * Starts `<dist>/src/main.js` on the bench database (production mode, sessions in the database)
 * and waits until it answers; returns the child process and its port.
 */
export async function startBuiltApp(db, dist, { dir, logFile }) {
  const port = await freePort();
  const child = startNode(join(dist, 'src', 'main.js'), [], {
    env: appEnv({ databaseUrl: db.url, port, dir, secret: 'bench-api', adminPassword: BENCH_ADMIN_PASSWORD }),
    logFile,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // Any answer but the start-up gate's 503 means it is ready (/node/health may want a session,
    // or not exist yet, in older builds).
    await waitFor(
      'App-Start',
      async () => ![0, 503].includes((await request(agent, port, '/node/health')).status),
      {
        child,
        timeoutMs: 300000,
      },
    );
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    agent.destroy();
  }
  return { child, port };
}

/**
 * A small API client with the session of a logged-in staff user, as the client sends its calls:
 * `raw` answers the response (any status below 300, else a BenchError), `json` its parsed body.
 */
export function apiClient(port, cookie, { maxSockets = 1 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const raw = async (method, path, { body, headers = {} } = {}) => {
    const answer = await request(agent, port, `/node${path}`, {
      method,
      headers: { cookie, 'x-api-request': '1', 'x-forwarded-proto': 'https', ...headers },
      body,
    });
    if (answer.status >= 300)
      throw new BenchError(
        `${method} ${path.slice(0, 200)}: ${answer.status} ${answer.body.toString().slice(0, 300)}`,
      );
    return answer;
  };
  const json = async (method, path, body, headers = {}) =>
    JSON.parse(
      (
        await raw(method, path, {
          body: body === undefined ? undefined : JSON.stringify(body),
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        })
      ).body.toString(),
    );
  return { agent, raw, json };
}

/** Long work answers with its job (`auftrag`) once the request's wait is over: polled to its result. */
export async function auftragsergebnis(api, path, antwort) {
  if (!antwort.auftrag) return antwort;
  const { name, id } = antwort.auftrag;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stand = await api.json('GET', `/api/auftraege/${name}/${id}`);
    if (stand.zustand === 'completed') return stand.ergebnis;
    if (stand.zustand === 'failed') throw new BenchError(`${path}: ${stand.fehler}`);
  }
}

/**
 * Waits until the app's own jobs are done: a first start on a seeded database runs its start-up
 * work in the background (Abo periods, group refills, the seed's due newsletters sent into the
 * outbox), which would be measured along with the requests. Quiet: no job active or waiting in
 * five polls in a row (a second) (`GET /node/api/auftraege`); answers the seconds waited.
 */
export async function waitForQuietJobs(port, cookie, { timeoutMs = 600_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const started = Date.now();
  let quietPolls = 0;
  try {
    await waitFor(
      'Hintergrundaufträge / background jobs',
      async () => {
        const answer = await request(agent, port, '/node/api/auftraege', {
          headers: { cookie, 'x-api-request': '1' },
        });
        if (answer.status !== 200) throw new BenchError(`/node/api/auftraege: ${answer.status}`);
        const busy = JSON.parse(answer.body.toString()).some((c) => c.active + c.waiting > 0);
        quietPolls = busy ? 0 : quietPolls + 1;
        return quietPolls >= 5;
      },
      { timeoutMs },
    );
  } finally {
    agent.destroy();
  }
  return (Date.now() - started) / 1000;
}

/** A free TCP port on 127.0.0.1 (for a child process that needs its port up front). */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Child processes

/** The environment of a built app under test: its database, port and a data directory of its own. */
export function appEnv({ databaseUrl, port, dir, secret, adminPassword }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    DATA_DIR: dir,
    FILES_DIR: join(dir, 'files'),
    MAIL_URL: `file:${join(dir, 'outbox')}`,
    ADMIN_PASSWORD: adminPassword,
    SESSION_SECRET: secret,
    SEED_DEMO: 'false',
    // Node flags of the app alone, e.g. `--max-old-space-size=256` to see what memory it needs
    // when V8 may not let garbage pile up.
    ...(process.env.BENCH_APP_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS }),
  };
}

/**
 * Starts `node script args` with its output in `logFile`; `child.tail()` gives the last lines for
 * error messages, `child.stop()` ends it (and only it).
 */
export function startNode(script, args, { env, logFile, cwd = ROOT }) {
  // Straight into the file: relayed through this process, the app's log line per request would
  // cost this process CPU (and the app preemptions) on the same two cores the servers are timed on.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [script, ...args], { env, cwd, stdio: ['ignore', log, log] });
  closeSync(log);
  child.tail = (lines = 25) =>
    existsSync(logFile)
      ? readFileSync(logFile, 'utf8')
          .replace(/\x1b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex
          .trimEnd()
          .split('\n')
          .slice(-lines)
          .join('\n')
      : '';
  child.stop = () =>
    new Promise((resolvePromise) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
      child.once('exit', () => resolvePromise());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return child;
}

/** Polls `check` until it returns a value; fails early when `child` exits, or after `timeoutMs`. */
export async function waitFor(what, check, { child, timeoutMs = 120000 } = {}) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) {
      throw new BenchError(`${what}: Prozess beendet / process exited (${child.exitCode})\n${child.tail()}`);
    }
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not ready yet
    }
    if (Date.now() - started > timeoutMs) {
      throw new BenchError(
        `${what}: nach ${timeoutMs / 1000} s nicht bereit / not ready after ${timeoutMs / 1000} s\n${child?.tail() ?? ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------------------------------------
// Seeding once per database

/**
 * The bench database, seeded once by the app's own `--seed --scale N --heute D` and kept for the
 * next runs (a seed costs minutes). Its table `bench_seed` (one row) records the scale, that the
 * seed finished, its seconds and when it ran, and the bench's own `fields` (`{ name, sql, value,
 * match }`: the column's name and SQL type, the value of this run, and whether a seed of another
 * value must be replaced — a marker without the column, written by an older bench, never matches).
 * The database is reused while its seed finished with this scale and every `match` field equal,
 * unless `reseed`; otherwise it is dropped and seeded again. Only what the bench seeded is ever
 * dropped: a database with tables but no `bench_seed` is refused and left alone, and benchDatabase
 * never names `test`. The seed runs as a child in `children` (so the bench's cleanup stops it),
 * its log in `dir`. Newsletters of the seed due by now are stopped (haltDueNewsletters). Answers
 * `{ reused, seconds, marker }`, the marker as stored.
 */
export async function ensureSeeded({
  db,
  dist,
  scale,
  heute,
  reseed = false,
  adminPassword = BENCH_ADMIN_PASSWORD,
  log,
  dir,
  fields = [],
  children = [],
}) {
  const server = await connect(db);
  try {
    const state = await seedState(server, db);
    const marker = state.marker;
    const same = (field) =>
      marker?.[field.name] != null && String(marker[field.name]) === String(field.value);
    if (
      marker?.complete &&
      Number(marker.scale) === scale &&
      fields.filter((f) => f.match).every(same) &&
      !reseed
    ) {
      const noted = fields.map((f) => `${f.name} = ${marker[f.name]}, `).join('');
      log(
        `Datenbank ${db.label}: schon mit Umfang ${scale} gefüllt (${noted}${Number(marker.seconds).toFixed(0)} s Seed) — wird wiederverwendet (--reseed zum Neuaufbau)`,
      );
      await haltDueNewsletters(server, db);
      return { reused: true, seconds: Number(marker.seconds), marker };
    }
    if (state.exists && state.tables > 0 && !marker) {
      throw new BenchError(
        [
          `Die Datenbank ${db.label} enthält Tabellen, wurde aber nicht von diesem Benchmark gefüllt: sie wird nicht gelöscht.`,
          `The database ${db.label} holds tables but was not seeded by this benchmark: it is left alone.`,
          `  Anderen Namen wählen / choose another name: ${db.envName}=mysql://root@127.0.0.1:3306/…`,
        ].join('\n'),
      );
    }
    if (state.exists) await server.query(`DROP DATABASE \`${db.database}\``);
    await server.query(`CREATE DATABASE \`${db.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const columns = fields.map((f) => `, \`${f.name}\` ${f.sql}`).join('');
    await server.query(
      `CREATE TABLE \`${db.database}\`.bench_seed (scale INT NOT NULL, complete TINYINT NOT NULL, seconds DOUBLE NULL, seeded_at DATETIME NOT NULL${columns})`,
    );
    await server.query(
      `INSERT INTO \`${db.database}\`.bench_seed VALUES (?, 0, NULL, UTC_TIMESTAMP()${', ?'.repeat(fields.length)})`,
      [scale, ...fields.map((f) => f.value)],
    );
  } finally {
    await server.end();
  }

  log(`Seed: ${scale} Benutzer und der Rest im Verhältnis, heute = ${heute}, nach ${db.label} …`);
  const started = Date.now();
  const seed = startNode(
    join(dist, 'src', 'main.js'),
    ['--seed', '--scale', String(scale), '--heute', heute],
    {
      env: {
        ...appEnv({ databaseUrl: db.url, port: 0, dir, secret: 'bench-api', adminPassword }),
        // The seed holds every Benutzer and planned booking at once; far beyond 100 000 Benutzer
        // that outgrows Node's default heap.
        NODE_OPTIONS: '--max-old-space-size=8192',
      },
      logFile: join(dir, 'seed.log'),
    },
  );
  children.push(seed);
  const code = await new Promise((resolvePromise) => seed.on('exit', resolvePromise));
  children.splice(children.indexOf(seed), 1);
  if (code !== 0) throw new BenchError(`Seed fehlgeschlagen / seeding failed (${code}):\n${seed.tail(40)}`);
  const seconds = (Date.now() - started) / 1000;
  const connection = await connect(db, { withDatabase: true });
  try {
    await connection.query('UPDATE bench_seed SET complete = 1, seconds = ?', [seconds]);
    await haltDueNewsletters(connection, db);
    const [[marker]] = await connection.query('SELECT * FROM bench_seed');
    log(`Seed fertig in ${seconds.toFixed(1)} s (mit Migrationen)`);
    return { reused: false, seconds, marker };
  } finally {
    await connection.end();
  }
}

/**
 * The seed plans newsletters after its `heute`; on a database seeded days ago they are due, and the
 * app's first start would send them (350 000 mails into the outbox at 100 000 Benutzer) while the
 * bench measures: stopped ("Versand anhalten") before the app starts.
 */
async function haltDueNewsletters(connection, db) {
  await connection.query(
    `UPDATE \`${db.database}\`.newsletter_dispatcher SET angehalten = 1 WHERE versendet = 0 AND versand_time < UTC_TIMESTAMP()`,
  );
}

/** Whether the bench database exists, how many tables it holds and its `bench_seed` row, if any. */
async function seedState(server, db) {
  const [schemas] = await server.query('SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?', [
    db.database,
  ]);
  if (schemas.length === 0) return { exists: false };
  const [[{ tables }]] = await server.query(
    'SELECT COUNT(*) AS tables FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?',
    [db.database],
  );
  const [marked] = await server.query(
    "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'bench_seed'",
    [db.database],
  );
  if (marked.length === 0) return { exists: true, tables: Number(tables) };
  const [[marker]] = await server.query(`SELECT * FROM \`${db.database}\`.bench_seed`);
  return { exists: true, tables: Number(tables), marker };
}

// ---------------------------------------------------------------------------------------------
// Figures

/** Nearest-rank percentile of ascending `sorted` (q in 0..1). */
export function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
  };
}

/**
 * A process's peak RSS (VmHWM) and current RSS (VmRSS) in MB, read from /proc (Linux); the peak
 * counts from the process's start or from the last resetPeak.
 */
export function rss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 };
}

/** Starts a new peak for rss() (`/proc/<pid>/clear_refs`); false where that is not allowed. */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false; // then the peak counts from the process's start
  }
}

/** Milliseconds since `started` (a process.hrtime.bigint()). */
export const elapsedMs = (started) => Number(process.hrtime.bigint() - started) / 1e6;

/** CPU, cores, RAM, MariaDB and Node versions, load: what a reader needs to weigh the figures. */
export async function machineFacts(connection) {
  const [[{ version }]] = await connection.query('SELECT VERSION() AS version');
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unbekannt',
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    mariadb: version,
    node: process.version,
    load: os.loadavg().map((l) => l.toFixed(2)),
  };
}

/**
 * Puts `section` between the markers `<!-- name -->` and `<!-- /name -->` of bench/README.md,
 * replacing what a former run wrote there, or appends it.
 */
export function writeReadmeSection(name, section) {
  const file = join(ROOT, 'bench', 'README.md');
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${section}\n${end}`;
  const at = text.indexOf(start);
  const until = text.indexOf(end);
  writeFileSync(
    file,
    at >= 0 && until > at
      ? `${text.slice(0, at)}${block}${text.slice(until + end.length)}`
      : `${text.trimEnd()}\n\n${block}\n`,
  );
  return file;
}
