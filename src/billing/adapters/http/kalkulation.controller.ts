import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { z } from 'zod';
import { ZodBody } from '../../../platform/http/zod-body';
import { Kalkulation } from '../../application/kalkulation';
import { KATEGORIE, KalkulationKoerper } from './billing.schemas';

/** The billing overview's sums (spec 002 §7 `POST /api/rw-calculation/calcCategory`). */
@Controller('node/api/rw-calculation')
export class KalkulationController {
  constructor(private readonly kalkulation: Kalkulation) {}

  /** `{category, category_ids, transactions, rechnungen, abos}` → the sums per category object. */
  @ApiOperation({ summary: 'Summen der Abrechnungsübersicht (Vorgänge, Rechnungen, Abo-Buchungen)' })
  @Post('calcCategory')
  @HttpCode(200)
  calcCategory(@ZodBody(KalkulationKoerper, KATEGORIE) body: z.output<typeof KalkulationKoerper>) {
    return this.kalkulation.berechne(body);
  }
}
