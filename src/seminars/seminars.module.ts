import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ResourcesModule } from '../platform/resources/resources.module';
import { BuchungenListener } from './adapters/events/buchungen.listener';
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
import { TeilnehmerAuswertung } from './application/teilnehmer-auswertung';
import { TlmsKurse } from './application/tlms-kurse';
import { seminarsResources } from './seminars.resources';

import { SeminarPersonendaten } from './adapters/persistence/personendaten.typeorm';
@Module({
  // Billing: the bookings of a seminar (its read port SeminarBuchungen).
  imports: [ResourcesModule.forFeature(seminarsResources), BillingModule],
  controllers: [
    DownloadUploadController,
    PublicDownloadController,
    SeminarController,
    SeminarDokumenteController,
  ],
  providers: [
    SeminarPersonendaten,
    TlmsKurse,
    SeminarKalender,
    Teilnehmer,
    TeilnehmerAuswertung,
    SeminarDokumente,
    SeminarDokumentAuftraege,
    BuchungenListener,
    { provide: SeminarTermine, useClass: SeminarTermineTypeorm },
  ],
  // What the newsletter automation reads about coming seminars.
  exports: [SeminarTermine],
})
export class SeminarsModule {}
