#!/usr/bin/env node
/**
 * `npm start` and friends: builds the server and the client when their sources are newer than the
 * build (so `npm install && npm start` works on a fresh clone), then runs dist/src/main.js with
 * the given arguments (--worker, --migrate, --seed-demo, --seed --scale N).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newest(paths) {
  let time = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path))
        if (entry !== 'node_modules' && entry !== 'dist') visit(join(path, entry));
    } else {
      time = Math.max(time, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(join(root, p)));
  return time;
}

function buildIfStale(output, sources, script) {
  const target = join(root, output);
  if (existsSync(target) && statSync(target).mtimeMs >= newest(sources)) return;
  console.log(`Baue (${script}) …`);
  const result = spawnSync(npm, ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = process.argv.slice(2);
buildIfStale(
  'dist/src/main.js',
  ['src', 'migrations', 'tsconfig.json', 'tsconfig.build.json'],
  'build:server',
);
if (!args.length && existsSync(join(root, 'client', 'vite.config.ts'))) {
  buildIfStale('dist/client/index.html', ['client'], 'build:client');
}

const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js'), ...args], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
