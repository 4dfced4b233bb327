#!/usr/bin/env node
/**
 * `npm run bench:dispatch [-- --recipients 50000 --workers 2 --dist DIR --no-readme]` (issue 15):
 * a newsletter to 50 000 recipients rendered and sent by the dispatch workers of the built app into
 * a local SMTP sink (smtp-server), beside a bare nodemailer pool of the same size sending the same
 * pre-rendered message into the same sink (the floor), in one run: messages per second and the
 * ratio. The sink counts per recipient, so the run also checks that every address got exactly one.
 *
 * The production shape: an app process that only enqueues (WORKERS=false) and `--workers` worker
 * processes on MariaDB and Redis (`--workers 0`: the app runs the workers, in-process queue).
 * Timed for the dispatch: from `POST /node/api/newsletter-dispatcher` (the recipients are expanded
 * at that moment) until the sink has every message; for the floor: from its first send until the
 * sink has every message.
 *
 * `--profile DIR` writes CPU profiles of the worker processes into DIR.
 *
 * `--kill-at N` (issue 31, with `--workers` ≥ 1): the crash variant. Once the sink holds N messages of
 * the measured dispatch, the first worker is killed with SIGKILL and started again `--restart-after`
 * seconds later (5); the run then reports the recipients who got the mail twice (target: at most the
 * SMTP connections the killed worker had open), those who got none (target 0) and the seconds from
 * the restart until every recipient had it (target ≤ 30).
 *
 * Setup (not timed): MariaDB `verband_bench_dispatch` (BENCH_DISPATCH_DATABASE_URL), seeded once by
 * the app's own `--seed --scale N --nur-mitglieder` (the members only: nothing here reads bookings)
 * and reused; the recipients are Benutzer with distinct primary
 * addresses, put into a newsletter group through the API; Redis BENCH_REDIS_URL (default database 10
 * of 127.0.0.1), whose newsletter queues are removed at the end.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  appEnv,
  benchDatabase,
  BenchError,
  connect,
  distDir,
  freePort,
  login,
  machineFacts,
  parseArgs,
  projectRequire,
  request,
  ROOT,
  runMain,
  startNode,
  waitFor,
  writeReadmeSection,
} from '../api/lib.mjs';

const args = parseArgs();
const options = {
  recipients: args.number('--recipients', 50000),
  workers: args.number('--workers', 2, { min: 0 }),
  connections: args.number('--connections', 5),
  dist: args.value('--dist', undefined),
  profile: args.value('--profile', undefined),
  killAt: args.number('--kill-at', 0, { min: 0 }),
  restartAfter: args.number('--restart-after', 5, { min: 0 }),
  readme: !args.flag('--no-readme'),
};
if (options.killAt && !options.workers)
  throw new BenchError('--kill-at braucht --workers ≥ 1 / needs workers');
/** Enough Benutzer that the seed holds `recipients` distinct, active addresses. */
const scale = Math.ceil(options.recipients * 1.6);
const ADMIN_PASSWORD = 'Bench-Dispatch-1';
const WARMUP = 200;
const tmp = mkdtempSync(join(tmpdir(), 'verband-bench-dispatch-'));
const children = [];
/** The worker processes, to kill and restart one in the crash variant. */
const workers = [];
const log = (...parts) => console.log(...parts);

/**
 * A forked helper of this folder. `ask(message)` sends it and resolves with the next answer of the
 * same type (`expect` for another type; no message: only wait for that answer).
 */
function helper(script) {
  const child = fork(join(ROOT, 'bench', 'dispatch', script), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, NODE_PATH: join(ROOT, 'node_modules') },
  });
  children.push({ stop: async () => child.kill() });
  const waiting = new Set();
  child.on('message', (answer) => {
    for (const entry of waiting)
      if (entry.type === answer.type) {
        waiting.delete(entry);
        entry.resolve(answer);
      }
  });
  child.once('exit', (code) => {
    for (const entry of waiting) entry.reject(new BenchError(`${script} beendet / exited (${code})`));
  });
  const ask = (message, expect = message?.type) =>
    new Promise((resolve, reject) => {
      waiting.add({ type: expect, resolve, reject });
      if (message) child.send(message);
    });
  return { child, ask };
}

