import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { parseId } from '../../../platform/resources/resource.controller';
import { Gastanmeldungen } from '../../application/gastanmeldungen';
import { UEBERNAHME, UebernahmeKoerper } from './billing.schemas';

/** A guest registration taken over as a Benutzer, its seminar booked for it (issue 28). */
@Controller('node/api/gastanmeldung')
export class GastanmeldungController {
  constructor(private readonly gastanmeldungen: Gastanmeldungen) {}

  @ApiOperation({
    summary:
      'Gastanmeldung als Benutzer übernehmen (neu angelegt oder ein bestehender) und ihr Seminar buchen',
  })
  @Post(':id/uebernehmen')
  @HttpCode(200)
  uebernehmen(
    @Param('id') id: string,
    @ZodBody(UebernahmeKoerper, UEBERNAHME) body: z.output<typeof UebernahmeKoerper>,
    @Req() req: Request,
  ) {
    return this.gastanmeldungen.uebernehmen(parseId(id), body, currentUser(req));
  }
}
