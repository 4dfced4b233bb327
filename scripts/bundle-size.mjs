/**
 * The client's first load (issue 16): the JS and CSS that index.html loads before any screen —
 * its scripts, module preloads and stylesheets — gzipped, against a budget of 350 KB. Feature
 * screens, the rich-text editor and charts are separate chunks loaded when used. Run after
 * `vite build`; fails the build when the budget is exceeded.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 350;
const dir = join(import.meta.dirname, '..', 'dist', 'client');
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const kb = (file) => gzipSync(readFileSync(join(dir, file))).length / 1024;

const first = initial.reduce((sum, file) => sum + kb(file), 0);
const lazy = readdirSync(join(dir, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => /\.(js|css)$/.test(file) && !initial.includes(file));
const later = lazy.reduce((sum, file) => sum + kb(file), 0);

console.log(
  `Client: erster Aufruf ${first.toFixed(1)} KB gzip (${initial.length} Dateien, Budget ${BUDGET_KB} KB); ` +
    `${lazy.length} nachgeladene Dateien ${later.toFixed(1)} KB gzip.`,
);
if (first > BUDGET_KB) {
  console.error(`Der erste Aufruf des Clients ist größer als ${BUDGET_KB} KB gzip.`);
  process.exit(1);
}
