/**
 * One contract for both queue adapters: in-process always, BullMQ when REDIS_TEST_URL is set.
 * In CI a missing REDIS_TEST_URL fails the suite (DESIGN.md §7).
 */
import { Logger } from '@nestjs/common';
import { createClient } from 'redis';
import { BullMqJobQueue } from '../../src/platform/queue/bullmq-job-queue';
import { InProcessJobQueue } from '../../src/platform/queue/in-process-job-queue';
import { JobInfo, JobQueue, JobState } from '../../src/platform/queue/job-queue';
import { DomainError } from '../../src/shared/domain-error';

const redisUrl = process.env.REDIS_TEST_URL;
const prefix = `vv-test-${process.pid}-${Date.now()}`;
/** Timers and the two clocks (Node, Redis) may round by a millisecond or two. */
const CLOCK_SLACK_MS = 5;
/**
 * BullMQ's limiter counts in fixed windows that open at a window's first start: the second start of
 * a window may lie a few milliseconds after the first, and the next window's starts count from the
 * first's. Within that spread, starts may come closer than the window to those of the last one.
 */
const LIMITER_SLACK_MS = 40;

type Adapter = [label: string, create: () => Promise<JobQueue>];
const adapters: Adapter[] = [['in-process', async () => new InProcessJobQueue()]];
let redisUsed = false;
if (redisUrl) {
  adapters.push([
    'BullMQ',
    async () => {
      // Fail fast with a clear message instead of timing out on every case.
      const probe = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
      await probe.connect();
      await probe.close();
      redisUsed = true;
      return new BullMqJobQueue({ url: redisUrl, prefix });
    },
  ]);
}

if (process.env.CI === 'true' && !redisUrl) {
  test('REDIS_TEST_URL is set in CI', () => {
    throw new Error('REDIS_TEST_URL fehlt: in CI muss der Queue-Vertrag auch gegen Redis laufen');
  });
}

let counter = 0;
const uniqueName = (what: string) => `${what}-${Date.now().toString(36)}-${++counter}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Due times one after the other, each a whole number of intervals after the one before. */
const onBeat = (dueTimes: number[], everyMs: number) =>
  dueTimes.every((due, i) => i === 0 || (due > dueTimes[i - 1] && (due - dueTimes[i - 1]) % everyMs === 0));

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

async function waitFor(
  queue: JobQueue,
  name: string,
  id: string,
  until: (job: JobInfo) => boolean,
  timeoutMs = 10_000,
): Promise<JobInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await queue.getJob(name, id);
    if (job && until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${name}#${id} timed out: ${JSON.stringify(job)}`);
    await sleep(20);
  }
}
const inState =
  (...states: JobState[]) =>
  (job: JobInfo) =>
    states.includes(job.state);

