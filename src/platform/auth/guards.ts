import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { Anmeldung } from './auth.schemas';
import { WRONG_LOGIN } from './local.strategy';

/** Checks the credentials with passport-local and starts the session. */
@Injectable()
export class LoginGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // A 401 like every failed login, not the 400 of a bad body: the login form asks for both.
    if (!Anmeldung.safeParse(request.body).success)
      throw new UnauthorizedException('Bitte Benutzername und Passwort angeben.');
    const result = (await super.canActivate(context)) as boolean;
    // passport ≥ 0.6 regenerates the session id here, which prevents session fixation.
    await super.logIn(request);
    return result;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException(WRONG_LOGIN);
    return user;
  }
}
