#!/usr/bin/env node
/**
 * `npm run bench:billing [-- --bookings 2000 --pdfs 1000 --dist DIR --no-readme]` (issue 13): the
 * invoice run over one seminar with 2 000 bookings on MariaDB (rendering and archiving each
 * invoice's PDF), then 1 000 invoice PDFs downloaded, then the invoices as one ZIP — first the
 * first 100, then all (issue 28: streamed, the peak must not grow with the count) — seconds and
 * the server's peak RSS of each, through the built server's own HTTP code path
 * (`POST /node/api/rw-rechnung`, `GET /node/api/rw-rechnung/{id}/render`, `GET …/multiple`).
 *
 * Setup (not timed): a fresh database `verband_bench_billing` (BENCH_BILLING_DATABASE_URL;
 * created here and dropped at the end), the built app started on it, half as many members as
 * bookings, each booking itself and one employee through `POST /node/api/rw-transaction` (priced
 * by the tiers: member, employee of a member, non-member), a payment option each, all verified.
 * The run then issues one invoice per member. Peak RSS is the server process's VmHWM, reset
 * before each phase (`/proc/<pid>/clear_refs`), so each phase shows its own peak.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiClient,
  appEnv,
  auftragsergebnis,
  benchDatabase,
  BenchError,
  connect,
  distDir,
  elapsedMs,
  freePort,
  login,
  machineFacts,
  parseArgs,
  request,
  resetPeak,
  rss,
  runMain,
  startNode,
  waitFor,
  writeReadmeSection,
} from './api/lib.mjs';

const args = parseArgs();
const options = {
  bookings: args.number('--bookings', 2000, { min: 2 }),
  pdfs: args.number('--pdfs', 1000),
  dist: args.value('--dist', undefined),
  readme: !args.flag('--no-readme'),
};
const ADMIN_PASSWORD = 'Bench-Billing-1';
const SETUP_CONCURRENCY = 8;
const tmp = mkdtempSync(join(tmpdir(), 'verband-bench-billing-'));
const children = [];
let dropDatabase = async () => undefined;

/** Long work (the invoice run): its result, polling its job once the request's wait is over. */
async function ergebnisDerArbeit(api, path, body) {
  return auftragsergebnis(api, path, await api.json('POST', path, body, { prefer: 'wait=25' }));
}

/** `work(i)` for i < n, `SETUP_CONCURRENCY` at a time. */
async function parallel(n, work) {
  let next = 0;
  const worker = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(n, SETUP_CONCURRENCY) }, worker));
}

