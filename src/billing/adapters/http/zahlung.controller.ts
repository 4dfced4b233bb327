import { Controller, HttpCode, Param, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import {
  MB,
  requireUpload,
  SingleFileUpload,
  type UploadedBuffer,
} from '../../../platform/files/single-file-upload';
import { ZodBody } from '../../../platform/http/zod-body';
import { parseId } from '../../../platform/resources/resource.controller';
import { DomainError } from '../../../shared/domain-error';
import { Zahlungen } from '../../application/zahlungen';
import { BezahltKoerper, ZAHLUNG, ZuordnenKoerper } from './billing.schemas';
import { PayloadTooLargeException } from '@nestjs/common';

const KontoauszugUpload = SingleFileUpload({
  maxBytes: 20 * MB,
  tooLarge: (max) => new PayloadTooLargeException(`Der Kontoauszug ist zu groß (höchstens ${max / MB} MB).`),
});

/** Payments of invoices (issue 28): bank statements, the reconciliation list, manual "bezahlt". */
@Controller('node/api')
export class ZahlungController {
  constructor(private readonly zahlungen: Zahlungen) {}

  @ApiOperation({ summary: 'Kontoauszug (camt.053.001.08) einlesen und Zahlungen zuordnen' })
  @Post('rw-kontoauszug')
  @HttpCode(200)
  @UseInterceptors(KontoauszugUpload)
  importiere(@UploadedFile() file: UploadedBuffer | undefined, @Req() req: Request) {
    const datei = requireUpload(file, 'Kontoauszugsdatei');
    const xml = datei.buffer.toString('utf8');
    if (xml.includes('\uFFFD'))
      throw DomainError.invalid('KONTOAUSZUG', 'Der Kontoauszug muss UTF-8-kodiert sein (camt.053.001.08).');
    return this.zahlungen.importiere(xml, currentUser(req));
  }

  @ApiOperation({ summary: 'Kontoauszugsposten von Hand einer Rechnung zuordnen' })
  @Post('rw-kontoauszug-posten/:id/zuordnen')
  @HttpCode(200)
  async zuordnen(
    @Param('id') id: string,
    @ZodBody(ZuordnenKoerper, ZAHLUNG) body: { rw_rechnung_id: number },
    @Req() req: Request,
  ) {
    await this.zahlungen.zuordnen(parseId(id), body.rw_rechnung_id, currentUser(req));
    return { message: 'Der Posten wurde der Rechnung zugeordnet.' };
  }

  @ApiOperation({ summary: 'Kontoauszugsposten als „keine Rechnung“ markieren' })
  @Post('rw-kontoauszug-posten/:id/keineRechnung')
  @HttpCode(200)
  async keineRechnung(@Param('id') id: string, @Req() req: Request) {
    await this.zahlungen.keineRechnung(parseId(id), currentUser(req));
    return { message: 'Der Posten wurde als „keine Rechnung“ markiert.' };
  }

  @ApiOperation({ summary: 'Rechnung von Hand als bezahlt markieren' })
  @Post('rw-rechnung/:id/bezahlt')
  @HttpCode(200)
  bezahlt(
    @Param('id') id: string,
    @ZodBody(BezahltKoerper, ZAHLUNG) body: { datum: string },
    @Req() req: Request,
  ) {
    return this.zahlungen.manuellBezahlt(parseId(id), body.datum, currentUser(req));
  }
}
