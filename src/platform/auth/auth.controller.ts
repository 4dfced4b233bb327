import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainError } from '../../shared/domain-error';
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
  async setPassword(@Req() req: Request, @Body() body: { old_password?: unknown; password?: unknown }) {
    const { old_password: oldPassword, password } = body ?? {};
    if (typeof password !== 'string' || password.trim() === '') {
      throw DomainError.invalid('PASSWORD_EMPTY', 'Das neue Passwort darf nicht leer sein.');
    }
    if (typeof oldPassword !== 'string') {
      throw DomainError.invalid('PASSWORD_OLD_MISSING', 'Bitte das bisherige Passwort angeben.');
    }
    await this.staff.changePassword(currentUser(req)!, oldPassword, password);
    await renewLogin(req, this.staff);
    return { success: true, message: 'Passwort erfolgreich geändert!' };
  }
}
