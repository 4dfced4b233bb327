/**
 * The whole configuration, read from environment variables only (DESIGN.md §1) and validated
 * before anything starts. Pure functions: the Nest namespaces in config.namespaces.ts wrap them.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  bicGueltig,
  glaeubigerIdGueltig,
  ibanGueltig,
  SEPA_VERSIONEN,
  type SepaVersion,
} from '../billing/domain/sepa';

export class ConfigError extends Error {}

export type DatabaseConfig =
  | { type: 'better-sqlite3'; file: string }
  | { type: 'mysql'; host: string; port: number; user: string; password: string; database: string };

export interface AppConfig {
  port: number;
  filesDir: string;
  dataDir: string;
  sessionSecret: string;
  adminPassword?: string;
  /** Seed the demo data set on the first start of an empty embedded database. */
  seedDemoOnEmpty: boolean;
  /** WORKERS=false: this process only enqueues jobs; workers run elsewhere (needs REDIS_URL). */
  runWorkers: boolean;
  /** LIST_LIMIT_MAX: the largest `limit` a list call of the API may ask for. */
  listLimitMax: number;
  /** UPLOAD_MAX_MB (default 25): the largest file an upload may carry. */
  uploadMaxBytes: number;
  session: SessionConfig;
}

export interface SessionConfig {
  /** SESSION_IDLE_MINUTES (default 8 h): a session without requests for this long has ended. */
  idleMs: number;
  /** SESSION_MAX_HOURS (default 7 days): a session ends this long after its login, however used. */
  maxMs: number;
  /** NODE_ENV=production: the cookie travels over HTTPS only. */
  secureCookie: boolean;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-* headers count (client address for the login
   * throttle, https for the Secure cookie): express's `trust proxy`, default the loopback only.
   */
  trustProxy: boolean | number | string;
}

export type MailConfig = ({ kind: 'file'; dir: string } | { kind: 'smtp'; url: string }) & { from: string };

export const DEFAULT_MAIL_FROM = 'Verbandsverwaltung <noreply@localhost>';

export interface RedisConfig {
  url?: string;
}

export interface TalentLmsConfig {
  url?: string;
  apiKey?: string;
}

/** NEWSLETTER_RETRY_MS: the wait before the first retry of a temporarily refused newsletter mail. */
export interface NewsletterConfig {
  retryMs: number;
  /** NEWSLETTER_RATE: newsletter mails per second, all workers together; unset → as fast as the pool sends. */
  ratePerSecond?: number;
  /**
   * NEWSLETTER_CLAIM_TIMEOUT_MS: a recipient being sent whose claim showed no sign of life for this
   * long belongs to a dead worker and is offered again (living workers renew their claims).
   */
  claimTimeoutMs: number;
  /**
   * PUBLIC_URL: how recipients reach this app (https://verwaltung.verband.de), for the tracked
   * links and the one-click unsubscribe in newsletters; unset → plain links and a mailto unsubscribe.
   */
  publicUrl?: string;
}

/** STBDIREKT_URL: where the academy's newsletter contents come from (spec 002 §6); unset → no refresh. */
export interface StbdirektConfig {
  url?: string;
}

/**
 * SEPA_CREDITOR_ID / _NAME / _IBAN / _BIC: the association as creditor of the SEPA files of a
 * summary; unset → the SEPA downloads are refused. Set partly or invalid → the start is refused.
 */
export interface SepaConfig {
  creditor?: { id: string; name: string; iban: string; bic: string | null };
}

export function parseSepa(env: NodeJS.ProcessEnv): SepaConfig {
  const [id, name, iban, bic] = [
    'SEPA_CREDITOR_ID',
    'SEPA_CREDITOR_NAME',
    'SEPA_CREDITOR_IBAN',
    'SEPA_CREDITOR_BIC',
  ].map((key) => env[key]?.trim() || undefined);
  if (!id && !name && !iban && !bic) return {};
  if (!id || !name || !iban)
    throw new ConfigError(
      'SEPA_CREDITOR_ID, SEPA_CREDITOR_NAME und SEPA_CREDITOR_IBAN müssen zusammen gesetzt sein',
    );
  if (!glaeubigerIdGueltig(id))
    throw new ConfigError(`SEPA_CREDITOR_ID "${id}" ist keine gültige Gläubiger-Identifikationsnummer`);
  if (!ibanGueltig(iban)) throw new ConfigError(`SEPA_CREDITOR_IBAN "${iban}" ist keine gültige IBAN`);
  if (bic && !bicGueltig(bic)) throw new ConfigError(`SEPA_CREDITOR_BIC "${bic}" ist keine gültige BIC`);
  return { creditor: { id, name, iban, bic: bic ?? null } };
}

/**
 * SEPA_FORMAT: which generation of SEPA files the summaries download — 2019 (pain.008.001.08 /
 * pain.001.001.09, the default) or 2009 (pain.008.001.02 / pain.001.001.03) for a bank that still
 * needs the old versions.
 */
export interface SepaFormatConfig {
  version: SepaVersion;
}

export function parseSepaFormat(raw: string | undefined): SepaFormatConfig {
  const wert = raw?.trim() || '2019';
  const version = SEPA_VERSIONEN.find((v) => v === wert);
  if (!version)
    throw new ConfigError(`SEPA_FORMAT "${wert}" ist unbekannt (erlaubt: ${SEPA_VERSIONEN.join(', ')})`);
  return { version };
}