describe.each(adapters)('JobQueue contract: %s', (_label, create) => {
  let queue: JobQueue;

  beforeAll(async () => {
    // Every run logs its start and end (info); the test apps' logger shows errors only, so here too.
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    queue = await create();
  });

  afterAll(async () => {
    await queue?.close();
  });

  test('a job runs exactly once and its return value is recorded', async () => {
    const name = uniqueName('once');
    const runs: { data: unknown; attempt: number }[] = [];
    queue.register<{ mitglied: number; betreff: string }>(name, async (job) => {
      runs.push({ data: job.data, attempt: job.attempt });
      return { versendet: 3, an: 'Müller' };
    });
    const id = await queue.add(name, { mitglied: 42, betreff: 'Grüße' });

    const job = await waitFor(queue, name, id, inState('completed', 'failed'));
    await sleep(200);

    expect(job).toMatchObject({
      id,
      name,
      state: 'completed',
      attemptsMade: 1,
      returnValue: { versendet: 3, an: 'Müller' },
    });
    expect(runs).toEqual([{ data: { mitglied: 42, betreff: 'Grüße' }, attempt: 1 }]);
  });

  test('a failing job is retried with exponential backoff and finally recorded as failed', async () => {
    const name = uniqueName('retry');
    const backoffMs = 150;
    const starts: { at: number; attempt: number }[] = [];
    queue.register(name, async (job) => {
      starts.push({ at: Date.now(), attempt: job.attempt });
      throw new Error(`Versand fehlgeschlagen (Versuch ${job.attempt})`);
    });
    const id = await queue.add(name, {}, { attempts: 3, backoffMs });

    const job = await waitFor(queue, name, id, inState('failed'));

    expect(job.attemptsMade).toBe(3);
    expect(job.failedReason).toBe('Versand fehlgeschlagen (Versuch 3)');
    expect(starts.map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(starts[1].at - starts[0].at).toBeGreaterThanOrEqual(backoffMs - CLOCK_SLACK_MS);
    expect(starts[2].at - starts[1].at).toBeGreaterThanOrEqual(2 * backoffMs - CLOCK_SLACK_MS);
  });

  test('a delayed job waits at least its delay', async () => {
    const name = uniqueName('delay');
    const delayMs = 400;
    let ranAt = 0;
    queue.register(name, async () => {
      ranAt = Date.now();
    });
    const addedAt = Date.now();
    const id = await queue.add(name, null, { delayMs });

    expect((await queue.getJob(name, id))?.state).toBe('delayed');
    await waitFor(queue, name, id, inState('completed'));
    expect(ranAt - addedAt).toBeGreaterThanOrEqual(delayMs - CLOCK_SLACK_MS);
  });

  test('a duplicate jobId runs once', async () => {
    const name = uniqueName('dedupe');
    let runs = 0;
    queue.register(name, async () => {
      runs++;
    });
    const first = await queue.add(name, { n: 1 }, { jobId: 'rechnungslauf-7' });
    const second = await queue.add(name, { n: 2 }, { jobId: 'rechnungslauf-7' });
    await waitFor(queue, name, first, inState('completed'));
    const third = await queue.add(name, { n: 3 }, { jobId: 'rechnungslauf-7' });
    await sleep(300);

    expect([first, second, third]).toEqual(['rechnungslauf-7', 'rechnungslauf-7', 'rechnungslauf-7']);
    expect(runs).toBe(1);
  });

  test('progress is visible while the job runs and afterwards', async () => {
    const name = uniqueName('progress');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    queue.register(name, async (job) => {
      await job.progress({ gesendet: 1, gesamt: 2 });
      await released;
      await job.progress({ gesendet: 2, gesamt: 2 });
    });
    const id = await queue.add(name, {});

    const running = await waitFor(queue, name, id, (job) => job.state === 'active' && job.progress !== 0);
    expect(running.progress).toEqual({ gesendet: 1, gesamt: 2 });
    release();
    const done = await waitFor(queue, name, id, inState('completed'));
    expect(done.progress).toEqual({ gesendet: 2, gesamt: 2 });
  });

  test('an unknown job id answers null', async () => {
    expect(await queue.getJob(uniqueName('none'), 'gibt-es-nicht')).toBeNull();
  });

  test('the limiter starts at most `max` jobs per window, the others wait', async () => {
    const name = uniqueName('limit');
    const limiter = { max: 2, durationMs: 300 };
    const starts: number[] = [];
    queue.register(name, async () => void starts.push(Date.now()), { concurrency: 3, limiter });
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.add(name, { n })));

    for (const id of ids) await waitFor(queue, name, id, inState('completed'));

    starts.sort((a, b) => a - b);
    expect(starts).toHaveLength(6);
    expect(starts[5] - starts[0]).toBeGreaterThanOrEqual(2 * limiter.durationMs - CLOCK_SLACK_MS);
    // Any `max` + 1 consecutive starts span at least one window.
    for (let i = limiter.max; i < starts.length; i++) {
      expect(starts[i] - starts[i - limiter.max]).toBeGreaterThanOrEqual(
        limiter.durationMs - LIMITER_SLACK_MS,
      );
    }
  });

  test('a scheduled job runs at once and then every interval; scheduling it again adds no run', async () => {
    const name = uniqueName('takt');
    const everyMs = 400;
    const runs: { at: number; id: string; data: unknown }[] = [];
    queue.register(name, async (job) => void runs.push({ at: Date.now(), id: job.id, data: job.data }));

    const before = Date.now();
    await queue.schedule(name, 'takt', { everyMs }, { gruppeId: 7 });
    const after = Date.now();
    await until(() => runs.length >= 1);
    // What every further process start does: the next run keeps its time.
    await queue.schedule(name, 'takt', { everyMs }, { gruppeId: 7 });
    await until(() => runs.length >= 3);

    // Judged by the due times in the ids: a worker that starts late runs late, but on the same beat.
    const dueTimes = runs.map((run) => Number(/^repeat:takt:(\d+)$/.exec(run.id)?.[1]));
    // At once: due while the call was made (BullMQ takes its clock once connected).
    expect(dueTimes[0]).toBeGreaterThanOrEqual(before);
    expect(dueTimes[0]).toBeLessThanOrEqual(after);
    runs.forEach((run, i) => expect(run.at).toBeGreaterThanOrEqual(dueTimes[i] - CLOCK_SLACK_MS));
    expect(onBeat(dueTimes, everyMs)).toBe(true);
    expect(runs.map((run) => run.data)).toEqual([{ gruppeId: 7 }, { gruppeId: 7 }, { gruppeId: 7 }]);
    // The next run waits, planned on the same beat.
    const planned = (await queue.list(name, 'delayed', 0, 10)).map((job) => job.id);
    expect(planned).toEqual([expect.stringMatching(/^repeat:takt:\d+$/)]);
    expect(onBeat([...dueTimes, Number(planned[0].split(':')[2])], everyMs)).toBe(true);
  });

  test('a schedule starts at its first due time', async () => {
    const name = uniqueName('ab');
    const runs: number[] = [];
    queue.register(name, async () => void runs.push(Date.now()));
    const firstAt = new Date(Date.now() + 1000);

    await queue.schedule(name, 'ab', { everyMs: 60_000, firstAt }, null, { attempts: 3 });

    const first = `repeat:ab:${firstAt.getTime()}`;
    expect(await queue.getJob(name, first)).toMatchObject({ state: 'delayed', attempts: 3 });
    await waitFor(queue, name, first, inState('completed'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toBeGreaterThanOrEqual(firstAt.getTime() - CLOCK_SLACK_MS);
    expect((await queue.list(name, 'delayed', 0, 10)).map((job) => job.id)).toEqual([
      `repeat:ab:${firstAt.getTime() + 60_000}`,
    ]);
  });

  test('the overview counts the jobs of each name by state', async () => {
    const name = uniqueName('zaehlen');
    const ohneWorker = uniqueName('ohne-worker');
    queue.register<{ scheitern: boolean }>(name, async (job) => {
      if (job.data.scheitern) throw new Error('nein');
    });
    const ok = await queue.add(name, { scheitern: false });
    const failed = await queue.add(name, { scheitern: true });
    await queue.add(name, { scheitern: false }, { delayMs: 60_000 });
    await queue.add(ohneWorker, {});
    await waitFor(queue, name, ok, inState('completed'));
    await waitFor(queue, name, failed, inState('failed'));

    const overview = await queue.overview();

    expect(overview.filter((counts) => [name, ohneWorker].includes(counts.name))).toEqual(
      [
        { name, waiting: 0, active: 0, delayed: 1, failed: 1, completed: 1 },
        { name: ohneWorker, waiting: 1, active: 0, delayed: 0, failed: 0, completed: 0 },
      ].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const names = overview.map((counts) => counts.name);
    expect(names).toEqual([...names].sort());
  });

  test('a list shows the jobs of a state newest first, page by page, with the ids of their data only', async () => {
    const name = uniqueName('liste');
    queue.register<{ dispatcherId: number }>(name, async (job) => {
      throw new Error(`Dispatcher ${job.data.dispatcherId} gescheitert`);
    });
    const ids: string[] = [];
    const begin = Date.now();
    for (const dispatcherId of [1, 2, 3]) {
      const id = await queue.add(name, { dispatcherId, passwort: 'geheim' }, { attempts: 1 });
      await waitFor(queue, name, id, inState('failed'));
      ids.push(id);
      await sleep(5);
    }

    const first = await queue.list(name, 'failed', 0, 2);
    const second = await queue.list(name, 'failed', 2, 2);

    expect([...first, ...second].map((job) => job.id)).toEqual([...ids].reverse());
    expect(first[0]).toMatchObject({
      id: ids[2],
      name,
      state: 'failed',
      attemptsMade: 1,
      attempts: 1,
      failedReason: 'Dispatcher 3 gescheitert',
      dataIds: { dispatcherId: 3 },
    });
    expect(JSON.stringify(first)).not.toContain('geheim');
    expect(first[0].createdAt.getTime()).toBeGreaterThanOrEqual(begin - CLOCK_SLACK_MS);
    expect(first[0].finishedAt!.getTime()).toBeGreaterThanOrEqual(first[0].createdAt.getTime());
    expect(await queue.list(name, 'completed', 0, 10)).toEqual([]);
  });

  test('a failed job can be retried with its attempts afresh; nothing else can', async () => {
    const name = uniqueName('nochmal');
    let scheitern = true;
    queue.register(name, async () => {
      if (scheitern) throw new Error('Server antwortet nicht');
      return 'ok';
    });
    const id = await queue.add(name, { gruppeId: 3 }, { attempts: 2, backoffMs: 10 });
    expect(await waitFor(queue, name, id, inState('failed'))).toMatchObject({ attemptsMade: 2, attempts: 2 });

    scheitern = false;
    await queue.retry(name, id);

    const done = await waitFor(queue, name, id, inState('completed'));
    expect(done).toMatchObject({ attemptsMade: 1, attempts: 2, returnValue: 'ok' });
    expect(done.failedReason).toBeUndefined();
    const refusal = await queue.retry(name, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'conflict', message: expect.stringContaining('erledigt') });
    await expect(queue.retry(name, 'gibt-es-nicht')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

if (redisUrl) {
  describe('BullMQ across processes', () => {
    test('a process without workers lists the queues that other processes made', async () => {
      const worker = new BullMqJobQueue({ url: redisUrl, prefix });
      const app = new BullMqJobQueue({ url: redisUrl, prefix, runWorkers: false });
      try {
        const name = uniqueName('anderswo');
        await worker.add(name, { n: 1 }, { delayMs: 60_000 });

        const overview = await app.overview();

        expect(overview.find((counts) => counts.name === name)).toEqual({
          name,
          waiting: 0,
          active: 0,
          delayed: 1,
          failed: 0,
          completed: 0,
        });
      } finally {
        await worker.close();
        await app.close();
      }
    });

    test('two processes scheduling the same job make one run per interval', async () => {
      const [a, b] = [
        new BullMqJobQueue({ url: redisUrl, prefix }),
        new BullMqJobQueue({ url: redisUrl, prefix }),
      ];
      try {
        const name = uniqueName('zwei');
        const runs: string[] = [];
        for (const queue of [a, b]) queue.register(name, async (job) => void runs.push(job.id));
        await Promise.all([a, b].map((queue) => queue.schedule(name, 'zwei', { everyMs: 300 }, {})));
        await until(() => runs.length >= 3);
        await Promise.all([a, b].map((queue) => queue.schedule(name, 'zwei', { everyMs: 300 }, {})));
        await sleep(400);

        const dueTimes = runs.map((id) => Number(id.split(':')[2])).sort((x, y) => x - y);
        expect(onBeat(dueTimes, 300)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}

afterAll(async () => {
  if (!redisUsed) return;
  // Unique prefixes keep runs apart; deleting them keeps Redis from filling up with test queues.
  const client = createClient({ url: redisUrl });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
    if (keys.length) await client.del(keys);
  }
  await client.close();
});
