import { Logger } from '@nestjs/common';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../config/env';
import { createAppLogger, maskIbans, maskSecrets, parseLogConfig } from './app-logger';
import { NestPinoLogger } from './nest-pino-logger';
import { requestIds } from './request-logging';

describe('maskIbans', () => {
  test.each([
    ['IBAN DE89370400440532013000 geprüft', 'IBAN DE…00 geprüft'],
    ['IBAN DE89 3704 0044 0532 0130 00 geprüft', 'IBAN DE…00 geprüft'],
    ['search=de89370400440532013000&limit=5', 'search=de…00&limit=5'],
    ['search=DE89%203704%200044%200532%200130%2000', 'search=DE…00'],
    ['{"iban":"AT611904300234573201"}', '{"iban":"AT…01"}'],
    ['where=%7B%22iban%22%3A%22DE89370400440532013000%22%7D', 'where=%7B%22iban%22%3A%22DE…00%22%7D'],
  ])('masks %s', (text, masked) => expect(maskIbans(text)).toBe(masked));

  test.each([
    'GET /node/api/benutzer/12345678901234 200',
    'reqId 3f2a1c9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    'Rechnung RE2024-000123 erstellt',
  ])('leaves %s alone', (text) => expect(maskIbans(text)).toBe(text));
});

describe('maskSecrets', () => {
  test('replaces string values of password keys at any depth, escaped quotes included', () =>
    expect(
      maskSecrets(
        '{"a":{"b":{"c":{"new_password":"x\\"y"}}},"Passwort":"z","passwort_gesetzt":true,"msg":"password ok"}',
      ),
    ).toBe(
      '{"a":{"b":{"c":{"new_password":"[Redacted]"}}},"Passwort":"[Redacted]","passwort_gesetzt":true,"msg":"password ok"}',
    ));
});

describe('parseLogConfig', () => {
  test('defaults to info on stdout', () => expect(parseLogConfig({})).toEqual({ level: 'info' }));
  test('takes LOG_LEVEL in any case and LOG_FILE', () =>
    expect(parseLogConfig({ LOG_LEVEL: 'DEBUG', LOG_FILE: '/tmp/a.log' })).toEqual({
      level: 'debug',
      file: '/tmp/a.log',
    }));
  test('refuses an unknown level in German', () =>
    expect(() => parseLogConfig({ LOG_LEVEL: 'laut' })).toThrow(ConfigError));
});

describe('the app logger', () => {
  let dir: string;
  let file: string;
  const lines = () =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log-'));
    file = join(dir, 'app.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('writes no cookie, password or IBAN, wherever it sits in a line', () => {
    const logger = createAppLogger({ level: 'info', file });
    logger.info(
      {
        req: { headers: { cookie: 'verband.sid=s%3Ageheim', authorization: 'Basic Z2VoZWlt' } },
        body: {
          password: 'Neu-Passwort-1',
          old_password: 'Alt-Passwort-1',
          Bankverbindung: { passwort: 'x1' },
        },
        err: { message: 'SQL', parameters: ['$2b$10$hash', 'DE89370400440532013000'] },
      },
      'Konto DE89 3704 0044 0532 0130 00 gespeichert',
    );
    const text = readFileSync(file, 'utf8');
    for (const secret of ['geheim', 'Z2VoZWlt', 'Passwort-1', 'x1', '$2b$10$hash', '0532', '013000'])
      expect(text).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ level: 30, msg: 'Konto DE…00 gespeichert' });
  });

  test("carries Nest Logger lines as JSON with their context, object fields and the error's stack", () => {
    const nest = new NestPinoLogger(createAppLogger({ level: 'info', file }));
    Logger.overrideLogger(nest);
    try {
      new Logger('JobQueue').log({ msg: 'Auftrag gestartet', jobId: '7', dispatcherId: 3 });
      new Logger('HTTP').error('kaputt', 'Error: kaputt\n    at x', 'HTTP');
      new Logger('Leise').debug('nicht bei info');
    } finally {
      Logger.overrideLogger(true);
    }
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'JobQueue',
        msg: 'Auftrag gestartet',
        jobId: '7',
        dispatcherId: 3,
      }),
      expect.objectContaining({
        level: 50,
        context: 'HTTP',
        msg: 'kaputt',
        err: { stack: 'Error: kaputt\n    at x' },
      }),
    ]);
  });

  test('gives a Nest Logger line inside a request the request id', () => {
    const root = createAppLogger({ level: 'info', file });
    const nest = new NestPinoLogger(root);
    requestIds.run('r-1', () => nest.warn('Dispatcher 3 nicht eingeplant', 'Versand'));
    nest.log('außerhalb', 'Versand');
    expect(lines()).toEqual([
      expect.objectContaining({ reqId: 'r-1', context: 'Versand', msg: 'Dispatcher 3 nicht eingeplant' }),
      expect.not.objectContaining({ reqId: expect.anything() }),
    ]);
  });
});
