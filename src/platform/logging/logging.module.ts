import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER, createAppLogger, parseLogConfig } from './app-logger';
import { NestPinoLogger } from './nest-pino-logger';

/**
 * The pino logger (APP_LOGGER) for the request log (configureHttp) and Nest's own lines
 * (NestPinoLogger, installed by main.ts). Tests read the lines through LOG_FILE. main.ts passes
 * the one it made before the app (it logs while waiting for the database), so there is one.
 */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(env: NodeJS.ProcessEnv, root?: Logger): DynamicModule {
    const config = parseLogConfig(env);
    return {
      module: LoggingModule,
      providers: [{ provide: APP_LOGGER, useFactory: () => root ?? createAppLogger(config) }, NestPinoLogger],
      exports: [APP_LOGGER, NestPinoLogger],
    };
  }
}
