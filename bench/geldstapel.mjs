#!/usr/bin/env node
/**
 * `npm run bench:geldstapel [-- --buchungen 100000 --posten 10000 --scale 10000 --dist DIR --reseed --no-readme]`
 * (issue 33): money in batches through the built server's own HTTP routes on MariaDB — seconds and
 * the server's peak RSS of
 *
 * 1. the DATEV Buchungsstapel of the twelve months before the seed's today, holding `--buchungen`
 *    postings (`GET /node/datev/buchungsstapel?von&bis`, one file per month, a ZIP of them), every
 *    posting line counted and compared with the invoices it must carry;
 * 2. a camt.053.001.08 bank statement of `--posten` credits, each naming an open invoice by its
 *    number in the remittance text, read and matched (`POST /node/api/rw-kontoauszug`), then the
 *    entries counted through the API.
 *
 * Only these two requests are measured; everything else is setup, not timed:
 *
 * - The database `verband_bench_geld` (`…_<N>` for another `--scale`; BENCH_GELD_DATABASE_URL),
 *   seeded once by the app's own `--seed --scale N` (default 10 000 Benutzer, about 2 000 invoices
 *   issued by billing's use cases, each dated by its issue date) and kept while scale and bench
 *   version match (table `bench_seed`; `--reseed` seeds again; a seed of an older bench, which had
 *   to re-date the invoices itself, is replaced).
 * - Copies made by SQL: the seed alone holds far fewer postings than asked for (a seed of 770 000
 *   Benutzer would take an hour), so the setup copies invoices the product issued — plain ones,
 *   neither cancelled nor a storno — with `INSERT … SELECT` (10 000 rows a statement) until each of
 *   the twelve months holds an even share of `--buchungen` postings. A copy is its original row
 *   (so it has the product's shape: amounts, VAT lines, recipient, category, Benutzer and so his
 *   debtor number) with a number of its own (`<original>-K<n>`), its date of issue (`createdAt`
 *   and `data.datum`, which the export goes by) on a day of its month, open (no payments) and
 *   without an archived PDF. `bench_seed` records for how many postings the copies were made, so a
 *   rerun reuses them (another `--buchungen` replaces them).
 * - Before each run, the statement entries and payments of the bench's earlier statements are
 *   removed and their invoices are open again, so every run matches the same kind of invoices.
 * - The app started, logged in, its start-up jobs waited for (a first start on a fresh seed runs
 *   Abo periods, group refills and the seed's due newsletters for a while), the DATEV settings'
 *   Berater- and Mandantennummer entered, the open invoices for the statement read.
 *
 * Peak RSS is the server process's VmHWM, reset before each phase (`/proc/<pid>/clear_refs`), so
 * each phase shows its own peak.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import {
  apiClient,
  auftragsergebnis,
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
  resetPeak,
  ROOT,
  rss,
  runMain,
  startBuiltApp,
  waitForQuietJobs,
  writeReadmeSection,
} from './api/lib.mjs';

const FULL_SCALE = 10000;
/**
 * The bench's version in `bench_seed`: 2 since the product dates each invoice by its issue date
 * (e7bb620) and the copies are made by SQL. A seed without it (the bench before, on a build that
 * dated the seed's invoices at the seeding's time) is seeded again, not reused.
 */
const SEED_VERSION = 2;
/** The months exported: the twelve before the month of the seed's today. */
const MONATE = 12;
/** Rows per INSERT … SELECT of the copies. */
const KOPIEN_JE_SCHRITT = 10000;
/** The number a copy gets: its original's with `-K<n>`; what matches this is a copy. */
const KOPIE_REGEXP = '-K[0-9]+$';

const args = parseArgs();
const options = {
  buchungen: args.number('--buchungen', 100000),
  posten: args.number('--posten', 10000),
  scale: args.number('--scale', FULL_SCALE),
  dist: args.value('--dist', undefined),
  reseed: args.flag('--reseed'),
  readme: !args.flag('--no-readme'),
};
if (!Number.isInteger(options.scale))
  throw new BenchError(`--scale ${options.scale}: eine ganze Zahl / a whole number`);
/** The bench's statements: their Stmt/Id starts so, and only those are undone before a run. */
const AUSZUG_PREFIX = 'BENCH-GELD-';
/** The association's account the statement is of (the tests' sample account). */
const KONTO = 'DE89370400440532013000';
const tmp = mkdtempSync(join(tmpdir(), 'verband-bench-geld-'));
const children = [];
const log = (message) => console.log(`[bench:geldstapel] ${message}`);

// ---------------------------------------------------------------------------------------------
// Setup

/**
 * A fresh seed's invoices must stand at their issue date: a build before e7bb620 stored them at
 * the seeding's time, and the months exported would hold none of them. Such a seed is marked
 * unfinished (the next run seeds again) and refused.
 */