async function main() {
  const dist = distDir(options.dist);
  const db = benchDatabase(
    process.env.BENCH_BILLING_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/verband_bench_billing',
    'BENCH_BILLING_DATABASE_URL',
  );
  const server = await connect(db);
  const machine = await machineFacts(server);
  await server.query(`DROP DATABASE IF EXISTS \`${db.database}\``);
  await server.query(`CREATE DATABASE \`${db.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  dropDatabase = async () => {
    await server.query(`DROP DATABASE IF EXISTS \`${db.database}\``);
    await server.end();
  };

  const port = await freePort();
  const app = startNode(join(dist, 'src', 'main.js'), [], {
    env: appEnv({
      databaseUrl: db.url,
      port,
      dir: tmp,
      secret: 'bench-billing',
      adminPassword: ADMIN_PASSWORD,
    }),
    logFile: join(tmp, 'app.log'),
  });
  children.push(app);
  const probe = new http.Agent({ keepAlive: false });
  // Any answer but the start-up gate's 503 means it is ready.
  await waitFor(
    'App-Start',
    async () => ![0, 503].includes((await request(probe, port, '/node/health')).status),
    {
      child: app,
      timeoutMs: 300000,
    },
  );
  const { cookie } = await login(probe, port, 'admin', ADMIN_PASSWORD);
  const api = apiClient(port, cookie, { maxSockets: SETUP_CONCURRENCY });

  // Setup: one seminar with the three usual tiers, members with one employee each.
  const setupStart = process.hrtime.bigint();
  const kreis = await api.json('POST', '/api/rw-kreis', { titel: 'Bench', template: 'RE-{yyyy}-{nr:5}' });
  const vorlage = await api.json('POST', '/api/rw-vorlage', { titel: 'Bench', rw_kreis_id: kreis.id });
  const typ = await api.json('POST', '/api/veranstaltung-typ', {
    bezeichnung: 'Bench-Seminar',
    mwst: 19,
    rw_vorlage_id: vorlage.id,
  });
  const seminar = await api.json('POST', '/api/veranstaltung', {
    titel: 'Jahresabschluss kompakt',
    lg_id: 'BENCH-1',
    veranstaltung_typ_id: typ.id,
    mwst: 19,
    preis1: 290,
    preis1_beschreibung: 'Mitglieder',
    preis2: 390,
    preis2_beschreibung: 'Nichtmitglieder',
    preis3: 245.5,
    preis3_beschreibung: 'Mitarbeiter von Mitgliedern',
  });
  const mitglieder = Math.ceil(options.bookings / 2);
  let gebucht = 0;
  await parallel(mitglieder, async (i) => {
    const mitglied = await api.json('POST', '/api/benutzer', {
      firma: `Kanzlei Müßig & Partner ${i}`,
      kennnummer: String(500000 + i),
      atr_mitglied: i % 3 !== 0,
    });
    // An invoice needs the recipient's full address (§ 14 UStG).
    const adresse = await api.json('POST', '/api/benutzer-adresse', {
      benutzer_id: mitglied.id,
      strasse: 'Königsallee 12',
      plz: '40213',
      ort: 'Düsseldorf',
    });
    await api.json('POST', '/api/rw-bezahloption', {
      benutzer_id: mitglied.id,
      category: 'seminare',
      veranstaltung_id: seminar.id,
      typ: 'transfer',
      benutzer_adresse_id: adresse.id,
    });
    const buche = (teilnehmer) =>
      api.json('POST', '/api/rw-transaction', {
        benutzer_id: mitglied.id,
        teilnehmer_id: teilnehmer,
        category: 'seminare',
        veranstaltung_id: seminar.id,
        buchung_typ: 'backoffice',
      });
    await buche(mitglied.id);
    gebucht++;
    if (gebucht < options.bookings) {
      gebucht++;
      const mitarbeiter = await api.json('POST', '/api/benutzer', {
        vorname: 'Änne',
        nachname: `Öztürk-${i}`,
        kennnummer: String(600000 + i),
        parent_id: mitglied.id,
      });
      await buche(mitarbeiter.id);
    }
  });
  const objekt = { category: 'seminare', category_id: seminar.id };
  const verifiziert = await api.json('POST', '/api/rw-transaction/setAllVerifiziert', objekt);
  if (verifiziert.length !== options.bookings)
    throw new BenchError(`${verifiziert.length} statt ${options.bookings} Buchungen verifiziert`);
  const setupSeconds = elapsedMs(setupStart) / 1000;

  // 1. The invoice run.
  const peakReset = resetPeak(app.pid);
  const vorLauf = rss(app.pid);
  let started = process.hrtime.bigint();
  const lauf = await ergebnisDerArbeit(api, '/api/rw-rechnung', { ...objekt, only_verified: true });
  const laufSeconds = elapsedMs(started) / 1000;
  const nachLauf = rss(app.pid);
  if (lauf.created !== mitglieder) throw new BenchError(`Lauf: ${JSON.stringify(lauf)}`);

  // 2. Invoice PDFs, one request after another as staff open them.
  const rechnungen = await api.json(
    'GET',
    `/api/rw-rechnung?where=${encodeURIComponent(JSON.stringify({ veranstaltung_id: seminar.id }))}&limit=1000&order=${encodeURIComponent(JSON.stringify([['id', 'ASC']]))}`,
  );
  const ids = rechnungen.map((r) => r.id);
  resetPeak(app.pid);
  const vorPdf = rss(app.pid);
  let bytes = 0;
  started = process.hrtime.bigint();
  for (let i = 0; i < options.pdfs; i++) {
    const pdf = (await api.raw('GET', `/api/rw-rechnung/${ids[i % ids.length]}/render`)).body;
    if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new BenchError(`Rechnung ${ids[i]}: kein PDF`);
    bytes += pdf.length;
  }
  const pdfSeconds = elapsedMs(started) / 1000;
  const nachPdf = rss(app.pid);

  // 3. The invoices as one ZIP (`multiple`), the first 100 and then all: the peak stays put.
  const zip = async (where) => {
    resetPeak(app.pid);
    const vorher = rss(app.pid);
    const start = process.hrtime.bigint();
    const query = `type=zip&where=${encodeURIComponent(JSON.stringify(where))}`;
    const body = (await api.raw('GET', `/api/rw-rechnung/multiple?${query}`)).body;
    if (body.readUInt32LE(0) !== 0x04034b50) throw new BenchError('Sammel-Download: kein ZIP');
    return {
      seconds: elapsedMs(start) / 1000,
      mb: body.length / 2 ** 20,
      rssBeforeMb: vorher.nowMb,
      peakMb: rss(app.pid).peakMb,
    };
  };
  const zipKlein = {
    count: Math.min(100, ids.length),
    ...(await zip({ veranstaltung_id: seminar.id, id: { $lte: ids[Math.min(100, ids.length) - 1] } })),
  };
  const zipAlle = { count: ids.length, ...(await zip({ veranstaltung_id: seminar.id })) };
  api.agent.destroy();

  const result = {
    date: new Date().toISOString().slice(0, 10),
    machine,
    setupSeconds,
    bookings: options.bookings,
    lauf: { ...lauf, seconds: laufSeconds, rssBeforeMb: vorLauf.nowMb, peakMb: nachLauf.peakMb },
    pdf: {
      count: options.pdfs,
      seconds: pdfSeconds,
      mb: bytes / 2 ** 20,
      rssBeforeMb: vorPdf.nowMb,
      peakMb: nachPdf.peakMb,
    },
    zip: [zipKlein, zipAlle],
    peakReset,
  };
  print(result);
  if (options.readme) writeReadmeSection('bench:billing', lines(result).join('\n'));
}

