#!/usr/bin/env node
/**
 * `npm run lock:complete` after changing dependencies. npm on Linux leaves lock records out for
 * other platforms' optional native packages when the registry it reaches lacks those versions
 * (npm/cli#4828), and `npm ci` then refuses the lock as out of sync. This adds the missing records
 * with their os/cpu/libc (from the newest version the registry has), so that `npm ci` recognises
 * them as belonging to another platform and skips them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const check = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { encoding: 'utf8' });
const missing = `${check.stdout}${check.stderr}`
  .split('\n')
  .filter((line) => line.includes('Missing: '))
  .map((line) =>
    line
      .split('Missing: ')[1]
      .replace(' from lock file', '')
      .trim()
      .replace(/@[^@]*$/, ''),
  );

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
for (const name of missing) {
  const parent = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name]);
  if (!parent) throw new Error(`${name} is missing from the lock but no package lists it as optional`);
  const info = JSON.parse(
    execFileSync('npm', ['view', name, '--json', 'os', 'cpu', 'libc'], { encoding: 'utf8' }) || '{}',
  );
  const record = { version: parent.optionalDependencies[name], optional: true };
  for (const key of ['cpu', 'libc', 'os']) if (info[key]) record[key] = info[key];
  lock.packages[`node_modules/${name}`] = record;
  console.log(`added ${name}@${record.version}`);
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : 1))]);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(missing.length ? `${missing.length} records added` : 'lock complete');
