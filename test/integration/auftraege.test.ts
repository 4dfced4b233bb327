/**
 * Issue 15 "Processes": the staff's queue dashboard over HTTP. Jobs of a name of the test's own
 * are counted by state, the failed ones listed with reason, attempts and times (their data only by
 * its ids), and a failed one retried. In-process on SQLite; with REDIS_TEST_URL also on BullMQ,
 * where the app runs with WORKERS=false and the jobs run in a worker of the test (another process,
 * as far as Redis can tell), in a Redis database of its own so that the shared one stays clean.
 */
import { Logger } from '@nestjs/common';
import type request from 'supertest';
import { BullMqJobQueue } from '../../src/platform/queue/bullmq-job-queue';
import { JobQueue } from '../../src/platform/queue/job-queue';
import { eventually } from '../support/eventually';
import { clearQueues, redisTestDatabase } from '../support/redis-test';
import { startTestApp, type TestApp } from '../support/test-app';

const redisUrl = redisTestDatabase(2);
const STARTUP_TIMEOUT = 180_000;

interface Setup {
  t: TestApp;
  /** Where the test's jobs run: the app's own queue, or a worker process of BullMQ. */
  worker: JobQueue;
  close(): Promise<void>;
}

const setups: [string, () => Promise<Setup>][] = [
  [
    'in-process',
    async () => {
      const t = await startTestApp('sqlite');
      return { t, worker: t.app.get(JobQueue), close: () => t.close() };
    },
  ],
];
if (redisUrl) {
  setups.push([
    'BullMQ, the app with WORKERS=false',
    async () => {
      const t = await startTestApp('sqlite', { env: { REDIS_URL: redisUrl, WORKERS: 'false' } });
      const worker = new BullMqJobQueue({ url: redisUrl });
      return {
        t,
        worker,
        async close() {
          await worker.close();
          await t.close();
          await clearQueues(redisUrl, ['pruefauftrag-*']);
        },
      };
    },
  ]);
}

interface Auftrag {
  id: string;
  name: string;
  state: string;
  attemptsMade: number;
  attempts: number;
  failedReason?: string;
  createdAt: string;
  finishedAt?: string;
  dataIds: Record<string, unknown>;
}

