import { Logger } from '@nestjs/common';
import { InProcessJobQueue } from './in-process-job-queue';

describe('InProcessJobQueue', () => {
  let queue: InProcessJobQueue;

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    queue = new InProcessJobQueue();
  });

  afterEach(async () => {
    await queue.close();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test('waits backoffMs · 2^(attempt−1) before each retry', async () => {
    jest.useFakeTimers();
    const startedAt: number[] = [];
    queue.register('retry', async () => {
      startedAt.push(Date.now());
      throw new Error('nein');
    });
    const begin = Date.now();
    const id = await queue.add('retry', {}, { attempts: 4, backoffMs: 100 });

    await jest.advanceTimersByTimeAsync(1000);

    expect(startedAt.map((t) => t - begin)).toEqual([0, 100, 300, 700]);
    expect(await queue.getJob('retry', id)).toMatchObject({
      state: 'failed',
      attemptsMade: 4,
      failedReason: 'nein',
    });
  });

  test('is delayed between attempts and keeps the last error when a retry succeeds', async () => {
    jest.useFakeTimers();
    queue.register('flaky', async (job) => {
      if (job.attempt === 1) throw new Error('SMTP nicht erreichbar');
      return 'ok';
    });
    const id = await queue.add('flaky', {}, { attempts: 2, backoffMs: 50 });

    await jest.advanceTimersByTimeAsync(10);
    expect((await queue.getJob('flaky', id))?.state).toBe('delayed');
    await jest.advanceTimersByTimeAsync(50);
    expect(await queue.getJob('flaky', id)).toMatchObject({
      state: 'completed',
      attemptsMade: 2,
      returnValue: 'ok',
      failedReason: 'SMTP nicht erreichbar',
    });
  });

  test('keeps jobs waiting until a worker registers', async () => {
    const id = await queue.add('later', { n: 1 });
    expect((await queue.getJob('later', id))?.state).toBe('waiting');

    const seen: unknown[] = [];
    queue.register('later', async (job) => seen.push(job.data));
    await new Promise((resolve) => setImmediate(resolve));

    expect(seen).toEqual([{ n: 1 }]);
    expect((await queue.getJob('later', id))?.state).toBe('completed');
  });

  test('runs at most `concurrency` jobs of a name at once', async () => {
    let active = 0;
    let peak = 0;
    queue.register(
      'parallel',
      async () => {
        peak = Math.max(peak, ++active);
        await new Promise((resolve) => setTimeout(resolve, 10));
        active--;
      },
      { concurrency: 2 },
    );
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.add('parallel', { n })));
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(peak).toBe(2);
    for (const id of ids) expect((await queue.getJob('parallel', id))?.state).toBe('completed');
  });

  test('hands data over as JSON, like Redis would', async () => {
    let received: unknown;
    queue.register('json', async (job) => {
      received = job.data;
    });
    const data = { am: new Date('2026-03-01T09:00:00Z'), leer: undefined };
    await queue.add('json', data);
    await new Promise((resolve) => setImmediate(resolve));

    expect(received).toEqual({ am: '2026-03-01T09:00:00.000Z' });
  });

  test('close() cancels delayed jobs and waits for running ones', async () => {
    const ran: string[] = [];
    let finish!: () => void;
    queue.register('busy', async (job) => {
      await new Promise<void>((resolve) => (finish = resolve));
      ran.push(job.id);
    });
    queue.register('delayed', async (job) => {
      ran.push(job.id);
    });
    const busy = await queue.add('busy', {});
    await queue.add('delayed', {}, { delayMs: 20 });
    await new Promise((resolve) => setImmediate(resolve));

    const closing = queue.close();
    finish();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 40));

    expect(ran).toEqual([busy]);
    await expect(queue.add('busy', {})).rejects.toThrow('geschlossen');
  });

  test('the limiter lets `max` jobs start per window and resumes when the oldest start leaves it', async () => {
    jest.useFakeTimers();
    const startedAt: number[] = [];
    queue.register('takt', async () => void startedAt.push(Date.now()), {
      concurrency: 5,
      limiter: { max: 2, durationMs: 300 },
    });
    const begin = Date.now();
    for (let n = 0; n < 5; n++) await queue.add('takt', { n });

    await jest.advanceTimersByTimeAsync(1000);

    expect(startedAt.map((t) => t - begin)).toEqual([0, 0, 300, 300, 600]);
  });

  test('close() stops a schedule', async () => {
    jest.useFakeTimers();
    let runs = 0;
    queue.register('stuendlich', async () => void runs++);
    await queue.schedule('stuendlich', 'takt', { everyMs: 100 }, {});
    await jest.advanceTimersByTimeAsync(250);
    expect(runs).toBe(3);

    await queue.close();
    await jest.advanceTimersByTimeAsync(1000);

    expect(runs).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  test('a changed interval replaces the planned run', async () => {
    jest.useFakeTimers();
    const begin = Date.now();
    await queue.schedule('umgeplant', 'takt', { everyMs: 1000, firstAt: new Date(begin + 1000) }, {});
    await queue.schedule('umgeplant', 'takt', { everyMs: 500, firstAt: new Date(begin + 500) }, {});

    expect((await queue.list('umgeplant', 'delayed', 0, 10)).map((job) => job.id)).toEqual([
      `repeat:takt:${begin + 500}`,
    ]);
  });

  test('rejects names and ids that BullMQ would reject', async () => {
    await expect(queue.add('a:b', {})).rejects.toThrow('Ungültiger Auftragsname');
    await expect(queue.add('ok', {}, { jobId: '42' })).rejects.toThrow('Ungültige Auftrags-ID');
    await expect(queue.add('ok', {}, { jobId: 'a:b' })).rejects.toThrow('Ungültige Auftrags-ID');
    expect(() => queue.register('', async () => undefined)).toThrow('Ungültiger Auftragsname');
  });

  test('refuses a second worker for the same name', () => {
    queue.register('once', async () => undefined);
    expect(() => queue.register('once', async () => undefined)).toThrow('bereits ein Worker');
  });
});

