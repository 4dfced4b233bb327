import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { AKADEMIE, nurFuerVerband } from '../../../platform/auth/verband';
import { stringifyCsv } from '../../../platform/csv/csv-format';
import { attachmentHeader } from '../../../platform/files/file-response';
import { CsvUpload } from '../../../platform/csv/csv-upload';
import { requireUpload, type UploadedBuffer } from '../../../platform/files/single-file-upload';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { Gehaltsumfrage } from '../../application/gehaltsumfrage';
import { leseListenseite } from '../../domain/gehaltsumfrage';
import { GehaltsumfrageAuftraege } from '../jobs/gehaltsumfrage.jobs';

/** Spec 000 §2: the Gehaltsumfrage is verband 2's; the routes refuse other staff, not only the menu. */
const nurAkademie = (req: Request) => nurFuerVerband(currentUser(req), AKADEMIE, 'Die Gehaltsumfrage');

/** The salary survey administration (spec 002 §2, §7): list, import, reset, export. */
@Controller('node')
export class GehaltsumfrageController {
  constructor(
    private readonly gehaltsumfrage: Gehaltsumfrage,
    private readonly auftraege: GehaltsumfrageAuftraege,
  ) {}

  /** The screen's list → {count, rows: [{id, kennnummer, name, link, passwort_gesetzt}]}. */
  @ApiOperation({ summary: 'Zugänge zur Gehaltsumfrage auflisten' })
  @Get('api/gehaltsumfrage')
  liste(@Query('limit') limit: unknown, @Query('offset') offset: unknown, @Req() req: Request) {
    nurAkademie(req);
    const seite = leseListenseite(limit, offset);
    return this.gehaltsumfrage.liste(seite.limit, seite.offset);
  }

  /** The list export as a CSV file for German Excel; the passwords only for staff with the admin right. */
  @ApiOperation({ summary: 'Zugänge zur Gehaltsumfrage als CSV' })
  @Get('gehaltsumfrage')
  async export(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    nurAkademie(req);
    const user = currentUser(req)!;
    const csv = stringifyCsv(await this.gehaltsumfrage.exportZeilen({ id: user.id, name: user.name }));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachmentHeader('Gehaltsumfrage.csv'));
    return new StreamableFile(csv, { length: csv.length });
  }

  /**
   * Multipart `file`: the access file (Kennnummer, Link, Passwort) → {updated, set, unbekannt}, or
   * 202 with the job while a large file is read and applied (a broken file: the job's German reason).
   */
  @ApiOperation({ summary: 'Zugangsdatei der Gehaltsumfrage einlesen' })
  @LangeArbeit()
  @Post('gehaltsumfrage')
  @HttpCode(200)
  @UseInterceptors(CsvUpload)
  async importiere(
    @UploadedFile() file: UploadedBuffer | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    nurAkademie(req);
    const datei = requireUpload(file, 'Datei').buffer;
    return antwort(res, await this.auftraege.importiere(datei, wartezeit(req)));
  }

  /** Removes all access data → {count}. */
  @ApiOperation({ summary: 'Alle Zugänge zur Gehaltsumfrage löschen' })
  @Delete('gehaltsumfrage')
  @HttpCode(200)
  async zuruecksetzen(@Req() req: Request) {
    nurAkademie(req);
    return { count: await this.gehaltsumfrage.zuruecksetzen() };
  }
}