async function pruefeAusstellungsdatum(connection) {
  const [[{ alle, abweichend }]] = await connection.query(
    `SELECT COUNT(*) AS alle,
            COALESCE(SUM(ABS(TIMESTAMPDIFF(SECOND, createdAt,
              STR_TO_DATE(JSON_UNQUOTE(JSON_EXTRACT(data, '$.datum')), '%Y-%m-%dT%H:%i:%s.%fZ'))) > 86400), 0)
              AS abweichend
     FROM rw_rechnung WHERE JSON_UNQUOTE(JSON_EXTRACT(data, '$.datum')) LIKE '____-__-__T__:__:__.___Z'`,
  );
  if (Number(abweichend) * 2 <= Number(alle)) return;
  await connection.query('UPDATE bench_seed SET complete = 0');
  throw new BenchError(
    [
      `${abweichend} von ${alle} Rechnungen des Seeds stehen nicht an ihrem Rechnungsdatum: die gebaute App ist älter als e7bb620.`,
      `${abweichend} of ${alle} seeded invoices are not dated by their issue date: the build predates e7bb620.`,
      '  Neu bauen / build again:  npx tsc -p tsconfig.build.json --outDir /tmp/bench-dist  (--dist /tmp/bench-dist)',
    ].join('\n'),
  );
}

/**
 * Undoes the bench's earlier statements (SQL, not timed): their payments and entries go, their
 * invoices — open before, as the bench picks only open ones — are open again. The audit trail
 * keeps its lines.
 */
async function frueherAuszuegeZuruecknehmen(connection) {
  const [posten] = await connection.query(
    'SELECT id, rw_rechnung_id FROM rw_kontoauszug_posten WHERE auszug LIKE ?',
    [`${AUSZUG_PREFIX}%`],
  );
  if (posten.length === 0) return 0;
  const rechnungen = [...new Set(posten.map((p) => p.rw_rechnung_id).filter((id) => id != null))];
  for (let i = 0; i < posten.length; i += 5000) {
    const ids = posten.slice(i, i + 5000).map((p) => p.id);
    await connection.query('DELETE FROM rw_zahlung WHERE rw_kontoauszug_posten_id IN (?)', [ids]);
    await connection.query('DELETE FROM rw_kontoauszug_posten WHERE id IN (?)', [ids]);
  }
  for (let i = 0; i < rechnungen.length; i += 5000)
    await connection.query("UPDATE rw_rechnung SET zahlstatus = 'offen' WHERE id IN (?)", [
      rechnungen.slice(i, i + 5000),
    ]);
  return posten.length;
}

const berlinerTag = (datum) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(datum);
const cents = (euro) => Math.round(Number(euro) * 100);
/** DATEV's Belegfeld 1 keeps only these characters (src/shared/datev/buchungsstapel.ts). */
const belegfeld = (nr) => nr.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);

/** The MONATE months before the month of the seed's today (YYYY-MM), the oldest first. */
function exportMonate(heute) {
  const [jahr, monat] = heute.split('-').map(Number);
  return Array.from({ length: MONATE }, (_, i) =>
    new Date(Date.UTC(jahr, monat - 1 - MONATE + i, 1)).toISOString().slice(0, 7),
  );
}

/**
 * The postings an invoice row gives, as billing's DATEV rules make them
 * (src/billing/domain/datev-buchungen.ts): one per VAT rate with a non-zero amount; an invoice
 * without rates, one for a non-zero total.
 */
function buchungenDer(z) {
  const steuern = typeof z.steuern === 'string' ? JSON.parse(z.steuern) : z.steuern;
  return steuern?.length
    ? steuern.filter((s) => cents(s.brutto) !== 0).length
    : Number(cents(z.betrag ?? 0) !== 0);
}

/**
 * What the export must carry, read from the invoices (SQL, not timed): per invoice its postings
 * (buchungenDer) in the Berlin month of its date. Per month: the postings, the invoices and, per
 * Belegfeld 1, how many postings.
 */
async function erwarteteBuchungen(connection, monate) {
  const ab = new Date(Date.parse(`${monate[0]}-01T00:00:00Z`) - 86_400_000);
  const [zeilen] = await connection.query(
    `SELECT rechnungs_nr, betrag, createdAt,
            JSON_UNQUOTE(JSON_EXTRACT(data, '$.datum')) AS datum,
            JSON_EXTRACT(data, '$.steuern') AS steuern
     FROM rw_rechnung WHERE createdAt >= ?`,
    [ab],
  );
  const jeMonat = new Map(monate.map((m) => [m, { buchungen: 0, rechnungen: 0, belege: new Map() }]));
  for (const z of zeilen) {
    const datum = z.datum && z.datum !== 'null' ? new Date(z.datum) : z.createdAt;
    const monat = jeMonat.get(berlinerTag(datum).slice(0, 7));
    if (!monat) continue;
    const anzahl = buchungenDer(z);
    monat.rechnungen += 1;
    if (anzahl === 0) continue;
    monat.buchungen += anzahl;
    const beleg = belegfeld(z.rechnungs_nr);
    monat.belege.set(beleg, (monat.belege.get(beleg) ?? 0) + anzahl);
  }
  return jeMonat;
}

