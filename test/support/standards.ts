/**
 * The official schemas the exports must satisfy live beside the repository in `../shared/standards`
 * (DESIGN.md §6), read from there and never copied. Found by walking up from the repository, so a
 * git worktree deeper down finds the same folder; STANDARDS_DIR overrides. Missing → the test fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function standardsDir(): string {
  if (process.env.STANDARDS_DIR) return resolve(process.env.STANDARDS_DIR);
  for (let dir = resolve(__dirname, '..', '..'); dir !== dirname(dir); dir = dirname(dir)) {
    const kandidat = join(dirname(dir), 'shared', 'standards');
    if (existsSync(kandidat)) return kandidat;
  }
  throw new Error('../shared/standards nicht gefunden (STANDARDS_DIR setzen)');
}

/** Validates the XML against the schema (a path below the standards folder) with xmllint; throws its report. */
export function pruefeGegenSchema(xml: string, schema: string): void {
  try {
    execFileSync('xmllint', ['--noout', '--schema', join(standardsDir(), schema), '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('xmllint fehlt: apt-get install -y libxml2-utils', { cause: error });
    const bericht = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`${schema}: ${bericht}`, { cause: error });
  }
}
