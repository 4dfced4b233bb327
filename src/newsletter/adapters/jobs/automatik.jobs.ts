/**
 * The check of the automatic newsletters: a repeatable job on the queue port, due at every full
 * hour, and queued a moment after a seminar or event was saved (seminars' `termin.gespeichert`). Every process start schedules it again, which keeps its timing (one schedule across
 * processes and restarts on BullMQ), and queues one check at once, once per hour across processes
 * (in-process jobs do not survive a restart; the schedule starts again there). Twins cannot arise:
 * the application's unique key stops a second newsletter also when two checks overlap.
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Ereignisbus } from '../../../platform/events/ereignisbus';
import { JobQueue } from '../../../platform/queue/job-queue';
import { NewsletterAutomatik } from '../../application/automatik';

export const AUTOMATIK = 'newsletter-automatik';
export const AUTOMATIK_STUENDLICH = 'automatik-stuendlich';
const STUNDE_MS = 3600 * 1000;
/**
 * A saved seminar or event is looked at by a check shortly after its save committed: saves within
 * one window share the check that runs a moment after the window ends (one job id per window).
 */
const NACH_SPEICHERN_FENSTER_MS = 2000;
const NACH_SPEICHERN_ABSTAND_MS = 1000;
/** A check that fails as a whole (database gone) is tried again. */
const WIEDERHOLUNG = { attempts: 3, backoffMs: 60_000 };

@Injectable()
export class AutomatikJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Newsletterautomatik');

  constructor(
    private readonly queue: JobQueue,
    private readonly automatik: NewsletterAutomatik,
    private readonly ereignisse: Ereignisbus,
  ) {}

  onModuleInit(): void {
    this.ereignisse.abonnieren('termin.gespeichert', () => this.nachSpeichern());
    this.queue.register(AUTOMATIK, async () => {
      const { angelegt } = await this.automatik.pruefen();
      if (angelegt.length) this.logger.log(`${angelegt.length} automatische Newsletter angelegt`);
      return { angelegt: angelegt.length };
    });
  }

  /**
   * A check soon after a seminar or event was saved (issue 31), not only hourly. Never fails the
   * save: without the queue, the hourly check still comes.
   */
  async nachSpeichern(jetzt = Date.now()): Promise<void> {
    const fensterEnde = (Math.floor(jetzt / NACH_SPEICHERN_FENSTER_MS) + 1) * NACH_SPEICHERN_FENSTER_MS;
    try {
      await this.queue.add(
        AUTOMATIK,
        {},
        {
          jobId: `automatik-nach-speichern-${fensterEnde}`,
          delayMs: fensterEnde + NACH_SPEICHERN_ABSTAND_MS - jetzt,
          ...WIEDERHOLUNG,
        },
      );
    } catch (error) {
      this.logger.error(`Automatik nach dem Speichern nicht eingeplant: ${(error as Error).message}`);
    }
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
