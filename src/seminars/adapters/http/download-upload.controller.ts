import {
  Body,
  Controller,
  PayloadTooLargeException,
  Post,
  Req,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Request } from 'express';
import { randomBytes } from 'node:crypto';
import { currentUserId } from '../../../platform/auth/current-user';
import { DOWNLOAD_AREA } from '../../../platform/files/file-areas';
import { FileStorage } from '../../../platform/files/file-storage';
import { MAX_UPLOAD_BYTES } from '../../../platform/files/files.controller';
import {
  requireUpload,
  SingleFileUpload,
  type UploadedBuffer,
} from '../../../platform/files/single-file-upload';
import { ResourceRegistry } from '../../../platform/resources/resource-registry';
import { ResourceWriter } from '../../../platform/resources/resource-writer';
import { downloadExtension, downloadFelder, downloadFileName } from '../../domain/download';

const Upload = SingleFileUpload({
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: () => new PayloadTooLargeException('Die Datei ist zu groß (höchstens 50 MB).'),
});

/**
 * `POST /node/api/download/upload`: a download record and its file in one step (issue 8). The
 * record is checked and written by the generic writer (German field errors, the download rules);
 * if it is refused, the stored file is removed again, so nothing is left half-written.
 */
@Controller('node/api/download')
export class DownloadUploadController {
  constructor(
    private readonly storage: FileStorage,
    private readonly registry: ResourceRegistry,
    private readonly writer: ResourceWriter,
  ) {}

  @Post('upload')
  @UseInterceptors(Upload)
  async upload(
    @UploadedFile() file: UploadedBuffer | undefined,
    @Body('data') data: unknown,
    @Req() req: Request,
  ) {
    const felder = downloadFelder(data);
    const upload = requireUpload(file);
    const ext = downloadExtension(upload.originalname);
    const fileName = downloadFileName(randomBytes(16).toString('hex'), ext);
    await this.storage.write(DOWNLOAD_AREA, fileName, upload.buffer);
    try {
      return await this.writer.create(
        this.registry.get('download'),
        {
          ...felder,
          real_name: (typeof felder.real_name === 'string' && felder.real_name.trim()) || upload.originalname,
          file_name: fileName,
          size: upload.size,
          ext: ext || null,
        },
        currentUserId(req),
      );
    } catch (error) {
      await this.storage.delete(DOWNLOAD_AREA, fileName).catch(() => undefined);
      throw error;
    }
  }
}
