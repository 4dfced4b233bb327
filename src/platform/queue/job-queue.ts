/**
 * The queue port: background jobs by name. In-process when REDIS_URL is unset, BullMQ otherwise
 * (DESIGN.md §1); both adapters pass the same contract test (test/integration/queue.contract.test.ts).
 *
 * Job data, return values and progress travel as JSON (BullMQ stores them in Redis), so a Date
 * arrives as a string; the in-process adapter copies them the same way to surface that early.
 */

import { DomainError } from '../../shared/domain-error';

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
  /**
   * At most `max` jobs of this name start within `durationMs`, counted over all processes (BullMQ
   * keeps the count in Redis; give every worker of the name the same limiter). A job over the limit
   * waits, it does not fail.
   */
  limiter?: { max: number; durationMs: number };
}

export interface Repeat {
  /** The wait from the due time of one run to the next. */
  everyMs: number;
  /** The first run's due time; default at once. */
  firstAt?: Date;
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
  /** Runs allowed in total (AddJobOptions.attempts). */
  attempts: number;
  progress: JobProgress;
  /** Message of the last error, also when a later retry succeeded. */
  failedReason?: string;
  returnValue?: unknown;
  createdAt: Date;
  /** When the last run ended (completed or finally failed). */
  finishedAt?: Date;
  /** What the job works on: the id fields of its data only, which may hold secrets otherwise. */
  dataIds: Record<string, string | number>;
}

/** Jobs of one name by state, for the staff's queue overview. */
export interface JobCounts {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
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

  /**
   * A job of this name due every `repeat.everyMs`, created by the scheduler `schedulerId`.
   * Idempotent: calling it again with the same id (every process start does) keeps the due time of
   * the next run, so processes and restarts add no runs; a changed interval starts the schedule
   * anew. The next run is created when one starts, as a delayed job with the id
   * `repeat:<schedulerId>:<due time in ms>` (BullMQ's ids, mirrored in-process).
   */
  abstract schedule<T>(
    name: string,
    schedulerId: string,
    repeat: Repeat,
    data: T,
    options?: Pick<AddJobOptions, 'attempts' | 'backoffMs'>,
  ): Promise<void>;

  /** Counts per job name known here (registered, added, scheduled; on BullMQ all in Redis), by name. */
  abstract overview(): Promise<JobCounts[]>;

  /** Jobs of a name in a state, newest first; `offset` and `limit` page through them. */
  abstract list(name: string, state: JobState, offset: number, limit: number): Promise<JobInfo[]>;

  /**
   * Runs a failed job again with its attempts afresh. A job that is not known answers a
   * DomainError 'not_found', one that has not failed a 'conflict'.
   */
  abstract retry(name: string, id: string): Promise<void>;

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

/** The ids a job's data carries (see RUN_ID_KEY); nothing else of it, which may hold secrets. */
export function jobDataIds(data: unknown): Record<string, string | number> {
  const entries = typeof data === 'object' && data !== null ? Object.entries(data) : [];
  return Object.fromEntries(
    entries.filter(
      (entry): entry is [string, string | number] =>
        RUN_ID_KEY.test(entry[0]) && (typeof entry[1] === 'number' || typeof entry[1] === 'string'),
    ),
  );
}

/**
 * The fields of every log line about a run of a job (started, finished, failed): the job's id,
 * name and attempt, and the ids its data carries, so a line leads to the dispatch or run it was.
 */
export function jobLogFields(
  job: Pick<Job<unknown>, 'id' | 'name' | 'data' | 'attempt'>,
): Record<string, unknown> {
  return { ...jobDataIds(job.data), jobId: job.id, job: job.name, attempt: job.attempt };
}

export function jobNotFound(name: string, id: string): DomainError {
  return DomainError.notFound('JOB_NOT_FOUND', `Der Auftrag ${name}#${id} ist nicht (mehr) bekannt.`);
}

const JOB_STATE_LABEL: Record<JobState, string> = {
  waiting: 'wartend',
  delayed: 'geplant',
  active: 'aktiv',
  completed: 'erledigt',
  failed: 'fehlgeschlagen',
};

/** Only a failed job may be retried: a waiting or running one would run twice. */
export function assertRetriable(name: string, id: string, state: JobState): void {
  if (state !== 'failed') {
    throw DomainError.conflict(
      'JOB_NOT_FAILED',
      `Der Auftrag ${name}#${id} ist ${JOB_STATE_LABEL[state]}; nur fehlgeschlagene Aufträge können erneut versucht werden.`,
    );
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
