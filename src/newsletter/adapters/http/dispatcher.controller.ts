import { Body, Controller, Delete, Param, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { parseId } from '../../../platform/resources/resource.controller';
import { NewsletterVersender } from '../../application/versand';

/** Planning and withdrawing dispatches (issue 15, spec 003 §7). */
@Controller('node/api')
export class DispatcherController {
  constructor(private readonly versender: NewsletterVersender) {}

  /** `{newsletter_id, versand_time}` → the planned dispatcher. */
  @Post('newsletter-dispatcher')
  anlegen(@Body() body: unknown, @Req() req: Request) {
    return this.versender.anlegen(body, currentUser(req));
  }

  /** Removes the newsletter's dispatches of which nothing went out yet. */
  @ApiOperation({ summary: 'Unversendete Dispatcher eines Newsletters löschen' })
  @Delete('newsletter/:id/delete_dispatcher')
  loeschen(@Param('id') id: string, @Req() req: Request) {
    return this.versender.unversendeteLoeschen(parseId(id), currentUser(req));
  }
}
