#!/usr/bin/env node
/**
 * Runs after every `npm install` and `npm ci` (package.json `postinstall`). npm on Linux leaves lock
 * records out for other platforms' optional native packages when the registry it reaches lacks
 * those versions (npm/cli#4828), and `npm ci` then refuses the lock as out of sync. This adds the
 * missing records with their os/cpu/libc (from the newest version the registry has), so that
 * `npm ci` recognises them as belonging to another platform and skips them. A complete lock is
 * left untouched, so an install on a fresh clone changes no tracked file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));

/** Where Node would find `name` for the package at `path`: its own node_modules, then upwards. */
function resolves(path, name) {
  for (let base = path; ;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

const missing = new Map();
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {}))
    if (!resolves(path, name)) missing.set(name, version);
}

for (const [name, version] of missing) {
  const info = JSON.parse(
    execFileSync('npm', ['view', name, '--json', 'os', 'cpu', 'libc'], { encoding: 'utf8' }) || '{}',
  );
  // Keys and records in npm's own order, so that npm's next write of the lock changes nothing.
  const record = { version };
  for (const key of ['cpu', 'libc', 'optional', 'os'])
    if (key === 'optional') record.optional = true;
    else if (info[key]) record[key] = info[key];
  lock.packages[`node_modules/${name}`] = record;
  console.log(`package-lock.json: added ${name}@${version} (another platform's optional package)`);
}
if (missing.size > 0) {
  const [root, ...rest] = Object.entries(lock.packages);
  lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => a.localeCompare(b, 'en'))]);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
