/**
 * A MariaDB of a test's own, in a temporary directory on its own port, so that a reliability test
 * can stop and start it without touching the machine's shared server. Uses the MariaDB binaries
 * that come with the machine's server (Debian's mariadb-server).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopServer } from './free-port';

export interface PrivateMariaDb {
  /** A DATABASE_URL for a database `name` on this server (the app creates it when missing). */
  url(name: string): string;
  start(): Promise<void>;
  /** Stops the server (SIGTERM, a clean shutdown) and waits until it is gone. */
  stop(): Promise<void>;
  /** Stops it if running and removes its files. */
  remove(): Promise<void>;
}

export async function privateMariaDb(): Promise<PrivateMariaDb> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-mariadb-'));
  const port = await freePort();
  const install = spawnSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db: ${install.stderr || install.stdout}`);
  let server: ChildProcess | undefined;

  const ready = async () => {
    const mysql = await import('mysql2/promise');
    for (let i = 0; i < 100; i++) {
      try {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await connection.end();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`MariaDB auf Port ${port} startet nicht`);
  };

  const self: PrivateMariaDb = {
    url: (name) => `mysql://root@127.0.0.1:${port}/${name}`,
    async start() {
      server = spawn(
        'mariadbd',
        [
          '--no-defaults',
          `--datadir=${join(dir, 'data')}`,
          `--port=${port}`,
          '--bind-address=127.0.0.1',
          `--socket=${join(dir, 'mariadb.sock')}`,
          '--user=root',
          '--skip-log-bin',
          '--innodb-buffer-pool-size=32M',
        ],
        { stdio: 'ignore' },
      );
      await ready();
    },
    async stop() {
      const running = server;
      server = undefined;
      await stopServer(running);
    },
    async remove() {
      await self.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}
