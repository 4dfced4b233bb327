/**
 * The process's one pino logger: JSON lines on stdout (or LOG_FILE), pretty only when a person
 * watches a terminal. What must never reach a log line is removed here, in one place: cookies and
 * session ids by path, password values and IBANs wherever they appear in a line.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { ConfigError } from '../../config/env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogConfig {
  /** LOG_LEVEL (default info). */
  level: LogLevel;
  /** LOG_FILE: append the JSON lines to this file instead of stdout. */
  file?: string;
}

export function parseLogConfig(env: NodeJS.ProcessEnv): LogConfig {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  const level = (raw || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(level))
    throw new ConfigError(`LOG_LEVEL "${env.LOG_LEVEL}" ist ungültig (erlaubt: ${LOG_LEVELS.join(', ')})`);
  return { level, file: env.LOG_FILE?.trim() || undefined };
}

/** The Nest token of the pino logger (pino's Logger is a type, not a class). */
export const APP_LOGGER = Symbol('AppLogger');

/**
 * Paths whose values never go into a line: a request's line carries its headers; a
 * TypeORM QueryFailedError carries the statement's bound values (hashes, IBANs, e-mails). Only
 * exact paths: pino's wildcard paths cost more than the rest of a request's logging together.
 */
export const REDACTED_PATHS = [
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'err.parameters',
  'err.driverError.parameters',
];

/**
 * A string value under a key naming a password (`password`, `old_password`, `passwort`,
 * `new_password` …) at any depth of a line: a body logged anywhere keeps no password.
 */
const PASSWORD_VALUE = /"(\w*pass(?:word|wort)\w*)":"(?:[^"\\]|\\.)*"/gi;

/**
 * An IBAN: two letters, two check digits, then 11–30 letters or digits, either in one piece or
 * in groups of four as printed on letters (`DE89 3704 0044 0532 0130 00`; in a URL the spaces are
 * `%20` or `+`). Case-insensitive, because a search box may carry it in lower case. A digit may
 * precede it: in a URL-encoded filter it follows `%22`.
 */
const IBAN =
  /(?<![A-Z])[A-Z]{2}\d{2}(?:[A-Z0-9]{11,30}|(?:(?: |%20|\+)[A-Z0-9]{4}){2,7}(?:(?: |%20|\+)[A-Z0-9]{1,3})?)(?![A-Z0-9])/gi;

/** Keeps the country and the last two characters, so a line still tells accounts apart. */
export function maskIbans(text: string): string {
  return text.replace(IBAN, (iban) => `${iban.slice(0, 2)}…${iban.slice(-2)}`);
}

/** What a finished line must not carry, wherever in it: password values and IBANs. */
export function maskSecrets(line: string): string {
  return maskIbans(line.replace(PASSWORD_VALUE, '"$1":"[Redacted]"'));
}

/** Writes every finished line through maskSecrets: no serializer knows every place a secret hides. */
function masking(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(maskSecrets(line)) };
}

/** Stdout, pretty for a terminal; LOG_FILE as JSON. Synchronous: a crash loses no line. */
function destinationOf(config: LogConfig): DestinationStream {
  if (config.file) return pino.destination({ dest: config.file, mkdir: true, sync: true });
  if (process.stdout.isTTY)
    return pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss.l',
      // The browser stays in the JSON; on a terminal it drowns the lines.
      ignore: 'pid,hostname,context,userAgent',
      messageFormat: '{if context}[{context}] {end}{msg}',
      sync: true,
    });
  return pino.destination({ fd: 1, sync: true });
}

export function createAppLogger(config: LogConfig): Logger {
  return pino(
    {
      level: config.level,
      redact: { paths: REDACTED_PATHS },
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    masking(destinationOf(config)),
  );
}
