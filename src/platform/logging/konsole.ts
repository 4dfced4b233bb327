/**
 * Every line the process writes is a JSON line (issue 26): libraries that print with `console`
 * (BullMQ warns about Redis settings, a driver reports a lost connection) go through the app's
 * pino logger too, with `context: "Konsole"`. Installed by main.ts only, never in tests.
 */
import type { Logger } from 'pino';
import { format } from 'node:util';

export function konsoleUmleiten(root: Logger, konsole: Console = console): void {
  const logger = root.child({ context: 'Konsole' });
  konsole.log = (...args: unknown[]) => logger.info(format(...args));
  konsole.info = (...args: unknown[]) => logger.info(format(...args));
  konsole.debug = (...args: unknown[]) => logger.debug(format(...args));
  konsole.warn = (...args: unknown[]) => logger.warn(format(...args));
  konsole.error = (...args: unknown[]) => logger.error(format(...args));
  konsole.trace = (...args: unknown[]) => logger.trace(format(...args));
}
