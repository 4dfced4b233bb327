#!/usr/bin/env node
/**
 * CPU per request of several builds of the app on one list call, measured side by side: each build
 * runs as its own server on the bench database of `npm run bench:api` (seeded there first), and in
 * every round each takes a turn of 1.5 s at concurrency 16 (the order alternating). Counted from
 * /proc: the app's CPU time (all its threads), MariaDB's and this client's per request, and how much
 * of the machine stayed idle. Interleaving matters here: on a shared 2-core machine the same build
 * measured a minute apart differs by more than most single changes save.
 *
 *   node bench/api/cpu-ab.mjs --call seminar-vorgaenge /tmp/build-a /tmp/build-b
 *
 * Options: `--call KEY` (calls.mjs, default seminar-vorgaenge), `--rounds N` (default 6),
 * `--concurrency N` (default 16), `--accept-encoding VALUE` (sent as a browser sends it, e.g.
 * 'gzip, deflate, br, zstd': what compressing the answers costs; the bytes on the wire are shown).
 * Database: BENCH_API_DATABASE_URL as in lists.mjs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CALLS, chooseParams, clientUrl } from './calls.mjs';
import {
  BENCH_ADMIN_PASSWORD,
  benchDatabase,
  BenchError,
  distDir,
  login,
  parseArgs,
  request,
  runMain,
  startBuiltApp,
  waitForQuietJobs,
} from './lib.mjs';

const args = parseArgs();
const key = args.value('--call', 'seminar-vorgaenge');
const rounds = args.number('--rounds', 6);
const concurrency = args.number('--concurrency', 16);
const acceptEncoding = args.value('--accept-encoding', undefined);
const SLICE_MS = 1500;
const TICK_MS = 1000 / 100; // USER_HZ of /proc/<pid>/stat

/** Positional arguments: every argument that is neither an option nor an option's value. */
function builds() {
  const argv = process.argv.slice(2);
  const withValue = new Set(['--call', '--rounds', '--concurrency', '--accept-encoding']);
  return argv.filter((arg, i) => !arg.startsWith('--') && !withValue.has(argv[i - 1])).map(distDir);
}

/** CPU time of a process (all threads), ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Idle time of the whole machine, ms (summed over cores). */
function idleMs() {
  return Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/ +/)[4]) * TICK_MS;
}

const tmp = mkdtempSync(join(tmpdir(), 'verband-cpu-ab-'));
const apps = [];

async function main() {
  const dists = builds();
  if (dists.length === 0) throw new BenchError('Mindestens ein Build angeben / name at least one build');
  const call = CALLS.find((c) => c.key === key);
  if (!call)
    throw new BenchError(`--call ${key}: unbekannt / unknown (${CALLS.map((c) => c.key).join(', ')})`);
  const db = benchDatabase(
    process.env.BENCH_API_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_bench_api',
  );
  const mariadb = Number(execFileSync('pidof', ['mariadbd']).toString().trim().split(' ')[0]);
  const url = clientUrl(call, await chooseParams(db));
  for (const [i, dist] of dists.entries()) {
    const { child, port } = await startBuiltApp(db, dist, { dir: tmp, logFile: join(tmp, `app-${i}.log`) });
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    apps.push({ dist, child, port, agent, requests: 0, bytes: 0, ms: 0, app: 0, db: 0, client: 0, idle: 0 });
    const { cookie } = await login(agent, port, 'admin', BENCH_ADMIN_PASSWORD);
    await waitForQuietJobs(port, cookie);
    apps.at(-1).headers = acceptEncoding ? { cookie, 'accept-encoding': acceptEncoding } : { cookie };
  }

  async function slice(app, record) {
    let stop = false;
    let requests = 0;
    let bytes = 0;
    const before = {
      app: cpuMs(app.child.pid),
      db: cpuMs(mariadb),
      client: process.cpuUsage(),
      idle: idleMs(),
    };
    const started = Date.now();
    setTimeout(() => (stop = true), SLICE_MS);
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (!stop) {
          const answer = await request(app.agent, app.port, url, { headers: app.headers });
          if (answer.status !== 200) throw new BenchError(`${app.dist}: ${answer.status} ${answer.body}`);
          requests++;
          bytes += answer.body.length;
        }
      }),
    );
    if (!record) return;
    const client = process.cpuUsage(before.client);
    app.requests += requests;
    app.bytes += bytes;
    app.ms += Date.now() - started;
    app.app += cpuMs(app.child.pid) - before.app;
    app.db += cpuMs(mariadb) - before.db;
    app.client += (client.user + client.system) / 1000;
    app.idle += idleMs() - before.idle;
  }

  for (const app of apps) await slice(app, false); // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const app of round % 2 ? [...apps].reverse() : apps) await slice(app, true);
  }
  const perRequest = (ms, app) => ((ms * 1000) / app.requests).toFixed(0);
  console.log(
    `${call.label}, ${rounds} × ${SLICE_MS / 1000} s je Build, Nebenläufigkeit ${concurrency}` +
      (acceptEncoding ? `, Accept-Encoding: ${acceptEncoding}` : ''),
  );
  console.table(
    apps.map((app) => ({
      build: app.dist,
      'App µs/Anfrage': perRequest(app.app, app),
      'MariaDB µs/Anfrage': perRequest(app.db, app),
      'Client µs/Anfrage': perRequest(app.client, app),
      'Leerlauf %': ((app.idle / (2 * app.ms)) * 100).toFixed(0),
      'Anfragen/s': ((app.requests * 1000) / app.ms).toFixed(0),
      'Bytes/Antwort': (app.bytes / app.requests).toFixed(0),
    })),
  );
}

runMain(main, async () => {
  await Promise.all(apps.map((app) => app.child.stop()));
  for (const app of apps) app.agent.destroy();
  rmSync(tmp, { recursive: true, force: true });
});