async function seedOnce(db, dist) {
  const server = await connect(db);
  try {
    const [marked] = await server.query(
      "SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'bench_seed'",
      [db.database],
    );
    if (marked.length) {
      const [[marker]] = await server.query(`SELECT * FROM \`${db.database}\`.bench_seed`);
      if (marker.complete && Number(marker.scale) >= scale)
        return log(`Seed von ${db.label} wiederverwendet`);
    }
    await server.query(`DROP DATABASE IF EXISTS \`${db.database}\``);
    await server.query(`CREATE DATABASE \`${db.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await server.query(
      `CREATE TABLE \`${db.database}\`.bench_seed (scale INT NOT NULL, complete TINYINT NOT NULL DEFAULT 0)`,
    );
    await server.query(`INSERT INTO \`${db.database}\`.bench_seed (scale) VALUES (?)`, [scale]);
  } finally {
    await server.end();
  }
  log(`Seed: ${scale} Benutzer nach ${db.label} …`);
  const seed = startNode(
    join(dist, 'src', 'main.js'),
    ['--seed', '--scale', String(scale), '--nur-mitglieder'],
    {
      env: appEnv({ databaseUrl: db.url, port: 0, dir: tmp, secret: 'bench', adminPassword: ADMIN_PASSWORD }),
      logFile: join(tmp, 'seed.log'),
    },
  );
  const code = await new Promise((resolve) => seed.on('exit', resolve));
  if (code !== 0) throw new BenchError(`Seed fehlgeschlagen / seeding failed (${code}):\n${seed.tail(40)}`);
  const connection = await connect(db, { withDatabase: true });
  await connection.query('UPDATE bench_seed SET complete = 1');
  await connection.end();
}

/** Benutzer the newsletter may reach (active, not opted out) with distinct primary addresses. */
async function recipients(db) {
  const connection = await connect(db, { withDatabase: true });
  const [rows] = await connection.query(
    `SELECT MIN(b.id) AS id, LOWER(e.email) AS email FROM benutzer b
       JOIN benutzer_email e ON e.id = b.primaeremail_id
      WHERE b.aktiviert = 1 AND b.atr_kein_newsletter = 0
      GROUP BY LOWER(e.email) ORDER BY id LIMIT ?`,
    [options.recipients + WARMUP],
  );
  await connection.end();
  if (rows.length < options.recipients + WARMUP)
    throw new BenchError(`Nur ${rows.length} verschiedene Adressen im Seed / only ${rows.length} addresses`);
  return rows;
}

/**
 * A run that was cut short (Ctrl-C, a failure) leaves its dispatch open, and the app would resume it
 * at start, into this run's sink: stopped ("Versand anhalten") before the app starts.
 */
async function fruehereLaeufeAnhalten(db) {
  const connection = await connect(db, { withDatabase: true });
  await connection.query(
    `UPDATE newsletter_dispatcher d JOIN newsletter n ON n.id = d.newsletter_id
        SET d.angehalten = 1
      WHERE d.versendet = 0 AND n.titel LIKE 'Bench %'`,
  );
  await connection.end();
}

