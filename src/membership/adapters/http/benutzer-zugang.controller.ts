import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { currentUser } from '../../../platform/auth/current-user';
import { ZodBody } from '../../../platform/http/zod-body';
import { StaffDirectory } from '../../../platform/auth/staff-directory';
import { renewLogin } from '../../../platform/auth/staff-sessions';
import { parseId } from '../../../platform/resources/resource.controller';
import { BenutzerZugang } from '../../application/benutzer-zugang';
import { BENUTZER, HashPasswortKoerper, PasswortKoerper } from './membership.schemas';

@Controller('node/api')
export class BenutzerZugangController {
  constructor(
    private readonly zugang: BenutzerZugang,
    private readonly staff: StaffDirectory,
  ) {}

  /** Sets the password; an administrator setting their own stays logged in in this browser. */
  private async setze(id: number, password: string, req: Request) {
    await this.zugang.setzePasswort(id, password, currentUser(req));
    if (id === currentUser(req)?.id) await renewLogin(req, this.staff);
    return { gesetzt: true };
  }

  /** Only whether a password is set; the hash never leaves the server. */
  @ApiOperation({ summary: 'Ob ein Passwort gesetzt ist' })
  @Get('benutzer/:id/password')
  async gesetzt(@Param('id') id: string) {
    return { gesetzt: await this.zugang.passwortGesetzt(parseId(id)) };
  }

  /** The PasswordSet dialog ('Neues Passwort setzen'). */
  @ApiOperation({ summary: 'Passwort eines Benutzers setzen' })
  @Post('benutzer/:id/password')
  @HttpCode(200)
  setzen(
    @Param('id') id: string,
    @ZodBody(PasswortKoerper, BENUTZER) { password }: z.output<typeof PasswortKoerper>,
    @Req() req: Request,
  ) {
    return this.setze(parseId(id), password, req);
  }

  @ApiOperation({ summary: 'Passwort eines Benutzers entfernen' })
  @Delete('benutzer/:id/password')
  @HttpCode(200)
  async entfernen(@Param('id') id: string, @Req() req: Request) {
    await this.zugang.entfernePasswort(parseId(id), currentUser(req));
    return { gesetzt: false };
  }

  /**
   * Spec 000 §7 names this call with "password as body". It hashes on the server and stores the
   * hash for the Benutzer given as `benutzer_id` (or `id`); nothing is returned but success.
   */
  @ApiOperation({ summary: 'Passwort setzen (Body: benutzer_id, password)' })
  @Post('Benutzer/hashPassword')
  @HttpCode(200)
  hashPassword(
    @ZodBody(HashPasswortKoerper, BENUTZER) { benutzerId, password }: z.output<typeof HashPasswortKoerper>,
    @Req() req: Request,
  ) {
    return this.setze(benutzerId, password, req);
  }

  @ApiOperation({ summary: 'Benutzer bei TalentLMS anlegen' })
  @Post('benutzer/:id/registerTlmsUser')
  @HttpCode(200)
  registerTlmsUser(@Param('id') id: string) {
    return this.zugang.registriereBeiTalentLms(parseId(id));
  }
}
