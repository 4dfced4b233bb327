/**
 * Importing a salary survey access file as long work on the queue port (DESIGN.md §4, issue 26):
 * the request only keeps the upload (FILES_DIR/auftraege); reading it in pieces and applying its
 * rows (thousands of Benutzer) runs as a job whose progress the screen shows
 * (platform/queue/hintergrund.ts), and a broken file ends it with its German reason.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuftragsDateien } from '../../../platform/queue/auftrag-dateien';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { Gehaltsumfrage, type ImportErgebnis } from '../../application/gehaltsumfrage';

export const ZUGAENGE_EINLESEN = 'gehaltsumfrage-import';

/** The stored name of the upload, never its content (it holds passwords). */
interface Einlesen {
  upload: string;
}

@Injectable()
export class GehaltsumfrageAuftraege implements OnModuleInit {
  private readonly einlesen: Hintergrundauftrag<Einlesen, ImportErgebnis>;

  constructor(
    queue: JobQueue,
    private readonly dateien: AuftragsDateien,
    private readonly gehaltsumfrage: Gehaltsumfrage,
  ) {
    this.einlesen = new Hintergrundauftrag(queue, ZUGAENGE_EINLESEN, ({ upload }, melde) =>
      this.dateien.verarbeite(upload, (datei) => this.gehaltsumfrage.importiere(datei, melde)),
    );
  }

  onModuleInit(): void {
    this.einlesen.registrieren();
  }

  /** Keeps the access file and queues reading and applying it: the counts when quick, else the job to poll. */
  async importiere(datei: Buffer, wartenMs?: number): Promise<Ausgang<ImportErgebnis>> {
    return this.einlesen.starte({ upload: await this.dateien.ablegen('csv', datei) }, wartenMs);
  }
}
