import { Controller, Get, Logger, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { DATEV_BEREITS, datevBereitsSchreiben } from '../../../../common/datev';
import { currentUser } from '../../../platform/auth/current-user';
import { attachmentHeader } from '../../../platform/files/file-response';
import { zipSenden } from '../../../platform/files/zip-antwort';
import { ZodBody } from '../../../platform/http/zod-body';
import { parseId } from '../../../platform/resources/resource.controller';
import { DomainError } from '../../../shared/domain-error';
import { DatevEinstellungenDienst } from '../../application/datev-einstellungen';
import { DatevExport, type DatevDownload } from '../../application/datev-export';
import { akteur } from '../jobs/abrechnung.jobs';
import { DATEV_EINSTELLUNGEN, DatevEinstellungenKoerper } from './billing.schemas';

const jaNein = (wert: unknown) => wert === 'true' || wert === '1';

const logger = new Logger('DatevController');

/**
 * Sends a DATEV file or a ZIP of several (plain GET links, DESIGN.md §3), the earlier exports in
 * DATEV_BEREITS; the ZIP's files are made one after the other as it is written.
 */
async function senden(res: Response, download: DatevDownload) {
  res.type('datei' in download ? 'text/csv; charset=windows-1252' : 'application/zip');
  res.setHeader('Content-Disposition', attachmentHeader(download.name));
  res.setHeader(
    DATEV_BEREITS,
    datevBereitsSchreiben(
      download.bereits.map((e) => ({ monat: e.monat, am: e.createdAt.toISOString(), von: e.admin_name })),
    ),
  );
  if ('datei' in download) {
    res.send(download.datei.inhalt);
    return;
  }
  const { dateien } = download;
  await zipSenden(
    res,
    async (zip) => {
      for await (const { name, inhalt } of dateien) await zip.datei(name, inhalt);
    },
    logger,
    'DATEV-Export',
  );
}

/** The DATEV settings (admin) and the Buchungsstapel downloads per month or summary (issue 29). */
@Controller('node')
export class DatevController {
  constructor(
    private readonly einstellungen: DatevEinstellungenDienst,
    private readonly datev: DatevExport,
  ) {}

  @ApiOperation({ summary: 'DATEV-Einstellungen und ob man sie ändern darf' })
  @Get('api/datev-einstellungen')
  lesen(@Req() req: Request) {
    return this.einstellungen.ansicht(akteur(currentUser(req)));
  }

  @ApiOperation({ summary: 'DATEV-Einstellungen ändern (nur Administratoren)' })
  @Put('api/datev-einstellungen')
  async speichern(
    @ZodBody(DatevEinstellungenKoerper, DATEV_EINSTELLUNGEN)
    werte: z.output<typeof DatevEinstellungenKoerper>,
    @Req() req: Request,
  ) {
    const actor = akteur(currentUser(req));
    await this.einstellungen.speichere(werte, actor);
    return this.einstellungen.ansicht(actor);
  }

  @ApiOperation({ summary: 'Die Monate eines Jahres: Anzahl Rechnungen und bisherige DATEV-Exporte' })
  @Get('datev/monate')
  monate(@Query('jahr') jahr: string) {
    if (!/^\d{4}$/.test(jahr ?? ''))
      throw DomainError.invalid('DATEV_JAHR', 'Bitte ein Jahr (JJJJ) angeben.');
    return this.datev.monate(Number(jahr));
  }

  @ApiOperation({
    summary: 'DATEV-Buchungsstapel der Monate von–bis (eine Datei je Monat, ZIP bei mehreren)',
  })
  @Get('datev/buchungsstapel')
  async zeitraum(
    @Query('von') von: string,
    @Query('bis') bis: string,
    @Query('zahlungen') zahlungen: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const actor = akteur(currentUser(req));
    await senden(
      res,
      await this.datev.zeitraum(String(von ?? ''), String(bis ?? von ?? ''), jaNein(zahlungen), actor),
    );
  }

  @ApiOperation({
    summary: 'DATEV-Debitoren/Kreditoren: die Benutzer mit Debitorennummer (nur Administratoren)',
  })
  @Get('datev/debitoren')
  async debitoren(@Req() req: Request, @Res() res: Response) {
    await senden(res, await this.datev.debitoren(akteur(currentUser(req))));
  }

  @ApiOperation({ summary: 'DATEV-Buchungsstapel einer Abrechnung' })
  @Get('api/rw-abrechnung/:id/datev')
  async abrechnung(
    @Param('id') id: string,
    @Query('zahlungen') zahlungen: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const actor = akteur(currentUser(req));
    await senden(res, await this.datev.abrechnung(parseId(id), jaNein(zahlungen), actor));
  }
}
