/**
 * Whether an error says that the database or Redis cannot be reached: the error filter answers
 * 503 then, and main.ts waits and tries the start again. Kept apart from the filter so that
 * main.ts can load it before the app's modules.
 */

/** Network failures of the database and Redis clients: the service is away, not the request wrong. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);
const CONNECTION_TEXT =
  /closed state|connection is closed|client is (closed|offline)|Connection lost|Pool is closed|Connection terminated|max retries per request/i;

export function isServiceUnreachable(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown; message?: unknown } }).driverError;
  const codes = [(error as { code?: unknown }).code, driverError?.code].map(String);
  const texts = [(error as Error)?.message, driverError?.message].map(String);
  return codes.some((c) => CONNECTION_CODES.has(c)) || texts.some((t) => CONNECTION_TEXT.test(t));
}
