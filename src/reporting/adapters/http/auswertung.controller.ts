import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Auswertungen } from '../../application/auswertungen';

/**
 * GET /node/api/rw-auswertung/… (spec 003 §7). Registered before the generic resource controller,
 * so these paths win over `/node/api/:resource/:id`.
 */
@Controller('node/api/rw-auswertung')
export class AuswertungController {
  constructor(private readonly auswertungen: Auswertungen) {}

  /** `year` → the twelve months with net revenue per category. */
  @ApiOperation({ summary: 'Umsatz eines Jahres nach Monaten' })
  @Get('umsatz')
  umsatz(@Query('year') year: unknown) {
    return this.auswertungen.umsatzJahr(year);
  }

  /** One month ('2026-03' or '202603') with its seminars, Abo periods, bundles and products. */
  @ApiOperation({ summary: 'Umsatz eines Monats im Einzelnen' })
  @Get('umsatz/:monat')
  umsatzMonat(@Param('monat') monat: string) {
    return this.auswertungen.umsatzMonat(monat);
  }

  /** `where` = {datum: {from, to}, veranstaltung_ids, veranstaltung_typ_ids}, `details`. */
  @ApiOperation({ summary: 'Seminarauswertung' })
  @Get('calc')
  calc(@Query('where') where: unknown, @Query('details') details: unknown) {
    return this.auswertungen.seminare(where, details);
  }

  /** `year` → recipients, clicking recipients, click rate, opt-outs and following bookings per dispatch and month. */
  @ApiOperation({ summary: 'Wirkung der Newsletter eines Jahres' })
  @Get('newsletter-wirkung')
  newsletterWirkung(@Query('year') year: unknown) {
    return this.auswertungen.newsletterWirkung(year);
  }

  /** `year`, `months`, `single_seminar`, `click_benutzer`: one table per level. */
  @ApiOperation({ summary: 'Newsletter-Auswertung' })
  @Get('newsletter')
  newsletter(@Query() query: Record<string, unknown>) {
    return this.auswertungen.newsletter(query);
  }

  /** `where` = {benutzer_filter, veranstaltung_typ_ids, datum}; `limit`, `offset` → {count, rows}. */
  @ApiOperation({ summary: 'Benutzerauswertung' })
  @Get('benutzer')
  benutzer(@Query('where') where: unknown, @Query('limit') limit: unknown, @Query('offset') offset: unknown) {
    return this.auswertungen.benutzer(where, limit, offset);
  }
}
