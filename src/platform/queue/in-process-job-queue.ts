import { Logger } from '@nestjs/common';
import {
  AddJobOptions,
  assertRetriable,
  assertValidJob,
  DEFAULT_BACKOFF_MS,
  errorMessage,
  JobCounts,
  jobDataIds,
  JobHandler,
  jobLogFields,
  JobInfo,
  jobNotFound,
  JobProgress,
  JobQueue,
  JobState,
  Repeat,
  WorkerOptions,
} from './job-queue';

interface Entry {
  id: string;
  name: string;
  data: unknown;
  state: JobState;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  progress: JobProgress;
  failedReason?: string;
  returnValue?: unknown;
  createdAt: number;
  finishedAt?: number;
  /** While delayed: the timer that enqueues it. */
  timer?: NodeJS.Timeout;
  /** A scheduler's run: its start plans the next one. */
  scheduled?: { scheduler: Scheduler; dueAt: number };
}

interface Worker {
  handler: JobHandler<unknown>;
  concurrency: number;
  active: number;
  limiter?: { max: number; durationMs: number };
  /** With a limiter: the start times within its last window, oldest first. */
  starts: number[];
  /** With a limiter: the timer that resumes after the window. */
  resume?: NodeJS.Timeout;
}

interface Scheduler {
  id: string;
  name: string;
  everyMs: number;
  data: unknown;
  attempts: number;
  backoffMs: number;
  /** The delayed run it made last. */
  next?: Entry;
}

/** As many finished jobs per name as the BullMQ adapter keeps, so memory stays bounded. */
const KEEP_FINISHED: Record<'completed' | 'failed', number> = { completed: 1000, failed: 5000 };

/** Copies the way BullMQ serializes (see job-queue.ts). */
function asJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function info(entry: Entry): JobInfo {
  const { id, name, state, attemptsMade, attempts, progress, failedReason, returnValue } = entry;
  return {
    id,
    name,
    state,
    attemptsMade,
    attempts,
    progress: asJson(progress),
    failedReason,
    returnValue: asJson(returnValue),
    createdAt: new Date(entry.createdAt),
    finishedAt: entry.finishedAt === undefined ? undefined : new Date(entry.finishedAt),
    dataIds: jobDataIds(entry.data),
  };
}

