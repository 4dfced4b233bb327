import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DOWNLOAD_AREA } from './file-areas';
import { checkSegment } from './file-path';
import { downloadResponse } from './file-response';
import { FileStorage } from './file-storage';

/**
 * `GET /download/{file_name}`: the public downloads of seminars, events and newsletters (spec 001 §3).
 * Outside `/node`, so it needs no session: the links are sent to members.
 */
@Controller('download')
export class PublicDownloadController {
  constructor(private readonly storage: FileStorage) {}

  @Get(':file_name')
  async download(@Param('file_name') fileName: string, @Res({ passthrough: true }) res: Response) {
    const path = checkSegment(fileName);
    // Download records carry a `public` flag (default true). Once the download resource exists, refuse
    // the files of non-public records here with one line, e.g.
    //   await this.downloads.assertPublic(path); // DomainError.notFound('FILE_NOT_FOUND', 'Datei nicht gefunden')
    // (that lookup may then also supply the record's real_name for the Content-Disposition).
    return downloadResponse(res, await this.storage.read(DOWNLOAD_AREA, path));
  }
}