describe.each(setups)('the queue dashboard (%s)', (_label, setup) => {
  const name = `pruefauftrag-${Date.now().toString(36)}`;
  let s: Setup;
  let api: request.Agent;
  let scheitern = true;
  let failedId: string;
  let okId: string;

  beforeAll(async () => {
    // Failures are logged as errors; the test makes them on purpose.
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    s = await setup();
    api = await s.t.login();
    s.worker.register<{ dispatcherId: number }>(name, async (job) => {
      if (scheitern) throw new Error(`SMTP-Server für Dispatcher ${job.data.dispatcherId} nicht erreichbar`);
      return { versendet: 1 };
    });
    const waitFor = async (id: string, state: string) =>
      eventually(async () => expect((await s.worker.getJob(name, id))?.state).toBe(state));
    failedId = await s.worker.add(
      name,
      { dispatcherId: 5, smtpPasswort: 'geheim' },
      { attempts: 2, backoffMs: 10 },
    );
    await waitFor(failedId, 'failed');
    scheitern = false;
    okId = await s.worker.add(name, { dispatcherId: 6 });
    await waitFor(okId, 'completed');
  }, STARTUP_TIMEOUT);

  afterAll(async () => {
    await s?.close();
    jest.restoreAllMocks();
  }, STARTUP_TIMEOUT);

  it('counts the jobs of every name by state', async () => {
    const answer = await api.get('/node/api/auftraege').expect(200);
    expect(answer.body).toContainEqual({ name, waiting: 0, active: 0, delayed: 0, failed: 1, completed: 1 });
  });

  it('lists the failed jobs with reason, attempts and times, showing of their data the ids only', async () => {
    const answer = await api.get(`/node/api/auftraege/${name}`).query({ status: 'failed' }).expect(200);
    const [job] = answer.body as Auftrag[];
    expect(answer.body).toHaveLength(1);
    expect(job).toMatchObject({
      id: failedId,
      name,
      state: 'failed',
      attemptsMade: 2,
      attempts: 2,
      failedReason: 'SMTP-Server für Dispatcher 5 nicht erreichbar',
      dataIds: { dispatcherId: 5 },
    });
    expect(Date.parse(job.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
    expect(answer.text).not.toContain('geheim');
    expect(job).not.toHaveProperty('returnValue');

    // Failed is the default state; others and pages on request.
    expect((await api.get(`/node/api/auftraege/${name}`).expect(200)).body).toHaveLength(1);
    const erledigt = await api.get(`/node/api/auftraege/${name}`).query({ status: 'completed' }).expect(200);
    expect((erledigt.body as Auftrag[]).map((j) => j.id)).toEqual([okId]);
    expect(erledigt.text).not.toContain('versendet');
    const weiter = await api
      .get(`/node/api/auftraege/${name}`)
      .query({ status: 'failed', offset: 1, limit: 10 });
    expect(weiter.body).toEqual([]);
  });

  it('refuses an unknown state, a bad page and an unknown name in German', async () => {
    const status = await api.get(`/node/api/auftraege/${name}`).query({ status: 'kaputt' });
    expect([status.status, status.body.message]).toEqual([
      400,
      expect.stringContaining('Unbekannter Status'),
    ]);
    for (const limit of ['viele', '500']) {
      const answer = await api.get(`/node/api/auftraege/${name}`).query({ limit });
      expect([answer.status, answer.body.message]).toEqual([
        400,
        '„limit“ muss eine ganze Zahl von 0 bis 200 sein.',
      ]);
    }
    const unbekannt = await api.get('/node/api/auftraege/gibt-es-nicht');
    expect([unbekannt.status, unbekannt.body.message]).toEqual([
      404,
      'Aufträge „gibt-es-nicht“ gibt es nicht.',
    ]);
  });

  it('is for staff with a session, and a retry needs X-Api-Request', async () => {
    expect((await s.t.anonymous().get('/node/api/auftraege')).status).toBe(403);
    const cookie = await s.t.sessionCookie();
    const ohneKopf = await s.t
      .anonymous()
      .set('Cookie', cookie)
      .post(`/node/api/auftraege/${name}/${failedId}/wiederholen`);
    expect(ohneKopf.status).toBe(403);
    expect((await s.worker.getJob(name, failedId))?.state).toBe('failed');
  });

  it('retries a failed job, which then runs again, and refuses to retry anything else', async () => {
    const unbekannt = await api.post(`/node/api/auftraege/${name}/gibt-es-nicht/wiederholen`);
    expect([unbekannt.status, unbekannt.body.message]).toEqual([
      404,
      `Der Auftrag ${name}#gibt-es-nicht ist nicht (mehr) bekannt.`,
    ]);
    const answer = await api.post(`/node/api/auftraege/${name}/${failedId}/wiederholen`).expect(200);
    expect(answer.body).toMatchObject({ id: failedId, attempts: 2 });
    expect(['waiting', 'active', 'completed']).toContain(answer.body.state);

    await eventually(async () => {
      const overview = await api.get('/node/api/auftraege').expect(200);
      expect(overview.body).toContainEqual({
        name,
        waiting: 0,
        active: 0,
        delayed: 0,
        failed: 0,
        completed: 2,
      });
    });
    const nochmal = await api.post(`/node/api/auftraege/${name}/${failedId}/wiederholen`);
    expect([nochmal.status, nochmal.body.message]).toEqual([
      409,
      `Der Auftrag ${name}#${failedId} ist erledigt; nur fehlgeschlagene Aufträge können erneut versucht werden.`,
    ]);
  });
});
