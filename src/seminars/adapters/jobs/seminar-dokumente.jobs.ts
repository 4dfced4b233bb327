/**
 * A seminar's batch PDFs as long work on the queue port (DESIGN.md §4): all certificates, counted
 * as they are rendered, and the Serienbrief (one rendering over all letters). The finished PDF is
 * kept as a file for download (platform/queue/auftrag-dateien.ts); the HTTP call answers the
 * result when it is quick, else 202 (platform/queue/hintergrund.ts).
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuftragsDateien, dateiauftrag, type Dateiergebnis } from '../../../platform/queue/auftrag-dateien';
import type { Ausgang, Hintergrundauftrag } from '../../../platform/queue/hintergrund';
import { JobQueue } from '../../../platform/queue/job-queue';
import { SeminarDokumente, type Sammeldokument } from '../../application/seminar-dokumente';

export const BESCHEINIGUNGEN_PDF = 'bescheinigungen-pdf';
export const SERIENBRIEF_PDF = 'serienbrief-pdf';

interface SeminarAuftrag {
  veranstaltungId: number;
}

/** What the call or the finished job answers: name and pages of the PDF, and where to fetch it. */
export type Sammelpdf = Sammeldokument & Dateiergebnis;

@Injectable()
export class SeminarDokumentAuftraege implements OnModuleInit {
  private readonly alleBescheinigungen: Hintergrundauftrag<SeminarAuftrag, Sammelpdf>;
  private readonly serienbriefe: Hintergrundauftrag<SeminarAuftrag, Sammelpdf>;

  constructor(queue: JobQueue, dateien: AuftragsDateien, dokumente: SeminarDokumente) {
    this.alleBescheinigungen = dateiauftrag(
      queue,
      dateien,
      BESCHEINIGUNGEN_PDF,
      'pdf',
      ({ veranstaltungId }: SeminarAuftrag, out, melde) =>
        dokumente.bescheinigungen(veranstaltungId, out, melde),
    );
    this.serienbriefe = dateiauftrag(
      queue,
      dateien,
      SERIENBRIEF_PDF,
      'pdf',
      ({ veranstaltungId }: SeminarAuftrag, out, melde) => dokumente.serienbrief(veranstaltungId, out, melde),
    );
  }

  onModuleInit(): void {
    this.alleBescheinigungen.registrieren();
    this.serienbriefe.registrieren();
  }

  bescheinigungen(veranstaltungId: number, wartenMs?: number): Promise<Ausgang<Sammelpdf>> {
    return this.alleBescheinigungen.starte({ veranstaltungId }, wartenMs);
  }

  serienbrief(veranstaltungId: number, wartenMs?: number): Promise<Ausgang<Sammelpdf>> {
    return this.serienbriefe.starte({ veranstaltungId }, wartenMs);
  }
}
