/**
 * The groups' long work on the queue port (DESIGN.md §4: long work runs as jobs): one job per
 * refill or CSV comparison asked for by staff, whose result the HTTP call answers when it is quick
 * and whose progress the screen shows otherwise (platform/queue/hintergrund.ts), and a nightly run
 * over every automatic group that schedules the next night when it is done.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Actor } from '../../../platform/audit/audit-trail';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { GruppenAbgleich, type Abgleich } from '../../application/gruppen-abgleich';
import { GruppenPflege, type Aufgefuellt } from '../../application/gruppen-pflege';
import { naechsterNachtlauf } from '../../domain/gruppen-regeln';

export const AUFFUELLEN = 'gruppe-auffuellen';
export const NACHTLAUF = 'gruppen-nachtlauf';
export const ABGLEICH = 'gruppe-csv-abgleich';

const HOUR_MS = 3600 * 1000;

/** The staff member who asked travels with the job, for the audit trail. */
interface AuffuellAuftrag {
  gruppeId: number;
  actor: Actor | null;
}

/** The body of `csv_compare`: the parsed rows and the wanted assignment kind. */
interface AbgleichAuftrag {
  gruppeId: number;
  body: unknown;
}

@Injectable()
export class GruppenAuftraege implements OnModuleInit {
  private readonly befuellen: Hintergrundauftrag<AuffuellAuftrag, Aufgefuellt>;
  private readonly abgleich: Hintergrundauftrag<AbgleichAuftrag, Abgleich>;

  constructor(
    private readonly queue: JobQueue,
    private readonly pflege: GruppenPflege,
    private readonly abgleicher: GruppenAbgleich,
  ) {
    this.befuellen = new Hintergrundauftrag(queue, AUFFUELLEN, ({ gruppeId, actor }, melde) =>
      this.pflege.auffuellen(gruppeId, actor, melde),
    );
    // Comparisons only read: two staff members need not wait for each other.
    this.abgleich = new Hintergrundauftrag(
      queue,
      ABGLEICH,
      ({ gruppeId, body }, melde) => this.abgleicher.abgleichen(gruppeId, body, melde),
      { concurrency: 2 },
    );
  }

  async onModuleInit(): Promise<void> {
    this.befuellen.registrieren();
    this.abgleich.registrieren();
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

  /** Queues a refill of one group: its result when quick, else the job to poll. */
  async auffuellen(gruppeId: number, actor: Actor | null, wartenMs?: number): Promise<Ausgang<Aufgefuellt>> {
    await this.pflege.pruefeAuffuellen(gruppeId);
    return this.befuellen.starte({ gruppeId, actor: actor && { id: actor.id, name: actor.name } }, wartenMs);
  }

  /** Queues the CSV comparison of one group: the four buckets when quick, else the job to poll. */
  async abgleichen(gruppeId: number, body: unknown, wartenMs?: number): Promise<Ausgang<Abgleich>> {
    await this.abgleicher.pruefe(gruppeId, body);
    return this.abgleich.starte({ gruppeId, body }, wartenMs);
  }
}
