/**
 * The hourly check of the automatic newsletters on the queue port. The port has no repeatable
 * jobs, so each run first queues the next one, at the next full hour; the job id names the hour,
 * so processes that start at the same time, or a run retried, queue each hour once. At start the
 * check runs at once (in-process jobs do not survive a restart; a lost chain starts again there).
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../../platform/queue/job-queue';
import { NewsletterAutomatik } from '../../application/automatik';

export const AUTOMATIK = 'newsletter-automatik';
const STUNDE_MS = 3600 * 1000;
/** A check that fails as a whole (database gone) is tried again; the unique key stops twins. */
const VERSUCHE = 3;

@Injectable()
export class AutomatikJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Newsletterautomatik');

  constructor(
    private readonly queue: JobQueue,
    private readonly automatik: NewsletterAutomatik,
  ) {}

  onModuleInit(): void {
    this.queue.register<{ stunde: number }>(AUTOMATIK, async (job) => {
      // The next hour first: a failing check must not end the chain.
      if (job.attempt === 1) await this.einplanen(job.data.stunde + 1);
      const { angelegt } = await this.automatik.pruefen();
      if (angelegt.length) this.logger.log(`${angelegt.length} automatische Newsletter angelegt`);
      return { angelegt: angelegt.length };
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.einplanen(Math.floor(Date.now() / STUNDE_MS), 0).catch((error: Error) =>
      this.logger.error(`Automatik nicht eingeplant: ${error.message}`),
    );
  }

  /** The check of hour `stunde` (hours since 1970), at its start unless a delay is given. */
  private async einplanen(stunde: number, delayMs = Math.max(0, stunde * STUNDE_MS - Date.now())) {
    await this.queue.add(
      AUTOMATIK,
      { stunde },
      { jobId: `automatik-${stunde}`, delayMs, attempts: VERSUCHE, backoffMs: 60_000 },
    );
  }
}
