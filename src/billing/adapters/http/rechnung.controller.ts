import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { attachmentHeader } from '../../../platform/files/file-response';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { RechnungsDokument } from '../../application/rechnungs-dokument';
import { Rechnungslauf } from '../../application/rechnungslauf';
import { AbrechnungsAuftraege, akteur } from '../jobs/abrechnung.jobs';

/** The invoices' verbs (spec 002 §7). */
@Controller('node/api/rw-rechnung')
export class RechnungController {
  constructor(
    private readonly lauf: Rechnungslauf,
    private readonly dokument: RechnungsDokument,
    private readonly auftraege: AbrechnungsAuftraege,
  ) {}

  /**
   * The invoice run of one category object: `{category, category_id, only_verified?}` →
   * `{all, created, storno}`, or 202 with the job while a long run goes on.
   */
  @ApiOperation({
    summary: 'Abrechnungslauf: Rechnungen und Storno-Rechnungen aus den offenen Vorgängen erstellen',
  })
  @LangeArbeit()
  @Post()
  @HttpCode(200)
  async rechnungslauf(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const anfrage = this.lauf.anfrage(body);
    const actor = akteur(currentUser(req));
    return antwort(res, await this.auftraege.rechnungslauf.starte({ anfrage, actor }, wartezeit(req)));
  }

  /** A plain GET link (DESIGN.md §3): the invoice PDF. */
  @ApiOperation({ summary: 'Rechnung als PDF' })
  @Get(':id/render')
  async render(@Param('id') id: string, @Res() res: Response) {
    const { name, pdf } = await this.dokument.render(parseId(id));
    res.type('application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.send(Buffer.from(pdf));
  }

  @ApiOperation({ summary: 'Rechnung mit PDF per Email an das Mitglied senden' })
  @Post(':id/rechnungEmail')
  @HttpCode(200)
  email(@Param('id') id: string) {
    return this.dokument.email(parseId(id));
  }

  /** Cancels the invoice (storno invoice, transactions cancelled); `copy=true` re-opens copies. */
  @ApiOperation({ summary: 'Rechnung stornieren und ihre Vorgänge für eine Korrektur neu öffnen' })
  @Delete(':id/modifyAll')
  @HttpCode(200)
  modifyAll(@Param('id') id: string, @Query('copy') copy: unknown, @Req() req: Request) {
    return this.lauf.storniereRechnung(parseId(id), copy === 'true', currentUser(req));
  }
}
