import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { fixedHeaders } from './fixed-headers';

const CSP = { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } };

function appWith(middleware: express.RequestHandler) {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Powered-By', 'Express');
    next();
  });
  app.use(middleware);
  app.get('/x', (_req, res) => res.json({ ok: true }));
  return app;
}

describe('fixedHeaders', () => {
  it('answers with exactly the headers helmet sets and removes', async () => {
    const direct = await request(appWith(helmet({ contentSecurityPolicy: CSP }))).get('/x');
    const replayed = await request(appWith(fixedHeaders(helmet({ contentSecurityPolicy: CSP })))).get('/x');
    const withoutDate = ({ date: _date, ...rest }: Record<string, unknown>) => rest;
    expect(withoutDate(replayed.headers)).toEqual(withoutDate(direct.headers));
    expect(replayed.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(replayed.headers).not.toHaveProperty('x-powered-by');
  });

  it('refuses a middleware that does not pass the request on', () => {
    expect(() => fixedHeaders(() => undefined)).toThrow('nicht weitergereicht');
  });
});
