import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { attachmentHeader } from '../../../platform/files/file-response';
import { parseId } from '../../../platform/resources/resource.controller';
import { SeminarKalender } from '../../application/seminar-kalender';
import { TlmsKurse } from '../../application/tlms-kurse';

/** The seminars' own verbs beyond the generic API (spec 001 §7). */
@Controller('node/api')
export class SeminarController {
  constructor(
    private readonly kurse: TlmsKurse,
    private readonly kalender: SeminarKalender,
  ) {}

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
