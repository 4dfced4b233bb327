/**
 * The built app as processes: the client's index.html is never cached (a deploy reaches every
 * browser) while its hashed assets are, sent precompressed, and `--worker` stays up until it is told to stop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, startWorker } from '../support/server';

describe('the built app', () => {
  it('serves index.html with no-cache and the hashed assets cacheable', async () => {
    const server = await startServer();
    try {
      const index = await fetch(`${server.url}/`);
      expect(index.status).toBe(200);
      expect(index.headers.get('cache-control')).toBe('no-cache');
      const asset = (await index.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
      expect(asset).toBeDefined();
      // As a browser asks: the build's brotli copy, kept for a year (a new build has new names).
      const script = await fetch(`${server.url}${asset}`, {
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      });
      expect(script.status).toBe(200);
      expect(script.headers.get('content-encoding')).toBe('br');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await script.text()).length).toBeGreaterThan(1000);
    } finally {
      await server.stop();
    }
  });

  it('keeps a worker process up until SIGTERM, then closes it cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verband-worker-'));
    const worker = await startWorker({ DATA_DIR: dir, DATABASE_URL: `sqlite:${join(dir, 'w.sqlite')}` });
    try {
      // Nothing is queued: the process must stay anyway.
      await new Promise((r) => setTimeout(r, 1500));
      expect(worker.process.exitCode).toBeNull();
      expect(await worker.stop()).toBe(0);
      expect(worker.output()).toContain('Worker wird beendet (SIGTERM)');
    } finally {
      if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
