/**
 * The client's first load (issue 16): the JS and CSS that index.html loads before any screen —
 * its scripts, module preloads and stylesheets — as the app sends them (precompressed), against a
 * budget of 350 KB gzip. Feature screens, the rich-text editor and charts are separate chunks
 * loaded when used. Run after `vite build` and precompress.mjs; fails the build over the budget.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUDGET_KB = 350;
const dir = join(import.meta.dirname, '..', 'dist', 'client');
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
// What the app sends (src/platform/http/client-files.ts): the precompressed copy the build wrote
// (scripts/precompress.mjs) for a browser that takes it, else the file itself.
const sent = (file, extension) => {
  const path = join(dir, file);
  return statSync(existsSync(path + extension) ? path + extension : path).size / 1024;
};
const sum = (files, extension) => files.reduce((total, file) => total + sent(file, extension), 0);

const lazy = readdirSync(join(dir, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => /\.(js|css)$/.test(file) && !initial.includes(file));
const first = sum(initial, '.gz');

console.log(
  `Client: erster Aufruf ${first.toFixed(1)} KB gzip, ${sum(initial, '.br').toFixed(1)} KB brotli, wie die App sie sendet ` +
    `(${initial.length} Dateien, Budget ${BUDGET_KB} KB gzip); ${lazy.length} nachgeladene Dateien ` +
    `${sum(lazy, '.gz').toFixed(1)} KB gzip.`,
);
if (first > BUDGET_KB) {
  console.error(`Der erste Aufruf des Clients ist größer als ${BUDGET_KB} KB gzip.`);
  process.exit(1);
}
