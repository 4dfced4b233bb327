import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { APP_LOGGER } from './app-logger';
import { requestIds } from './request-logging';

/**
 * Nest's `Logger` (`new Logger('JobQueue').log(…)`) as pino JSON lines: the context becomes
 * `context`, an object message becomes the line's fields (its `msg` the text), an error's stack
 * `err.stack`. Inside a request the line carries its request id.
 */
@Injectable()
export class NestPinoLogger implements LoggerService {
  constructor(@Inject(APP_LOGGER) private readonly root: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.root.isLevelEnabled(level)) return;
    // Nest passes the Logger's context last; `error(message, stack, context)` a stack before it.
    const rest = [...params];
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? rest.pop() : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' ? rest.shift() : undefined;
    const reqId = requestIds.getStore();
    const fields: Record<string, unknown> = reqId === undefined ? {} : { reqId };
    if (context !== undefined) fields.context = context;
    if (stack) fields.err = { stack };
    if (message instanceof Error) {
      this.root[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...own } = message as Record<string, unknown>;
      this.root[level]({ ...fields, ...own }, typeof msg === 'string' ? msg : undefined);
    } else {
      this.root[level](fields, String(message));
    }
  }
}
