#!/usr/bin/env node
/**
 * `npm run bench:auswertungen [-- --scale 100000 --heute YYYY-MM-DD --runs 5 --dist DIR --reseed --no-readme]`
 * (issue 32): every evaluation of spec 003 §2-§4 and the dashboard's click chart on the scale seed
 * on MariaDB, through the built server's HTTP routes as the client calls them. Target: each answers
 * within 2 s.
 *
 * Setup (not timed): the database `verband_bench_auswertung` (`…_<N>` for `--scale N`;
 * BENCH_AUSWERTUNG_DATABASE_URL), seeded once by the app's own `--seed --scale N --heute D` and
 * reused while scale and day match (table `bench_seed`; `--reseed` seeds again); then the app on it.
 * Timed: after one warm-up call each, `--runs` calls one after another; median and slowest.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  parseArgs,
  request,
  runMain,
  startBuiltApp,
  writeReadmeSection,
} from './api/lib.mjs';

const FULL_SCALE = 100000;
const ZIEL_MS = 2000;
const args = parseArgs();
const options = {
  scale: args.number('--scale', FULL_SCALE),
  heute: args.value('--heute', new Date().toISOString().slice(0, 10)),
  runs: args.number('--runs', 5),
  dist: args.value('--dist', undefined),
  reseed: args.flag('--reseed'),
  readme: !args.flag('--no-readme'),
};
if (!/^\d{4}-\d{2}-\d{2}$/.test(options.heute)) throw new BenchError(`--heute ${options.heute}: JJJJ-MM-TT`);
const tmp = mkdtempSync(join(tmpdir(), 'verband-bench-auswertung-'));
const children = [];
const log = (message) => console.log(`[bench:auswertungen] ${message}`);

/** The calls as the client sends them (client/src/features/reporting/api.ts, klicks.ts). */
function aufrufe(heute, top) {
  const jahr = Number(heute.slice(0, 4));
  const monat = heute.slice(0, 7);
  const imJahr = { from: `${jahr}-01-01`, to: `${jahr}-12-31` };
  const q = (query) =>
    new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();
  const sechsMonate = new Date(Date.UTC(jahr, Number(heute.slice(5, 7)) - 6, 1)).toISOString().slice(0, 10);
  return [
    ['Umsatzprognose (Jahr)', `/node/api/rw-auswertung/umsatz?${q({ year: String(jahr) })}`],
    ['Umsatz eines Monats', `/node/api/rw-auswertung/umsatz/${monat}`],
    ['Seminarauswertung (Jahr)', `/node/api/rw-auswertung/calc?${q({ where: { datum: imJahr } })}`],
    [
      'Seminarauswertung mit Besuchern',
      `/node/api/rw-auswertung/calc?${q({ where: { datum: imJahr }, details: 'true' })}`,
    ],
    ['Newsletter-Klicks (Jahr)', `/node/api/rw-auswertung/newsletter?${q({ year: String(jahr) })}`],
    [
      'Newsletter-Klicks je Seminar (Monat)',
      `/node/api/rw-auswertung/newsletter?${q({ year: String(jahr), months: [monat.replace('-', '')] })}`,
    ],
    ...(top === null
      ? []
      : [
          [
            'Newsletter-Klicks je Versendung',
            `/node/api/rw-auswertung/newsletter?${q({ year: String(jahr), months: [top.monat], single_seminar: String(top.seminar) })}`,
          ],
          [
            'Newsletter-Klicks je Benutzer',
            `/node/api/rw-auswertung/newsletter?${q({ year: String(jahr), months: [top.monat], click_benutzer: String(top.dispatcher) })}`,
          ],
        ]),
    ['Newsletter-Wirkung (Jahr)', `/node/api/rw-auswertung/newsletter-wirkung?${q({ year: String(jahr) })}`],
    [
      'Benutzerauswertung mit Buchungen',
      `/node/api/rw-auswertung/benutzer?${q({ where: { benutzer_filter: 'booking', datum: imJahr }, limit: '13', offset: '0' })}`,
    ],
    [
      'Benutzerauswertung ohne Buchungen',
      `/node/api/rw-auswertung/benutzer?${q({ where: { benutzer_filter: 'no-booking', datum: imJahr }, limit: '13', offset: '0' })}`,
    ],
    [
      'Startseite: Klicks 6 Monate',
      `/node/api/statistik-newsletter?${q({ where: { dispatcher_id: { $ne: null }, datum: { $gte: sechsMonate } }, group: ['datum'] })}`,
    ],
  ];
}

