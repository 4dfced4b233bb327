import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { parseId } from '../../../platform/resources/resource.controller';
import { NewsletterVersender, type DispatcherAnfrage } from '../../application/versand';
import { DISPATCHER, DispatcherKoerper } from './dispatcher.schemas';

/** Planning and withdrawing dispatches (issue 15, spec 003 §7). */
@Controller('node/api')
export class DispatcherController {
  constructor(private readonly versender: NewsletterVersender) {}

  /** `{newsletter_id, versand_time}` → the planned dispatcher. */
  @Post('newsletter-dispatcher')
  anlegen(@ZodBody(DispatcherKoerper, DISPATCHER) anfrage: DispatcherAnfrage, @Req() req: Request) {
    return this.versender.anlegen(anfrage, currentUser(req));
  }

  @ApiOperation({ summary: 'Warum die Empfänger eines Versands warten' })
  @Get('newsletter-dispatcher/:id/wartegruende')
  wartegruende(@Param('id') id: string) {
    return this.versender.wartegruende(parseId(id));
  }

  @ApiOperation({ summary: 'Fehlgeschlagene Empfänger eines Versands erneut senden' })
  @Post('newsletter-dispatcher/:id/fehlgeschlagene_erneut_senden')
  @HttpCode(200)
  erneutSenden(@Param('id') id: string, @Req() req: Request) {
    return this.versender.fehlgeschlageneErneutSenden(parseId(id), currentUser(req));
  }

  @ApiOperation({ summary: 'Versand anhalten' })
  @Post('newsletter-dispatcher/:id/anhalten')
  @HttpCode(200)
  anhalten(@Param('id') id: string, @Req() req: Request) {
    return this.versender.anhalten(parseId(id), true, currentUser(req));
  }

  @ApiOperation({ summary: 'Angehaltenen Versand fortsetzen' })
  @Post('newsletter-dispatcher/:id/fortsetzen')
  @HttpCode(200)
  fortsetzen(@Param('id') id: string, @Req() req: Request) {
    return this.versender.anhalten(parseId(id), false, currentUser(req));
  }

  /** Removes the newsletter's dispatches whose recipients were not laid down yet. */
  @ApiOperation({ summary: 'Unversendete Dispatcher eines Newsletters löschen' })
  @Delete('newsletter/:id/delete_dispatcher')
  loeschen(@Param('id') id: string, @Req() req: Request) {
    return this.versender.unversendeteLoeschen(parseId(id), currentUser(req));
  }
}
