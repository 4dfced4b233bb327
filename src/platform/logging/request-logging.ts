/**
 * One JSON line per answered request: request id, staff id, method, path, status, duration, the
 * caller's address (behind a trusted proxy the forwarded one) and browser. Not every header: a
 * browser's dozen headers doubled each line and cost about 80 µs of a short list call's CPU
 * (bench/api/cpu-ab.mjs, 2026-11-26). The request id is the caller's X-Request-Id when it is a
 * plain token (a proxy's or the client's id, so lines can be followed across systems), else a new
 * UUID; it is sent back in the X-Request-Id header. Lines logged while the request runs (Nest
 * `Logger`) carry it too.
 *
 * Written here on pino instead of through pino-http: pino-http builds three to five child loggers
 * per request whether or not it logs; this middleware took about 100 µs of CPU off every request
 * (a short list call: 700 → 600 µs, bench/api on 2026-11-26).
 */
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Letters, digits and `._:-`, at most 64: anything else could forge or break log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of the request being handled, for lines logged outside this middleware (see NestPinoLogger). */
export const requestIds = new AsyncLocalStorage<string>();

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function pathOf(url: string): { path: string; query?: string } {
  const at = url.indexOf('?');
  return at < 0 ? { path: url } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    const reqId = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, reqId);
    // Express rewrites `req.url` inside mounted routers; the line names the address the caller used.
    const url = req.originalUrl ?? req.url;
    // Node emits 'close' after every answer, sent or not: one listener instead of 'finish' and 'close'.
    res.once('close', () => {
      // Closed before the answer was out: the caller went away.
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 || aborted ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const { path, query } = pathOf(url);
      // One object of one shape: pino leaves out the fields that are undefined. The staff user is
      // known only now: the session is read after this middleware.
      logger[level](
        {
          reqId,
          staffId: (req.user as { id?: number } | undefined)?.id,
          method: req.method,
          path,
          query,
          status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          aborted: aborted || undefined,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        },
        `${req.method} ${path} ${aborted ? 'abgebrochen' : status}`,
      );
    });
    requestIds.run(reqId, next);
  };
}
