import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { NestPinoLogger } from './nest-pino-logger';
import { requestLogging } from './request-logging';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('requestLogging', () => {
  it('writes one line per answer with id, path, query, status and duration, and gives Nest lines the id', async () => {
    const { logger, lines } = capture();
    const nest = new NestPinoLogger(logger);
    const app = express();
    app.use(requestLogging(logger));
    app.get('/liste', (_req, res) => {
      nest.warn('mitten in der Anfrage', 'Test');
      res.json([]);
    });
    app.get('/kaputt', (_req, res) => res.status(500).json({}));
    const answer = await request(app)
      .get('/liste?limit=5')
      .set({ 'X-Request-Id': 'lb-1', 'User-Agent': 'Testbrowser/1', Cookie: 'verband.sid=geheim' });
    await request(app).get('/kaputt');
    expect(answer.headers['x-request-id']).toBe('lb-1');
    // The other headers stay out of the line (the cookie above all).
    expect(lines[1]).not.toHaveProperty('headers');
    expect(JSON.stringify(lines)).not.toContain('geheim');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'lb-1', context: 'Test', msg: 'mitten in der Anfrage' }),
      expect.objectContaining({
        level: 30,
        reqId: 'lb-1',
        method: 'GET',
        path: '/liste',
        query: 'limit=5',
        status: 200,
        durationMs: expect.any(Number),
        ip: expect.stringMatching(/127\.0\.0\.1$/),
        userAgent: 'Testbrowser/1',
        msg: 'GET /liste 200',
      }),
      expect.objectContaining({
        level: 50,
        path: '/kaputt',
        status: 500,
        reqId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
    ]);
  });

  it('logs a request whose caller went away before the answer as aborted, once', async () => {
    const { logger, lines } = capture();
    const app = express();
    app.use(requestLogging(logger));
    let arrived!: () => void;
    let closed!: () => void;
    const there = new Promise<void>((resolve) => (arrived = resolve));
    const gone = new Promise<void>((resolve) => (closed = resolve));
    app.get('/langsam', (_req, res) => {
      res.on('close', () => setImmediate(closed));
      arrived();
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const call = http.get({ port, path: '/langsam' });
      call.on('error', () => undefined);
      // Hung up once the server has the request (a fixed delay lost the race on a busy machine).
      await there;
      call.destroy();
      await gone;
    } finally {
      server.close();
    }
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        path: '/langsam',
        aborted: true,
        msg: 'GET /langsam abgebrochen',
      }),
    ]);
  });
});
