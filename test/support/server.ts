/**
 * Spawns the BUILT app (`node dist/src/main.js`, or under `E2E_DIST` for a build kept elsewhere) on
 * a free port with a fresh SQLite database and the demo data, for browser tests. Resolves once the
 * server answers.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface RunningServer {
  url: string;
  adminPassword: string;
  dir: string;
  /** Ends the server and removes its data directory, unless `behalten`. */
  stop(options?: { behalten?: boolean }): Promise<void>;
}

/** The built app's entry point. */
export const MAIN_JS = join(process.env.E2E_DIST ?? join(__dirname, '..', '..', 'dist'), 'src', 'main.js');

/**
 * For tests outside e2e that spawn the built app: the build, rebuilt (without type check) when src is newer.
 */
export function aktuellerBuild(): void {
  const root = join(__dirname, '..', '..');
  const neuestes = (pfad: string): number =>
    statSync(pfad).isDirectory()
      ? Math.max(0, ...readdirSync(pfad).map((name) => neuestes(join(pfad, name))))
      : statSync(pfad).mtimeMs;
  if (existsSync(MAIN_JS) && statSync(MAIN_JS).mtimeMs >= neuestes(join(root, 'src'))) return;
  const build = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`Build: ${build.stdout}${build.stderr}`);
}

export interface RunningWorker {
  process: ChildProcess;
  /** What it printed so far (pino JSON lines). */
  output(): string;
  /** SIGTERM (a clean shutdown) and its exit code. */
  stop(): Promise<number | null>;
}

/** The built app as a worker process (`main.js --worker`) with `env` and PATH; resolves once it reports it runs. */
export async function startWorker(env: Record<string, string>): Promise<RunningWorker> {
  const child = spawn(process.execPath, [MAIN_JS, '--worker'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 300 && !output.includes('Worker gestartet'); i++) {
    if (child.exitCode !== null) throw new Error(`Worker beendet (${child.exitCode}):\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes('Worker gestartet')) throw new Error(`Worker startet nicht:\n${output}`);
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Settings that change what a first start writes: a server given one of them starts on an empty
 * data directory of its own. Every other server starts on a copy of one demo start (below).
 */
const EIGENER_ERSTSTART = [
  'DATABASE_URL',
  'DATA_DIR',
  'FILES_DIR',
  'SEED_DEMO',
  'ADMIN_PASSWORD',
  'NODE_ENV',
];
const ADMIN_PASSWORD = 'E2e-Passwort-1';

/**
 * The data directory of a first start with the demo data (database, stored files, session secret),
 * made once per build and day — the demo data is dated around today — and kept in the temporary
 * directory for every later start: the first start seeds for about 1.5 s, a copy takes
 * milliseconds. Jest processes starting together may both make it; one keeps its copy.
 */
async function demoStart(): Promise<string> {
  const { mtimeMs, size } = statSync(MAIN_JS);
  const schluessel = createHash('sha256')
    .update(`${MAIN_JS} ${mtimeMs} ${size} ${new Date().toDateString()}`)
    .digest('hex')
    .slice(0, 16);
  const vorlage = join(tmpdir(), `verband-e2e-demo-${schluessel}`);
  if (existsSync(vorlage)) return vorlage;
  // Those of earlier builds and days go after a day (a run on another build may still use its own).
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('verband-e2e-demo-'))) {
    const alt = join(tmpdir(), name);
    // Another process may have removed it meanwhile.
    const alter = Date.now() - (statSync(alt, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (alter > 86_400_000) rmSync(alt, { recursive: true, force: true });
  }
  const dir = mkdtempSync(join(tmpdir(), 'verband-e2e-'));
  const server = await starte(dir, {});
  await server.stop({ behalten: true });
  try {
    renameSync(dir, vorlage);
  } catch {
    // Another process kept its copy first.
    rmSync(dir, { recursive: true, force: true });
  }
  return vorlage;
}

/**
 * The built app on a free port with SQLite in a fresh data directory; `env` may override any
 * setting. Without one of EIGENER_ERSTSTART it starts on a copy of the demo start.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-e2e-'));
  if (!EIGENER_ERSTSTART.some((name) => name in env)) cpSync(await demoStart(), dir, { recursive: true });
  return starte(dir, env);
}

async function starte(dir: string, env: Record<string, string>) {
  const port = await freePort();
  // The env's, when the caller seeded the database with its own admin first.
  const adminPassword = env.ADMIN_PASSWORD ?? ADMIN_PASSWORD;
  const child: ChildProcess = spawn(process.execPath, [MAIN_JS], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, 'e2e.sqlite')}`,
      MAIL_URL: `file:${join(dir, 'outbox')}`,
      ADMIN_PASSWORD: adminPassword,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // A first start seeds the demo data through billing's use cases (booking by booking): give it time.
  const deadline = Date.now() + 90000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/node/loginInfo`);
      if (response.status === 403) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server antwortet nicht:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    adminPassword,
    dir,
    async stop({ behalten = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!behalten) rmSync(dir, { recursive: true, force: true });
    },
  };
}
