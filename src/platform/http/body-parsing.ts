/**
 * Request bodies (issue 17): parsed only after the session and X-Api-Request checks (configureHttp
 * mounts these after the gate), JSON limited to 1 MB while streaming (413), larger only for the
 * CSV routes that carry whole tables; parse errors answer in German without parser details.
 */
import { Logger } from '@nestjs/common';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { toErrorBody } from './error.filter';

export const JSON_LIMIT = '1mb';
const TABLE_LIMIT = '25mb';

/** Calls whose body is a whole table: CSV export of a list (imports upload their files). */
const TABLE_ROUTES = [/^\/node\/csv\/stringify$/];

const tableJson = express.json({ limit: TABLE_LIMIT });
const json = express.json({ limit: JSON_LIMIT });

/** JSON with the limit of the route, then form-encoded bodies (login forms). */
export const bodyParsers: RequestHandler[] = [
  (req, res, next) => (TABLE_ROUTES.some((route) => route.test(req.path)) ? tableJson : json)(req, res, next),
  express.urlencoded({ extended: false, limit: JSON_LIMIT }),
];

const logger = new Logger('HTTP');

/** body-parser's errors by their `type`. */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.too.large': [413, 'Die Anfrage ist zu groß (höchstens 1 MB).'],
  'entity.parse.failed': [400, 'Die Anfrage enthält kein gültiges JSON.'],
  'entity.verify.failed': [400, 'Die Anfrage konnte nicht gelesen werden.'],
  'request.aborted': [400, 'Die Anfrage wurde abgebrochen.'],
  'request.size.invalid': [400, 'Die Anfrage ist unvollständig.'],
  'encoding.unsupported': [415, 'Die Zeichenkodierung der Anfrage wird nicht unterstützt.'],
  'charset.unsupported': [415, 'Die Zeichenkodierung der Anfrage wird nicht unterstützt.'],
  'parameters.too.many': [413, 'Die Anfrage enthält zu viele Felder.'],
};

/**
 * Errors raised before the routes — body-parser's, the session store's (its database or Redis
 * away: 503) — as the API's German JSON errors, never Express's HTML page.
 */
export const middlewareErrors: ErrorRequestHandler = (error: { type?: string }, _req, res, _next) => {
  const known = error?.type ? BODY_ERRORS[error.type] : undefined;
  if (known) {
    const [statusCode, message] = known;
    res.status(statusCode).json({ statusCode, message });
    return;
  }
  const body = toErrorBody(error);
  if (body.statusCode >= 500) logger.error(error instanceof Error ? (error.stack ?? error.message) : error);
  res.status(body.statusCode).json(body);
};
