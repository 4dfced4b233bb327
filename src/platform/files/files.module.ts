import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config/env';
import { FileAreas } from './file-areas';
import { FileStorage } from './file-storage';
import { FilesController } from './files.controller';
import { LocalFileStorage } from './local-file-storage';

/**
 * The files port on FILES_DIR, for every context (templates, certificates, downloads), and the
 * routes of the resources' file areas; `/download/{file_name}` belongs to the seminars context,
 * which knows which downloads are public. AppModule imports it before ResourceHttpModule so that
 * `/node/api/{resource}/files…` wins.
 */
@Global()
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        new LocalFileStorage(config.getOrThrow<AppConfig>('app').filesDir),
    },
    FileAreas,
  ],
  controllers: [FilesController],
  exports: [FileStorage, FileAreas],
})
export class FilesModule {}
