import { Logger } from '@nestjs/common';
import {
  AddJobOptions,
  assertValidJob,
  DEFAULT_BACKOFF_MS,
  errorMessage,
  JobHandler,
  jobLogFields,
  JobInfo,
  JobProgress,
  JobQueue,
  JobState,
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
}

interface Worker {
  handler: JobHandler<unknown>;
  concurrency: number;
  active: number;
}

/** As many finished jobs per name as the BullMQ adapter keeps, so memory stays bounded. */
const KEEP_FINISHED: Record<'completed' | 'failed', number> = { completed: 1000, failed: 5000 };

/** Copies the way BullMQ serializes (see job-queue.ts). */
function asJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
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
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;

  register<T>(name: string, handler: JobHandler<T>, options: WorkerOptions = {}): void {
    assertValidJob(name);
    if (this.workers.has(name)) throw new Error(`Für Aufträge "${name}" ist bereits ein Worker registriert`);
    const concurrency = Math.max(1, options.concurrency ?? 1);
    this.workers.set(name, { handler: handler as JobHandler<unknown>, concurrency, active: 0 });
    this.pump(name);
  }

  async add<T>(name: string, data: T, options: AddJobOptions = {}): Promise<string> {
    assertValidJob(name, options.jobId);
    if (this.closed) throw new Error('Die Auftragswarteschlange ist geschlossen');
    const byId = this.jobsOf(name);
    const id = options.jobId ?? String(this.nextId++);
    if (byId.has(id)) return id;
    const entry: Entry = {
      id,
      name,
      data: asJson(data),
      state: 'waiting',
      attempts: Math.max(1, options.attempts ?? 1),
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      attemptsMade: 0,
      progress: 0,
    };
    byId.set(id, entry);
    if (options.delayMs && options.delayMs > 0) this.delay(entry, options.delayMs);
    else this.enqueue(entry);
    return id;
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    const entry = this.jobs.get(name)?.get(id);
    if (!entry) return null;
    const { state, attemptsMade, progress, failedReason, returnValue } = entry;
    return {
      id,
      name,
      state,
      attemptsMade,
      progress: asJson(progress),
      failedReason,
      returnValue: asJson(returnValue),
    };
  }

  /** Runs in this process: it answers while the process does. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
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
      this.enqueue(entry);
    }, ms);
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
      const run = this.run(worker, queue.shift()!);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
  }

  private async run(worker: Worker, entry: Entry): Promise<void> {
    worker.active++;
    entry.state = 'active';
    const attempt = entry.attemptsMade + 1;
    const data = asJson(entry.data);
    const fields = jobLogFields({ id: entry.id, name: entry.name, data, attempt });
    const started = Date.now();
    this.logger.log({ msg: `Auftrag ${entry.name}#${entry.id} gestartet`, ...fields });
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

  private finish(entry: Entry, state: 'completed' | 'failed'): void {
    entry.state = state;
    const key = `${state}:${entry.name}`;
    let ids = this.finished.get(key);
    if (!ids) this.finished.set(key, (ids = []));
    ids.push(entry.id);
    if (ids.length > KEEP_FINISHED[state]) this.jobs.get(entry.name)?.delete(ids.shift()!);
  }
}
