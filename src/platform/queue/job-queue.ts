/**
 * The queue port: background jobs by name. In-process when REDIS_URL is unset, BullMQ otherwise
 * (DESIGN.md §1); both adapters pass the same contract test (test/integration/queue.contract.test.ts).
 *
 * Job data, return values and progress travel as JSON (BullMQ stores them in Redis), so a Date
 * arrives as a string; the in-process adapter copies them the same way to surface that early.
 */

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

/** A number (e.g. percent) or a small JSON object such as `{ sent: 120, total: 500 }`. */
export type JobProgress = number | Record<string, unknown>;

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** Records progress that `getJob` shows while the job runs (and after it finished). */
  progress(value: JobProgress): Promise<void>;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface WorkerOptions {
  /** Jobs of this name that one process runs at the same time; default 1. */
  concurrency?: number;
}

export interface AddJobOptions {
  delayMs?: number;
  /** Runs in total, the first included; default 1 (no retry). */
  attempts?: number;
  /** Wait before retry n is backoffMs · 2^(n−1); default 1000. */
  backoffMs?: number;
  /**
   * A job with this id and name that is still known is not added again. Finished jobs are
   * forgotten after a while (see the adapters), so this guards against double clicks and
   * retried requests, not against a re-run weeks later.
   */
  jobId?: string;
}

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  /** Finished runs, failed or successful. */
  attemptsMade: number;
  progress: JobProgress;
  /** Message of the last error, also when a later retry succeeded. */
  failedReason?: string;
  returnValue?: unknown;
}

export abstract class JobQueue {
  /**
   * Runs jobs of this name in this process. Call it once per name, typically from a processor's
   * onModuleInit. A process started with WORKERS=false ignores it (see QueueModule).
   */
  abstract register<T>(name: string, handler: JobHandler<T>, options?: WorkerOptions): void;

  /** Enqueues a job and returns its id (the given jobId or a generated one). */
  abstract add<T>(name: string, data: T, options?: AddJobOptions): Promise<string>;

  /** Ids are unique per job name only (BullMQ keeps one queue per name), hence both. */
  abstract getJob(name: string, id: string): Promise<JobInfo | null>;

  /** Resolves when the queue's backend answers (the health check); rejects otherwise. */
  abstract ping(): Promise<void>;

  /** Stops taking jobs, waits for running ones, releases timers and connections. */
  abstract close(): Promise<void>;
}

export const DEFAULT_BACKOFF_MS = 1000;

/**
 * BullMQ's rules for queue names and custom ids, checked by both adapters so that the embedded
 * setup rejects what production would reject.
 */
export function assertValidJob(name: string, jobId?: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new Error(
      `Ungültiger Auftragsname "${name}" (erlaubt: Buchstaben, Ziffern, Punkt, Binde- und Unterstrich)`,
    );
  }
  if (jobId !== undefined && (jobId === '' || String(parseInt(jobId, 10)) === jobId || jobId.includes(':'))) {
    throw new Error(`Ungültige Auftrags-ID "${jobId}" (nicht leer, keine Ganzzahl, ohne Doppelpunkt)`);
  }
}

/** Keys of job data that name what the job works on: `dispatcherId`, `gruppeId`, `lauf_id`, `id`. */
const RUN_ID_KEY = /(?:^id|Id|_id)$/;

/**
 * The fields of every log line about a run of a job (started, finished, failed): the job's id,
 * name and attempt, and the ids its data carries, so a line leads to the dispatch or run it was.
 */
export function jobLogFields(
  job: Pick<Job<unknown>, 'id' | 'name' | 'data' | 'attempt'>,
): Record<string, unknown> {
  const data = typeof job.data === 'object' && job.data !== null ? Object.entries(job.data) : [];
  const runIds = data.filter(
    ([key, value]) => RUN_ID_KEY.test(key) && (typeof value === 'number' || typeof value === 'string'),
  );
  return { ...Object.fromEntries(runIds), jobId: job.id, job: job.name, attempt: job.attempt };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
