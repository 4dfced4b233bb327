import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DataSource, IsNull } from 'typeorm';
import { gutscheinBezug, gutscheinWertText } from '../../../../common/gutschein';
import { labelFor } from '../../../../common/vocabulary';
import { currentUser } from '../../../platform/auth/current-user';
import { csvFileName, stringifyCsv } from '../../../platform/csv/csv-format';
import { attachmentHeader } from '../../../platform/files/file-response';
import { DomainError } from '../../../shared/domain-error';
import { centsToEuros, eurosToCents } from '../../../shared/money';
import { GutscheinSerien } from '../../application/gutschein-serie';
import { Preisfindung } from '../../application/preisfindung';
import type { FruehereBuchung, RabattBuchung, RabattErgebnis } from '../../domain/rabatt-berechnung';
import { WbVoucher } from '../persistence/wb-rabatt.entity';

type Werte = Record<string, unknown>;

const ISO_TAG = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the fields of a request body, collecting a German message per bad field. */
class Anfrage {
  readonly fehler: Record<string, string> = {};
  private readonly werte: Werte;
  constructor(
    body: unknown,
    private readonly resource: string,
  ) {
    this.werte = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Werte) : {};
  }

  id(feld: string, werte = this.werte): number {
    const wert = werte[feld];
    if (typeof wert === 'number' && Number.isInteger(wert) && wert > 0) return wert;
    this.fehler[feld] = 'muss eine gültige ID sein';
    return 0;
  }

  ids(feld: string, werte = this.werte): number[] {
    const wert = werte[feld] ?? [];
    if (Array.isArray(wert) && wert.every((id) => Number.isInteger(id))) return wert as number[];
    this.fehler[feld] = 'muss eine Liste von IDs sein';
    return [];
  }

  /** An amount in euros, as cents. */
  preis(feld: string): number {
    const wert = this.werte[feld];
    if (typeof wert === 'number' && Number.isFinite(wert) && wert >= 0) return eurosToCents(wert);
    this.fehler[feld] = 'muss ein Betrag ab 0 sein';
    return 0;
  }

  tag(feld: string, werte = this.werte): string {
    const wert = werte[feld];
    if (typeof wert === 'string' && ISO_TAG.test(wert) && !Number.isNaN(Date.parse(wert))) return wert;
    this.fehler[feld] = 'muss ein Datum (JJJJ-MM-TT) sein';
    return '';
  }

  text(feld: string): string {
    const wert = this.werte[feld];
    if (typeof wert === 'string' && wert.trim() !== '') return wert;
    this.fehler[feld] = 'fehlt';
    return '';
  }

  objekt(feld: string): Werte {
    const wert = this.werte[feld];
    if (typeof wert === 'object' && wert !== null && !Array.isArray(wert)) return wert as Werte;
    this.fehler[feld] = 'fehlt';
    return {};
  }

  liste(feld: string): Werte[] {
    const wert = this.werte[feld] ?? [];
    if (Array.isArray(wert) && wert.every((w) => typeof w === 'object' && w !== null)) return wert as Werte[];
    this.fehler[feld] = 'muss eine Liste sein';
    return [];
  }

  ende(): void {
    if (Object.keys(this.fehler).length > 0)
      throw DomainError.fields(this.fehler, (feld) => labelFor(this.resource, feld));
  }
}

/** A booking as billing describes it (amounts in euros) → the discount rules' input. */
function rabattBuchung(body: unknown): RabattBuchung {
  const a = new Anfrage(body, 'wb-rabatt');
  const teilnehmer = a.objekt('teilnehmer');
  const seminar = a.objekt('seminar');
  const buchung: RabattBuchung = {
    preis: a.preis('preis'),
    teilnehmer: { id: a.id('id', teilnehmer), gruppenIds: a.ids('gruppenIds', teilnehmer) },
    seminar: {
      id: a.id('id', seminar),
      typId: seminar.typId == null ? null : a.id('typId', seminar),
      datum: a.tag('datum', seminar),
    },
    buchungsdatum: a.tag('buchungsdatum'),
    frueher: a.liste('frueher').map((b): FruehereBuchung => ({
      teilnehmerId: a.id('teilnehmerId', b),
      seminarId: a.id('seminarId', b),
      rabattIds: a.ids('rabattIds', b),
    })),
  };
  a.ende();
  return buchung;
}

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
  bulk(@Body() body: unknown, @Req() req: Request) {
    return this.serien.erstellen(body, currentUser(req));
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
  async anwenden(@Body() body: unknown) {
    const a = new Anfrage(body, 'wb-voucher');
    const code = a.text('code');
    const seminarId = a.id('veranstaltung_id');
    const preis = a.preis('preis');
    a.ende();
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
  async berechnen(@Body() body: unknown) {
    return inEuro(await this.preisfindung.rabatte(rabattBuchung(body)));
  }
}
