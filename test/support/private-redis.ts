/**
 * A Redis of a test's own, in a temporary directory on its own port, so that a reliability test
 * can stop and start it without touching the machine's shared server. It keeps an append-only
 * file, as a production Redis for the queue must (docker-compose.yml), so a restart loses nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, stopServer } from './free-port';

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** Stops the server (SIGTERM: it writes its files and exits) and waits until it is gone. */
  stop(): Promise<void>;
  /** Stops it if running and removes its files. */
  remove(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('error', () => resolve(false));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

export async function privateRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-redis-'));
  let port = await freePort();
  let server: ChildProcess | undefined;
  /** Once it ran, a restart must come back on the same port: the app under test knows it. */
  let liefSchon = false;

  const self: PrivateRedis = {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async start() {
      for (let versuch = 1; ; versuch++) {
        const prozess = spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--dir',
            dir,
            '--appendonly',
            'yes',
            '--appendfsync',
            'always',
            '--save',
            '',
          ],
          { stdio: 'ignore' },
        );
        server = prozess;
        for (let i = 0; i < 100 && prozess.exitCode === null; i++) {
          if (await answersPing(port)) {
            liefSchon = true;
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // Exited at once: the free port was taken meanwhile by a process of a parallel test.
        if (prozess.exitCode !== null && !liefSchon && versuch < 3) {
          port = await freePort();
          continue;
        }
        throw new Error(`Redis auf Port ${port} startet nicht`);
      }
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
