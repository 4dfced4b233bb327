import { Controller, Delete, Get, HttpCode, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { Bezahloptionen } from '../../application/bezahloptionen';

/** The payment options' verbs (spec 002 §7), registered before the generic `:resource/:id`. */
@Controller('node/api/rw-bezahloption')
export class BezahloptionController {
  constructor(private readonly optionen: Bezahloptionen) {}

  @ApiOperation({ summary: 'Zahlungsarten aller Mitglieder eines Seminars, Abos, Bundles oder Produkts' })
  @Get('multiple')
  mehrere(@Query('where') where: unknown) {
    return this.optionen.mehrere(where);
  }

  @Delete()
  @HttpCode(200)
  loeschen(@Query() query: Record<string, unknown>, @Req() req: Request) {
    return this.optionen.loeschen(query, currentUser(req));
  }
}
