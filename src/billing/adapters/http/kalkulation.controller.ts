import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Kalkulation } from '../../application/kalkulation';

/** The billing overview's sums (spec 002 §7 `POST /api/rw-calculation/calcCategory`). */
@Controller('node/api/rw-calculation')
export class KalkulationController {
  constructor(private readonly kalkulation: Kalkulation) {}

  /** `{category, category_ids, transactions, rechnungen, abos}` → the sums per category object. */
  @ApiOperation({ summary: 'Summen der Abrechnungsübersicht (Vorgänge, Rechnungen, Abo-Buchungen)' })
  @Post('calcCategory')
  @HttpCode(200)
  calcCategory(@Body() body: unknown) {
    return this.kalkulation.berechne(body);
  }
}