/**
 * Runs jobs in this process (REDIS_URL unset). Jobs survive neither a restart nor a crash; that is
 * the embedded setup's trade-off. A failing handler is retried and logged, never thrown further.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('JobQueue');
  private readonly jobs = new Map<string, Map<string, Entry>>();
  private readonly finished = new Map<string, string[]>();
  private readonly ready = new Map<string, Entry[]>();
  private readonly workers = new Map<string, Worker>();
  /** By `<name>:<schedulerId>`: like BullMQ, a scheduler id is unique per job name. */
  private readonly schedulers = new Map<string, Scheduler>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  register<T>(name: string, handler: JobHandler<T>, options: WorkerOptions = {}): void {
    assertValidJob(name);
    if (this.workers.has(name)) throw new Error(`Für Aufträge "${name}" ist bereits ein Worker registriert`);
    const concurrency = Math.max(1, options.concurrency ?? 1);
    this.workers.set(name, {
      handler: handler as JobHandler<unknown>,
      concurrency,
      active: 0,
      limiter: options.limiter,
      starts: [],
    });
    this.pump(name);
  }

  async add<T>(name: string, data: T, options: AddJobOptions = {}): Promise<string> {
    assertValidJob(name, options.jobId);
    this.assertOpen();
    const id = options.jobId ?? String(this.nextId++);
    if (this.jobsOf(name).has(id)) return id;
    this.start(this.create(name, id, asJson(data), options), options.delayMs);
    return id;
  }

  async schedule<T>(
    name: string,
    schedulerId: string,
    repeat: Repeat,
    data: T,
    options: Pick<AddJobOptions, 'attempts' | 'backoffMs'> = {},
  ): Promise<void> {
    assertValidJob(name);
    this.assertOpen();
    const key = `${name}:${schedulerId}`;
    const settings = {
      id: schedulerId,
      name,
      everyMs: repeat.everyMs,
      data: asJson(data),
      attempts: Math.max(1, options.attempts ?? 1),
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    };
    const existing = this.schedulers.get(key);
    const next = existing?.next?.state === 'delayed' ? existing.next : undefined;
    if (existing && existing.everyMs === repeat.everyMs) {
      // The same schedule again (another start): the planned run keeps its time, takes the new data.
      Object.assign(existing, settings);
      if (next)
        Object.assign(next, {
          data: settings.data,
          attempts: settings.attempts,
          backoffMs: settings.backoffMs,
        });
      return;
    }
    if (next) this.forget(next);
    const scheduler: Scheduler = settings;
    this.schedulers.set(key, scheduler);
    this.plan(scheduler, Math.max(Date.now(), repeat.firstAt?.getTime() ?? 0));
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const entry = this.jobs.get(name)?.get(id);
    return entry ? info(entry) : null;
  }

  async overview(): Promise<JobCounts[]> {
    const names = new Set([
      ...this.jobs.keys(),
      ...this.workers.keys(),
      ...[...this.schedulers.values()].map((s) => s.name),
    ]);
    return [...names].sort().map((name) => {
      const counts: JobCounts = { name, waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 };
      for (const entry of this.jobs.get(name)?.values() ?? []) counts[entry.state]++;
      return counts;
    });
  }

  async list(name: string, state: JobState, offset: number, limit: number): Promise<JobInfo[]> {
    const finished = state === 'completed' || state === 'failed';
    const time = (entry: Entry) => (finished ? entry.finishedAt! : entry.createdAt);
    // Map order is insertion order: reversed, the newest come first among equal times.
    return [...(this.jobs.get(name)?.values() ?? [])]
      .filter((entry) => entry.state === state)
      .reverse()
      .sort((a, b) => time(b) - time(a))
      .slice(offset, offset + limit)
      .map(info);
  }

  async retry(name: string, id: string): Promise<void> {
    const entry = this.jobs.get(name)?.get(id);
    if (!entry) throw jobNotFound(name, id);
    assertRetriable(name, id, entry.state);
    this.assertOpen();
    // No longer among the failed that are pruned; when it finishes again it is counted anew.
    const failed = this.finished.get(`failed:${name}`) ?? [];
    if (failed.includes(id)) failed.splice(failed.indexOf(id), 1);
    // As BullMQ's retry: all attempts afresh, the last run's outcome cleared.
    Object.assign(entry, { attemptsMade: 0, failedReason: undefined, finishedAt: undefined });
    this.enqueue(entry);
  }

  /** Runs in this process: it answers while the process does. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Die Auftragswarteschlange ist geschlossen');
  }

  private create(
    name: string,
    id: string,
    data: unknown,
    options: Pick<AddJobOptions, 'attempts' | 'backoffMs'>,
    scheduled?: Entry['scheduled'],
  ): Entry {
    const entry: Entry = {
      id,
      name,
      data,
      state: 'waiting',
      attempts: Math.max(1, options.attempts ?? 1),
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      attemptsMade: 0,
      progress: 0,
      createdAt: Date.now(),
      scheduled,
    };
    this.jobsOf(name).set(id, entry);
    return entry;
  }

  private start(entry: Entry, delayMs = 0): void {
    if (delayMs > 0) this.delay(entry, delayMs);
    else this.enqueue(entry);
  }

  /** The scheduler's run due at `dueAt`, delayed until then. */
  private plan(scheduler: Scheduler, dueAt: number): void {
    const { name, data, attempts, backoffMs } = scheduler;
    const next = this.create(
      name,
      `repeat:${scheduler.id}:${dueAt}`,
      data,
      { attempts, backoffMs },
      { scheduler, dueAt },
    );
    // Known as the next run before it starts: its start plans the one after.
    scheduler.next = next;
    this.start(next, dueAt - Date.now());
  }

  /** A planned run its scheduler replaced. */
  private forget(entry: Entry): void {
    if (entry.timer) {
      clearTimeout(entry.timer);
      this.timers.delete(entry.timer);
    }
    this.jobs.get(entry.name)?.delete(entry.id);
  }

  private jobsOf(name: string): Map<string, Entry> {
    let byId = this.jobs.get(name);
    if (!byId) this.jobs.set(name, (byId = new Map()));
    return byId;
  }

  private delay(entry: Entry, ms: number): void {
    entry.state = 'delayed';
    // After close() the job stays delayed: it would have been retried by a later process.
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      entry.timer = undefined;
      this.enqueue(entry);
    }, ms);
    entry.timer = timer;
    this.timers.add(timer);
  }

  private enqueue(entry: Entry): void {
    entry.state = 'waiting';
    let queue = this.ready.get(entry.name);
    if (!queue) this.ready.set(entry.name, (queue = []));
    queue.push(entry);
    this.pump(entry.name);
  }

  private pump(name: string): void {
    const worker = this.workers.get(name);
    const queue = this.ready.get(name);
    while (!this.closed && worker && queue?.length && worker.active < worker.concurrency) {
      if (!this.mayStart(worker, name)) return;
      const run = this.run(worker, queue.shift()!);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  /**
   * The limiter: a start is allowed while fewer than `max` starts lie within the last `durationMs`
   * (a sliding window, at least as strict as BullMQ's fixed one). Otherwise it resumes once the
   * oldest of them leaves the window.
   */
  private mayStart(worker: Worker, name: string): boolean {
    const { limiter, starts } = worker;
    if (!limiter) return true;
    const now = Date.now();
    while (starts.length && starts[0] <= now - limiter.durationMs) starts.shift();
    if (starts.length < limiter.max) {
      starts.push(now);
      return true;
    }
    if (!worker.resume) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          worker.resume = undefined;
          this.pump(name);
        },
        starts[0] + limiter.durationMs - now,
      );
      worker.resume = timer;
      this.timers.add(timer);
    }
    return false;
  }

  private async run(worker: Worker, entry: Entry): Promise<void> {
    worker.active++;
    entry.state = 'active';
    const attempt = entry.attemptsMade + 1;
    const data = asJson(entry.data);
    const fields = jobLogFields({ id: entry.id, name: entry.name, data, attempt });
    const started = Date.now();
    this.logger.log({ msg: `Auftrag ${entry.name}#${entry.id} gestartet`, ...fields });
    if (attempt === 1) this.planAfter(entry, started);
    try {
      const result = await worker.handler({
        id: entry.id,
        name: entry.name,
        data,
        attempt,
        progress: async (value) => {
          entry.progress = asJson(value);
        },
      });
      entry.attemptsMade = attempt;
      entry.returnValue = asJson(result);
      this.finish(entry, 'completed');
      this.logger.log({
        msg: `Auftrag ${entry.name}#${entry.id} beendet`,
        ...fields,
        durationMs: Date.now() - started,
      });
    } catch (error) {
      entry.attemptsMade = attempt;
      entry.failedReason = errorMessage(error);
      const failure = { ...fields, durationMs: Date.now() - started, error: entry.failedReason };
      if (attempt < entry.attempts) {
        this.logger.warn({
          msg: `Auftrag ${entry.name}#${entry.id}, Versuch ${attempt}: ${entry.failedReason}`,
          ...failure,
        });
        this.delay(entry, entry.backoffMs * 2 ** (attempt - 1));
      } else {
        this.logger.error({
          msg: `Auftrag ${entry.name}#${entry.id} endgültig fehlgeschlagen: ${entry.failedReason}`,
          ...failure,
        });
        this.finish(entry, 'failed');
      }
    } finally {
      worker.active--;
      this.pump(entry.name);
    }
  }

  /** As BullMQ, a scheduler's next run is planned when one starts, so a long or failing run delays none. */
  private planAfter(entry: Entry, now: number): void {
    const scheduler = entry.scheduled?.scheduler;
    // Not for a run of a replaced schedule, nor for a retried run whose successor exists.
    if (!scheduler || scheduler.next !== entry) return;
    if (this.schedulers.get(`${scheduler.name}:${scheduler.id}`) !== scheduler) return;
    // On the same beat: after a late start, the first due time still ahead (as BullMQ's catch-up).
    const { dueAt } = entry.scheduled!;
    const intervals = Math.max(1, Math.ceil((now - dueAt) / scheduler.everyMs));
    this.plan(scheduler, dueAt + intervals * scheduler.everyMs);
  }

  private finish(entry: Entry, state: 'completed' | 'failed'): void {
    entry.state = state;
    entry.finishedAt = Date.now();
    const key = `${state}:${entry.name}`;
    let ids = this.finished.get(key);
    if (!ids) this.finished.set(key, (ids = []));
    ids.push(entry.id);
    if (ids.length > KEEP_FINISHED[state]) this.jobs.get(entry.name)?.delete(ids.shift()!);
  }
}
