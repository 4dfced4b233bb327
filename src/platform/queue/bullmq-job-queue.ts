import { Logger } from '@nestjs/common';
import { createNodeRedisClient, Job as BullJob, JobType, Queue, RedisClient, Worker } from 'bullmq';
import { createClient } from 'redis';
import {
  AddJobOptions,
  assertRetriable,
  assertValidJob,
  DEFAULT_BACKOFF_MS,
  errorMessage,
  Job,
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

export interface BullMqJobQueueOptions {
  url: string;
  /** Redis key prefix; BullMQ's default is "bull". Tests use their own to stay isolated. */
  prefix?: string;
  /** False in an app process that only produces jobs (WORKERS=false). */
  runWorkers?: boolean;
}

/** Finished jobs kept in Redis (seconds, count); older ones are pruned when later jobs finish. */
const REMOVE_ON_COMPLETE = { age: 7 * 24 * 3600, count: 1000 };
const REMOVE_ON_FAIL = { age: 30 * 24 * 3600, count: 5000 };

/** BullMQ's default key prefix. */
const DEFAULT_PREFIX = 'bull';

/** BullMQ's states behind each state of the port. */
const BULL_STATES: Record<JobState, JobType[]> = {
  waiting: ['waiting', 'prioritized', 'waiting-children'],
  delayed: ['delayed'],
  active: ['active'],
  completed: ['completed'],
  failed: ['failed'],
};

const STATES: Record<string, JobState> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/** Attempts, backoff and pruning of a job, added or made by a scheduler. */
function runOptions(options: Pick<AddJobOptions, 'attempts' | 'backoffMs'>) {
  return {
    attempts: Math.max(1, options.attempts ?? 1),
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    removeOnComplete: REMOVE_ON_COMPLETE,
    removeOnFail: REMOVE_ON_FAIL,
  };
}

function info(job: BullJob, state: JobState): JobInfo {
  return {
    id: job.id!,
    name: job.queueName,
    state,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    progress: job.progress as JobProgress,
    failedReason: job.failedReason || undefined,
    returnValue: job.returnvalue ?? undefined,
    createdAt: new Date(job.timestamp),
    finishedAt: job.finishedOn ? new Date(job.finishedOn) : undefined,
    dataIds: jobDataIds(job.data),
  };
}

/**
 * One BullMQ Queue and (when this process runs workers) one Worker per job name, so that
 * concurrency is per name and any number of worker processes can share the load.
 */
export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('JobQueue');
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private connection?: RedisClient;
  private lastError?: string;
  private closed = false;

  constructor(private readonly options: BullMqJobQueueOptions) {
    super();
  }

  register<T>(name: string, handler: JobHandler<T>, options: WorkerOptions = {}): void {
    assertValidJob(name);
    if (this.options.runWorkers === false) return;
    if (this.workers.has(name)) throw new Error(`Für Aufträge "${name}" ist bereits ein Worker registriert`);
    const worker = new Worker(
      name,
      async (bullJob: BullJob) => {
        const job: Job<T> = {
          id: bullJob.id!,
          name: bullJob.name,
          data: bullJob.data as T,
          // attemptsMade counts finished runs; the running one is the next.
          attempt: bullJob.attemptsMade + 1,
          progress: (value: JobProgress) => bullJob.updateProgress(value),
        };
        const fields = jobLogFields(job);
        const started = Date.now();
        this.logger.log({ msg: `Auftrag ${name}#${job.id} gestartet`, ...fields });
        const result = await handler(job);
        this.logger.log({
          msg: `Auftrag ${name}#${job.id} beendet`,
          ...fields,
          durationMs: Date.now() - started,
        });
        return result;
      },
      {
        connection: this.redis(),
        prefix: this.options.prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
        limiter: options.limiter && { max: options.limiter.max, duration: options.limiter.durationMs },
      },
    );
    worker.on('error', (error) => this.logRedisError(error));
    // Also for runs that never reached the handler's end (stalled, lock lost), hence here.
    worker.on('failed', (bullJob, error) => {
      if (!bullJob) return;
      const final = bullJob.attemptsMade >= (bullJob.opts.attempts ?? 1);
      const fields = {
        ...jobLogFields({ id: bullJob.id!, name, data: bullJob.data, attempt: bullJob.attemptsMade }),
        error: error.message,
      };
      const text = `Auftrag ${name}#${bullJob.id}, Versuch ${bullJob.attemptsMade}: ${error.message}`;
      if (final) this.logger.error({ msg: `${text} (endgültig fehlgeschlagen)`, ...fields });
      else this.logger.warn({ msg: text, ...fields });
    });
    this.workers.set(name, worker);
  }

  async add<T>(name: string, data: T, options: AddJobOptions = {}): Promise<string> {
    assertValidJob(name, options.jobId);
    // BullMQ answers a known jobId with the existing job instead of adding it again.
    const job = await this.queue(name).add(name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      ...runOptions(options),
    });
    return job.id!;
  }

  async schedule<T>(
    name: string,
    schedulerId: string,
    repeat: Repeat,
    data: T,
    options: Pick<AddJobOptions, 'attempts' | 'backoffMs'> = {},
  ): Promise<void> {
    assertValidJob(name);
    // Atomic in Redis: an existing scheduler with the same interval keeps its next run's time.
    await this.queue(name).upsertJobScheduler(
      schedulerId,
      { every: repeat.everyMs, startDate: repeat.firstAt },
      { name, data, opts: runOptions(options) },
    );
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    assertValidJob(name);
    const queue = this.queue(name);
    // The state first: a job read while it still ran has no return value yet, however late its state
    // is read; read after a finished state, it has.
    const state = STATES[await queue.getJobState(id)];
    if (!state) return null;
    const job = await queue.getJob(id);
    return job ? info(job, state) : null;
  }

  async overview(): Promise<JobCounts[]> {
    const names = new Set([
      ...this.queues.keys(),
      ...this.workers.keys(),
      ...(await this.queueNamesInRedis()),
    ]);
    return Promise.all(
      [...names].sort().map(async (name) => {
        const counts = await this.queue(name).getJobCounts(...Object.values(BULL_STATES).flat());
        const sum = (state: JobState) =>
          BULL_STATES[state].reduce((total, type) => total + (counts[type] ?? 0), 0);
        return {
          name,
          waiting: sum('waiting'),
          active: sum('active'),
          delayed: sum('delayed'),
          failed: sum('failed'),
          completed: sum('completed'),
        };
      }),
    );
  }

  async list(name: string, state: JobState, offset: number, limit: number): Promise<JobInfo[]> {
    assertValidJob(name);
    // An end of -1 would mean "to the last" in Redis.
    if (limit <= 0) return [];
    // BullMQ pages each of its states apart; the app sets no priorities and no child jobs, so
    // 'waiting' is one list in practice.
    const jobs = await this.queue(name).getJobs(BULL_STATES[state], offset, offset + limit - 1, false);
    return jobs.filter((job) => job?.id).map((job) => info(job, state));
  }

  async retry(name: string, id: string): Promise<void> {
    assertValidJob(name);
    const job = await this.queue(name).getJob(id);
    const state = job && STATES[await job.getState()];
    if (!job || !state) throw jobNotFound(name, id);
    assertRetriable(name, id, state);
    try {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch (error) {
      // Another click or process was first: answer with the state it left.
      const now = await this.getJob(name, id);
      if (!now) throw jobNotFound(name, id);
      assertRetriable(name, id, now.state);
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.redis().info();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // With Redis away a clean close waits for answers that may never come (and would hold up
    // SIGTERM): running jobs are given up instead; their locks expire and a worker runs them again.
    const away = this.connection !== undefined && this.connection.status !== 'ready';
    // Workers first: they finish their running jobs, which may still use the queues.
    await Promise.all([...this.workers.values()].map((worker) => worker.close(away)));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    if (away) this.connection?.disconnect();
    else await this.connection?.quit();
  }

  /**
   * The queues in Redis under this prefix, also those no code here touched yet (an app process with
   * WORKERS=false shows what the worker processes made). Every queue has a meta hash once a job was
   * added; names contain no colon (assertValidJob), so `<prefix>:<name>:meta` names one.
   */
  private async queueNamesInRedis(): Promise<string[]> {
    const prefix = `${this.options.prefix ?? DEFAULT_PREFIX}:`;
    const names = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis().scan(cursor, { MATCH: `${prefix}*:meta`, COUNT: 1000 });
      cursor = next;
      for (const key of keys) {
        const name = key.slice(prefix.length, -':meta'.length);
        if (!name.includes(':')) names.add(name);
      }
    } while (cursor !== '0');
    return [...names];
  }

  private queue(name: string): Queue {
    if (this.closed) throw new Error('Die Auftragswarteschlange ist geschlossen');
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis(), prefix: this.options.prefix });
      queue.on('error', (error) => this.logRedisError(error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * One node-redis client shared by all queues; BullMQ duplicates it for each worker's blocking
   * connections. node-redis (the project's Redis client) because BullMQ builds a client from
   * `{ url }` only through ioredis, which is not a dependency.
   * Created on first use so that a process that never touches the queue opens no connection.
   */
  private redis(): RedisClient {
    if (!this.connection) {
      this.connection = createNodeRedisClient(createClient({ url: this.options.url }));
      this.connection.on('error', (error: Error) => this.logRedisError(error));
    }
    return this.connection;
  }

  /** While Redis is unreachable every client reports each reconnect; one line per new message. */
  private logRedisError(error: Error): void {
    const message = errorMessage(error);
    if (message === this.lastError) return;
    this.lastError = message;
    this.logger.error(`Redis: ${message}`);
  }
}