/** Without DATABASE_URL: the embedded database in the data directory (`DATA_DIR`). */
export function parseDatabaseUrl(raw: string | undefined, dataDir = 'data'): DatabaseConfig {
  const value = raw?.trim() || `sqlite:${dataDir}/verband.sqlite`;
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError(`DATABASE_URL "${value}": nach "sqlite:" fehlt der Dateipfad`);
    return { type: 'better-sqlite3', file };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `DATABASE_URL "${value}" ist keine gültige Adresse (erwartet sqlite:pfad oder mysql://benutzer:passwort@host:3306/datenbank)`,
    );
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(
      `DATABASE_URL "${value}": unbekanntes Schema "${url.protocol}" (erlaubt: sqlite:, mysql://)`,
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(database)) {
    throw new ConfigError(`DATABASE_URL "${value}": Datenbankname fehlt oder enthält unerlaubte Zeichen`);
  }
  const port = url.port ? Number(url.port) : 3306;
  return {
    type: 'mysql',
    host: url.hostname || '127.0.0.1',
    port,
    user: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
    database,
  };
}

function parseFlag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} "${raw}" muss true oder false sein`);
}

function parsePositiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigError(`${name} "${raw}" muss eine ganze Zahl ≥ 1 sein`);
  }
  return value;
}

/** A duration such as SESSION_IDLE_MINUTES: a positive number, fractions allowed. */
function parseDuration(name: string, raw: string | undefined, fallback: number, unitMs: number): number {
  if (raw === undefined || raw === '') return fallback * unitMs;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`${name} "${raw}" muss eine Zahl größer als 0 sein`);
  }
  return value * unitMs;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim();
  if (!value) return 'loopback';
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[\w.:/, -]+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY "${value}" ist ungültig (erlaubt: true, false, eine Anzahl Proxys oder Adressen wie "loopback, 10.0.0.0/8")`,
    );
  }
  return value;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT "${raw}" ist keine gültige Portnummer (0–65535)`);
  }
  return port;
}

/** Without MAIL_URL: one .eml file per message into the data directory's outbox. */
export function parseMailUrl(
  raw: string | undefined,
  from = DEFAULT_MAIL_FROM,
  dataDir = 'data',
): MailConfig {
  const value = raw?.trim() || `file:${dataDir}/outbox`;
  if (value.startsWith('file:')) {
    const dir = value.slice('file:'.length);
    if (!dir) throw new ConfigError(`MAIL_URL "${value}": nach "file:" fehlt das Verzeichnis`);
    return { kind: 'file', dir, from };
  }
  if (/^smtps?:\/\//.test(value)) {
    try {
      new URL(value);
    } catch {
      throw new ConfigError(`MAIL_URL "${value}" ist keine gültige SMTP-Adresse`);
    }
    return { kind: 'smtp', url: value, from };
  }
  throw new ConfigError(
    `MAIL_URL "${value}": erlaubt sind file:verzeichnis oder smtp://benutzer:passwort@host:587`,
  );
}

export function parseRedisUrl(raw: string | undefined): RedisConfig {
  const value = raw?.trim();
  if (!value) return {};
  if (!/^rediss?:\/\/[^/]/.test(value)) {
    throw new ConfigError(`REDIS_URL "${value}" ist keine gültige Redis-Adresse (redis://host:6379)`);
  }
  return { url: value };
}

function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim().replace(/\/+$/, '');
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(value))
    throw new ConfigError(`PUBLIC_URL "${value}" ist keine gültige Adresse (https://verwaltung.verband.de)`);
  return value;
}

/** The secret is generated once into the data directory so sessions survive restarts. */
function sessionSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === 'production') throw new ConfigError('SESSION_SECRET muss in Produktion gesetzt sein');
  const file = `${dataDir}/session-secret`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv) {
  const dataDir = env.DATA_DIR || 'data';
  const database = parseDatabaseUrl(env.DATABASE_URL, dataDir);
  const app: AppConfig = {
    port: parsePort(env.PORT),
    filesDir: env.FILES_DIR || `${dataDir}/files`,
    dataDir,
    sessionSecret: sessionSecret(env, dataDir),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemoOnEmpty: database.type === 'better-sqlite3' && parseFlag('SEED_DEMO', env.SEED_DEMO, true),
    runWorkers: parseFlag('WORKERS', env.WORKERS, true),
    listLimitMax: parsePositiveInteger('LIST_LIMIT_MAX', env.LIST_LIMIT_MAX, 1000),
    uploadMaxBytes: parsePositiveInteger('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 25) * 1024 * 1024,
    session: {
      idleMs: parseDuration('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 8 * 60, 60_000),
      maxMs: parseDuration('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 7 * 24, 3_600_000),
      secureCookie: env.NODE_ENV === 'production',
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
    },
  };
  const talentLms: TalentLmsConfig = {
    url: env.TALENTLMS_URL || undefined,
    apiKey: env.TALENTLMS_API_KEY || undefined,
  };
  const mail = parseMailUrl(env.MAIL_URL, env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM, dataDir);
  const stbdirekt: StbdirektConfig = { url: env.STBDIREKT_URL?.trim() || undefined };
  const newsletter: NewsletterConfig = {
    retryMs: parsePositiveInteger('NEWSLETTER_RETRY_MS', env.NEWSLETTER_RETRY_MS, 60_000),
    ratePerSecond: env.NEWSLETTER_RATE
      ? parsePositiveInteger('NEWSLETTER_RATE', env.NEWSLETTER_RATE, 1)
      : undefined,
    claimTimeoutMs: parsePositiveInteger(
      'NEWSLETTER_CLAIM_TIMEOUT_MS',
      env.NEWSLETTER_CLAIM_TIMEOUT_MS,
      15_000,
    ),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
  };
  return {
    app,
    database,
    mail,
    redis: parseRedisUrl(env.REDIS_URL),
    talentLms,
    stbdirekt,
    newsletter,
    sepa: parseSepa(env),
    sepaFormat: parseSepaFormat(env.SEPA_FORMAT),
  };
}

export type Config = ReturnType<typeof loadConfig>;
