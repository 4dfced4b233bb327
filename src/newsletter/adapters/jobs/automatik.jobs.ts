/**
 * The hourly check of the automatic newsletters: a repeatable job on the queue port, due at every
 * full hour. Every process start schedules it again, which keeps its timing (one schedule across
 * processes and restarts on BullMQ), and queues one check at once, once per hour across processes
 * (in-process jobs do not survive a restart; the schedule starts again there). Twins cannot arise:
 * the application's unique key stops a second newsletter also when two checks overlap.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { JobQueue } from '../../../platform/queue/job-queue';
import { NewsletterAutomatik } from '../../application/automatik';

export const AUTOMATIK = 'newsletter-automatik';
export const AUTOMATIK_STUENDLICH = 'automatik-stuendlich';
const STUNDE_MS = 3600 * 1000;
/** A check that fails as a whole (database gone) is tried again. */
const WIEDERHOLUNG = { attempts: 3, backoffMs: 60_000 };

@Injectable()
export class AutomatikJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Newsletterautomatik');

  constructor(
    private readonly queue: JobQueue,
    private readonly automatik: NewsletterAutomatik,
  ) {}

  onModuleInit(): void {
    this.queue.register(AUTOMATIK, async () => {
      const { angelegt } = await this.automatik.pruefen();
      if (angelegt.length) this.logger.log(`${angelegt.length} automatische Newsletter angelegt`);
      return { angelegt: angelegt.length };
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    const stunde = Math.floor(Date.now() / STUNDE_MS);
    try {
      await this.queue.schedule(
        AUTOMATIK,
        AUTOMATIK_STUENDLICH,
        { everyMs: STUNDE_MS, firstAt: new Date((stunde + 1) * STUNDE_MS) },
        {},
        WIEDERHOLUNG,
      );
      await this.queue.add(AUTOMATIK, {}, { jobId: `automatik-start-${stunde}`, ...WIEDERHOLUNG });
    } catch (error) {
      this.logger.error(`Automatik nicht eingeplant: ${(error as Error).message}`);
    }
  }
}