async function main() {
  const dist = distDir(options.dist);
  const suffix = options.scale === FULL_SCALE ? '' : `_${options.scale}`;
  const db = benchDatabase(
    process.env.BENCH_AUSWERTUNG_DATABASE_URL ??
      `mysql://root@127.0.0.1:3306/verband_bench_auswertung${suffix}`,
    'BENCH_AUSWERTUNG_DATABASE_URL',
  );
  // Seeded once per scale and day (the evaluated year and month follow the seed's today).
  const { seconds: seedSeconds } = await ensureSeeded({
    db,
    dist,
    scale: options.scale,
    heute: options.heute,
    reseed: options.reseed,
    log,
    dir: tmp,
    children,
    fields: [{ name: 'heute', sql: 'VARCHAR(10) NOT NULL', value: options.heute, match: true }],
  });
  const connection = await connect(db, { withDatabase: true });
  const machine = await machineFacts(connection);
  const zeilen = {};
  for (const table of [
    'benutzer',
    'veranstaltung',
    'rw_transaction',
    'rw_rechnung',
    'newsletter_versand',
    'statistik_newsletter',
  ])
    zeilen[table] = Number((await connection.query(`SELECT COUNT(*) AS n FROM ${table}`))[0][0].n);
  const monat = options.heute.slice(0, 7);
  // The dispatch with the most clicks, its newsletter's seminar (0: none) and its busiest month.
  const [[top]] = await connection.query(
    `SELECT s.dispatcher_id AS dispatcher, COALESCE(MAX(n.veranstaltung_id), 0) AS seminar,
            MAX(DATE_FORMAT(s.datum, '%Y%m')) AS monat
     FROM statistik_newsletter s JOIN newsletter n ON n.id = s.newsletter_id
     WHERE s.dispatcher_id IS NOT NULL GROUP BY s.dispatcher_id ORDER BY COUNT(*) DESC LIMIT 1`,
  );
  await connection.end();

  const { child, port } = await startBuiltApp(db, dist, { dir: tmp, logFile: join(tmp, 'app.log') });
  children.push(child);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { cookie } = await login(agent, port, 'admin', BENCH_ADMIN_PASSWORD);
  const ergebnisse = [];
  for (const [name, path] of aufrufe(options.heute, top ?? null)) {
    const zeiten = [];
    let groesse = 0;
    for (let i = 0; i <= options.runs; i++) {
      const started = process.hrtime.bigint();
      const answer = await request(agent, port, path, { headers: { cookie, 'x-api-request': '1' } });
      const ms = elapsedMs(started);
      if (answer.status !== 200)
        throw new BenchError(`${name}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
      groesse = answer.body.length;
      if (i > 0) zeiten.push(ms);
    }
    zeiten.sort((a, b) => a - b);
    const median = zeiten[Math.floor(zeiten.length / 2)];
    const max = zeiten[zeiten.length - 1];
    ergebnisse.push({ name, median, max, groesse });
    log(`${name}: Median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms (${groesse} Bytes)`);
  }
  agent.destroy();

  const fmt = (ms) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
  const section = [
    `### Result of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `- Command: \`node bench/auswertungen.mjs --scale ${options.scale} --heute ${options.heute} --runs ${options.runs}${options.dist ? ` --dist ${options.dist}` : ''}\``,
    `- Data: ${options.scale.toLocaleString('en')} Benutzer (\`${db.database}\`, seed ${seedSeconds.toFixed(0)} s), the seed's today ${options.heute}, evaluated year ${options.heute.slice(0, 4)}, month ${monat}`,
    `- Rows: ${Object.entries(zeilen)
      .map(([t, n]) => `${t} ${n.toLocaleString('en')}`)
      .join(', ')}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM; MariaDB ${machine.mariadb}; Node ${machine.node}; load at start ${machine.load.join(' / ')}`,
    '',
    `Times in ms of ${options.runs} calls after one warm-up, one after another; target ≤ ${ZIEL_MS} ms each.`,
    '',
    '| evaluation | median | slowest | answer bytes | ≤ 2 s |',
    '| --- | ---: | ---: | ---: | :---: |',
    ...ergebnisse.map(
      (e) =>
        `| ${e.name} | ${fmt(e.median)} | ${fmt(e.max)} | ${e.groesse.toLocaleString('en')} | ${e.max <= ZIEL_MS ? '✓' : '✗'} |`,
    ),
  ].join('\n');
  console.log(`\n${section}\n`);
  if (options.readme) log(`geschrieben: ${writeReadmeSection('bench:auswertungen', section)}`);
  if (ergebnisse.some((e) => e.max > ZIEL_MS)) process.exitCode = 2;
}

async function cleanup() {
  for (const child of children) await child.stop();
  rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

runMain(main, cleanup);
