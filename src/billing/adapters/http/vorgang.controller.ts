import { Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import type { z } from 'zod';
import { ZodBody } from '../../../platform/http/zod-body';
import type { Row } from '../../../platform/resources/resource-definition';
import { parseId } from '../../../platform/resources/resource.controller';
import { Buchungen } from '../../application/buchungen';
import { Vorgaenge } from '../../application/vorgaenge';
import type { BuchungsEingabe } from '../../domain/buchung';
import {
  BUCHUNG,
  BuchungsKoerper,
  KATEGORIE,
  KategorieKoerper,
  VORGANG,
  VorgangsKoerper,
} from './billing.schemas';

/**
 * The booking transactions' verbs (spec 002 §7). `POST` and `PUT …/{id}` take the place of the
 * generic create and save (registered before them, see app.module.ts), so that every booking is
 * priced by the booking rules and every change follows the version rules.
 */
@Controller('node/api/rw-transaction')
export class VorgangController {
  constructor(
    private readonly vorgaenge: Vorgaenge,
    private readonly buchungen: Buchungen,
  ) {}

  /**
   * A new booking, priced by the booking rules (application/buchungen.ts); takes the place of the
   * generic create. Answers the transaction as the generic reader shows it, 201.
   */
  @Post()
  buchen(@ZodBody(BuchungsKoerper, BUCHUNG) body: BuchungsEingabe, @Req() req: Request) {
    return this.buchungen.buchen(body, currentUser(req));
  }

  /** The same body as a booking: what it would cost, without writing anything. */
  @ApiOperation({
    summary: 'Preis einer Buchung berechnen (Preisstufe, Rabatte, Gutschein), ohne zu speichern',
  })
  @Post('preis')
  @HttpCode(200)
  preis(@ZodBody(BuchungsKoerper, BUCHUNG) body: BuchungsEingabe) {
    return this.buchungen.preis(body);
  }

  @Put(':id')
  aendern(@Param('id') id: string, @ZodBody(VorgangsKoerper, VORGANG) body: Row, @Req() req: Request) {
    return this.vorgaenge.aendern(parseId(id), body, currentUser(req));
  }

  @ApiOperation({ summary: 'Alle offenen Vorgänge eines Seminars, Abos, Bundles oder Produkts verifizieren' })
  @Post('setAllVerifiziert')
  @HttpCode(200)
  alleVerifizieren(
    @ZodBody(KategorieKoerper, KATEGORIE) body: z.output<typeof KategorieKoerper>,
    @Req() req: Request,
  ) {
    return this.vorgaenge.alleVerifizieren(body, currentUser(req));
  }

  @ApiOperation({ summary: 'Letzten Schritt eines Vorgangs zurücknehmen (Version oder Storno)' })
  @Delete(':id/revert')
  @HttpCode(200)
  zuruecksetzen(@Param('id') id: string, @Req() req: Request) {
    return this.vorgaenge.zuruecksetzen(parseId(id), currentUser(req));
  }
}
