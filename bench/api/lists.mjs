#!/usr/bin/env node
/**
 * `npm run bench:api` (issues 16 and 33; a benchmark, not a test): times the most common list calls
 * of the client against the BUILT app on MariaDB, beside (a) the floor — the leanest hand-written
 * mysql2 code for the same answer, page and count in parallel — and (b) the peer — plain TypeORM
 * `find` with `select` and `relations` fetching what the app answers — both behind a plain
 * node:http server, so HTTP and JSON cost the same everywhere. Each of the three runs in a process
 * of its own; this process is the client.
 *
 *   npm run build:server && npm run bench:api
 *   npx tsc -p tsconfig.build.json --outDir /tmp/bench-dist && npm run bench:api -- --dist /tmp/bench-dist
 *
 * Options:
 *   --scale N        Benutzer to seed (default 100000, and the proportional rest: src/seed)
 *   --reseed         drop the bench database and seed it again (otherwise a database already
 *                    seeded at this scale is reused, so reruns start in seconds)
 *   --dist DIR       the built app (default dist/; `npm run build:server` first)
 *   --runs N         at most N timed requests per call and target at concurrency 1 (default 300)
 *   --budget S       about S seconds per call at concurrency 1 (default 15; at least 30 runs)
 *   --duration S     seconds per call and target at concurrency 16 (default 6, in 12 interleaved slices)
 *   --concurrency N  the parallel clients of the throughput phase (default 16)
 *   --only a,b       only these calls (keys in calls.mjs), for quick trials
 *   --note TEXT      a remark printed with the result in bench/README.md
 *   --no-readme      print only; leave bench/README.md alone
 *
 * Database: BENCH_API_DATABASE_URL, default mysql://root@127.0.0.1:3306/verband_bench_api for the
 * full scale and …/verband_bench_api_<N> for `--scale N`, so trials never cost the big seed. A
 * database is only ever dropped when this benchmark seeded it (table `bench_seed`); `test` never.
 *
 * Measured: at concurrency 1 each call's p50 and p99, the three targets interleaved request by
 * request (rotating who goes first); at concurrency 16 the requests per second over a fixed time,
 * the targets taking turns in slices. Before timing, the answers of app, floor and peer are compared
 * (count, ids in order, included children, then every value): differences show in the `check`
 * column; without any it says 'same bytes' (floor and peer answer the app's JSON byte for byte) or
 * 'same values' (the same values, some keys in another order).
 * Targets (issue 33): app p50 ≤ max(1.3 × floor p50, floor p50 + 0.5 ms); app p50 < peer p50; app
 * rps ≥ 60 % of the floor's at concurrency 16.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, SEED_HEUTE, chooseParams, clientUrl } from './calls.mjs';
import {
  BENCH_ADMIN_PASSWORD,
  benchDatabase,
  BenchError,
  connect,
  distDir,
  elapsedMs,
  ensureSeeded,
  login,
  machineFacts,
  NODE_PATH,
  parseArgs,
  request,
  ROOT,
  runMain,
  startBuiltApp,
  startNode,
  summarize,
  waitFor,
  waitForQuietJobs,
  writeReadmeSection,
} from './lib.mjs';

const FULL_SCALE = 100000;
const TARGETS = ['app', 'floor', 'peer'];

function readOptions() {
  const args = parseArgs();
  const scale = args.number('--scale', FULL_SCALE);
  if (!Number.isInteger(scale)) throw new BenchError(`--scale ${scale}: eine ganze Zahl / a whole number`);
  return {
    scale,
    reseed: args.flag('--reseed'),
    dist: args.value('--dist', undefined),
    runs: args.number('--runs', 300),
    budgetMs: args.number('--budget', 15) * 1000,
    durationMs: args.number('--duration', 6) * 1000,
    concurrency: args.number('--concurrency', 16),
    only: args.value('--only', undefined)?.split(','),
    note: args.value('--note', undefined),
    readme: !args.flag('--no-readme'),
  };
}
/** The command line, read in main() so that a wrong argument ends in a plain message. */
let options;
const MIN_RUNS = 30;
const SLICES = 12;

const children = [];
const tmp = mkdtempSync(join(tmpdir(), 'verband-bench-api-'));
const log = (message) => console.log(message);

