import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { attachmentHeader } from '../../../platform/files/file-response';
import { parseId } from '../../../platform/resources/resource.controller';
import { Abrechnungen, type SepaArt } from '../../application/abrechnungen';

/** The summaries' verbs (spec 002 §7): export, the SEPA files, the invoices by e-mail. */
@Controller('node/api/rw-abrechnung')
export class AbrechnungController {
  constructor(private readonly abrechnungen: Abrechnungen) {}

  /** `{category, category_id}` → the invoice run's `{all, created, storno}` with the new summary's id. */
  @ApiOperation({ summary: 'Abrechnung (Export) eines Seminars, Abos, Bundles oder Produkts erstellen' })
  @Post()
  @HttpCode(200)
  erstellen(@Body() body: unknown, @Req() req: Request) {
    return this.abrechnungen.erstelle(body, currentUser(req));
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

  @ApiOperation({ summary: 'Alle Rechnungen einer Abrechnung per Email versenden' })
  @Post(':id/rechnungenEmail')
  @HttpCode(200)
  rechnungenEmail(@Param('id') id: string, @Req() req: Request) {
    return this.abrechnungen.rechnungenEmail(parseId(id), currentUser(req));
  }

  /** A plain GET link (DESIGN.md §3): the XML file as an attachment. */
  private async sepa(art: SepaArt, id: string, req: Request, res: Response) {
    const { name, xml } = await this.abrechnungen.sepa(parseId(id), art, currentUser(req));
    res.type('application/xml');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.send(xml);
  }
}
