/**
 * The Abo bookings' verbs beyond the generic API (issue 30; spec 003 §7): cancellation and its
 * revocation, and the period billing run staff start by hand (the daily job runs the same).
 */
import { Controller, Delete, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { ResourceRegistry } from '../../../platform/resources/resource-registry';
import { ResourceWriter } from '../../../platform/resources/resource-writer';
import type { Row } from '../../../platform/resources/resource-definition';
import { AboAbrechnung } from '../../application/abo-abrechnung';
import { AboTurnusse } from '../../application/abo-turnusse';
import { AboAuftraege } from '../jobs/abo.jobs';
import {
  KUENDIGUNG,
  KuendigungKoerper,
  PERIODENLAUF,
  PeriodenlaufKoerper,
  TURNUS,
  TURNUS_EVENT,
  TURNUS_SEMINAR,
  TurnusEventKoerper,
  TurnusKoerper,
  TurnusSeminarKoerper,
  WIDERRUF,
  WiderrufKoerper,
} from './promotions.schemas';

const akteur = (req: Request) => {
  const user = currentUser(req);
  return user && { id: user.id, name: user.name };
};

@Controller('node/api')
export class AboController {
  constructor(
    private readonly abrechnung: AboAbrechnung,
    private readonly auftraege: AboAuftraege,
    private readonly turnusse: AboTurnusse,
    private readonly registry: ResourceRegistry,
    private readonly writer: ResourceWriter,
  ) {}

  /**
   * The generic save of a period; with `force_update_transactions=true` the bookings'
   * transactions follow it, and the answer adds how many changed (`rw_transactions_changed`).
   */
  @ApiOperation({ summary: 'Abo-Turnus speichern (optional mit Anpassung der Vorgänge)' })
  @Put('wb-abo-turnus/:id')
  async turnusSpeichern(
    @Param('id') id: string,
    @Query('force_update_transactions') anpassen: string | undefined,
    @ZodBody(TurnusKoerper, TURNUS) body: Row,
    @Req() req: Request,
  ) {
    const turnusId = parseId(id);
    const gespeichert = await this.writer.update(
      this.registry.get('wb-abo-turnus'),
      turnusId,
      body,
      currentUser(req),
    );
    // Without the flag the answer is the record, as every generic save answers it.
    if (!['true', '1'].includes(anpassen ?? '')) return gespeichert;
    const geaendert = await this.abrechnung.vorgaengeAnpassen(turnusId, akteur(req));
    return { ...gespeichert, rw_transactions_changed: geaendert };
  }

  /** Body `{veranstaltung_id}`: the seminar leaves the period. */
  @ApiOperation({ summary: 'Seminar aus einem Abo-Turnus entfernen' })
  @Delete('wb-abo-turnus/:id/veranstaltung')
  @HttpCode(200)
  seminarEntfernen(
    @Param('id') id: string,
    @ZodBody(TurnusSeminarKoerper, TURNUS_SEMINAR) body: z.output<typeof TurnusSeminarKoerper>,
    @Req() req: Request,
  ) {
    return this.turnusse.entfernen(parseId(id), 'seminar', body.veranstaltung_id, akteur(req));
  }

  /** Body `{veranstaltung_id, veranstaltung_event_id}`: the event leaves the period. */
  @ApiOperation({ summary: 'Veranstaltung aus einem Abo-Turnus entfernen' })
  @Delete('wb-abo-turnus/:id/event')
  @HttpCode(200)
  eventEntfernen(
    @Param('id') id: string,
    @ZodBody(TurnusEventKoerper, TURNUS_EVENT) body: z.output<typeof TurnusEventKoerper>,
    @Req() req: Request,
  ) {
    return this.turnusse.entfernen(parseId(id), 'event', body.veranstaltung_event_id, akteur(req));
  }

  /** Body `{admin, storno_turnus_id, date, delete_unsettled_transactions}` → the booking and what changed. */
  @ApiOperation({ summary: 'Abo-Buchung kündigen' })
  @Delete('wb-abo-buchung/:id/storno')
  @HttpCode(200)
  kuendigen(
    @Param('id') id: string,
    @ZodBody(KuendigungKoerper, KUENDIGUNG) body: z.output<typeof KuendigungKoerper>,
    @Req() req: Request,
  ) {
    return this.abrechnung.kuendigen(parseId(id), body, akteur(req), new Date());
  }

  /** Body `{admin}` → the booking and the transactions booked for the periods in between. */
  @ApiOperation({ summary: 'Kündigung einer Abo-Buchung widerrufen' })
  @Delete('wb-abo-buchung/:id/cancel_storno')
  @HttpCode(200)
  widerrufen(
    @Param('id') id: string,
    @ZodBody(WiderrufKoerper, WIDERRUF) _body: z.output<typeof WiderrufKoerper>,
    @Req() req: Request,
  ) {
    return this.abrechnung.kuendigungWiderrufen(parseId(id), akteur(req), new Date());
  }

  /** Body `{stichtag?}` → `{stichtag, abos, turnusse, buchungen, vorgaenge}`, or 202 with the job. */
  @ApiOperation({ summary: 'Abo-Perioden abrechnen' })
  @LangeArbeit()
  @Post('wb-abo/perioden_abrechnen')
  @HttpCode(200)
  async periodenAbrechnen(
    @ZodBody(PeriodenlaufKoerper, PERIODENLAUF) body: z.output<typeof PeriodenlaufKoerper>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return antwort(res, await this.auftraege.starte(body, wartezeit(req)));
  }
}
