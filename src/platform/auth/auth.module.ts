import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PassportModule } from '@nestjs/passport';
import { AuthController } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { LoginAttempt } from './login-attempt.entity';
import { LoginThrottle } from './login-throttle';
import { SessionSerializer } from './session.serializer';
import { SessionStores } from './session-store';
import { StaffSessions } from './staff-sessions';

/** Sessions with passport-local. Needs a StaffDirectory provider (the membership context exports one). */
@Module({
  imports: [PassportModule.register({ session: true }), TypeOrmModule.forFeature([LoginAttempt])],
  controllers: [AuthController],
  providers: [LocalStrategy, SessionSerializer, LoginThrottle, SessionStores, StaffSessions],
  exports: [SessionStores],
})
export class AuthModule {}
