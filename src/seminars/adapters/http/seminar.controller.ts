import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { AKADEMIE, nurFuerVerband } from '../../../platform/auth/verband';
import { stringifyCsv } from '../../../platform/csv/csv-format';
import { attachmentHeader } from '../../../platform/files/file-response';
import { parseResourceQuery } from '../../../platform/resources/query/resource-query';
import { parseId } from '../../../platform/resources/resource.controller';
import { SeminarKalender } from '../../application/seminar-kalender';
import { TeilnehmerAuswertung } from '../../application/teilnehmer-auswertung';
import { TlmsKurse } from '../../application/tlms-kurse';

/** The seminars' own verbs beyond the generic API (spec 001 §7). */
@Controller('node/api')
export class SeminarController {
  constructor(
    private readonly kurse: TlmsKurse,
    private readonly kalender: SeminarKalender,
    private readonly auswertung: TeilnehmerAuswertung,
  ) {}

  /**
   * A plain GET link (DESIGN.md §3) of verband 2 (spec 003 §6, §7): `where` and `search` of the
   * seminar billing list → the participants of its seminars as a CSV file for German Excel.
   */
  @ApiOperation({ summary: 'Teilnehmer-Auswertung der Seminare als CSV (Verband 2)' })
  @Get('veranstaltung/teilnehmer-auswertung')
  async teilnehmerAuswertung(
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    nurFuerVerband(currentUser(req), AKADEMIE, 'Die Teilnehmer-Auswertung');
    const { where, search } = parseResourceQuery(query);
    const csv = stringifyCsv(await this.auswertung.zeilen({ where, search }));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader('Teilnehmer-Auswertung.csv'));
    return new StreamableFile(csv, { length: csv.length });
  }

  /** A plain GET link (DESIGN.md §3): the calendar file of the seminar's dates. */
  @ApiOperation({ summary: 'Termine des Seminars als iCal-Datei' })
  @Get('veranstaltung/:id/ical')
  async ical(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const { titel, text } = await this.kalender.ical(parseId(id));
    res.type('text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader(`${titel}.ics`));
    return text;
  }

  /** Answers the new course's id. */
  @ApiOperation({ summary: 'TalentLMS-Kurs zum Seminar anlegen' })
  @Post('veranstaltung/:id/createTlmsCourse')
  @HttpCode(200)
  seminarKurs(@Param('id') id: string, @Req() req: Request) {
    return this.kurse.erstelle('veranstaltung', id, currentUser(req));
  }

  @ApiOperation({ summary: 'TalentLMS-Kurs zum Termin anlegen' })
  @Post('veranstaltung-event/:id/createTlmsCourse')
  @HttpCode(200)
  eventKurs(@Param('id') id: string, @Req() req: Request) {
    return this.kurse.erstelle('veranstaltung-event', id, currentUser(req));
  }
}