/**
 * Which copies to make: per month the postings it lacks to its share of `--buchungen` (the first
 * `buchungen % MONATE` months one more), filled by copies of the plain invoices in turn; where the
 * next would overshoot, an invoice of one posting instead. Each copy: its original, its `n` (the
 * original's how-many-th copy) and its date — day 1 to 28 of its month, 06:00 to 16:00 UTC, the
 * same calendar day in Berlin.
 */
function kopienPlan(quellen, vorhanden, monate) {
  const einzelne = quellen.filter((q) => q.buchungen === 1);
  const nummer = new Map();
  let naechste = 0;
  let naechsteEinzelne = 0;
  const plan = [];
  monate.forEach((monat, m) => {
    let fehlt =
      Math.floor(options.buchungen / MONATE) +
      (m < options.buchungen % MONATE ? 1 : 0) -
      vorhanden.get(monat).buchungen;
    const [jahr, mon] = monat.split('-').map(Number);
    for (let i = 0; fehlt > 0; i++) {
      let quelle = quellen[naechste++ % quellen.length];
      if (quelle.buchungen > fehlt && einzelne.length > 0)
        quelle = einzelne[naechsteEinzelne++ % einzelne.length];
      const n = (nummer.get(quelle.id) ?? 0) + 1;
      nummer.set(quelle.id, n);
      const minute = 360 + ((Math.floor(i / 28) * 37) % 600);
      plan.push([quelle.id, n, new Date(Date.UTC(jahr, mon - 1, 1 + (i % 28), 0, minute))]);
      fehlt -= quelle.buchungen;
    }
  });
  return plan;
}

/**
 * The copies of issued invoices (SQL, not timed; see the header): made once for `--buchungen`
 * and recorded in `bench_seed` (kopien_fuer, kopien, kopien_sekunden), then reused; copies made
 * for another count are deleted first. Answers how many there are, the seconds making them took
 * and whether they were reused.
 */
