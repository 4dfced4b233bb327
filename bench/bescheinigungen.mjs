#!/usr/bin/env node
/**
 * `node bench/bescheinigungen.mjs [--count 1000]`: renders that many certificates from the default
 * template (templates/pdf/teilnahmebescheinigung.pdf) through the PDF port into one merged PDF
 * file, as `GET /node/api/bescheinigung/seminar` does, once with a tenth of the count and once
 * with the count, each in a fresh process. Prints seconds, pages per second and peak RSS of both
 * and the ratios: time should grow with the count, peak RSS should not (pages are streamed out).
 * Needs the server build (`npm run build:server`, or BENCH_DIST pointing at another build).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

/** One run inside this process: render `count` certificates, report seconds, pages, bytes, peak RSS. */
async function run(count) {
  const { PdfLibRenderer } = await import(join(dist, 'src/platform/pdf/pdf-lib-renderer.js'));
  const file = 'teilnahmebescheinigung.pdf';
  const content = readFileSync(join(process.cwd(), 'templates', 'pdf', file));
  const template = { title: 'Teilnahmebescheinigung', file, content, load: async () => content };
  const vornamen = ['Jürgen', 'Änne', 'Björn', 'Sößke', 'Çağla', 'Øyvind'];
  async function* jobs() {
    for (let i = 0; i < count; i++)
      yield {
        template,
        data: {
          teilnehmer: { name: `${vornamen[i % vornamen.length]} Müßig-${i}`, kennnummer: String(100000 + i) },
          seminar: { titel: 'Grundsteuer für Privatpersonen', lg_id: 'LG-2024-17' },
          termine: '05.03.2024, 12.03.2024',
          stunden: 8.5,
          fachberater_stunden: 5,
          fachberatermarke: 'Fachberater für Sanierung',
          fortbildungspass: true,
          bescheinigung: { textfeld1: 'Anerkannt nach § 15 FAO.' },
          ausgestellt: '2024-03-12',
        },
      };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-bescheinigungen-'));
  const out = createWriteStream(join(dir, 'alle.pdf'));
  const start = process.hrtime.bigint();
  const pages = await new PdfLibRenderer().renderMerged(jobs(), out);
  out.end();
  await finished(out);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const bytes = statSync(join(dir, 'alle.pdf')).size;
  rmSync(dir, { recursive: true, force: true });
  // maxRSS is in kilobytes.
  return { count, seconds, pages, bytes, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

if (args[0] === '--child') {
  process.stdout.write(JSON.stringify(await run(Number(args[1]))));
} else {
  const count = option('--count', 1000);
  const results = [Math.max(1, Math.round(count / 10)), count].map((n) => {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', String(n)], {
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(child.stderr);
    return JSON.parse(child.stdout);
  });
  for (const r of results)
    console.log(
      `${String(r.count).padStart(6)} Bescheinigungen: ${r.seconds.toFixed(1)} s, ${(r.pages / r.seconds).toFixed(0)} Seiten/s, ` +
        `${(r.bytes / 1024 / 1024).toFixed(1)} MB PDF, Spitzen-RSS ${r.peakRssMb.toFixed(0)} MB`,
    );
  const [small, large] = results;
  console.log(
    `Verhältnis ${large.count}/${small.count}: Zeit ×${(large.seconds / small.seconds).toFixed(1)}, ` +
      `Spitzen-RSS ×${(large.peakRssMb / small.peakRssMb).toFixed(2)}`,
  );
}
