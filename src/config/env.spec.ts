import { existsSync } from 'node:fs';
import {
  ConfigError,
  DEFAULT_MAIL_FROM,
  loadConfig,
  parseDatabaseUrl,
  parseMailUrl,
  parseRedisUrl,
  parseSepa,
  parseSepaFormat,
} from './env';

describe('configuration from the environment', () => {
  it('defaults to the embedded SQLite database', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ type: 'better-sqlite3', file: 'data/verband.sqlite' });
  });

  it('keeps everything of DATA_DIR there: the embedded database, the outbox, the secret and the files (issue 35)', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/verband-anderswo' });
    expect(config.database).toEqual({ type: 'better-sqlite3', file: '/tmp/verband-anderswo/verband.sqlite' });
    expect(config.mail).toMatchObject({ kind: 'file', dir: '/tmp/verband-anderswo/outbox' });
    expect(config.app).toMatchObject({
      dataDir: '/tmp/verband-anderswo',
      filesDir: '/tmp/verband-anderswo/files',
    });
    expect(existsSync('/tmp/verband-anderswo/session-secret')).toBe(true);
    // Explicit settings still win.
    const eigene = loadConfig({
      DATA_DIR: '/tmp/verband-anderswo',
      DATABASE_URL: 'sqlite:x.sqlite',
      MAIL_URL: 'file:post',
    });
    expect(eigene.database).toEqual({ type: 'better-sqlite3', file: 'x.sqlite' });
    expect(eigene.mail).toMatchObject({ dir: 'post' });
  });

  it('reads a MySQL/MariaDB URL with credentials', () => {
    expect(parseDatabaseUrl('mysql://verband:geh%40im@db.local:3307/verband')).toEqual({
      type: 'mysql',
      host: 'db.local',
      port: 3307,
      user: 'verband',
      password: 'geh@im',
      database: 'verband',
    });
  });

  it.each([
    'mysql//broken',
    'postgres://x@y/z',
    'mysql://root@host/',
    'mysql://root@host/bad-name;drop',
    'sqlite:',
  ])('rejects the malformed DATABASE_URL %s with a German message', (value) => {
    expect(() => parseDatabaseUrl(value)).toThrow(ConfigError);
    expect(() => parseDatabaseUrl(value)).toThrow(/DATABASE_URL/);
  });

  it('accepts file: and smtp:// mail URLs and rejects others', () => {
    expect(parseMailUrl(undefined)).toEqual({ kind: 'file', dir: 'data/outbox', from: DEFAULT_MAIL_FROM });
    expect(parseMailUrl('smtp://u:p@mail:587', 'Verband <post@verband.de>')).toEqual({
      kind: 'smtp',
      url: 'smtp://u:p@mail:587',
      from: 'Verband <post@verband.de>',
    });
    expect(() => parseMailUrl('http://mail')).toThrow(/MAIL_URL/);
  });

  it('treats an unset REDIS_URL as the in-process queue and rejects nonsense', () => {
    expect(parseRedisUrl('')).toEqual({});
    expect(parseRedisUrl('redis://127.0.0.1:6379')).toEqual({ url: 'redis://127.0.0.1:6379' });
    expect(() => parseRedisUrl('localhost:6379')).toThrow(/REDIS_URL/);
  });

  it('reads the newsletter settings: PUBLIC_URL without trailing slash, retry wait, rate and claim timeout as positive numbers', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).newsletter).toEqual({
      retryMs: 60_000,
      publicUrl: undefined,
      ratePerSecond: undefined,
      claimTimeoutMs: 15_000,
    });
    expect(
      loadConfig({ ...base, NEWSLETTER_RATE: '50', NEWSLETTER_CLAIM_TIMEOUT_MS: '3000' }).newsletter,
    ).toMatchObject({ ratePerSecond: 50, claimTimeoutMs: 3000 });
    expect(() => loadConfig({ ...base, NEWSLETTER_RATE: '0' })).toThrow(/NEWSLETTER_RATE/);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://verwaltung.verband.de/' }).newsletter.publicUrl).toBe(
      'https://verwaltung.verband.de',
    );
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'verwaltung.verband.de' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base, NEWSLETTER_RETRY_MS: '-5' })).toThrow(/NEWSLETTER_RETRY_MS/);
    expect(loadConfig({ ...base, STBDIREKT_URL: ' ' }).stbdirekt.url).toBeUndefined();
  });

  it('reads WORKERS and SEED_DEMO as flags and refuses other words', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).app.runWorkers).toBe(true);
    expect(loadConfig({ ...base, WORKERS: 'false' }).app.runWorkers).toBe(false);
    expect(() => loadConfig({ ...base, WORKERS: 'nein' })).toThrow(
      'WORKERS "nein" muss true oder false sein',
    );
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).app.seedDemoOnEmpty).toBe(false);
  });

  it('seeds demo data only into an empty embedded database, never into MySQL unasked', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).app.seedDemoOnEmpty).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'mysql://root@db:3306/verband' }).app.seedDemoOnEmpty).toBe(
      false,
    );
  });

  it('caps list pages at 1000 rows unless LIST_LIMIT_MAX says otherwise', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).app.listLimitMax).toBe(1000);
    expect(loadConfig({ ...base, LIST_LIMIT_MAX: '5000' }).app.listLimitMax).toBe(5000);
    expect(() => loadConfig({ ...base, LIST_LIMIT_MAX: '0' })).toThrow(
      'LIST_LIMIT_MAX "0" muss eine ganze Zahl ≥ 1 sein',
    );
  });

  it('limits uploads to 25 MB unless UPLOAD_MAX_MB says otherwise', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).app.uploadMaxBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ ...base, UPLOAD_MAX_MB: '100' }).app.uploadMaxBytes).toBe(100 * 1024 * 1024);
    expect(() => loadConfig({ ...base, UPLOAD_MAX_MB: 'viel' })).toThrow(/UPLOAD_MAX_MB/);
  });

  it('ends sessions after 8 idle hours and 7 days at most unless configured, Secure in production', () => {
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig(base).app.session).toEqual({
      idleMs: 8 * 3_600_000,
      maxMs: 7 * 24 * 3_600_000,
      secureCookie: false,
      trustProxy: 'loopback',
    });
    const configured = loadConfig({
      ...base,
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '12',
      NODE_ENV: 'production',
      TRUST_PROXY: '2',
    }).app.session;
    expect(configured).toEqual({
      idleMs: 30 * 60_000,
      maxMs: 12 * 3_600_000,
      secureCookie: true,
      trustProxy: 2,
    });
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).app.session.trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    expect(() => loadConfig({ ...base, SESSION_IDLE_MINUTES: '0' })).toThrow(
      'SESSION_IDLE_MINUTES "0" muss eine Zahl größer als 0 sein',
    );
    expect(() => loadConfig({ ...base, SESSION_MAX_HOURS: 'eine Woche' })).toThrow(/SESSION_MAX_HOURS/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'a;b' })).toThrow(/TRUST_PROXY "a;b" ist ungültig/);
  });

  it('reads the SEPA creditor all or nothing, checked, with German messages', () => {
    const sepa = {
      SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
      SEPA_CREDITOR_NAME: 'Verband e. V.',
      SEPA_CREDITOR_IBAN: 'DE02120300000000202051',
    };
    expect(parseSepa({})).toEqual({});
    expect(parseSepa(sepa)).toEqual({
      creditor: {
        id: 'DE98ZZZ09999999999',
        name: 'Verband e. V.',
        iban: 'DE02120300000000202051',
        bic: null,
      },
    });
    expect(() => parseSepa({ SEPA_CREDITOR_ID: 'DE98ZZZ09999999999' })).toThrow(
      /müssen zusammen gesetzt sein/,
    );
    expect(() => parseSepa({ ...sepa, SEPA_CREDITOR_ID: 'DE97ZZZ09999999999' })).toThrow(
      'SEPA_CREDITOR_ID "DE97ZZZ09999999999" ist keine gültige Gläubiger-Identifikationsnummer',
    );
    expect(() => parseSepa({ ...sepa, SEPA_CREDITOR_IBAN: 'DE02120300000000202052' })).toThrow(
      /keine gültige IBAN/,
    );
    expect(() => parseSepa({ ...sepa, SEPA_CREDITOR_BIC: 'XX' })).toThrow(ConfigError);
  });

  it('reads SEPA_FORMAT: 2019 unless a bank needs 2009, anything else refused', () => {
    expect(parseSepaFormat(undefined)).toEqual({ version: '2019' });
    expect(parseSepaFormat(' ')).toEqual({ version: '2019' });
    expect(parseSepaFormat('2009')).toEqual({ version: '2009' });
    const base = { DATA_DIR: '/tmp/verband-config-test', SESSION_SECRET: 'x' };
    expect(loadConfig({ ...base, SEPA_FORMAT: '2009' }).sepaFormat).toEqual({ version: '2009' });
    expect(() => parseSepaFormat('pain.008.001.02')).toThrow(
      'SEPA_FORMAT "pain.008.001.02" ist unbekannt (erlaubt: 2019, 2009)',
    );
  });
});