describe('InProcessJobQueue log lines', () => {
  test('name the job, its id and run and the ids in its data, on start, end and failure', async () => {
    const lines: { level: string; line: Record<string, unknown> }[] = [];
    const capture = (level: string) =>
      jest.spyOn(Logger.prototype, level as 'log').mockImplementation((line: unknown) => {
        lines.push({ level, line: line as Record<string, unknown> });
      });
    capture('log');
    capture('warn');
    capture('error');
    const queue = new InProcessJobQueue();
    queue.register<{ dispatcherId: number; text: string }>('versand', async (job) => {
      if (job.attempt === 1) throw new Error('Server antwortet nicht');
    });
    const id = await queue.add(
      'versand',
      { dispatcherId: 42, text: 'nicht geloggt' },
      { attempts: 2, backoffMs: 1 },
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await queue.close();
    jest.restoreAllMocks();

    const ids = { jobId: id, job: 'versand', dispatcherId: 42 };
    expect(lines).toEqual([
      {
        level: 'log',
        line: expect.objectContaining({ ...ids, attempt: 1, msg: expect.stringMatching(/gestartet/) }),
      },
      {
        level: 'warn',
        line: expect.objectContaining({ ...ids, attempt: 1, error: 'Server antwortet nicht' }),
      },
      {
        level: 'log',
        line: expect.objectContaining({ ...ids, attempt: 2, msg: expect.stringMatching(/gestartet/) }),
      },
      {
        level: 'log',
        line: expect.objectContaining({
          ...ids,
          attempt: 2,
          durationMs: expect.any(Number),
          msg: expect.stringMatching(/beendet/),
        }),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('nicht geloggt');
  });
});
