import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { DomainError } from '../../../shared/domain-error';
import { downloadResponse } from '../../files/file-response';
import { AuftragsDateien, endetInDatei, type Dateiergebnis } from '../auftrag-dateien';
import { auftragsstand, istHintergrundauftrag, type Auftragsstand } from '../hintergrund';
import { JobQueue } from '../job-queue';

const unbekannt = (name: string, id: string) =>
  DomainError.notFound(
    'AUFTRAG_UNBEKANNT',
    `Den Auftrag ${name} ${id} gibt es nicht (mehr); erledigte Aufträge werden nach einer Weile vergessen.`,
  );

/** The progress of long work a staff call started (hintergrund.ts); the session middleware admits staff only. */
@Controller('node/api/auftraege')
export class AuftragStatusController {
  constructor(
    private readonly queue: JobQueue,
    private readonly dateien: AuftragsDateien,
  ) {}

  @ApiOperation({ summary: 'Stand eines Hintergrundauftrags: Fortschritt, Ergebnis oder Fehler' })
  @Get(':name/:id')
  async stand(@Param('name') name: string, @Param('id') id: string): Promise<Auftragsstand> {
    // Other names are not asked: BullMQ would open a queue for any name it is given.
    const job = istHintergrundauftrag(name) ? await this.queue.getJob(name, id) : null;
    if (!job) throw unbekannt(name, id);
    return auftragsstand(job);
  }

  /** The file a completed job wrote (auftrag-dateien.ts): only jobs that end in one, only once done. */
  @ApiOperation({ summary: 'Datei eines erledigten Hintergrundauftrags herunterladen (z. B. Sammel-PDF)' })
  @ApiProduces('application/pdf', 'application/octet-stream')
  @Get(':name/:id/datei')
  async datei(
    @Param('name') name: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const job = endetInDatei(name) ? await this.queue.getJob(name, id) : null;
    if (!job) throw unbekannt(name, id);
    if (job.state !== 'completed')
      throw DomainError.notFound(
        'AUFTRAG_OHNE_DATEI',
        job.state === 'failed'
          ? `Der Auftrag ${name} ${id} ist fehlgeschlagen und hat keine Datei erstellt.`
          : `Die Datei des Auftrags ${name} ${id} ist noch nicht fertig.`,
      );
    const ergebnis = (job.returnValue ?? {}) as Partial<Dateiergebnis>;
    const inhalt = typeof ergebnis.datei === 'string' ? await this.dateien.oeffne(ergebnis.datei) : null;
    if (!inhalt)
      throw DomainError.notFound(
        'AUFTRAGSDATEI_GELOESCHT',
        `Die Datei des Auftrags ${name} ${id} gibt es nicht mehr (sie wird nach einem Tag gelöscht); bitte erstellen Sie sie neu.`,
      );
    return downloadResponse(res, inhalt, {
      name: typeof ergebnis.name === 'string' ? ergebnis.name : undefined,
    });
  }
}
