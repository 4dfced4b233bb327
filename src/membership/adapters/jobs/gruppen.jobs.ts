/**
 * The refill of automatic groups on the queue port (DESIGN.md §4: long work runs as jobs): one job
 * per refill asked for by staff, whose result the HTTP call waits for, and a nightly run over every
 * automatic group that schedules the next night when it is done.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Actor } from '../../../platform/audit/audit-trail';
import { JobQueue } from '../../../platform/queue/job-queue';
import { DomainError } from '../../../shared/domain-error';
import { GruppenPflege, type Aufgefuellt } from '../../application/gruppen-pflege';
import { naechsterNachtlauf } from '../../domain/gruppen-regeln';

export const AUFFUELLEN = 'gruppe-auffuellen';
export const NACHTLAUF = 'gruppen-nachtlauf';

/** Longer than this and the HTTP call answers that the refill goes on in the background. */
const WARTEN_MS = 25_000;
const ABFRAGE_MS = 50;

const HOUR_MS = 3600 * 1000;

/** The staff member who asked travels with the job, for the audit trail. */
interface AuffuellAuftrag {
  gruppeId: number;
  actor: Actor | null;
}

@Injectable()
export class GruppenAuftraege implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly pflege: GruppenPflege,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.register<AuffuellAuftrag>(AUFFUELLEN, (job) =>
      this.pflege.auffuellen(job.data.gruppeId, job.data.actor),
    );
    this.queue.register(NACHTLAUF, async () => {
      const ergebnis = await this.pflege.alleAuffuellen();
      // An hour on, so that a timer firing a little early cannot pick this very night again.
      await this.naechsteNacht(new Date(Date.now() + HOUR_MS));
      return ergebnis;
    });
    await this.naechsteNacht(new Date());
  }

  /**
   * Schedules the nightly run after `ab`. The id names the night, so however many app and worker
   * processes start, each night is queued once.
   */
  async naechsteNacht(ab: Date): Promise<string> {
    const lauf = naechsterNachtlauf(ab);
    return this.queue.add(
      NACHTLAUF,
      {},
      { jobId: `nachtlauf-${lauf.toISOString().slice(0, 10)}`, delayMs: lauf.getTime() - Date.now() },
    );
  }

  /** Queues a refill of one group and answers its result once the worker finished it. */
  async auffuellen(gruppeId: number, actor: Actor | null): Promise<Aufgefuellt> {
    await this.pflege.pruefeAuffuellen(gruppeId);
    const auftrag: AuffuellAuftrag = { gruppeId, actor: actor && { id: actor.id, name: actor.name } };
    const id = await this.queue.add(AUFFUELLEN, auftrag);
    const ende = Date.now() + WARTEN_MS;
    while (Date.now() < ende) {
      const job = await this.queue.getJob(AUFFUELLEN, id);
      if (job?.state === 'completed') return job.returnValue as Aufgefuellt;
      if (job?.state === 'failed')
        throw DomainError.conflict(
          'AUFFUELLEN_FEHLGESCHLAGEN',
          `Die Gruppe wurde nicht befüllt: ${job.failedReason}`,
        );
      await new Promise((resolve) => setTimeout(resolve, ABFRAGE_MS));
    }
    throw DomainError.conflict(
      'AUFFUELLEN_LAEUFT',
      'Das Befüllen dauert länger und läuft im Hintergrund weiter. Bitte laden Sie die Liste gleich neu.',
    );
  }
}
