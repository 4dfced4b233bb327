import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { currentUser } from '../../../platform/auth/current-user';
import { parseId } from '../../../platform/resources/resource.controller';
import { StbdirektAktualisierung } from '../../application/stbdirekt-aktualisierung';

/** The StBdirekt refresh of the newsletter window (spec 002 §7 `GET /pflege/stbdirekt-content`). */
@Controller('node/pflege')
export class PflegeController {
  constructor(private readonly stbdirekt: StbdirektAktualisierung) {}

  /** Whether the window offers the refresh to this staff member (academy, service configured). */
  @ApiOperation({
    summary: 'Ob die StBdirekt-Aktualisierung angeboten wird (Verband 2, Dienst eingerichtet)',
  })
  @Get('stbdirekt-content/verfuegbar')
  verfuegbar(@Req() req: Request) {
    return { verfuegbar: this.stbdirekt.verfuegbar(currentUser(req)?.verband) };
  }

  /** `?vorlage={id}` → `{json_content}` for that template. */
  @ApiOperation({ summary: 'Newsletter-Inhalte aus StBdirekt holen' })
  @Get('stbdirekt-content')
  inhalt(@Query('vorlage') vorlage: unknown, @Req() req: Request) {
    return this.stbdirekt.inhalt(parseId(String(vorlage ?? '')), currentUser(req)?.verband);
  }
}
