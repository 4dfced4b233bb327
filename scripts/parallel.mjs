#!/usr/bin/env node
/**
 * `node scripts/parallel.mjs a b c`: runs the npm scripts a, b and c side by side and fails when
 * any of them fails. The static checks (type check, ESLint, Prettier, dependency rules) are one
 * single-threaded process each: on the CI machine (2 cores) all four at once took 71 s instead of
 * 95 s one after another. Each script's output is shown in one piece when it ends.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        process.stdout.write(`> ${name}${code === 0 ? '' : ` (exit ${code})`}\n${output}`);
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
const failed = names.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`Fehlgeschlagen: ${failed.join(', ')}`);
  process.exit(1);
}
