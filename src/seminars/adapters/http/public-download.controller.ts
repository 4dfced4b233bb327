import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { DOWNLOAD_AREA } from '../../../platform/files/file-areas';
import { checkSegment } from '../../../platform/files/file-path';
import { downloadResponse } from '../../../platform/files/file-response';
import { fileNotFound, FileStorage } from '../../../platform/files/file-storage';
import { DomainError } from '../../../shared/domain-error';
import { Download } from '../persistence/download.entity';

/**
 * `GET /download/{file_name}` (spec 001 §2): the downloads of seminars, events, rooms and
 * newsletters. Outside `/node`, so a public one needs no session: the links are sent to members.
 * Its record decides, always (issue 26): a download marked non-public is served to staff only, and
 * a file without a record is not served at all, as if missing (its record's file name cannot be
 * changed through the API, so no record is ever detached from its file). Every file goes out as an
 * attachment under the name it was uploaded with.
 */
@Controller('download')
export class PublicDownloadController {
  constructor(
    private readonly storage: FileStorage,
    private readonly dataSource: DataSource,
  ) {}

  @ApiOperation({ summary: 'Öffentlicher Download (nicht öffentliche nur mit Sitzung)' })
  @Get(':file_name')
  async download(
    @Param('file_name') fileName: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const path = checkSegment(fileName);
    const record = await this.dataSource
      .getRepository(Download)
      .findOne({ where: { file_name: path }, select: { id: true, public: true, real_name: true } });
    if (!record) throw fileNotFound();
    if (!record.public && !req.isAuthenticated?.())
      throw new DomainError('DOWNLOAD_NICHT_OEFFENTLICH', 'Diese Datei ist nicht öffentlich.', 'forbidden');
    return downloadResponse(res, await this.storage.read(DOWNLOAD_AREA, path), {
      name: record.real_name || path,
      inert: true,
    });
  }
}
