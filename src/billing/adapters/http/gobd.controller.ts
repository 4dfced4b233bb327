import { Controller, Get, Logger, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { attachmentHeader } from '../../../platform/files/file-response';
import { zipSenden } from '../../../platform/files/zip-antwort';
import { Gobd } from '../../application/gobd';
import { akteur } from '../jobs/abrechnung.jobs';

/** GoBD (issue 29): the audit chain's check and the tax audit's data export, for administrators. */
@Controller('node/api')
export class GobdController {
  private readonly logger = new Logger(GobdController.name);

  constructor(private readonly gobd: Gobd) {}

  @ApiOperation({
    summary: 'Hash-Kette des Verlaufs prüfen: ok oder der erste gebrochene Eintrag (nur Administratoren)',
  })
  @Get('audit/verify')
  verify(@Req() req: Request) {
    return this.gobd.verlaufPruefen(akteur(currentUser(req)));
  }

  /**
   * A plain GET link: the ZIP of the period (`von`, `bis` as YYYY-MM-DD), streamed file by file and
   * batch by batch. Right and period are checked before the headers go, so a refusal is a German
   * error answer; a failure later on can only cut the download short (and is logged).
   */
  @ApiOperation({
    summary: 'GoBD-Datenexport (Z3) eines Zeitraums als ZIP mit index.xml (nur Administratoren)',
  })
  @Get('gobd-export')
  async export(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const { name, dateien } = await this.gobd.export(query.von, query.bis, akteur(currentUser(req)));
    res.type('application/zip');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    await zipSenden(
      res,
      async (zip) => {
        for await (const datei of dateien) await zip.dateiStueckweise(datei.name, datei.teile);
      },
      this.logger,
      'GoBD-Datenexport',
    );
  }
}
