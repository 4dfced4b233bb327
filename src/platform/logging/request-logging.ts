/**
 * One JSON line per answered request (pino-http): request id, staff id, method, path, status and
 * duration. The request id is the caller's X-Request-Id when it is a plain token (a proxy's or the
 * client's id, so lines can be followed across systems), else a new UUID; it is sent back in the
 * X-Request-Id header. Lines logged while the request runs (Nest `Logger`) carry it too.
 */
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Letters, digits and `._:-`, at most 64: anything else could forge or break log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The logger of the request being handled, for lines logged outside pino-http (see NestPinoLogger). */
export const requestLoggers = new AsyncLocalStorage<Logger>();

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function pathOf(url: string | undefined): { path: string; query?: string } {
  const raw = url ?? '';
  const at = raw.indexOf('?');
  return at < 0 ? { path: raw } : { path: raw.slice(0, at), query: raw.slice(at + 1) };
}

/** Express rewrites `req.url` inside mounted routers; the log names the address the caller used. */
function originalUrl(req: IncomingMessage): string | undefined {
  return (req as Partial<Request>).originalUrl ?? req.url;
}

/** The fields of a request's line, built only when the line is written. */
function requestLine(req: IncomingMessage, res: ServerResponse, durationMs: unknown) {
  return {
    method: req.method,
    ...pathOf(originalUrl(req)),
    status: res.statusCode,
    durationMs,
    headers: req.headers,
  };
}

const message = (req: IncomingMessage, res: ServerResponse) =>
  `${req.method} ${pathOf(originalUrl(req)).path} ${res.statusCode}`;

export function requestLogging(logger: Logger) {
  const http = pinoHttp({
    logger,
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // Read again when the answer is out: the session (and so the staff user) is loaded later.
    customProps: (req) => {
      const staffId = (req as Request).user?.id;
      return staffId === undefined ? {} : { staffId };
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: message,
    customErrorMessage: message,
    customAttributeKeys: { responseTime: 'durationMs' },
    customSuccessObject: (req, res, value: { durationMs: number }) => requestLine(req, res, value.durationMs),
    customErrorObject: (req, res, err, value: { durationMs: number }) => ({
      ...requestLine(req, res, value.durationMs),
      err,
    }),
    // pino-http binds `req` and `res` to child loggers on every request, whether or not a line is
    // written; serialized to nothing they cost nothing (the line is requestLine above).
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined },
  });
  const withRequestLogger = (req: Request, _res: Response, next: NextFunction) =>
    requestLoggers.run(req.log, next);
  return [http as (req: IncomingMessage, res: ServerResponse, next: () => void) => void, withRequestLogger];
}
