import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { NICHT_ERLAUBT, SERVICE_UNAVAILABLE, toErrorBody } from './error.filter';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toErrorBody', () => {
  it('answers domain errors with their kind and German message', () => {
    expect(toErrorBody(DomainError.conflict('X', 'Schon vergeben.'))).toEqual({
      statusCode: 409,
      message: 'Schon vergeben.',
      code: 'X',
      errors: undefined,
    });
  });

  it('keeps the code of a refusal for want of a right, so the client does not log out', () => {
    expect(toErrorBody(new DomainError('NUR_ADMIN', 'Nur Administratoren dürfen das.', 'forbidden'))).toEqual(
      {
        statusCode: 403,
        message: 'Nur Administratoren dürfen das.',
        code: 'NUR_ADMIN',
        errors: undefined,
      },
    );
  });

  it('gives every other 403 a code of its own, in German also when a Nest guard says no', () => {
    for (const error of [new ForbiddenException(), new ForbiddenException('Forbidden resource')])
      expect(toErrorBody(error)).toEqual({
        statusCode: 403,
        message: 'Zugriff verweigert',
        code: NICHT_ERLAUBT,
      });
    expect(toErrorBody(new ForbiddenException('Dieser Ordner ist gesperrt.'))).toEqual({
      statusCode: 403,
      message: 'Dieser Ordner ist gesperrt.',
      code: NICHT_ERLAUBT,
    });
    expect(toErrorBody(Object.assign(new Error('forbidden'), { status: 403 }))).toEqual({
      statusCode: 403,
      message: 'Zugriff verweigert',
      code: NICHT_ERLAUBT,
    });
  });

  it('words unknown routes in German', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /node/x'))).toEqual({
      statusCode: 404,
      message: 'Diese Adresse gibt es nicht.',
    });
  });

  it('answers 503 when the database cannot be reached, without its address', () => {
    const refused = new QueryFailedError(
      'SELECT 1',
      [],
      withCode('connect ECONNREFUSED 10.0.0.5:3306', 'ECONNREFUSED'),
    );
    const lost = new QueryFailedError(
      'SELECT 1',
      [],
      withCode('Connection lost: The server closed the connection.', 'PROTOCOL_CONNECTION_LOST'),
    );
    for (const error of [
      refused,
      lost,
      withCode("Can't add new command when connection is in closed state", ''),
    ]) {
      const body = toErrorBody(error);
      expect(body.statusCode).toBe(503);
      expect(body.message).not.toContain('10.0.0.5');
    }
    expect(toErrorBody(refused).message).toBe(SERVICE_UNAVAILABLE);
  });

  it.each(['The client is closed', 'The client is offline'])(
    'answers 503 when Redis is away (%s)',
    (text) => {
      expect(toErrorBody(new Error(text))).toEqual({ statusCode: 503, message: SERVICE_UNAVAILABLE });
    },
  );

  it('keeps SQL and stacks of other failures out of the answer', () => {
    const body = toErrorBody(
      new QueryFailedError('SELECT secret FROM t', [], new Error('syntax error near secret')),
    );
    expect(body).toEqual({
      statusCode: 500,
      message: 'Interner Serverfehler. Bitte versuchen Sie es später erneut.',
    });
  });
});