async function cleanup() {
  await Promise.all(children.splice(0).map((child) => child.stop()));
  rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

function databaseUrl() {
  if (process.env.BENCH_API_DATABASE_URL) return process.env.BENCH_API_DATABASE_URL;
  const suffix = options.scale === FULL_SCALE ? '' : `_${options.scale}`;
  return `mysql://root@127.0.0.1:3306/verband_bench_api${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// The three servers

async function startApp(db, dist) {
  const { child, port } = await startBuiltApp(db, dist, { dir: tmp, logFile: join(tmp, 'app.log') });
  children.push(child);
  return port;
}

async function startServer(script, env) {
  const logFile = join(tmp, `${script}.log`);
  const child = startNode(join(ROOT, 'bench', 'api', script), [], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_PATH, NODE_ENV: 'production', ...env },
    logFile,
  });
  children.push(child);
  return waitFor(script, () => Number(/READY (\d+)/.exec(readFileSync(logFile, 'utf8'))?.[1]) || undefined, {
    child,
    timeoutMs: 60000,
  });
}

/** The visible, JSON and boolean fields per table, from the app's metadata (GET /node/meta/{resource}). */
async function floorSchema(db, port, cookie) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const connection = await connect(db, { withDatabase: true });
  const schema = {};
  try {
    // The roots of the calls and the to-many include whose whole rows the floor answers.
    const resources = [
      'benutzer',
      'benutzer-email',
      'veranstaltung',
      'rw-transaction',
      'rw-rechnung',
      'benutzer-benutzer-gruppe',
      'veranstaltung-ort',
    ];
    for (const resource of resources) {
      const answer = await request(agent, port, `/node/meta/${resource}`, { headers: { cookie } });
      if (answer.status !== 200) throw new BenchError(`GET /node/meta/${resource}: ${answer.status}`);
      const meta = JSON.parse(answer.body.toString());
      const table = resource.replace(/-/g, '_');
      const [columns] = await connection.query(
        'SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?',
        [table],
      );
      const inTable = new Set(columns.map((c) => c.name));
      const fields = meta.fields.filter((field) => inTable.has(field.name));
      const missing = meta.fields.filter((field) => !inTable.has(field.name)).map((field) => field.name);
      if (missing.length)
        log(`Hinweis: Felder von ${resource} ohne gleichnamige Spalte: ${missing.join(', ')}`);
      schema[table] = {
        columns: fields.map((field) => field.name),
        json: fields.filter((field) => field.type === 'json').map((field) => field.name),
        booleans: fields.filter((field) => field.type === 'boolean').map((field) => field.name),
      };
    }
  } finally {
    agent.destroy();
    await connection.end();
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Measuring

function signature(body) {
  const data = JSON.parse(body.toString());
  const rows = Array.isArray(data) ? data : data.rows;
  let children = 0;
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (Array.isArray(value) && value.every((v) => v !== null && typeof v === 'object'))
        children += value.length;
    }
  }
  return {
    count: Array.isArray(data) ? undefined : data.count,
    rows: rows.length,
    ids: rows.map((r) => r.id),
    children,
    data: rows,
  };
}

/** The first field (as a path) whose value differs between two rows lists; to-many lists compared by id. */
function firstDifference(a, b, path = '') {
  if (Array.isArray(a) && Array.isArray(b)) {
    const byId = (list) => [...list].sort((x, y) => (x?.id ?? 0) - (y?.id ?? 0));
    const [left, right] = [byId(a), byId(b)];
    if (left.length !== right.length) return `${path}.length`;
    for (let i = 0; i < left.length; i++) {
      const found = firstDifference(left[i], right[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return null;
  }
  return a === b ? null : path;
}

/**
 * Compares the answers: the same count, ids in order and number of included children for all three,
 * then every value of floor and peer against the app's (field by field; to-many lists by id).
 */
function compare(signatures) {
  const app = signatures.app;
  const problems = [];
  for (const target of ['floor', 'peer']) {
    const other = signatures[target];
    if (other.count !== app.count) problems.push(`${target} count ${other.count}≠${app.count}`);
    if (other.rows !== app.rows) problems.push(`${target} rows ${other.rows}≠${app.rows}`);
    else if (other.ids.some((id, i) => id !== app.ids[i])) problems.push(`${target} ids≠`);
    if (other.children !== app.children)
      problems.push(`${target} children ${other.children}≠${app.children}`);
  }
  // Both fetch what the app answers: the same columns, includes and values.
  if (problems.length === 0) {
    for (const target of ['floor', 'peer']) {
      const field = firstDifference(app.data, signatures[target].data);
      if (field) problems.push(`${target} value≠ at ${field}`);
    }
  }
  return problems;
}

function makeClient(ports, cookie, concurrency) {
  const agents = Object.fromEntries(
    TARGETS.map((target) => [target, new http.Agent({ keepAlive: true, maxSockets: concurrency })]),
  );
  // The same request everywhere: the client's URL, its headers, the session cookie.
  const headers = { cookie };
  return {
    async get(target, url) {
      const answer = await request(agents[target], ports[target], url, { headers });
      if (answer.status !== 200) {
        throw new BenchError(`${target} ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
      }
      return answer;
    },
    close: () => Object.values(agents).forEach((agent) => agent.destroy()),
  };
}

