/**
 * The Datev import as long work (DESIGN.md §4): the upload is kept by its stored name, read in the
 * job and removed after; a small file answers at once, a large one shows its progress.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor } from '../../../platform/audit/audit-trail';
import { AuftragsDateien } from '../../../platform/queue/auftrag-dateien';
import { Hintergrundauftrag, type Ausgang } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { DebitorenImport, type DatevImportErgebnis } from '../../application/debitoren-import';

export const DATEV_IMPORT = 'datev-import';

interface ImportAuftrag {
  upload: string;
  vollstaendig: boolean;
  actor: Actor | null;
}

@Injectable()
export class DatevImportAuftraege implements OnModuleInit {
  private readonly auftrag: Hintergrundauftrag<ImportAuftrag, DatevImportErgebnis>;

  constructor(
    queue: JobQueue,
    private readonly dateien: AuftragsDateien,
    private readonly importer: DebitorenImport,
  ) {
    // One import at a time: two at once would match against each other's half-written Benutzer.
    this.auftrag = new Hintergrundauftrag(
      queue,
      DATEV_IMPORT,
      ({ upload, vollstaendig, actor }, melde) =>
        dateien.verarbeite(upload, (datei) => this.importer.importieren(datei, vollstaendig, actor, melde)),
      { concurrency: 1 },
    );
  }

  onModuleInit(): void {
    this.auftrag.registrieren();
  }

  async importieren(
    datei: Buffer,
    vollstaendig: boolean,
    actor: Actor | null,
    wartenMs?: number,
  ): Promise<Ausgang<DatevImportErgebnis>> {
    await this.importer.pruefe(actor);
    const upload = await this.dateien.ablegen('csv', datei);
    return this.auftrag.starte(
      { upload, vollstaendig, actor: actor && { id: actor.id, name: actor.name } },
      wartenMs,
    );
  }
}
