import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { DomainError } from '../../../shared/domain-error';
import { auftragsstand, istHintergrundauftrag, type Auftragsstand } from '../hintergrund';
import { JobQueue } from '../job-queue';

/** The progress of long work a staff call started (hintergrund.ts); the session middleware admits staff only. */
@Controller('node/api/auftraege')
export class AuftragStatusController {
  constructor(private readonly queue: JobQueue) {}

  @ApiOperation({ summary: 'Stand eines Hintergrundauftrags: Fortschritt, Ergebnis oder Fehler' })
  @Get(':name/:id')
  async stand(@Param('name') name: string, @Param('id') id: string): Promise<Auftragsstand> {
    // Other names are not asked: BullMQ would open a queue for any name it is given.
    const job = istHintergrundauftrag(name) ? await this.queue.getJob(name, id) : null;
    if (!job)
      throw DomainError.notFound(
        'AUFTRAG_UNBEKANNT',
        `Den Auftrag ${name} ${id} gibt es nicht (mehr); erledigte Aufträge werden nach einer Weile vergessen.`,
      );
    return auftragsstand(job);
  }
}
