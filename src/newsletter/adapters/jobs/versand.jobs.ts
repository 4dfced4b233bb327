/**
 * The dispatch on the queue port (DESIGN.md §1: BullMQ with Redis, in-process otherwise): a delayed
 * job per dispatcher at its versand_time, and chains of send jobs, each sending one batch and
 * queuing the next. A job per batch lets the queue's limiter pace the mails of all workers
 * (NEWSLETTER_RATE), and a killed worker loses at most the batch it held.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JobQueue } from '../../../platform/queue/job-queue';
import { NewsletterVersender, VersandAuftraege } from '../../application/versand';

export const PLANEN = 'newsletter-planen';
export const SENDEN = 'newsletter-senden';

/** Chains started per dispatcher: they share the rows by claiming them. */
const PARALLELE_KETTEN = 4;
/**
 * Send jobs one process runs at once: while one batch waits for its slowest mail, the next is
 * claimed and already fills the SMTP pool.
 */
const SENDE_CONCURRENCY = 2;
/** The longest a planning job waits at once. */
const VORLAUF_MS = 24 * 3600 * 1000;
/** A job that fails as a whole (database gone) is tried again; rows already sent stay sent. */
const VERSUCHE = 5;

/** One link of a chain of send jobs. */
interface SendeAuftrag {
  dispatcherId: number;
  kette: string;
  schritt: number;
}

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
    this.queue.register<SendeAuftrag>(
      SENDEN,
      async (job) => {
        const { dispatcherId, kette, schritt } = job.data;
        const ergebnis = await this.versender.senden(dispatcherId);
        if (ergebnis.weiter) await this.sendejob({ dispatcherId, kette, schritt: schritt + 1 });
        return ergebnis;
      },
      { concurrency: SENDE_CONCURRENCY, limiter: this.versender.takt.limiter },
    );
  }

  /**
   * After a restart (in-process jobs are gone) every planned dispatch is queued again (ids dedupe),
   * and one that is due gets chains of its own at once: the chains of a killed worker are its
   * queue's until the queue notices the death, and a dispatch must not wait for that.
   */
  async onApplicationBootstrap(): Promise<void> {
    for (const dispatcher of await this.versender.offeneDispatcher())
      await this.planen(dispatcher.id, dispatcher.versand_time)
        .then(() =>
          dispatcher.versand_time.getTime() <= Date.now() ? this.senden(dispatcher.id) : undefined,
        )
        .catch((error: Error) =>
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
    for (let i = 1; i <= PARALLELE_KETTEN; i++)
      await this.sendejob({ dispatcherId, kette: `${ab.getTime()}.${i}`, schritt: 0 }, delayMs);
  }

  /** The id names chain and step, so a retried job that already queued its successor adds no twin. */
  private async sendejob(auftrag: SendeAuftrag, delayMs = 0): Promise<void> {
    await this.queue.add(SENDEN, auftrag, {
      jobId: `senden-${auftrag.dispatcherId}-${auftrag.kette}-${auftrag.schritt}`,
      delayMs,
      attempts: VERSUCHE,
    });
  }
}