const fmt = (n, digits = 1) =>
  n.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function lines(r) {
  const m = r.machine;
  return [
    `| Messung | Zeit | Server-RSS davor | Spitzen-RSS |`,
    `|---|---|---|---|`,
    `| Abrechnungslauf: ${r.bookings.toLocaleString('de-DE')} Buchungen → ${r.lauf.created.toLocaleString('de-DE')} Rechnungen (1 Transaktion, dann die PDFs archiviert) | ${fmt(r.lauf.seconds, 2)} s | ${fmt(r.lauf.rssBeforeMb, 0)} MB | ${fmt(r.lauf.peakMb, 0)} MB |`,
    `| ${r.pdf.count.toLocaleString('de-DE')} Rechnungs-PDFs nacheinander (\`GET …/render\`, ${fmt(r.pdf.mb)} MB) | ${fmt(r.pdf.seconds, 1)} s (${fmt(r.pdf.count / r.pdf.seconds, 0)} PDF/s) | ${fmt(r.pdf.rssBeforeMb, 0)} MB | ${fmt(r.pdf.peakMb, 0)} MB |`,
    ...r.zip.map(
      (z) =>
        `| ${z.count.toLocaleString('de-DE')} Rechnungen als ein ZIP (\`GET …/multiple?type=zip\`, ${fmt(z.mb)} MB) | ${fmt(z.seconds, 1)} s | ${fmt(z.rssBeforeMb, 0)} MB | ${fmt(z.peakMb, 0)} MB |`,
    ),
    '',
    `Gemessen am ${r.date} auf ${m.cpu}, ${m.cores} Kerne, ${m.ramGb} GB RAM, MariaDB ${m.mariadb}, Node ${m.node}, ` +
      `Last vorher ${m.load.join(' / ')}; Aufbau (nicht gemessen) ${fmt(r.setupSeconds, 0)} s.` +
      (r.peakReset ? '' : ' Spitzen-RSS seit Serverstart (clear_refs nicht erlaubt).'),
  ];
}

function print(r) {
  console.log(lines(r).join('\n'));
}

runMain(main, async () => {
  for (const child of children) await child.stop();
  await dropDatabase();
  rmSync(tmp, { recursive: true, force: true });
});
