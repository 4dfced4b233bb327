/**
 * Importing a salary survey access file as long work on the queue port (DESIGN.md §4): the file is
 * read in the request, so a broken one is refused at once; applying its rows (thousands of
 * Benutzer) runs as a job whose progress the screen shows (platform/queue/hintergrund.ts).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Gehaltsumfrage, type ImportErgebnis } from '../../application/gehaltsumfrage';
import type { Zugang } from '../../domain/gehaltsumfrage';

export const ZUGAENGE_EINLESEN = 'gehaltsumfrage-import';

@Injectable()
export class GehaltsumfrageAuftraege implements OnModuleInit {
  private readonly einlesen: Hintergrundauftrag<Zugang[], ImportErgebnis>;

  constructor(
    queue: JobQueue,
    private readonly gehaltsumfrage: Gehaltsumfrage,
  ) {
    this.einlesen = new Hintergrundauftrag(queue, ZUGAENGE_EINLESEN, (zugaenge, melde) =>
      this.gehaltsumfrage.importiere(zugaenge, melde),
    );
  }

  onModuleInit(): void {
    this.einlesen.registrieren();
  }

  /** Reads the access file and queues applying it: the counts when quick, else the job to poll. */
  importiere(datei: Buffer, wartenMs?: number): Promise<Ausgang<ImportErgebnis>> {
    return this.einlesen.starte(this.gehaltsumfrage.leseDatei(datei), wartenMs);
  }
}