async function startApp(db, sinkPort, redisUrl) {
  const port = await freePort();
  const env = {
    ...appEnv({ databaseUrl: db.url, port, dir: tmp, secret: 'bench', adminPassword: ADMIN_PASSWORD }),
    MAIL_URL: `smtp://127.0.0.1:${sinkPort}?ignoreTLS=true&maxConnections=${options.connections}`,
    PUBLIC_URL: 'https://verwaltung.bench.invalid',
    ...(options.workers ? { REDIS_URL: redisUrl, WORKERS: 'false' } : {}),
  };
  const main = join(options.distDir, 'src', 'main.js');
  const app = startNode(main, [], { env, logFile: join(tmp, 'app.log') });
  children.push(app);
  const workerOptions = (i) => ({ env: { ...env, WORKERS: 'true' }, logFile: join(tmp, `worker-${i}.log`) });
  const startWorker = (i) =>
    // With --profile, node's own flags go first (NODE_OPTIONS may not carry --cpu-prof).
    options.profile
      ? startNode('--cpu-prof', [`--cpu-prof-dir=${options.profile}`, main, '--worker'], workerOptions(i))
      : startNode(main, ['--worker'], workerOptions(i));
  for (let i = 0; i < options.workers; i++) {
    const worker = startWorker(i);
    workers.push({ worker, restart: () => startWorker(`${i}-neu`) });
    children.push(worker);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  // 200 only once started: while it migrates and seeds it answers 503.
  await waitFor('App-Start', async () => (await request(agent, port, '/node/health')).status === 200, {
    child: app,
    timeoutMs: 300000,
  });
  return { port, agent };
}

function api(agent, port, cookie) {
  return async (method, path, body) => {
    const answer = await request(agent, port, path, {
      method,
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-api-request': '1',
        'x-forwarded-proto': 'https',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = answer.body.toString();
    if (answer.status >= 300)
      throw new BenchError(`${method} ${path}: ${answer.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A newsletter to these Benutzer (one newsletter group, filled through the API). */
async function newsletterAn(call, name, ids, absenderId) {
  const gruppe = await call('POST', '/node/api/benutzer-gruppe', { name, typ: 'NWG', zuordnung: 'benutzer' });
  for (let i = 0; i < ids.length; i += 5000)
    await call('POST', `/node/api/benutzer-gruppe/${gruppe.id}/benutzers`, ids.slice(i, i + 5000));
  const newsletter = await call('POST', '/node/api/newsletter', {
    titel: name,
    betreff: 'Steuerrecht aktuell im November',
    newsletter_absender_id: absenderId,
    body:
      '<h2>Neues aus der Akademie</h2><p>Die Frist für die Jahresmeldung endet am 31. Januar. ' +
      'Alle Termine finden Sie <a href="https://www.verband.example/termine">in unserem Kalender</a>, ' +
      'die Unterlagen <a href="https://www.verband.example/unterlagen">im Mitgliederbereich</a>.</p>',
    Benutzer_Gruppes: [gruppe.id],
  });
  const { anzahl } = await call('GET', `/node/api/newsletter/${newsletter.id}/empfaenger`);
  if (anzahl !== ids.length) throw new BenchError(`${anzahl} statt ${ids.length} Empfänger / recipients`);
  return newsletter;
}

/**
 * Sends the newsletter now; resolves with the milliseconds until the sink holds `anzahl` messages.
 * `mitAbsturz`: the measured send of the crash variant (never the warm-up, which stays below
 * `--kill-at`).
 */
async function versenden(call, sink, newsletterId, anzahl, mitAbsturz = false) {
  const start = performance.now();
  const startEpoch = Date.now();
  const dispatcher = await call('POST', '/node/api/newsletter-dispatcher', {
    newsletter_id: newsletterId,
    versand_time: new Date().toISOString(),
  });
  const absturz = mitAbsturz ? abstuerzen(sink) : null;
  // Every recipient reached (after a crash some may have got it twice: count addresses, not messages).
  await waitFor('Versand', async () => (await sink.ask({ type: 'stand' })).empfaenger >= anzahl, {
    timeoutMs: 3600_000,
  });
  const ms = performance.now() - start;
  const neustart = await absturz;
  const { erste } = await sink.ask({ type: 'stand' });
  const stand = await waitFor(
    'Dispatcher versendet',
    async () => {
      const d = await call('GET', `/node/api/newsletter-dispatcher/${dispatcher.id}`);
      return d.versendet ? d : undefined;
    },
    { timeoutMs: 60_000 },
  );
  // Until the first message: the recipients expanded into rows and the first batch claimed.
  return {
    ms,
    vorlaufMs: erste - startEpoch,
    dispatcher: stand,
    nachNeustartMs: neustart === null ? null : startEpoch + ms - neustart,
  };
}

/**
 * The crash variant: once the sink holds `--kill-at` messages, SIGKILL the first worker and start it
 * again `--restart-after` seconds later; resolves with the epoch ms of the restart.
 */
async function abstuerzen(sink) {
  await waitFor(
    'Absturzpunkt',
    async () => (await sink.ask({ type: 'stand' })).nachrichten >= options.killAt,
    {
      timeoutMs: 3600_000,
    },
  );
  const [erster] = workers;
  erster.worker.kill('SIGKILL');
  log(`Worker 1 bei ${options.killAt} Nachrichten mit SIGKILL beendet / killed`);
  await new Promise((resolve) => setTimeout(resolve, options.restartAfter * 1000));
  const neu = erster.restart();
  children.push(neu);
  log('Worker 1 neu gestartet / restarted');
  return Date.now();
}

async function pruefen(sink, anzahl, was, doppeltErlaubt = false) {
  const stand = await sink.ask({ type: 'stand' });
  if (
    stand.empfaenger !== anzahl ||
    (!doppeltErlaubt && (stand.nachrichten !== anzahl || stand.doppelt !== 0))
  )
    throw new BenchError(
      `${was}: ${stand.nachrichten} Nachrichten an ${stand.empfaenger} Adressen, ${stand.doppelt} doppelt; erwartet ${anzahl}`,
    );
  return stand;
}

async function main() {
  options.distDir = distDir(options.dist);
  const db = benchDatabase(
    process.env.BENCH_DISPATCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_bench_dispatch',
    'BENCH_DISPATCH_DATABASE_URL',
  );
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10';
  await seedOnce(db, options.distDir);
  await fruehereLaeufeAnhalten(db);
  const alle = await recipients(db);
  const warm = alle.slice(0, WARMUP);
  const gemessen = alle.slice(WARMUP);

  const sink = helper('sink.mjs');
  const { port: sinkPort } = await sink.ask(null, 'bereit');
  const { port, agent } = await startApp(db, sinkPort, redisUrl);
  const { cookie } = await login(agent, port, 'admin', ADMIN_PASSWORD);
  const call = api(agent, port, cookie);
  const absender = await call('POST', '/node/api/newsletter-absender', {
    name: 'Steuerakademie',
    email: 'news@akademie.example',
  });
  log(`Empfänger / recipients: ${gemessen.length} (+${WARMUP} zum Aufwärmen / warm-up)`);
  const stamp = new Date().toISOString().slice(0, 19);
  const aufwaermen = await newsletterAn(
    call,
    `Bench ${stamp} warm`,
    warm.map((r) => r.id),
    absender.id,
  );
  const newsletter = await newsletterAn(
    call,
    `Bench ${stamp}`,
    gemessen.map((r) => r.id),
    absender.id,
  );

  // Warm-up: connections, compiled statements, the worker's first jobs; and the message the floor copies.
  await versenden(call, sink, aufwaermen.id, WARMUP);
  const { probe } = await sink.ask({ type: 'probe' });

  await sink.ask({ type: 'reset' });
  const floor = helper('floor.mjs');
  floor.child.send({
    url: `smtp://127.0.0.1:${sinkPort}?ignoreTLS=true`,
    maxConnections: options.connections,
    raw: probe.raw,
    from: probe.from,
    empfaenger: gemessen.map((r) => r.email),
  });
  const boden = await floor.ask(null, 'fertig');
  if (boden.fehler) throw new BenchError(`Boden / floor: ${boden.fehler} Fehler`);
  await pruefen(sink, gemessen.length, 'Boden / floor');

  await sink.ask({ type: 'reset' });
  const versand = await versenden(call, sink, newsletter.id, gemessen.length, options.killAt > 0);
  const empfangen = await pruefen(sink, gemessen.length, 'Versand / dispatch', options.killAt > 0);
  if (versand.dispatcher.sent !== gemessen.length)
    throw new BenchError(`Dispatcher: sent ${versand.dispatcher.sent}, erwartet ${gemessen.length}`);

  const connection = await connect(db, { withDatabase: true });
  const facts = await machineFacts(connection);
  await connection.end();
  const proSekunde = (ms) => (gemessen.length / ms) * 1000;
  const r = {
    floor: proSekunde(boden.ms),
    dispatch: proSekunde(versand.ms),
    dispatchSeconds: versand.ms / 1000,
    floorSeconds: boden.ms / 1000,
  };
  const ratio = r.dispatch / r.floor;
  const shape = options.workers
    ? `App mit WORKERS=false und ${options.workers} Worker-Prozesse auf MariaDB und Redis`
    : 'eine App mit In-Process-Warteschlange auf MariaDB';
  const lines = [
    `Gemessen am ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${facts.cpu}, ${facts.cores} Kerne, ` +
      `${facts.ramGb} GB, MariaDB ${facts.mariadb}, Node ${facts.node}; ${shape}; SMTP-Pool ${options.connections} Verbindungen.`,
    '',
    '| | Nachrichten | Sekunden | Nachrichten/s |',
    '|---|---:|---:|---:|',
    `| Boden: nodemailer-Pool, vorgerendert | ${gemessen.length} | ${r.floorSeconds.toFixed(1)} | ${r.floor.toFixed(0)} |`,
    `| Versand durch die Worker (Empfänger anlegen, rendern, senden, erfassen) | ${gemessen.length} | ${r.dispatchSeconds.toFixed(1)} | ${r.dispatch.toFixed(0)} |`,
    `| davon bis zur ersten Nachricht (Empfänger anlegen) | | ${(versand.vorlaufMs / 1000).toFixed(1)} | |`,
    '',
    options.killAt
      ? // The crash and the wait for the lost claims are in the time: no throughput target here.
        `Verhältnis Versand / Boden: ${(ratio * 100).toFixed(0)} % (mit Absturz und Neustart; das Ziel ≥ 80 % gilt ohne).`
      : `Verhältnis Versand / Boden: **${(ratio * 100).toFixed(0)} %** (Ziel ≥ 80 %). Jede Adresse erhielt genau eine Nachricht.`,
  ];
  if (options.killAt)
    lines.push(
      '',
      `Absturz: Worker 1 bei ${options.killAt} Nachrichten mit \`kill -9\` beendet, ${options.restartAfter} s später neu gestartet. ` +
        `Doppelt erhalten: **${empfangen.doppelt}** (Ziel ≤ ${options.connections}, die SMTP-Verbindungen des Workers), ` +
        `keine erhalten: **${gemessen.length - empfangen.empfaenger}** (Ziel 0), ${versand.nachNeustartMs >= 0 ? `fertig ${(versand.nachNeustartMs / 1000).toFixed(1)} s nach dem Neustart` : 'fertig schon vor dem Neustart'} (Ziel ≤ 30 s).`,
    );
  log(`\n${lines.join('\n')}`);
  if (options.readme)
    log(
      `\nGeschrieben / written: ${writeReadmeSection(options.killAt ? 'bench:dispatch-absturz' : 'bench:dispatch', lines.join('\n'))}`,
    );
}

async function cleanup() {
  for (const child of children.splice(0).reverse()) await child.stop();
  if (options.workers) {
    const { createClient } = projectRequire('redis');
    const redis = createClient({ url: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/10' });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: 'bull:newsletter-*' }))
      if (keys.length) await redis.del(keys);
    await redis.close();
  }
  rmSync(tmp, { recursive: true, force: true });
}

runMain(main, cleanup);
