import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { Bootstrap } from './bootstrap';
import { AppConfig, ConfigError } from './config/env';
import { ConfigService } from '@nestjs/config';
import { configureHttp, initWithRouteOrder } from './http';
import { NestPinoLogger } from './platform/logging/nest-pino-logger';
import { seedDatabase } from './seed/seed';

/** `node dist/src/main.js [--migrate | --seed-demo | --seed --scale N | --worker]` */
async function main(argv: string[]): Promise<void> {
  const logger = new Logger('Verbandsverwaltung');
  if (argv.includes('--migrate') || argv.includes('--seed-demo') || argv.includes('--seed')) {
    const context = await NestFactory.createApplicationContext(AppModule.forRoot(), { bufferLogs: true });
    context.useLogger(context.get(NestPinoLogger));
    if (argv.includes('--seed-demo') || argv.includes('--seed')) {
      const scaleArg = argv[argv.indexOf('--scale') + 1];
      const scale = argv.includes('--scale') ? Number(scaleArg) : 30;
      if (!Number.isInteger(scale) || scale < 1)
        throw new ConfigError(`--scale "${scaleArg}" muss eine ganze Zahl ≥ 1 sein`);
      const started = Date.now();
      await seedDatabase(context.get(DataSource), {
        scale,
        filesDir: context.get(ConfigService).getOrThrow<AppConfig>('app').filesDir,
        log: (m) => logger.log(m),
      });
      logger.log(`Daten erzeugt (Umfang ${scale}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await context.get(Bootstrap).firstStart(false);
    logger.log('Migrationen sind aktuell.');
    await context.close();
    return;
  }
  if (argv.includes('--worker')) {
    const context = await NestFactory.createApplicationContext(
      AppModule.forRoot({ ...process.env, WORKERS: 'true' }),
      { bufferLogs: true },
    );
    context.useLogger(context.get(NestPinoLogger));
    logger.log('Worker gestartet.');
    // Stay up until told to stop, also while no job is registered or waiting (nothing else holds the process).
    const keepAlive = setInterval(() => undefined, 60 * 60 * 1000);
    const signal = await new Promise<string>((resolve) =>
      ['SIGINT', 'SIGTERM'].forEach((name) => process.once(name, () => resolve(name))),
    );
    clearInterval(keepAlive);
    logger.log(`Worker wird beendet (${signal}).`);
    await context.close();
    return;
  }
  // Nest's own start-up lines wait until the JSON logger exists, then go through it.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(NestPinoLogger));
  app.enableShutdownHooks();
  await configureHttp(app);
  await app.get(Bootstrap).firstStart();
  await initWithRouteOrder(app);
  const port = app.get(ConfigService).getOrThrow<AppConfig>('app').port;
  await app.listen(port);
  logger.log(`Bereit auf http://localhost:${port}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Konfigurationsfehler: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
