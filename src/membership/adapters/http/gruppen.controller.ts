import {
  Controller,
  Delete,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { CsvUpload } from '../../../platform/csv/csv-upload';
import { requireUpload, type UploadedBuffer } from '../../../platform/files/single-file-upload';
import { ZodBody } from '../../../platform/http/zod-body';
import { antwort, LangeArbeit, wartezeit } from '../../../platform/queue/http/lange-arbeit';
import { parseId } from '../../../platform/resources/resource.controller';
import { GruppenPflege } from '../../application/gruppen-pflege';
import { GruppenAuftraege } from '../jobs/gruppen.jobs';
import {
  CSV_ABGLEICH,
  type CsvAbgleichFelder,
  CsvAbgleichKoerper,
  ID_LISTE,
  IdListeKoerper,
} from './membership.schemas';

/**
 * The member verbs of a group (spec 001 §7): add by ids, remove all, fill a newsletter group,
 * refill an automatic group, compare a CSV file. Removing single links is the generic
 * `DELETE /node/api/benutzer-benutzer-gruppe` (and `/benutzer-email-gruppe`) with a list of ids.
 */
@Controller('node/api/benutzer-gruppe')
export class GruppenController {
  constructor(
    private readonly pflege: GruppenPflege,
    private readonly auftraege: GruppenAuftraege,
  ) {}

  @ApiOperation({ summary: 'Benutzer zur Gruppe hinzufügen' })
  @Post(':id/benutzers')
  benutzerHinzufuegen(
    @Param('id') id: string,
    @ZodBody(IdListeKoerper, ID_LISTE) ids: number[],
    @Req() req: Request,
  ) {
    return this.pflege.hinzufuegen(parseId(id), 'benutzer', ids, currentUser(req));
  }

  @ApiOperation({ summary: 'E-Mails zur Gruppe hinzufügen' })
  @Post(':id/emails')
  emailsHinzufuegen(
    @Param('id') id: string,
    @ZodBody(IdListeKoerper, ID_LISTE) ids: number[],
    @Req() req: Request,
  ) {
    return this.pflege.hinzufuegen(parseId(id), 'email', ids, currentUser(req));
  }

  @ApiOperation({ summary: 'Alle Benutzer aus der Gruppe entfernen' })
  @Delete(':id/benutzers')
  @HttpCode(200)
  alleBenutzerEntfernen(@Param('id') id: string, @Req() req: Request) {
    return this.pflege.alleEntfernen(parseId(id), 'benutzer', currentUser(req));
  }

  @ApiOperation({ summary: 'Alle E-Mails aus der Gruppe entfernen' })
  @Delete(':id/emails')
  @HttpCode(200)
  alleEmailsEntfernen(@Param('id') id: string, @Req() req: Request) {
    return this.pflege.alleEntfernen(parseId(id), 'email', currentUser(req));
  }

  @ApiOperation({ summary: 'Newsletter-Gruppe mit den primären E-Mails füllen' })
  @Post(':id/newsletter_fill')
  @HttpCode(200)
  newsletterFuellen(@Param('id') id: string, @Req() req: Request) {
    return this.pflege.newsletterFuellen(parseId(id), currentUser(req));
  }

  /** `{created, deleted}`, or 202 with the job while a long refill goes on. */
  @ApiOperation({ summary: 'Automatische Gruppe neu befüllen' })
  @LangeArbeit()
  @Post(':id/auto_refill')
  @HttpCode(200)
  async auffuellen(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return antwort(res, await this.auftraege.auffuellen(parseId(id), currentUser(req), wartezeit(req)));
  }

  /**
   * Multipart `file` (a CSV file of at most 10 MB) and optionally `zuordnung` → `{zuordnung,
   * anzahl, name, auftrag}`, the four buckets `{bereit: {count, rows}, …}` to fetch from
   * GET /node/api/auftraege/{name}/{id}/datei; or 202 with the job while a large file is compared.
   */
  @ApiOperation({ summary: 'CSV-Datei mit der Gruppe abgleichen' })
  @LangeArbeit()
  @Post(':id/csv_compare')
  @HttpCode(200)
  @UseInterceptors(CsvUpload)
  async csvAbgleichen(
    @Param('id') id: string,
    @UploadedFile() file: UploadedBuffer | undefined,
    @ZodBody(CsvAbgleichKoerper, CSV_ABGLEICH) felder: CsvAbgleichFelder,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const datei = requireUpload(file, 'CSV-Datei').buffer;
    return antwort(
      res,
      await this.auftraege.abgleichen(parseId(id), datei, felder.zuordnung, wartezeit(req)),
    );
  }
}
