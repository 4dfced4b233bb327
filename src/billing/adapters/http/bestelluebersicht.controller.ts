import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { attachmentHeader } from '../../../platform/files/file-response';
import { ZodBody } from '../../../platform/http/zod-body';
import { parseId } from '../../../platform/resources/resource.controller';
import { Bestelluebersichten } from '../../application/bestelluebersichten';
import { BestelluebersichtKoerper, KATEGORIE } from './billing.schemas';

/** Overviews of bookings (spec 002 §7): the member's order overview by e-mail, a seminar's LG settlement. */
@Controller('node/api')
export class BestelluebersichtController {
  constructor(private readonly uebersichten: Bestelluebersichten) {}

  @ApiOperation({
    summary: 'Bestellübersicht eines Mitglieds zu einem Seminar, Abo, Bundle oder Produkt per Email',
  })
  @Post('warenkorb/bestelluebersicht_email')
  @HttpCode(200)
  bestelluebersichtEmail(@ZodBody(BestelluebersichtKoerper, KATEGORIE) body: BestelluebersichtKoerper) {
    return this.uebersichten.email(body);
  }

  /** A plain GET link: the CSV file; `skript_per_post=true` adds the script-by-post column (verband 3). */
  @ApiOperation({ summary: 'LG-Abrechnung eines Seminars als CSV-Datei' })
  @Get('veranstaltung/:id/lg_abrechnung')
  async lgAbrechnung(
    @Param('id') id: string,
    @Query('skript_per_post') skriptPerPost: unknown,
    @Res() res: Response,
  ) {
    const { name, csv } = await this.uebersichten.lgAbrechnung(parseId(id), skriptPerPost === 'true');
    res.type('text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(name));
    res.send(csv);
  }
}