async function kopienAnlegen(connection, monate) {
  await connection.query(
    `ALTER TABLE bench_seed ADD COLUMN IF NOT EXISTS kopien_fuer INT NULL,
       ADD COLUMN IF NOT EXISTS kopien INT NULL, ADD COLUMN IF NOT EXISTS kopien_sekunden DOUBLE NULL`,
  );
  const [[marker]] = await connection.query('SELECT * FROM bench_seed');
  if (marker.kopien_fuer === options.buchungen) {
    log(
      `Kopien: ${marker.kopien} Rechnungen für ${options.buchungen} Buchungen, schon angelegt (${Number(marker.kopien_sekunden).toFixed(0)} s) — wiederverwendet`,
    );
    return { anzahl: marker.kopien, sekunden: marker.kopien_sekunden, reused: true };
  }
  const started = Date.now();
  await connection.query('UPDATE bench_seed SET kopien_fuer = NULL, kopien = NULL, kopien_sekunden = NULL');
  let geloescht = 0;
  for (;;) {
    const [{ affectedRows }] = await connection.query(
      `DELETE FROM rw_rechnung WHERE rechnungs_nr REGEXP ? LIMIT ${KOPIEN_JE_SCHRITT}`,
      [KOPIE_REGEXP],
    );
    geloescht += affectedRows;
    if (affectedRows === 0) break;
  }
  if (geloescht > 0) log(`${geloescht} Kopien für eine andere Zahl von Buchungen gelöscht / deleted`);

  const [quellzeilen] = await connection.query(
    `SELECT id, betrag, JSON_EXTRACT(data, '$.steuern') AS steuern FROM rw_rechnung
     WHERE storno_id IS NULL AND storno_parent_id IS NULL AND rechnungs_nr NOT REGEXP ? ORDER BY id`,
    [KOPIE_REGEXP],
  );
  const quellen = quellzeilen
    .map((z) => ({ id: z.id, buchungen: buchungenDer(z) }))
    .filter((q) => q.buchungen > 0);
  const vorhanden = await erwarteteBuchungen(connection, monate);
  const plan = quellen.length > 0 ? kopienPlan(quellen, vorhanden, monate) : [];
  if (plan.length === 0 && quellen.length === 0)
    throw new BenchError('Der Seed hat keine Rechnungen zum Kopieren / the seed holds no invoices to copy');

  // Every column of the original but these (so a column added later is copied as it is).
  const [spalten] = await connection.query(
    `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'rw_rechnung' AND COLUMN_NAME <> 'id'
     ORDER BY ORDINAL_POSITION`,
  );
  const anders = {
    rechnungs_nr: "CONCAT(r.rechnungs_nr, '-K', k.n)",
    data: "JSON_SET(r.data, '$.datum', DATE_FORMAT(k.am, '%Y-%m-%dT%H:%i:%s.000Z'))",
    createdAt: 'k.am',
    updatedAt: 'k.am',
    version: '1',
    // No payments: what billing's rule gives an invoice without any (domain/zahlung.ts).
    zahlstatus: "CASE WHEN r.betrag > 0 THEN 'offen' END",
    original_datei: 'NULL',
    original_sha256: 'NULL',
  };
  const namen = spalten.map((s) => s.name);
  const auswahl = namen.map((n) => anders[n] ?? `r.\`${n}\``);
  await connection.query(
    'CREATE TEMPORARY TABLE bench_kopie (src INT NOT NULL, n INT NOT NULL, am DATETIME(6) NOT NULL)',
  );
  for (let i = 0; i < plan.length; i += KOPIEN_JE_SCHRITT) {
    await connection.query('INSERT INTO bench_kopie (src, n, am) VALUES ?', [
      plan.slice(i, i + KOPIEN_JE_SCHRITT),
    ]);
    await connection.query(
      `INSERT INTO rw_rechnung (${namen.map((n) => `\`${n}\``).join(', ')})
       SELECT ${auswahl.join(', ')} FROM bench_kopie k JOIN rw_rechnung r ON r.id = k.src ORDER BY k.am`,
    );
    await connection.query('DELETE FROM bench_kopie');
  }
  await connection.query('DROP TEMPORARY TABLE bench_kopie');
  const sekunden = (Date.now() - started) / 1000;
  await connection.query('UPDATE bench_seed SET kopien_fuer = ?, kopien = ?, kopien_sekunden = ?', [
    options.buchungen,
    plan.length,
    sekunden,
  ]);
  log(
    `Kopien: ${plan.length} ausgestellte Rechnungen per SQL kopiert / copied (${quellen.length} Vorlagen, ${sekunden.toFixed(1)} s)`,
  );
  return { anzahl: plan.length, sekunden, reused: false };
}

const query = (q) =>
  new URLSearchParams(
    Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

// ---------------------------------------------------------------------------------------------
// The DATEV file as downloaded

/** The files of a plain ZIP (the server's ZipSchreiber: deflated, sizes in the central directory). */
function zipDateien(zip) {
  let ende = zip.length - 22;
  while (ende >= 0 && zip.readUInt32LE(ende) !== 0x06054b50) ende--;
  if (ende < 0) throw new BenchError('DATEV: ZIP ohne Verzeichnis / ZIP without central directory');
  const anzahl = zip.readUInt16LE(ende + 10);
  let at = zip.readUInt32LE(ende + 16);
  const dateien = [];
  for (let i = 0; i < anzahl; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new BenchError('DATEV: ZIP-Verzeichnis kaputt / broken');
    const methode = zip.readUInt16LE(at + 10);
    const gepackt = zip.readUInt32LE(at + 20);
    const nameLaenge = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const kommentar = zip.readUInt16LE(at + 32);
    const lokal = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLaenge).toString('utf8');
    const daten = lokal + 30 + zip.readUInt16LE(lokal + 26) + zip.readUInt16LE(lokal + 28);
    const roh = zip.subarray(daten, daten + gepackt);
    dateien.push({ name, inhalt: methode === 8 ? inflateRawSync(roh) : roh });
    at += 46 + nameLaenge + extra + kommentar;
  }
  return dateien;
}

/** The cells of one EXTF line: `;`-separated, text in `"…"` with `""` for a quote. */
function zellen(zeile) {
  const werte = [];
  let i = 0;
  for (;;) {
    let wert = '';
    if (zeile[i] === '"') {
      for (i++; ; i++) {
        if (i >= zeile.length)
          throw new BenchError(`DATEV: offenes Anführungszeichen / open quote: ${zeile}`);
        if (zeile[i] === '"' && zeile[i + 1] === '"') i++;
        else if (zeile[i] === '"') break;
        wert += zeile[i];
      }
      i++;
    } else {
      const ende = zeile.indexOf(';', i);
      wert = zeile.slice(i, ende < 0 ? zeile.length : ende);
      i = ende < 0 ? zeile.length : ende;
    }
    werte.push(wert);
    if (i >= zeile.length) return werte;
    i++;
  }
}

/**
 * One Buchungsstapel file as src/shared/datev/extf.ts reads it: Windows-1252 (a file with bytes
 * beyond ASCII that is valid UTF-8 was not), the EXTF header of category 21, the 125 headings,
 * then one line per posting with 125 cells; answers the postings per Belegfeld 1.
 */
function pruefeStapel(name, bytes, belege) {
  if (bytes.some((b) => b >= 0x80)) {
    let utf8 = true;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      utf8 = false;
    }
    if (utf8) throw new BenchError(`${name}: UTF-8 statt Windows-1252 / not Windows-1252`);
  }
  const text = new TextDecoder('windows-1252').decode(bytes);
  if (!text.endsWith('\r\n')) throw new BenchError(`${name}: letzte Zeile ohne CR/LF / no final CR/LF`);
  const [kopf, spalten, ...zeilen] = text.slice(0, -2).split('\r\n');
  if (!kopf.startsWith('"EXTF";700;21;"Buchungsstapel";13;'))
    throw new BenchError(`${name}: kein Buchungsstapel / no Buchungsstapel: ${kopf.slice(0, 80)}`);
  const breite = zellen(spalten).length;
  if (breite !== 125 || !spalten.startsWith('Umsatz (ohne Soll/Haben-Kz);'))
    throw new BenchError(`${name}: ${breite} statt 125 Spalten / columns`);
  for (const [i, zeile] of zeilen.entries()) {
    const werte = zellen(zeile);
    if (werte.length !== breite || !/^\d+,\d\d$/.test(werte[0]) || !['S', 'H'].includes(werte[1]))
      throw new BenchError(`${name}, Zeile ${i + 3}: keine Buchung / not a posting: ${zeile.slice(0, 120)}`);
    belege.set(werte[10], (belege.get(werte[10]) ?? 0) + 1);
  }
  return zeilen.length;
}

// ---------------------------------------------------------------------------------------------
// The bank statement

const xml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** A German IBAN with valid check digits (ISO 13616: mod 97 of BBAN + "DE00" as digits). */
function iban(n) {
  const bban = `${37040044 + (n % 7)}${String(n).padStart(10, '0')}`;
  const pruefziffer = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(pruefziffer).padStart(2, '0')}${bban}`;
}

