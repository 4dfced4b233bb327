import { Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { LoginThrottle } from './login-throttle';
import { StaffDirectory, StaffUser } from './staff-directory';

export const WRONG_LOGIN = 'Benutzername oder Passwort ist falsch.';

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly staff: StaffDirectory,
    private readonly throttle: LoginThrottle,
  ) {
    super({ usernameField: 'user', passwordField: 'password', passReqToCallback: true });
  }

  async validate(req: Request, login: string, password: string): Promise<StaffUser> {
    const address = req.ip ?? req.socket.remoteAddress ?? '';
    const attempt = await this.throttle.begin(login, address);
    const user = await this.staff.authenticate(login, password);
    if (!user) throw new UnauthorizedException(WRONG_LOGIN);
    await this.throttle.succeeded(login, address, attempt);
    return user;
  }
}
