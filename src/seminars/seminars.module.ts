import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { DownloadUploadController } from './adapters/http/download-upload.controller';
import { seminarsResources } from './seminars.resources';

@Module({
  imports: [ResourcesModule.forFeature(seminarsResources)],
  controllers: [DownloadUploadController],
})
export class SeminarsModule {}
