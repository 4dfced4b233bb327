/**
 * The daily period billing of the Abos (issue 30) as a job on the queue port: a repeatable job
 * once a day (BullMQ's job scheduler across processes; in-process a timer), plus one run per day
 * at start, its id naming the day, so a restart does not skip a day and several processes queue
 * it once. Staff start it too (`POST wb-abo/perioden_abrechnen`) and follow it on 'Aufträge'.
 * Running twice books nothing twice (application/abo-abrechnung.ts).
 */
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { berlinDatum } from '../../../../common/kalender';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { AboAbrechnung, type Periodenlauf } from '../../application/abo-abrechnung';

export const ABO_PERIODEN = 'abo-perioden';
export const ABO_PERIODEN_TAEGLICH = 'abo-perioden-taeglich';
const TAG_MS = 24 * 3600 * 1000;
/** 03:00 UTC: after midnight in Berlin in summer and winter. */
const UHRZEIT_MS = 3 * 3600 * 1000;
/** A run that fails as a whole (database gone) is tried again. */
const WIEDERHOLUNG = { attempts: 3, backoffMs: 60_000 };

export interface PeriodenAuftrag {
  /** Bill up to this day; the job's day (Berlin) when absent. */
  stichtag?: string;
}

@Injectable()
export class AboAuftraege implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Aboabrechnung');
  private readonly perioden: Hintergrundauftrag<PeriodenAuftrag, Periodenlauf>;

  constructor(
    private readonly queue: JobQueue,
    abrechnung: AboAbrechnung,
  ) {
    this.perioden = new Hintergrundauftrag(
      queue,
      ABO_PERIODEN,
      async ({ stichtag }, melde) => {
        const jetzt = new Date();
        const lauf = await abrechnung.periodenAbrechnen(jetzt, stichtag ?? berlinDatum(jetzt), melde);
        if (lauf.vorgaenge > 0)
          this.logger.log(`${lauf.vorgaenge} Abo-Vorgänge bis ${lauf.stichtag} gebucht`);
        return lauf;
      },
      WIEDERHOLUNG,
    );
  }

  onModuleInit(): void {
    this.perioden.registrieren();
  }

  async onApplicationBootstrap(): Promise<void> {
    const heute = Math.floor(Date.now() / TAG_MS);
    try {
      await this.queue.schedule(
        ABO_PERIODEN,
        ABO_PERIODEN_TAEGLICH,
        { everyMs: TAG_MS, firstAt: new Date((heute + 1) * TAG_MS + UHRZEIT_MS) },
        {},
        WIEDERHOLUNG,
      );
      const tag = new Date(heute * TAG_MS).toISOString().slice(0, 10);
      await this.queue.add(ABO_PERIODEN, {}, { jobId: `abo-perioden-start-${tag}`, ...WIEDERHOLUNG });
    } catch (error) {
      this.logger.error(`Abo-Abrechnung nicht eingeplant: ${(error as Error).message}`);
    }
  }

  /** A run by staff up to `stichtag`: its counts when quick, else the job to poll. */
  starte(auftrag: PeriodenAuftrag, wartenMs?: number): Promise<Ausgang<Periodenlauf>> {
    return this.perioden.starte(auftrag, wartenMs);
  }
}
