import { Logger } from '@nestjs/common';
import { createNodeRedisClient, Job as BullJob, Queue, RedisClient, Worker } from 'bullmq';
import { createClient } from 'redis';
import {
  AddJobOptions,
  assertValidJob,
  DEFAULT_BACKOFF_MS,
  errorMessage,
  Job,
  JobHandler,
  jobLogFields,
  JobInfo,
  JobProgress,
  JobQueue,
  JobState,
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

const STATES: Record<string, JobState> = {
  waiting: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

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
      attempts: Math.max(1, options.attempts ?? 1),
      backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: REMOVE_ON_COMPLETE,
      removeOnFail: REMOVE_ON_FAIL,
    });
    return job.id!;
  }

  async getJob(name: string, id: string): Promise<JobInfo | null> {
    assertValidJob(name);
    const job = await this.queue(name).getJob(id);
    if (!job) return null;
    const state = STATES[await job.getState()];
    if (!state) return null;
    return {
      id,
      name,
      state,
      attemptsMade: job.attemptsMade,
      progress: job.progress as JobProgress,
      failedReason: job.failedReason || undefined,
      returnValue: job.returnvalue ?? undefined,
    };
  }

  async ping(): Promise<void> {
    await this.redis().info();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Workers first: they finish their running jobs, which may still use the queues.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.connection?.quit();
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
