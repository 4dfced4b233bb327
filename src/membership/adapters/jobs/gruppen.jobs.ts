/**
 * The groups' long work on the queue port (DESIGN.md §4: long work runs as jobs): one job per
 * refill or CSV comparison asked for by staff, whose result the HTTP call answers when it is quick
 * and whose progress the screen shows otherwise (platform/queue/hintergrund.ts), and a nightly run
 * over every automatic group that schedules the next night when it is done.
 *
 * A CSV comparison (issue 26) gets the uploaded file by its stored name, reads it in pieces and
 * writes its four buckets as a JSON file (platform/queue/auftrag-dateien.ts): 200 000 rows with
 * their Benutzer are tens of megabytes, too much for a job's result or one JSON.stringify.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Writable } from 'node:stream';
import type { Actor } from '../../../platform/audit/audit-trail';
import { AuftragsDateien, dateiauftrag, type Dateiergebnis } from '../../../platform/queue/auftrag-dateien';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { schreibe, schreibeJsonListe } from '../../../platform/queue/json-stueckweise';
import type { MitgliedArt } from '../../../../common/gruppen';
import { GruppenAbgleich, type Abgleich } from '../../application/gruppen-abgleich';
import { BUCKETS, keineZeilen, type Bucket } from '../../domain/csv-abgleich';
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

/** A `csv_compare`: the stored name of the upload and the wanted assignment kind. */
interface AbgleichAuftrag {
  gruppeId: number;
  zuordnung: MitgliedArt;
  upload: string;
}

/** What the comparison answers: its counts; the rows are in the file (`GET …/datei`). */
export type AbgleichErgebnis = { zuordnung: MitgliedArt; anzahl: Record<Bucket, number> } & Dateiergebnis;

/** The comparison as one JSON object `{zuordnung, bereit: {count, rows}, …}`, written a batch of rows at a time. */
async function schreibeAbgleich(out: Writable, abgleich: Abgleich): Promise<void> {
  await schreibe(out, `{"zuordnung":${JSON.stringify(abgleich.zuordnung)}`);
  for (const bucket of BUCKETS) {
    await schreibe(out, `,"${bucket}":{"count":${abgleich[bucket].count},"rows":`);
    await schreibeJsonListe(out, abgleich[bucket].rows);
    await schreibe(out, '}');
  }
  await schreibe(out, '}');
}

@Injectable()
export class GruppenAuftraege implements OnModuleInit {
  private readonly befuellen: Hintergrundauftrag<AuffuellAuftrag, Aufgefuellt>;
  private readonly abgleich: Hintergrundauftrag<AbgleichAuftrag, AbgleichErgebnis>;

  constructor(
    private readonly queue: JobQueue,
    private readonly dateien: AuftragsDateien,
    private readonly pflege: GruppenPflege,
    private readonly abgleicher: GruppenAbgleich,
  ) {
    this.befuellen = new Hintergrundauftrag(queue, AUFFUELLEN, ({ gruppeId, actor }, melde) =>
      this.pflege.auffuellen(gruppeId, actor, melde),
    );
    // Comparisons only read: two staff members need not wait for each other.
    this.abgleich = dateiauftrag(
      queue,
      dateien,
      ABGLEICH,
      'json',
      ({ gruppeId, zuordnung, upload }, out, melde) =>
        dateien.verarbeite(upload, async (datei) => {
          const abgleich = await this.abgleicher.abgleichen(gruppeId, datei, zuordnung, melde);
          await schreibeAbgleich(out, abgleich);
          const anzahl = Object.fromEntries(BUCKETS.map((b) => [b, abgleich[b].count])) as Record<
            Bucket,
            number
          >;
          return { name: 'Abgleich.json', zuordnung: abgleich.zuordnung, anzahl };
        }),
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

  /**
   * Keeps the CSV file and queues its comparison with one group: the counts and the file of the
   * four buckets when quick, else the job to poll.
   */
  async abgleichen(
    gruppeId: number,
    datei: Buffer,
    zuordnung: unknown,
    wartenMs?: number,
  ): Promise<Ausgang<AbgleichErgebnis>> {
    const art = await this.abgleicher.pruefe(gruppeId, zuordnung);
    if (datei.length === 0) throw keineZeilen();
    const upload = await this.dateien.ablegen('csv', datei);
    return this.abgleich.starte({ gruppeId, zuordnung: art, upload }, wartenMs);
  }
}
