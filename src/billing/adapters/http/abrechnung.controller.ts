import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { attachmentHeader } from '../../../platform/files/file-response';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { Abrechnungen, type SepaArt } from '../../application/abrechnungen';
import { AbrechnungsAuftraege, akteur } from '../jobs/abrechnung.jobs';
import { KATEGORIE, LaufKoerper } from './billing.schemas';
import { SEPA_AUSGELASSEN, sepaAusgelassenSchreiben } from '../../../../common/sepa';

/** The summaries' verbs (spec 002 §7): export, the SEPA files, the invoices by e-mail. */
@Controller('node/api/rw-abrechnung')
export class AbrechnungController {
  constructor(
    private readonly abrechnungen: Abrechnungen,
    private readonly auftraege: AbrechnungsAuftraege,
  ) {}

  /**
   * `{category, category_id}` → the invoice run's `{all, created, storno}` with the new summary's
   * id, or 202 with the job while a long export goes on.
   */
  @ApiOperation({ summary: 'Abrechnung (Export) eines Seminars, Abos, Bundles oder Produkts erstellen' })
  @LangeArbeit()
  @Post()
  @HttpCode(200)
  async erstellen(
    @ZodBody(LaufKoerper, KATEGORIE) body: LaufKoerper,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const anfrage = this.abrechnungen.exportAnfrage(body);
    const actor = akteur(currentUser(req));
    return antwort(res, await this.auftraege.export.starte({ anfrage, actor }, wartezeit(req)));
  }

  @ApiOperation({ summary: 'SEPA-Lastschriftdatei (pain.008) einer Abrechnung' })
  @Get('sepaDebit')
  sepaDebit(@Query('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.sepa('sepaDebit', id, req, res);
  }

  @ApiOperation({ summary: 'SEPA-Überweisungsdatei (pain.001) der Erstattungen einer Abrechnung' })
  @Get('sepaTransfer')
  sepaTransfer(@Query('id') id: string, @Req() req: Request, @Res() res: Response) {
    return this.sepa('sepaTransfer', id, req, res);
  }

  /** `{message, versendet}`, or 202 with the job while the PDFs are rendered and sent. */
  @ApiOperation({ summary: 'Alle Rechnungen einer Abrechnung per Email versenden' })
  @LangeArbeit()
  @Post(':id/rechnungenEmail')
  @HttpCode(200)
  async rechnungenEmail(
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const abrechnungId = parseId(id);
    await this.abrechnungen.pruefeRechnungenEmail(abrechnungId);
    const actor = akteur(currentUser(req));
    return antwort(res, await this.auftraege.rechnungenEmail.starte({ abrechnungId, actor }, wartezeit(req)));
  }

  /**
   * A plain GET link (DESIGN.md §3): the XML file as an attachment, the invoices left out (no
   * IBAN, no mandate) in the header SEPA_AUSGELASSEN (common/sepa.ts).
   */
  private async sepa(art: SepaArt, id: string, req: Request, res: Response) {
    const { name, xml, ausgelassen } = await this.abrechnungen.sepa(parseId(id), art, currentUser(req));
    res.type('application/xml');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.setHeader(SEPA_AUSGELASSEN, sepaAusgelassenSchreiben(ausgelassen));
    res.send(xml);
  }
}
