import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import type { Row } from '../../../platform/resources/resource-definition';
import { parseId } from '../../../platform/resources/resource.controller';
import { Vorgaenge } from '../../application/vorgaenge';

/**
 * The booking transactions' verbs (spec 002 §7). `PUT …/{id}` takes the place of the generic
 * save (registered before it, see app.module.ts), so that every change follows the version rules.
 */
@Controller('node/api/rw-transaction')
export class VorgangController {
  constructor(private readonly vorgaenge: Vorgaenge) {}

  @Put(':id')
  aendern(@Param('id') id: string, @Body() body: Row, @Req() req: Request) {
    return this.vorgaenge.aendern(parseId(id), body, currentUser(req));
  }

  @Post('setAllVerifiziert')
  @HttpCode(200)
  alleVerifizieren(@Body() body: unknown, @Req() req: Request) {
    return this.vorgaenge.alleVerifizieren(body, currentUser(req));
  }

  @Delete(':id/revert')
  @HttpCode(200)
  zuruecksetzen(@Param('id') id: string, @Req() req: Request) {
    return this.vorgaenge.zuruecksetzen(parseId(id), currentUser(req));
  }
}
