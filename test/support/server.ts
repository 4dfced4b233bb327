/**
 * Spawns the BUILT app (`node dist/src/main.js`, or under `E2E_DIST` for a build kept elsewhere) on
 * a free port with a fresh SQLite database and the demo data, for browser tests. Resolves once the
 * server answers.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export interface RunningServer {
  url: string;
  adminPassword: string;
  dir: string;
  stop(): Promise<void>;
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

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-e2e-'));
  const port = await freePort();
  // The env's, when the caller seeded the database with its own admin first.
  const adminPassword = env.ADMIN_PASSWORD ?? 'E2e-Passwort-1';
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
