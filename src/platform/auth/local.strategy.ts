import { Injectable, UnauthorizedException } from '@nestjs/common';
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
    super({ usernameField: 'user', passwordField: 'password' });
  }

  async validate(login: string, password: string): Promise<StaffUser> {
    await this.throttle.assertAllowed(login);
    const user = await this.staff.authenticate(login, password);
    if (!user) {
      await this.throttle.recordFailure(login);
      throw new UnauthorizedException(WRONG_LOGIN);
    }
    await this.throttle.reset(login);
    return user;
  }
}
