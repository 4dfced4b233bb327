import { Controller, HttpCode, Post, Req, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import {
  MB,
  requireUpload,
  SingleFileUpload,
  type UploadedBuffer,
} from '../../../platform/files/single-file-upload';
import { ZodBody } from '../../../platform/http/zod-body';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { DomainError } from '../../../shared/domain-error';
import { DatevImportAuftraege } from '../jobs/datev-import.jobs';
import { DATEV_IMPORT, DatevImportKoerper, type DatevImportFelder } from './membership.schemas';

/** A Debitoren/Kreditoren file of a few thousand members is a few MB; 254 columns each. */
const DatevUpload = SingleFileUpload({
  maxBytes: 30 * MB,
  tooLarge: () => DomainError.invalid('DATEV_ZU_GROSS', 'Die DATEV-Datei ist zu groß (höchstens 30 MB).'),
});

/** The Datev import (spec 003 §2, §7, §8; issue 29). */
@Controller('node')
export class DatevImportController {
  constructor(private readonly auftraege: DatevImportAuftraege) {}

  /**
   * Multipart `file` (a DATEV Debitoren/Kreditoren file, EXTF category 16) and optionally
   * `vollstaendig` (`true`: debtors missing from the file are deactivated) → `{success, message,
   * csvType, result: {insert_datensatz, update_datensatz, delete_datensatz}}`, or 202 with the job
   * while a large file is imported. A file that cannot be read whole changes nothing.
   */
  @ApiOperation({ summary: 'DATEV-Stammdaten (Debitoren/Kreditoren) in Benutzer übernehmen' })
  @LangeArbeit()
  @Post('datev-import')
  @HttpCode(200)
  @UseInterceptors(DatevUpload)
  async importieren(
    @UploadedFile() file: UploadedBuffer | undefined,
    @ZodBody(DatevImportKoerper, DATEV_IMPORT) felder: DatevImportFelder,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const datei = requireUpload(file, 'DATEV-Datei').buffer;
    return antwort(
      res,
      await this.auftraege.importieren(datei, felder.vollstaendig, currentUser(req), wartezeit(req)),
    );
  }
}
