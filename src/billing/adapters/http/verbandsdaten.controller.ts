import { Controller, Get, Put, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { Verbandsangaben } from '../../application/verbandsdaten';
import { akteur } from '../jobs/abrechnung.jobs';
import { VERBANDSDATEN, VerbandsdatenKoerper } from './billing.schemas';

/** The settings „Verbandsdaten“ (issue 28): every member of staff reads them, administrators change them. */
@Controller('node/api/verbandsdaten')
export class VerbandsdatenController {
  constructor(private readonly verband: Verbandsangaben) {}

  @ApiOperation({ summary: 'Verbandsdaten (Rechnungsangaben nach § 14 UStG) und ob man sie ändern darf' })
  @Get()
  lesen(@Req() req: Request) {
    return this.verband.ansicht(akteur(currentUser(req)));
  }

  @ApiOperation({ summary: 'Verbandsdaten ändern (nur Administratoren)' })
  @Put()
  async speichern(
    @ZodBody(VerbandsdatenKoerper, VERBANDSDATEN) werte: z.output<typeof VerbandsdatenKoerper>,
    @Req() req: Request,
  ) {
    const actor = akteur(currentUser(req));
    await this.verband.speichere(werte, actor);
    return this.verband.ansicht(actor);
  }
}
