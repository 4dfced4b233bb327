import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { QueryFailedError } from 'typeorm';
import { DomainError, DomainErrorKind } from '../../shared/domain-error';
import { isUniqueViolation } from '../database/unique-violation';
import { isServiceUnreachable } from './unreachable';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
  too_many: HttpStatus.TOO_MANY_REQUESTS,
};

const germanDefaults: Record<number, string> = {
  400: 'Ungültige Anfrage',
  401: 'Nicht angemeldet',
  403: 'Zugriff verweigert',
  404: 'Diese Adresse gibt es nicht.',
  405: 'Methode nicht erlaubt',
  409: 'Konflikt',
  413: 'Die Anfrage ist zu groß',
  415: 'Nicht unterstütztes Format',
  429: 'Zu viele Anfragen',
  503: 'Der Dienst ist vorübergehend nicht erreichbar.',
};

/** Nest's router names an unknown route in English ("Cannot GET /x"); a guard that says no, too. */
const NEST_TEXT = /^Cannot [A-Z]+ \/|^Forbidden resource$/;

/**
 * A 403 that is no DomainError (a Nest guard's, an HTTP error of a library): refused, but not
 * for want of a session — that one is NICHT_ANGEMELDET (http-middleware.ts), and only it logs out.
 */
export const NICHT_ERLAUBT = 'NICHT_ERLAUBT';

export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  errors?: Record<string, string>;
}

/** One message for both: a refused connection does not say whether it was the database or Redis. */
export const SERVICE_UNAVAILABLE =
  'Die Datenbank oder die Warteschlange ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.';

/** The German 503 message when `error` says that the database or Redis cannot be reached. */
function unavailableService(error: unknown): string | undefined {
  return isServiceUnreachable(error) ? SERVICE_UNAVAILABLE : undefined;
}

function withForbiddenCode(body: ErrorBody): ErrorBody {
  return body.statusCode === 403 ? { ...body, code: NICHT_ERLAUBT } : body;
}

/** Maps every error to `{statusCode, message, errors?}` with a German message; never leaks a stack or SQL. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof DomainError) {
    return {
      statusCode: statusOf[error.kind],
      message: error.message,
      code: error.code,
      errors: error.errors,
    };
  }
  if (error instanceof HttpException) {
    const statusCode = error.getStatus();
    const response = error.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    // Nest's own exceptions carry English status texts ("Not Found"); staff see the German default.
    const message =
      typeof raw === 'string' && raw !== STATUS_CODES[statusCode] && !NEST_TEXT.test(raw) ? raw : undefined;
    return withForbiddenCode({
      statusCode,
      message: message ?? germanDefaults[statusCode] ?? 'Fehler bei der Anfrage',
    });
  }
  if (error instanceof QueryFailedError) {
    const driverError = (error as QueryFailedError & { driverError?: { code?: string } }).driverError;
    const code = String(driverError?.code ?? '');
    if (isUniqueViolation(error)) {
      return { statusCode: 409, message: 'Ein Eintrag mit diesen Werten existiert bereits.' };
    }
    if (
      /FOREIGNKEY|ER_ROW_IS_REFERENCED|ER_NO_REFERENCED_ROW/.test(code) ||
      /FOREIGN KEY/.test(error.message)
    ) {
      return {
        statusCode: 409,
        message:
          'Der Eintrag ist mit anderen Daten verknüpft oder verweist auf einen nicht vorhandenen Eintrag.',
      };
    }
  }
  const unavailable = unavailableService(error);
  if (unavailable) return { statusCode: 503, message: unavailable };
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return withForbiddenCode({ statusCode: status, message: germanDefaults[status] ?? 'Ungültige Anfrage' });
  }
  return { statusCode: 500, message: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.' };
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(error: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const body = toErrorBody(error);
    if (body.statusCode >= 500)
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : error);
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