/**
 * A camt.053.001.08 statement as a German bank sends it (built as test/support/camt.ts builds its
 * statements): one credit transfer per invoice, its full amount, the invoice number in the
 * remittance text beside the member's number (both looked up as candidates), no end-to-end id.
 */
function kontoauszug(id, tag, rechnungen) {
  const summe = rechnungen.reduce((s, r) => s + cents(r.betrag), 0);
  const euro = (c) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  const eroeffnung = 1_000_000;
  const eintraege = rechnungen.map(
    (r, i) =>
      `<Ntry><Amt Ccy="EUR">${euro(cents(r.betrag))}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
      `<BookgDt><Dt>${tag}</Dt></BookgDt><ValDt><Dt>${tag}</Dt></ValDt>` +
      `<AcctSvcrRef>${id}-${i + 1}</AcctSvcrRef>` +
      '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>' +
      '<NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>' +
      `<RltdPties><Dbtr><Pty><Nm>${xml(r.name)}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${iban(r.benutzer_id ?? i)}</IBAN></Id></DbtrAcct></RltdPties>` +
      `<RmtInf><Ustrd>${xml(`Rechnung ${r.rechnungs_nr} Kd-Nr ${r.benutzer_id ?? ''}`.trim())}</Ustrd></RmtInf>` +
      '</TxDtls></NtryDtls></Ntry>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">' +
    `<BkToCstmrStmt><GrpHdr><MsgId>MSG-${id}</MsgId><CreDtTm>${tag}T18:00:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${id}</Id><CreDtTm>${tag}T18:00:00</CreDtTm>` +
    `<Acct><Id><IBAN>${KONTO}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    `<Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${euro(eroeffnung)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${tag}</Dt></Dt></Bal>` +
    `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${euro(eroeffnung + summe)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${tag}</Dt></Dt></Bal>` +
    eintraege.join('') +
    '</Stmt></BkToCstmrStmt></Document>'
  );
}

/** xmllint's verdict against the shared camt.053.001.08 schema; null when it cannot be asked. */
function camtGeprueft(datei) {
  const schema = ['../shared', '../../shared']
    .map((oben) => join(ROOT, oben, 'standards/camt/camt.053.001.08.xsd'))
    .find((pfad) => existsSync(pfad));
  if (!schema) return null;
  try {
    execFileSync('xmllint', ['--noout', '--schema', schema, datei], { stdio: 'pipe' });
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw new BenchError(
      `Der erzeugte Kontoauszug ist kein gültiges camt.053.001.08 / the generated statement is invalid:\n${String(error.stderr).slice(0, 1000)}`,
    );
  }
}

