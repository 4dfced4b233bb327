import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { LoginThrottle } from './login-throttle';
import { SessionSerializer } from './session.serializer';
import { SessionStores } from './session-store';

/** Sessions with passport-local. Needs a StaffDirectory provider (the membership context exports one). */
@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [LocalStrategy, SessionSerializer, LoginThrottle, SessionStores],
  exports: [SessionStores],
})
export class AuthModule {}