async function timed(client, target, url) {
  const started = process.hrtime.bigint();
  await client.get(target, url);
  return elapsedMs(started);
}

const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

/** Concurrency 1: warm-up, then runs interleaved request by request. */
async function latency(client, url) {
  const estimate = {};
  for (const target of TARGETS) {
    const times = [];
    const started = Date.now();
    while (times.length < 3 || (times.length < 10 && Date.now() - started < 2000)) {
      times.push(await timed(client, target, url));
    }
    estimate[target] = summarize(times).p50;
  }
  const perRound = TARGETS.reduce((sum, target) => sum + estimate[target], 0);
  const runs = Math.max(
    Math.min(MIN_RUNS, options.runs),
    Math.min(options.runs, Math.floor(options.budgetMs / perRound)),
  );
  const times = Object.fromEntries(TARGETS.map((target) => [target, []]));
  for (let i = 0; i < runs; i++) {
    for (const target of rotate(TARGETS, i % TARGETS.length))
      times[target].push(await timed(client, target, url));
  }
  return Object.fromEntries(TARGETS.map((target) => [target, summarize(times[target])]));
}

/** Concurrency N: the targets take turns in slices; requests per second over all slices. */
async function throughput(client, url, { slices = SLICES, sliceMs = options.durationMs / SLICES } = {}) {
  const done = Object.fromEntries(TARGETS.map((target) => [target, { requests: 0, ms: 0 }]));
  for (let slice = 0; slice < slices; slice++) {
    for (const target of rotate(TARGETS, slice % TARGETS.length)) {
      const started = process.hrtime.bigint();
      const deadline = Date.now() + sliceMs;
      let requests = 0;
      const worker = async () => {
        while (Date.now() < deadline) {
          await client.get(target, url);
          requests++;
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
      done[target].requests += requests;
      done[target].ms += elapsedMs(started);
    }
  }
  return Object.fromEntries(
    TARGETS.map((target) => [target, (done[target].requests * 1000) / done[target].ms]),
  );
}

// ---------------------------------------------------------------------------------------------
// The table

const ms = (value) => (value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0));
const rps = (value) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const mark = (ok) => (ok ? '✓' : '✗');

function verdict(result) {
  const { app, floor, peer } = result.latency;
  const limit = Math.max(1.3 * floor.p50, floor.p50 + 0.5);
  return {
    p50: app.p50 <= limit,
    peer: app.p50 < peer.p50,
    rps: result.rps.app >= 0.6 * result.rps.floor,
  };
}

const header = () => [
  'call',
  'rows/count',
  'n',
  'app p50',
  'app p99',
  'floor p50',
  'floor p99',
  'peer p50',
  'peer p99',
  'app/floor',
  `app rps@${options.concurrency}`,
  `floor rps@${options.concurrency}`,
  `peer rps@${options.concurrency}`,
  'rps app/floor',
  'p50 target',
  'ahead of peer',
  'rps target',
  'check',
];

/** A call that failed (an error answer, a broken server) stays in the table with its reason. */
function fail(result, error) {
  result.error = error.message.replace(/\s+/g, ' ');
  log(`  ${result.label.padEnd(36)} ⚠ ${result.error}`);
}

function tableRows(results) {
  return results.map((r) => {
    if (r.error) {
      const rows = r.signature
        ? `${r.signature.rows}${r.signature.count === undefined ? '' : `/${r.signature.count}`}`
        : '—';
      return [r.label, rows, ...Array(header().length - 3).fill('—'), `⚠ ${r.error}`];
    }
    const { app, floor, peer } = r.latency;
    const v = verdict(r);
    return [
      r.label,
      `${r.signature.rows}${r.signature.count === undefined ? '' : `/${r.signature.count}`}`,
      String(app.n),
      ms(app.p50),
      ms(app.p99),
      ms(floor.p50),
      ms(floor.p99),
      ms(peer.p50),
      ms(peer.p99),
      `×${(app.p50 / floor.p50).toFixed(1)}`,
      rps(r.rps.app),
      rps(r.rps.floor),
      rps(r.rps.peer),
      `${Math.floor((r.rps.app / r.rps.floor) * 100)} %`,
      mark(v.p50),
      mark(v.peer),
      mark(v.rps),
      r.problems.length ? `⚠ ${r.problems.join('; ')}` : r.sameBytes ? 'same bytes' : 'same values',
    ];
  });
}

function consoleTable(rows) {
  const HEADER = header();
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => (i === 0 || i === row.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ');
  return [line(HEADER), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(rows) {
  const HEADER = header();
  const align = HEADER.map((_, i) => (i === 0 || i === HEADER.length - 1 ? '---' : '---:'));
  const cell = (text) => text.replace(/\|/g, '\\|');
  return [HEADER, align, ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

function commandLine() {
  const argv = process.argv
    .slice(2)
    .map((a) => (/^[\w./,:=-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`));
  const env = process.env.BENCH_API_DATABASE_URL
    ? `BENCH_API_DATABASE_URL=${benchDatabase(databaseUrl()).label} `
    : '';
  return process.env.npm_lifecycle_event === 'bench:api'
    ? `${env}npm run bench:api${argv.length ? ` -- ${argv.join(' ')}` : ''}`
    : `${env}node bench/api/lists.mjs ${argv.join(' ')}`.trim();
}

// ---------------------------------------------------------------------------------------------

async function main() {
  options = readOptions();
  const db = benchDatabase(databaseUrl());
  const dist = distDir(options.dist);
  const calls = options.only ? CALLS.filter((call) => options.only.includes(call.key)) : CALLS;
  if (calls.length === 0)
    throw new BenchError(
      `--only: keine bekannten Aufrufe / no known calls (${CALLS.map((c) => c.key).join(', ')})`,
    );

  const server = await connect(db);
  const machine = await machineFacts(server);
  await server.end();
  // Seeded once per scale (the seed's today is fixed: SEED_HEUTE), then reused.
  const seed = await ensureSeeded({
    db,
    dist,
    scale: options.scale,
    heute: SEED_HEUTE,
    reseed: options.reseed,
    log,
    dir: tmp,
    children,
  });

  log('Starte App, Boden und Peer …');
  const appPort = await startApp(db, dist);
  const session = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { cookie } = await login(session, appPort, 'admin', BENCH_ADMIN_PASSWORD).catch((error) => {
    throw new BenchError(
      `${error.message}\n  Die Datenbank hat einen anderen admin? / another admin in the database? → --reseed`,
    );
  });
  session.destroy();
  const ruhe = await waitForQuietJobs(appPort, cookie);
  if (ruhe > 1.5)
    log(`Hintergrundaufträge der App abgewartet / waited for the app's jobs: ${ruhe.toFixed(0)} s`);
  const params = await chooseParams(db);
  const schema = await floorSchema(db, appPort, cookie);
  const common = { BENCH_DB: db.url, BENCH_PARAMS: JSON.stringify(params) };
  const [floorPort, peerPort] = await Promise.all([
    startServer('floor-server.mjs', { ...common, BENCH_SCHEMA: JSON.stringify(schema) }),
    startServer('peer-server.mjs', { ...common, BENCH_SCHEMA: JSON.stringify(schema), BENCH_DIST: dist }),
  ]);
  const ports = { app: appPort, floor: floorPort, peer: peerPort };
  const labelOf = (call) =>
    call.key === 'benutzer-500' ? call.label.replace('500', String(params.page500)) : call.label;

  const client = makeClient(ports, cookie, options.concurrency);
  const results = [];
  log('Vergleich der Antworten / comparing answers …');
  for (const call of calls) {
    const url = clientUrl(call, params);
    const result = { key: call.key, label: labelOf(call), url, problems: [] };
    results.push(result);
    try {
      const answers = {};
      for (const target of TARGETS) answers[target] = await client.get(target, url);
      const signatures = Object.fromEntries(
        TARGETS.map((target) => [target, signature(answers[target].body)]),
      );
      result.signature = signatures.app;
      result.problems = compare(signatures);
      result.sameBytes = ['floor', 'peer'].every((target) => answers[target].body.equals(answers.app.body));
      const sizes = TARGETS.map(
        (target) => `${target} ${(answers[target].body.length / 1024).toFixed(1)} KB`,
      );
      const found = `${signatures.app.rows} Zeilen${signatures.app.count === undefined ? '' : ` von ${signatures.app.count}`}`;
      const warning = result.problems.length ? `  ⚠ ${result.problems.join('; ')}` : '';
      log(`  ${result.label.padEnd(36)} ${found}; ${sizes.join(', ')}${warning}`);
    } catch (error) {
      fail(result, error);
    }
  }
  const measurable = () => results.filter((result) => !result.error);

  const started = Date.now();
  log(
    `Nebenläufigkeit 1 / concurrency 1 (≤ ${options.runs} Läufe, ~${options.budgetMs / 1000} s je Aufruf) …`,
  );
  for (const result of measurable()) {
    try {
      result.latency = await latency(client, result.url);
      const { app, floor, peer } = result.latency;
      log(
        `  ${result.label.padEnd(36)} n=${app.n}  app ${ms(app.p50)}  floor ${ms(floor.p50)}  peer ${ms(peer.p50)} ms`,
      );
    } catch (error) {
      fail(result, error);
    }
  }
  const c = options.concurrency;
  log(`Nebenläufigkeit ${c} / concurrency ${c} (${options.durationMs / 1000} s je Ziel und Aufruf) …`);
  // Every target opens its pool's connections before the first counted slice.
  if (measurable().length)
    await throughput(client, measurable()[0].url, { slices: 1, sliceMs: 500 }).catch(() => undefined);
  for (const result of measurable()) {
    try {
      result.rps = await throughput(client, result.url);
      const { app, floor, peer } = result.rps;
      log(`  ${result.label.padEnd(36)} app ${rps(app)}  floor ${rps(floor)}  peer ${rps(peer)} req/s`);
    } catch (error) {
      fail(result, error);
    }
  }
  client.close();
  const minutes = (Date.now() - started) / 60000;

  const rows = tableRows(results);
  const held = results.map((result) => (result.error ? {} : verdict(result)));
  const count = (key) => held.filter((v) => v[key]).length;
  const summary = `Targets held: p50 ${count('p50')}/${held.length}, ahead of peer ${count('peer')}/${held.length}, rps ${count('rps')}/${held.length}.`;
  log(`\n${consoleTable(rows)}\n\n${summary}`);

  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const section = [
    `### Result of ${date} UTC`,
    '',
    `- Command: \`${commandLine()}\``,
    `- Data: ${options.scale.toLocaleString('en-US')} Benutzer (\`${db.database}\`, seed ${seed.seconds.toFixed(0)} s${seed.reused ? ', reused' : ''}); measuring took ${minutes.toFixed(1)} min`,
    `- Rows: ${Object.entries(params.sizes)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(', ')}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM; MariaDB ${machine.mariadb}; Node ${machine.node}; load at start ${machine.load.join(' / ')}`,
    `- Build: \`${dist.startsWith(ROOT) ? dist.slice(ROOT.length) : dist}\``,
    ...(options.note ? [`- Note: ${options.note}`] : []),
    '',
    'Times in ms (p50, p99 at concurrency 1); rps = requests per second at concurrency ' +
      `${options.concurrency}; ✓/✗ = target held or not (see above).`,
    '',
    markdownTable(rows),
    '',
    summary,
  ].join('\n');
  if (options.readme) {
    log(`\nGeschrieben / written: ${writeReadmeSection('bench:api', section)}`);
  }
}

runMain(main, cleanup);
