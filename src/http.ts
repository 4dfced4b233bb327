/** Express-level setup shared by main.ts and the tests: body limits, sessions, passport, the API gate, the client. */
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import session from 'express-session';
import passport from 'passport';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config/env';
import { apiGate, rejectMalformedUrls } from './platform/auth/http-middleware';
import { SessionStores } from './platform/auth/session-store';
import { ErrorFilter } from './platform/http/error.filter';

export const CLIENT_DIR = join(__dirname, '..', 'client');

export async function configureHttp(app: NestExpressApplication): Promise<void> {
  const config = app.get(ConfigService);
  const appConfig = config.getOrThrow<AppConfig>('app');
  app.useBodyParser('json', { limit: '20mb' });
  app.useBodyParser('urlencoded', { extended: false, limit: '1mb' });
  app.set('trust proxy', 'loopback');
  app.use(rejectMalformedUrls);
  app.use(
    session({
      name: 'verband.sid',
      secret: appConfig.sessionSecret,
      store: await app.get(SessionStores).create(),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: 12 * 60 * 60 * 1000 },
    }),
  );
  app.use(passport.initialize());
  app.use(passport.session());
  app.use('/node', apiGate);
  app.useGlobalFilters(new ErrorFilter());
  if (existsSync(CLIENT_DIR)) {
    app.useStaticAssets(CLIENT_DIR, {
      index: 'index.html',
      maxAge: '1h',
      // Assets carry content hashes; index.html must be fetched anew so a deploy reaches everyone.
      setHeaders: (res, path) => {
        if (path.endsWith('index.html')) res.setHeader('Cache-Control', 'no-cache');
      },
    });
  }
}
