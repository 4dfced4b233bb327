import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUFFUELLEN } from '../../src/membership/adapters/jobs/gruppen.jobs';
import { SERVICE_UNAVAILABLE } from '../../src/platform/http/error.filter';
import { JobQueue } from '../../src/platform/queue/job-queue';
import { eventually } from '../support/eventually';
import { privateRedis, type PrivateRedis } from '../support/private-redis';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 17, faults: with sessions and jobs in Redis, the app answers 503 in German while Redis is
 * down and recovers by itself; jobs queued before app, workers and Redis restart are done after
 * it, none lost. The test runs a Redis of its own, never the machine's shared one.
 */
describe('a Redis outage and restarts', () => {
  let redis: PrivateRedis;
  let dir: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    redis = await privateRedis();
    await redis.start();
    dir = mkdtempSync(join(tmpdir(), 'verband-neustart-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await redis?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An app on the shared SQLite file and the private Redis; WORKERS=false only queues jobs. */
  const start = async (workers: boolean) => {
    const app = await startTestApp('sqlite', {
      env: {
        DATABASE_URL: `sqlite:${join(dir, 'verband.sqlite')}`,
        REDIS_URL: redis.url,
        WORKERS: String(workers),
      },
    });
    apps.push(app);
    return app;
  };

  it('answers 503 in German while Redis is down and recovers without a restart', async () => {
    const t = await start(true);
    const staff = await t.login();
    expect((await staff.get('/node/api/verband-bezirk')).status).toBe(200);

    await redis.stop();
    const answer = await staff.get('/node/api/verband-bezirk');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ statusCode: 503, message: SERVICE_UNAVAILABLE });
    const health = await t.anonymous().get('/node/health');
    expect(health.status).toBe(503);
    expect(health.body.details).toMatchObject({ redis: 'down', queue: 'down' });

    await redis.start();
    // The session survived in Redis's append-only file.
    await eventually(
      async () => expect((await staff.get('/node/api/verband-bezirk')).status).toBe(200),
      30000,
    );
    expect((await t.anonymous().get('/node/health')).status).toBe(200);
    await t.close();
    apps.pop();
  }, 90000);

  it('does the jobs queued before app, workers and Redis restarted, none lost', async () => {
    const producer = await start(false);
    const staff = await producer.login();
    for (const nachname of ['Rede', 'Vortrag']) {
      expect((await staff.post('/node/api/benutzer').send({ nachname, atr_referent: true })).status).toBe(
        201,
      );
    }
    const gruppe = (
      await staff.post('/node/api/benutzer-gruppe').send({ name: '', typ: 'Auto', code: 'auto_referenten' })
    ).body as { id: number };
    const queue = producer.app.get(JobQueue);
    const ids = [await queue.add(AUFFUELLEN, { gruppeId: gruppe.id, actor: null })];
    expect((await queue.getJob(AUFFUELLEN, ids[0]))?.state).toBe('waiting');
    await producer.close();
    apps.pop();

    await redis.stop();
    await redis.start();

    const worker = await start(true);
    const members = () =>
      worker
        .login()
        .then((agent) =>
          agent.get(
            `/node/api/benutzer-benutzer-gruppe?count=true&limit=1&where=${encodeURIComponent(JSON.stringify({ benutzer_gruppe_id: gruppe.id }))}`,
          ),
        );
    await eventually(async () => expect((await members()).body.count).toBe(2), 30000);
    expect((await worker.app.get(JobQueue).getJob(AUFFUELLEN, ids[0]))?.state).toBe('completed');
  }, 90000);
});
