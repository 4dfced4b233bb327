import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { ZodBody } from '../http/zod-body';
import { PASSWORT_WECHSEL, PasswortWechsel } from './auth.schemas';
import { currentUser } from './current-user';
import { LoginGuard } from './guards';
import { publicIdentity, StaffDirectory } from './staff-directory';
import { renewLogin } from './staff-sessions';

@Controller('node')
export class AuthController {
  constructor(private readonly staff: StaffDirectory) {}

  @UseGuards(LoginGuard)
  @ApiOperation({ summary: 'Anmelden' })
  @Post('login')
  @HttpCode(200)
  login(@Req() req: Request) {
    return publicIdentity(currentUser(req)!);
  }

  @ApiOperation({ summary: 'Abmelden' })
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request) {
    await new Promise<void>((resolve, reject) => req.logout((e) => (e ? reject(e) : resolve())));
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    return { success: true };
  }

  @ApiOperation({ summary: 'Angemeldeter Mitarbeiter' })
  @Get('loginInfo')
  loginInfo(@Req() req: Request) {
    return publicIdentity(currentUser(req)!);
  }

  /** Spec 003 §7: the settings dialog's password change. */
  @ApiOperation({ summary: 'Eigenes Passwort ändern' })
  @Post('setPassword')
  @HttpCode(200)
  async setPassword(
    @Req() req: Request,
    @ZodBody(PasswortWechsel, PASSWORT_WECHSEL)
    { old_password: oldPassword, password }: z.output<typeof PasswortWechsel>,
  ) {
    await this.staff.changePassword(currentUser(req)!, oldPassword, password);
    await renewLogin(req, this.staff);
    return { success: true, message: 'Passwort erfolgreich geändert!' };
  }
}
