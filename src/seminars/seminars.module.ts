import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { DownloadUploadController } from './adapters/http/download-upload.controller';
import { PublicDownloadController } from './adapters/http/public-download.controller';
import { SeminarController } from './adapters/http/seminar.controller';
import { SeminarKalender } from './application/seminar-kalender';
import { TlmsKurse } from './application/tlms-kurse';
import { seminarsResources } from './seminars.resources';

@Module({
  imports: [ResourcesModule.forFeature(seminarsResources)],
  controllers: [DownloadUploadController, PublicDownloadController, SeminarController],
  providers: [TlmsKurse, SeminarKalender],
})
export class SeminarsModule {}
