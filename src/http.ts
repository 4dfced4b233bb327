/** Express-level setup shared by main.ts and the tests: request log, security headers, sessions, passport, the API gate, body limits, the client. */
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, RequestHandler } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config/env';
import { apiGate, gateWithoutSessionCookie, rejectMalformedUrls } from './platform/auth/http-middleware';
import { sessionLayer } from './platform/auth/known-session';
import { SessionSerializer } from './platform/auth/session.serializer';
import { renewSessionWhenDue, SessionStores } from './platform/auth/session-store';
import { bodyParsers, middlewareErrors } from './platform/http/body-parsing';
import { apiCompression } from './platform/http/api-compression';
import { answerClientError } from './platform/http/client-errors';
import { clientFiles } from './platform/http/client-files';
import { weakEtag } from './platform/http/etag';
import { fixedHeaders } from './platform/http/fixed-headers';
import { type LayerLike, routesFirst } from './platform/http/route-order';
import { rememberingTrust } from './platform/http/trust-proxy';
import { ErrorFilter } from './platform/http/error.filter';
import { configureApiDocs } from './platform/api-docs/api-docs';
import { APP_LOGGER } from './platform/logging/app-logger';
import { requestLogging } from './platform/logging/request-logging';
import { RESOURCE_ROUTE_PATHS } from './platform/resources/resource.controller';

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

export const CLIENT_DIR = join(__dirname, '..', 'client');

const SESSION_COOKIE = 'verband.sid';

/**
 * The client is one bundle of files from this origin: no inline script, no other origins, never
 * in a frame. Inline styles stay allowed (Blueprint positions popovers with style attributes).
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function configureHttp(app: NestExpressApplication): Promise<void> {
  const config = app.get(ConfigService);
  const appConfig = config.getOrThrow<AppConfig>('app');
  app.disable('x-powered-by');
  app.set('etag', weakEtag);
  // First: every answer, refusals included, gets a request id and a log line.
  app.use(requestLogging(app.get(APP_LOGGER)));
  app.use(
    fixedHeaders(
      helmet({
        contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
        // As the CSP's frame-ancestors 'none', for browsers that know only this header.
        xFrameOptions: { action: 'deny' },
      }),
    ),
  );
  // API answers hold members' data: no browser or proxy keeps a copy, refusals included. The
  // client's conditional GETs do not need one: it keeps the last answer per URL itself and sends
  // If-None-Match by hand (client/src/lib/api.ts), which Express answers 304 regardless.
  app.use('/node', noStore);
  app.use('/node', apiCompression());
  // What Node's parser refuses (headers over 16 KB) gets a German JSON answer too.
  app.getHttpServer().on('clientError', answerClientError);
  // Express compiles the setting; its answers are then kept per address.
  app.set('trust proxy', appConfig.session.trustProxy);
  app.set('trust proxy', rememberingTrust(app.getHttpAdapter().getInstance().get('trust proxy fn')));
  app.use(rejectMalformedUrls);
  app.use('/node', gateWithoutSessionCookie(SESSION_COOKIE));
  const store = await app.get(SessionStores).create();
  const serializer = app.get(SessionSerializer);
  const known = {
    cookieName: SESSION_COOKIE,
    secret: appConfig.sessionSecret,
    recentSession: (sid: string) => store.recentSessionView?.(sid),
    knownIdentity: (stored: unknown) => serializer.knownIdentity(stored),
  };
  app.use(
    sessionLayer(known, [
      session({
        name: SESSION_COOKIE,
        secret: appConfig.sessionSecret,
        store,
        // A request that changes nothing writes nothing: the stores move the expiry at most once a
        // minute (touchDue), and the cookie is renewed with it (renewSessionWhenDue). Its lifetime
        // is the idle timeout; the absolute maximum is the SessionSerializer's.
        resave: false,
        saveUninitialized: false,
        rolling: false,
        cookie: {
          httpOnly: true,
          sameSite: 'lax',
          secure: appConfig.session.secureCookie,
          maxAge: appConfig.session.idleMs,
        },
      }),
      renewSessionWhenDue,
      passport.initialize(),
      passport.session(),
    ]),
  );
  app.use('/node', apiGate);
  // After the gate: a caller without a session gets nothing parsed.
  app.use(...bodyParsers, middlewareErrors);
  app.useGlobalFilters(new ErrorFilter());
  // Behind the gate: the API documentation needs a session like the API itself.
  configureApiDocs(app);
  if (existsSync(CLIENT_DIR)) {
    app.use(clientFiles(CLIENT_DIR));
  }
}

/**
 * `app.init()` (Nest registers its routes there), then the generic resource routes, which every
 * list and form uses, move ahead of the context routes they cannot collide with (route-order.ts).
 */
export async function initWithRouteOrder(app: NestExpressApplication): Promise<void> {
  await app.init();
  const express = app.getHttpAdapter().getInstance() as Express;
  // Express's types leave out `route.methods`, which the order depends on.
  const stack = express.router.stack as unknown as LayerLike[];
  routesFirst(stack, (route) => RESOURCE_ROUTE_PATHS.has(route.path));
}
