import { Body, Controller, Delete, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { parseId } from '../../../platform/resources/resource.controller';
import { GruppenAbgleich } from '../../application/gruppen-abgleich';
import { GruppenPflege } from '../../application/gruppen-pflege';
import { GruppenAuftraege } from '../jobs/gruppen.jobs';

/**
 * The member verbs of a group (spec 001 §7): add by ids, remove all, fill a newsletter group,
 * refill an automatic group, compare a CSV file. Removing single links is the generic
 * `DELETE /node/api/benutzer-benutzer-gruppe` (and `/benutzer-email-gruppe`) with a list of ids.
 */
@Controller('node/api/benutzer-gruppe')
export class GruppenController {
  constructor(
    private readonly pflege: GruppenPflege,
    private readonly abgleich: GruppenAbgleich,
    private readonly auftraege: GruppenAuftraege,
  ) {}

  @ApiOperation({ summary: 'Benutzer zur Gruppe hinzufügen' })
  @Post(':id/benutzers')
  benutzerHinzufuegen(@Param('id') id: string, @Body() ids: unknown, @Req() req: Request) {
    return this.pflege.hinzufuegen(parseId(id), 'benutzer', ids, currentUser(req));
  }

  @ApiOperation({ summary: 'E-Mails zur Gruppe hinzufügen' })
  @Post(':id/emails')
  emailsHinzufuegen(@Param('id') id: string, @Body() ids: unknown, @Req() req: Request) {
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

  @ApiOperation({ summary: 'Automatische Gruppe neu befüllen' })
  @Post(':id/auto_refill')
  @HttpCode(200)
  auffuellen(@Param('id') id: string, @Req() req: Request) {
    return this.auftraege.auffuellen(parseId(id), currentUser(req));
  }

  /** Body `{rows, zuordnung?}`: the rows of POST /node/csv/parse → the four buckets. */
  @ApiOperation({ summary: 'CSV-Zeilen mit der Gruppe abgleichen' })
  @Post(':id/csv_compare')
  @HttpCode(200)
  csvAbgleichen(@Param('id') id: string, @Body() body: unknown) {
    return this.abgleich.abgleichen(parseId(id), body);
  }
}
