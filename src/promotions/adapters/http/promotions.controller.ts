import { Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource, IsNull } from 'typeorm';
import type { z } from 'zod';
import { gutscheinBezug, gutscheinWertText } from '../../../../common/gutschein';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { csvFileName, stringifyCsv } from '../../../platform/csv/csv-format';
import { attachmentHeader } from '../../../platform/files/file-response';
import { DomainError } from '../../../shared/domain-error';
import { centsToEuros } from '../../../shared/money';
import { GutscheinSerien } from '../../application/gutschein-serie';
import { Preisfindung } from '../../application/ports/preisfindung';
import type { GutscheinSerieAnfrage } from '../../domain/regeln';
import type { RabattBuchung, RabattErgebnis } from '../../domain/rabatt-berechnung';
import { WbVoucher } from '../persistence/wb-rabatt.entity';
import {
  GUTSCHEIN_ANWENDEN,
  GUTSCHEIN_SERIE,
  GutscheinAnwendenKoerper,
  GutscheinSerieKoerper,
  RABATT_BUCHUNG,
  RabattBuchungKoerper,
} from './promotions.schemas';

const inEuro = (ergebnis: RabattErgebnis) => {
  const rabatt = (r: RabattErgebnis['rabatte'][number]) => ({
    ...r,
    abzug: centsToEuros(r.abzug),
    betrag: centsToEuros(r.betrag),
  });
  return {
    rabatte: ergebnis.rabatte.map(rabatt),
    gewaehlt: ergebnis.gewaehlt && rabatt(ergebnis.gewaehlt),
    betrag: centsToEuros(ergebnis.betrag),
  };
};

/**
 * The promotions' verbs beyond the generic API: bulk vouchers and their CSV for printing
 * (spec 003 §2–§5), and the price of a booking with discounts and a voucher, for billing and staff.
 */
@Controller('node/api')
export class PromotionsController {
  constructor(
    private readonly serien: GutscheinSerien,
    private readonly preisfindung: Preisfindung,
    private readonly dataSource: DataSource,
  ) {}

  /** Body `{num, relation, relation_id, typ, wert, titel, valid}` → `{created, relation, relation_id}`. */
  @ApiOperation({ summary: 'Gutscheine in Serie erzeugen' })
  @Post('wb-voucher/bulk')
  @HttpCode(200)
  bulk(@ZodBody(GutscheinSerieKoerper, GUTSCHEIN_SERIE) anfrage: GutscheinSerieAnfrage, @Req() req: Request) {
    return this.serien.erstellen(anfrage, currentUser(req));
  }

  /** The codes of one relation (`relation=alle`, or `Veranstaltung` with `relation_id`) as CSV. */
  @ApiOperation({ summary: 'Gutscheincodes als CSV' })
  @Get('wb-voucher/export')
  async export(
    @Query('relation') relation: unknown,
    @Query('relation_id') relationId: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const bezug = gutscheinBezug(relation, relationId);
    if (!bezug)
      throw DomainError.invalid(
        'GUTSCHEIN_BEZUG',
        'Bitte wählen Sie „Alle“ oder ein Seminar für den Export.',
      );
    const gutscheine = await this.dataSource.getRepository(WbVoucher).find({
      where: {
        relation: bezug.relation ?? IsNull(),
        relation_id: bezug.relation_id ?? IsNull(),
      },
      order: { id: 'ASC' },
    });
    if (gutscheine.length === 0)
      throw DomainError.notFound('KEINE_GUTSCHEINE', 'Für diese Auswahl gibt es keine Gutscheine.');
    const zeilen = gutscheine.map((g) => ({
      Code: g.code,
      Titel: g.titel ?? '',
      Wert: gutscheinWertText(g.typ, g.wert),
      Gültig: g.valid,
    }));
    const name = bezug.relation_id === null ? 'Gutscheine alle' : `Gutscheine Seminar ${bezug.relation_id}`;
    const csv = stringifyCsv(zeilen);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(csvFileName(name)));
    return new StreamableFile(csv, { length: csv.length });
  }

  /** Body `{code, veranstaltung_id, preis}` (euros) → `{abzug, betrag, gutschein}`. */
  @ApiOperation({ summary: 'Gutschein auf einen Preis anwenden' })
  @Post('wb-voucher/anwenden')
  @HttpCode(200)
  async anwenden(
    @ZodBody(GutscheinAnwendenKoerper, GUTSCHEIN_ANWENDEN)
    { code, veranstaltung_id: seminarId, preis }: z.output<typeof GutscheinAnwendenKoerper>,
  ) {
    const { abzug, betrag, gutschein } = await this.preisfindung.gutschein(code, { preis, seminarId });
    return { abzug: centsToEuros(abzug), betrag: centsToEuros(betrag), gutschein };
  }

  /**
   * Body: `{preis, teilnehmer: {id, gruppenIds}, seminar: {id, typId, datum}, buchungsdatum,
   * frueher: [{teilnehmerId, seminarId, rabattIds}]}` → the discounts that apply and the amount.
   */
  @ApiOperation({ summary: 'Rabatte für eine Buchung berechnen' })
  @Post('wb-rabatt/berechnen')
  @HttpCode(200)
  async berechnen(@ZodBody(RabattBuchungKoerper, RABATT_BUCHUNG) buchung: RabattBuchung) {
    return inEuro(await this.preisfindung.rabatte(buchung));
  }
}
