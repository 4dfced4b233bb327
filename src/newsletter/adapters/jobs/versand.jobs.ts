/**
 * The dispatch on the queue port (DESIGN.md §1: BullMQ with Redis, in-process otherwise): a delayed
 * job per dispatcher at its versand_time, and send jobs that several workers run side by side.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JobQueue } from '../../../platform/queue/job-queue';
import { NewsletterVersender, VersandAuftraege } from '../../application/versand';

export const PLANEN = 'newsletter-planen';
export const SENDEN = 'newsletter-senden';

/** Send jobs started per dispatcher: they share the rows by claiming them. */
const PARALLELE_SENDEJOBS = 4;
/** Send jobs one process runs at once; each sends a batch over the SMTP pool in parallel. */
const SENDE_CONCURRENCY = 2;
/** The longest a planning job waits at once. */
const VORLAUF_MS = 24 * 3600 * 1000;
/** A job that fails as a whole (database gone) is tried again; rows already sent stay sent. */
const VERSUCHE = 5;

@Injectable()
export class VersandJobs extends VersandAuftraege implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Newsletterversand');

  constructor(
    private readonly queue: JobQueue,
    // The use case needs this port and this port runs the use case: resolved after construction.
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  private get versender(): NewsletterVersender {
    return this.moduleRef.get(NewsletterVersender, { strict: false });
  }

  onModuleInit(): void {
    this.queue.register<{ dispatcherId: number }>(PLANEN, (job) =>
      this.versender.ausfuehren(job.data.dispatcherId),
    );
    this.queue.register<{ dispatcherId: number }>(
      SENDEN,
      (job) => this.versender.senden(job.data.dispatcherId),
      {
        concurrency: SENDE_CONCURRENCY,
      },
    );
  }

  /** After a restart (in-process jobs are gone) every planned dispatch is queued again; ids dedupe. */
  async onApplicationBootstrap(): Promise<void> {
    for (const dispatcher of await this.versender.offeneDispatcher())
      await this.planen(dispatcher.id, dispatcher.versand_time).catch((error: Error) =>
        this.logger.error(`Dispatcher ${dispatcher.id} nicht eingeplant: ${error.message}`),
      );
  }

  /**
   * A dispatch further ahead than VORLAUF_MS wakes up after VORLAUF_MS and plans itself again
   * (timers cannot wait longer than about 24 days); the id names the day, so processes agree on it.
   */
  async planen(dispatcherId: number, versandTime: Date): Promise<void> {
    const warten = Math.max(0, versandTime.getTime() - Date.now());
    const jobId = `planen-${dispatcherId}-${versandTime.getTime()}`;
    await this.queue.add(
      PLANEN,
      { dispatcherId },
      warten <= VORLAUF_MS
        ? { jobId, delayMs: warten, attempts: VERSUCHE }
        : {
            jobId: `${jobId}-vorlauf-${Math.floor(Date.now() / VORLAUF_MS)}`,
            delayMs: VORLAUF_MS,
            attempts: VERSUCHE,
          },
    );
  }

  async senden(dispatcherId: number, ab: Date = new Date()): Promise<void> {
    const delayMs = Math.max(0, ab.getTime() - Date.now());
    for (let i = 1; i <= PARALLELE_SENDEJOBS; i++)
      await this.queue.add(
        SENDEN,
        { dispatcherId },
        { jobId: `senden-${dispatcherId}-${ab.getTime()}-${i}`, delayMs, attempts: VERSUCHE },
      );
  }
}