function multipart(feld, dateiname, typ, inhalt) {
  const grenze = `----bench-geldstapel-${Date.now().toString(16)}`;
  return {
    contentType: `multipart/form-data; boundary=${grenze}`,
    body: Buffer.concat([
      Buffer.from(
        `--${grenze}\r\nContent-Disposition: form-data; name="${feld}"; filename="${dateiname}"\r\nContent-Type: ${typ}\r\n\r\n`,
      ),
      inhalt,
      Buffer.from(`\r\n--${grenze}--\r\n`),
    ]),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const dist = distDir(options.dist);
  const suffix = options.scale === FULL_SCALE ? '' : `_${options.scale}`;
  const db = benchDatabase(
    process.env.BENCH_GELD_DATABASE_URL ?? `mysql://root@127.0.0.1:3306/verband_bench_geld${suffix}`,
    'BENCH_GELD_DATABASE_URL',
  );
  // The machine as the run found it (before a seed of its own loads it for a while).
  const server = await connect(db);
  const machine = await machineFacts(server);
  await server.end();
  const heuteJetzt = new Date().toISOString().slice(0, 10);
  const seed = await ensureSeeded({
    db,
    dist,
    scale: options.scale,
    heute: heuteJetzt,
    reseed: options.reseed,
    log,
    dir: tmp,
    children,
    fields: [
      // The seed's today, kept: the months exported are the twelve before it, on every rerun.
      { name: 'heute', sql: 'VARCHAR(10) NOT NULL', value: heuteJetzt },
      { name: 'version', sql: 'INT NOT NULL', value: SEED_VERSION, match: true },
    ],
  });
  const heute = seed.marker.heute;
  const setupStart = process.hrtime.bigint();
  const connection = await connect(db, { withDatabase: true });
  if (!seed.reused) await pruefeAusstellungsdatum(connection);
  const zurueckgenommen = await frueherAuszuegeZuruecknehmen(connection);
  if (zurueckgenommen > 0) log(`${zurueckgenommen} Posten früherer Läufe zurückgenommen / undone`);
  const zeitraum = exportMonate(heute);
  const kopien = await kopienAnlegen(connection, zeitraum);
  await connection.end();

  const { child: app, port } = await startBuiltApp(db, dist, { dir: tmp, logFile: join(tmp, 'app.log') });
  children.push(app);
  const probe = new http.Agent({ keepAlive: false });
  const { cookie } = await login(probe, port, 'admin', BENCH_ADMIN_PASSWORD);
  // A first start on a fresh seed runs its start-up work in the background for a while (Abo
  // periods, group refills, the seed's due newsletters): done before anything is timed.
  const ruhe = await waitForQuietJobs(port, cookie);
  log(`Hintergrundaufträge der App abgewartet / waited for the app's jobs: ${ruhe.toFixed(1)} s`);

  // What the export must carry, read after the app's own work (it could have issued invoices too).
  const nachher = await connect(db, { withDatabase: true });
  const erwartet = await erwarteteBuchungen(nachher, zeitraum);
  const [[{ rechnungenGesamt }]] = await nachher.query(
    'SELECT COUNT(*) AS rechnungenGesamt FROM rw_rechnung',
  );
  await nachher.end();
  const soll = zeitraum.reduce((s, m) => s + erwartet.get(m).buchungen, 0);
  if (soll < options.buchungen)
    throw new BenchError(
      `Die Monate ${zeitraum[0]} bis ${zeitraum.at(-1)} halten nur ${soll} von ${options.buchungen} Buchungen / hold only ${soll} postings.`,
    );
  const sollBelege = new Map();
  for (const m of zeitraum)
    for (const [beleg, n] of erwartet.get(m).belege) sollBelege.set(beleg, (sollBelege.get(beleg) ?? 0) + n);

  const api = apiClient(port, cookie);
  // The export needs the Steuerberater's numbers (409 without them); the rest stays SKR03's defaults.
  const einstellungen = await api.json('GET', '/api/datev-einstellungen');
  const { bearbeitbar: _b, vorgaben: _v, ...werte } = einstellungen;
  await api.json('PUT', '/api/datev-einstellungen', {
    ...werte,
    beraternummer: 29098,
    mandantennummer: 4711,
  });
  // The months as the DATEV screen shows them: invoices per month by the server's own count.
  const jahre = [...new Set(zeitraum.map((m) => m.slice(0, 4)))];
  const monatsliste = async () =>
    (await Promise.all(jahre.map((j) => api.json('GET', `/datev/monate?jahr=${j}`)))).flat();
  const rechnungenImZeitraum = (await monatsliste())
    .filter((m) => zeitraum.includes(m.monat))
    .reduce((s, m) => s + m.rechnungen, 0);
  let setupSeconds = elapsedMs(setupStart) / 1000;

  // 1. The Buchungsstapel of the months, one request as the screen's download sends it.
  const datevPfad = `/datev/buchungsstapel?${query({ von: zeitraum[0], bis: zeitraum.at(-1), zahlungen: 'false' })}`;
  log(`DATEV ${zeitraum[0]} … ${zeitraum.at(-1)}: ${soll} Buchungen erwartet / expected`);
  const peakReset = resetPeak(app.pid);
  const vorDatev = rss(app.pid);
  let started = process.hrtime.bigint();
  const download = await api.raw('GET', datevPfad, { headers: { accept: '*/*' } });
  const datevSeconds = elapsedMs(started) / 1000;
  const nachDatev = rss(app.pid);
  const istZip = download.body.length >= 4 && download.body.readUInt32LE(0) === 0x04034b50;
  const dateien = istZip ? zipDateien(download.body) : [{ name: 'EXTF', inhalt: download.body }];
  const istBelege = new Map();
  let zeilen = 0;
  for (const { name, inhalt } of dateien) zeilen += pruefeStapel(name, inhalt, istBelege);
  if (zeilen !== soll)
    throw new BenchError(`DATEV: ${zeilen} Buchungszeilen statt / posting lines instead of ${soll}`);
  for (const [beleg, n] of sollBelege)
    if (istBelege.get(beleg) !== n)
      throw new BenchError(`DATEV: Beleg ${beleg} ${istBelege.get(beleg) ?? 0}× statt / instead of ${n}×`);
  // The server notes each month it exported with its postings; the newest notes must add up.
  const vermerkt = (await monatsliste())
    .filter((m) => zeitraum.includes(m.monat))
    .reduce((s, m) => s + (m.exporte.at(-1)?.buchungen ?? 0), 0);
  if (vermerkt !== soll)
    throw new BenchError(`DATEV: der Server vermerkt ${vermerkt} Buchungen / the server noted ${vermerkt}`);

  // 2. The bank statement: open invoices (storno invoices are never paid), spread over all of them.
  const camtSetup = process.hrtime.bigint();
  const offen = await api.json(
    'GET',
    `/api/rw-rechnung?${query({
      where: { zahlstatus: 'offen', storno_parent_id: null, betrag: { $gt: 0 } },
      attributes: ['id', 'rechnungs_nr', 'betrag', 'benutzer_id'],
      include: [{ association: 'Benutzer', attributes: ['anzeigename'] }],
      order: [['id', 'ASC']],
    })}`,
  );
  if (offen.length < options.posten)
    throw new BenchError(
      `Nur ${offen.length} offene Rechnungen für ${options.posten} Posten / only ${offen.length} open invoices`,
    );
  const bezahlt = Array.from({ length: options.posten }, (_, i) => {
    const r = offen[Math.floor((i * offen.length) / options.posten)];
    return { ...r, name: r.Benutzer?.anzeigename || `Mitglied ${r.benutzer_id}` };
  });
  const auszugId = `${AUSZUG_PREFIX}${Date.now()}`;
  const camt = Buffer.from(kontoauszug(auszugId, heute, bezahlt), 'utf8');
  const camtDatei = join(tmp, 'auszug.xml');
  writeFileSync(camtDatei, camt);
  const schemaGueltig = camtGeprueft(camtDatei);
  const upload = multipart('file', 'auszug.xml', 'application/xml', camt);
  setupSeconds += elapsedMs(camtSetup) / 1000;
  log(`Kontoauszug ${auszugId}: ${options.posten} Posten / entries …`);
  resetPeak(app.pid);
  const vorCamt = rss(app.pid);
  started = process.hrtime.bigint();
  const antwort = await auftragsergebnis(
    api,
    '/api/rw-kontoauszug',
    JSON.parse(
      (
        await api.raw('POST', '/api/rw-kontoauszug', {
          body: upload.body,
          headers: { 'content-type': upload.contentType, prefer: 'wait=25' },
        })
      ).body.toString(),
    ),
  );
  const camtSeconds = elapsedMs(started) / 1000;
  const nachCamt = rss(app.pid);
  if (antwort.buchungen !== options.posten || antwort.zugeordnet !== options.posten)
    throw new BenchError(`Kontoauszug / statement: ${JSON.stringify(antwort)}`);
  const anzahl = async (where) =>
    (await api.json('GET', `/api/rw-kontoauszug-posten?${query({ where, count: 'true', limit: '1' })}`))
      .count;
  const gespeichert = await anzahl({ auszug: auszugId });
  const zugeordnet = await anzahl({ auszug: auszugId, status: 'zugeordnet' });
  if (gespeichert !== options.posten || zugeordnet !== options.posten)
    throw new BenchError(
      `Kontoauszug: die API zählt ${gespeichert} Posten, ${zugeordnet} zugeordnet / the API counts ${gespeichert}, ${zugeordnet} matched`,
    );
  api.agent.destroy();

  const result = {
    date: new Date().toISOString().slice(0, 10),
    machine,
    seed: {
      scale: options.scale,
      heute,
      seconds: seed.seconds,
      reused: seed.reused,
      rechnungen: Number(rechnungenGesamt),
      database: db.database,
    },
    kopien,
    setupSeconds,
    datev: {
      von: zeitraum[0],
      bis: zeitraum.at(-1),
      buchungen: zeilen,
      rechnungen: rechnungenImZeitraum,
      dateien: dateien.length,
      zip: istZip,
      seconds: datevSeconds,
      bytes: download.body.length,
      dateiBytes: dateien.reduce((sum, f) => sum + f.inhalt.length, 0),
      rssBeforeMb: vorDatev.nowMb,
      peakMb: nachDatev.peakMb,
    },
    camt: {
      ...antwort,
      gespeichert,
      schemaGueltig,
      seconds: camtSeconds,
      bytes: camt.length,
      rssBeforeMb: vorCamt.nowMb,
      peakMb: nachCamt.peakMb,
    },
    peakReset,
  };
  print(result);
  if (options.readme) writeReadmeSection('bench:geldstapel', lines(result).join('\n'));
}

const fmt = (n, digits = 1) =>
  n.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const zahl = (n) => n.toLocaleString('de-DE');
const mb = (bytes) => `${fmt(bytes / 2 ** 20, 2)} MB`;

function lines(r) {
  const m = r.machine;
  const d = r.datev;
  const c = r.camt;
  return [
    `| Messung | Zeit | Größe | Server-RSS davor | Spitzen-RSS |`,
    `|---|---|---|---|---|`,
    `| DATEV-Buchungsstapel ${d.von} bis ${d.bis} (\`GET /node/datev/buchungsstapel\`): ${zahl(d.buchungen)} Buchungen aus ${zahl(d.rechnungen)} Rechnungen, ${d.zip ? `${d.dateien} Dateien als ZIP` : '1 Datei'}, jede Zeile geprüft | ${fmt(d.seconds, 2)} s | ${d.zip ? `${mb(d.bytes)} ZIP, ${mb(d.dateiBytes)} entpackt` : mb(d.bytes)} | ${fmt(d.rssBeforeMb, 0)} MB | ${fmt(d.peakMb, 0)} MB |`,
    `| Kontoauszug camt.053.001.08 mit ${zahl(c.buchungen)} Gutschriften (\`POST /node/api/rw-kontoauszug\`): ${zahl(c.zugeordnet)} über die Rechnungsnummer zugeordnet, ${zahl(c.gespeichert)} Posten laut API | ${fmt(c.seconds, 2)} s (${fmt(c.buchungen / c.seconds, 0)} Posten/s) | ${mb(c.bytes)} | ${fmt(c.rssBeforeMb, 0)} MB | ${fmt(c.peakMb, 0)} MB |`,
    '',
    `Gemessen am ${r.date} auf ${m.cpu}, ${m.cores} Kerne, ${m.ramGb} GB RAM, MariaDB ${m.mariadb}, Node ${m.node}, ` +
      `Last vorher ${m.load.join(' / ')}. Daten: \`--seed --scale ${r.seed.scale} --heute ${r.seed.heute}\` ` +
      `(Seed ${fmt(r.seed.seconds, 0)} s${r.seed.reused ? ', wiederverwendet' : ''}), dazu ${zahl(r.kopien.anzahl)} Kopien ` +
      `vom Produkt ausgestellter Rechnungen, im Aufbau per SQL angelegt (${fmt(r.kopien.sekunden, 0)} s` +
      `${r.kopien.reused ? ', wiederverwendet' : ''}): zusammen ${zahl(r.seed.rechnungen)} Rechnungen. Gemessen sind nur ` +
      `Export und Import; Aufbau des Laufs (nicht gemessen) ${fmt(r.setupSeconds, 0)} s.` +
      (c.schemaGueltig ? ' Der Kontoauszug ist gegen das camt.053.001.08-Schema geprüft.' : '') +
      (r.peakReset ? '' : ' Spitzen-RSS seit Serverstart (clear_refs nicht erlaubt).'),
  ];
}

function print(r) {
  console.log(lines(r).join('\n'));
}

runMain(main, async () => {
  for (const child of children) await child.stop();
  rmSync(tmp, { recursive: true, force: true });
});
