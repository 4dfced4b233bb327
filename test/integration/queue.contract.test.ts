/**
 * One contract for both queue adapters: in-process always, BullMQ when REDIS_TEST_URL is set.
 * In CI a missing REDIS_TEST_URL fails the suite (DESIGN.md §7).
 */
import { Logger } from '@nestjs/common';
import { createClient } from 'redis';
import { BullMqJobQueue } from '../../src/platform/queue/bullmq-job-queue';
import { InProcessJobQueue } from '../../src/platform/queue/in-process-job-queue';
import { JobInfo, JobQueue, JobState } from '../../src/platform/queue/job-queue';

const redisUrl = process.env.REDIS_TEST_URL;
const prefix = `vv-test-${process.pid}-${Date.now()}`;
/** Timers and the two clocks (Node, Redis) may round by a millisecond or two. */
const CLOCK_SLACK_MS = 5;

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
});

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
