import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { DownloadUploadController } from './adapters/http/download-upload.controller';
import { PublicDownloadController } from './adapters/http/public-download.controller';
import { SeminarDokumenteController } from './adapters/http/seminar-dokumente.controller';
import { SeminarController } from './adapters/http/seminar.controller';
import { SeminarDokumentAuftraege } from './adapters/jobs/seminar-dokumente.jobs';
import { SeminarDokumente } from './application/seminar-dokumente';
import { SeminarTermineTypeorm } from './adapters/persistence/seminar-termine.typeorm';
import { SeminarTermine } from './application/ports/seminar-termine';
import { SeminarKalender } from './application/seminar-kalender';
import { Teilnehmer } from './application/teilnehmer';
import { TlmsKurse } from './application/tlms-kurse';
import { seminarsResources } from './seminars.resources';

@Module({
  imports: [ResourcesModule.forFeature(seminarsResources)],
  controllers: [
    DownloadUploadController,
    PublicDownloadController,
    SeminarController,
    SeminarDokumenteController,
  ],
  providers: [
    TlmsKurse,
    SeminarKalender,
    Teilnehmer,
    SeminarDokumente,
    SeminarDokumentAuftraege,
    { provide: SeminarTermine, useClass: SeminarTermineTypeorm },
  ],
  // What the newsletter automation reads about coming seminars.
  exports: [SeminarTermine],
})
export class SeminarsModule {}
