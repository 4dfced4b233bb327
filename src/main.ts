/**
 * `node dist/src/main.js [--migrate | --seed-demo | --seed --scale N [--nur-mitglieder] | --worker]`
 *
 * Only what the start-up gate needs is imported here; the app's modules (seconds of loading on a
 * busy machine) are loaded once the port is open, so the port answers from the first moment.
 */
import './platform/anlauf/v8-optionen';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger as PinoLogger } from 'pino';
import { ConfigError, loadConfig } from './config/env';
import { Anlauf } from './platform/anlauf/anlauf';
import { beendeBeiSignal } from './platform/anlauf/beenden';
import { dienste } from './platform/anlauf/dienste';
import { isServiceUnreachable } from './platform/http/unreachable';
import { istKalendertag } from './shared/kalendertag';
import { createAppLogger, parseLogConfig } from './platform/logging/app-logger';
import { konsoleUmleiten } from './platform/logging/konsole';
import { NestPinoLogger } from './platform/logging/nest-pino-logger';

const logger = new Logger('Verbandsverwaltung');

/** How long the clean-up of a start that failed half-way may take before the next attempt. */
const AUFRAEUMEN_MS = 3000;

function fehlertext(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The process's one JSON logger, before anything else: Nest's own lines, the lines logged while
 * the app waits for its services and whatever a library prints with `console` all go through it.
 */
function installLogging(env: NodeJS.ProcessEnv): { root: PinoLogger; nest: NestPinoLogger } {
  let root: PinoLogger;
  try {
    root = createAppLogger(parseLogConfig(env));
  } catch (error) {
    // LOG_LEVEL itself is wrong: the complaint still goes out as JSON.
    createAppLogger({ level: 'info' }).fatal(`Konfigurationsfehler: ${fehlertext(error)}`);
    process.exit(1);
  }
  const nest = new NestPinoLogger(root);
  Logger.overrideLogger(nest);
  konsoleUmleiten(root);
  process.on('uncaughtException', (error) => {
    root.fatal({ err: error }, `Unerwarteter Fehler: ${error.message}`);
    process.exit(1);
  });
  return { root, nest };
}

/** Modules loading in the background; a failure surfaces where they are awaited, not as unhandled. */
function loaded<T>(modules: Promise<T>): Promise<T> {
  modules.catch(() => undefined);
  return modules;
}

/**
 * Builds the app (or the worker's context) once the gate found its services, and again when one
 * of them went away while it was being built. Any other failure ends the start.
 */
async function bisGestartet<T extends INestApplicationContext>(
  anlauf: Anlauf,
  baue: (fertig: (app: T) => void) => Promise<T>,
): Promise<T | undefined> {
  while (await anlauf.warte()) {
    let halb: T | undefined;
    try {
      return await baue((app) => (halb = app));
    } catch (error) {
      if (!isServiceUnreachable(error)) throw error;
      logger.warn(`Start unterbrochen, ein Dienst ist weggefallen (${fehlertext(error)}); neuer Versuch.`);
      const aufgeraeumt = halb?.close().catch(() => undefined);
      await Promise.race([aufgeraeumt, new Promise((resolve) => setTimeout(resolve, AUFRAEUMEN_MS).unref())]);
    }
  }
  return undefined;
}

/** The app: the port opens at once (the gate answers 503 until the app is ready). */
async function serve(env: NodeJS.ProcessEnv, root: PinoLogger, nest: NestPinoLogger): Promise<void> {
  const config = loadConfig(env);
  const anlauf = new Anlauf(dienste(config), new Logger('Anlauf'));
  // Set once built; a signal may come before.
  const laufend: { app?: NestExpressApplication } = {};
  beendeBeiSignal('Verbandsverwaltung', logger, async () => {
    await anlauf.beende();
    await laufend.app?.close();
  });
  await anlauf.listen(config.app.port);
  logger.log(`Hört auf http://localhost:${config.app.port}; die Anwendung startet.`);
  // Loaded while the gate asks for the services.
  const teile = loaded(
    Promise.all([import('@nestjs/core'), import('./app.module'), import('./bootstrap'), import('./http')]),
  );
  const app = await bisGestartet<NestExpressApplication>(anlauf, async (fertig) => {
    const [{ NestFactory }, { AppModule }, { Bootstrap }, { configureHttp, initWithRouteOrder }] =
      await teile;
    const created = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env, root), {
      bodyParser: false,
      logger: nest,
      // Thrown instead of ending the process: the gate waits and tries again.
      abortOnError: false,
    });
    fertig(created);
    await configureHttp(created);
    await created.get(Bootstrap).firstStart();
    await initWithRouteOrder(created);
    return created;
  });
  if (!app) return;
  laufend.app = app;
  // The app's own http server never listens: the gate's passes every request on to it.
  anlauf.bereit(app.getHttpAdapter().getInstance());
  logger.log(`Bereit auf http://localhost:${config.app.port}`);
}

/** `--worker`: the same modules without HTTP, so the processors register their workers. */
async function worker(env: NodeJS.ProcessEnv, root: PinoLogger, nest: NestPinoLogger): Promise<void> {
  const workerEnv = { ...env, WORKERS: 'true' };
  const anlauf = new Anlauf(dienste(loadConfig(workerEnv)), new Logger('Anlauf'));
  const laufend: { context?: INestApplicationContext } = {};
  // Stay up until told to stop, also while no job is registered or waiting (nothing else holds the process).
  const keepAlive = setInterval(() => undefined, 60 * 60 * 1000);
  beendeBeiSignal('Worker', logger, async () => {
    clearInterval(keepAlive);
    await anlauf.beende();
    await laufend.context?.close();
  });
  const teile = loaded(Promise.all([import('@nestjs/core'), import('./app.module')]));
  laufend.context = await bisGestartet<INestApplicationContext>(anlauf, async (fertig) => {
    const [{ NestFactory }, { AppModule }] = await teile;
    const created = await NestFactory.createApplicationContext(AppModule.forRoot(workerEnv, root), {
      logger: nest,
      abortOnError: false,
    });
    fertig(created);
    return created;
  });
  if (laufend.context) logger.log('Worker gestartet.');
}

/** `--migrate`, `--seed-demo`, `--seed --scale N [--heute YYYY-MM-DD] [--nur-mitglieder]`: maintenance commands that end when done. */
async function maintain(argv: string[], env: NodeJS.ProcessEnv, root: PinoLogger, nest: NestPinoLogger) {
  const [{ NestFactory }, { AppModule }, { Bootstrap }] = await Promise.all([
    import('@nestjs/core'),
    import('./app.module'),
    import('./bootstrap'),
  ]);
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(env, root), { logger: nest });
  if (argv.includes('--seed-demo') || argv.includes('--seed')) {
    const scaleArg = argv[argv.indexOf('--scale') + 1];
    const scale = argv.includes('--scale') ? Number(scaleArg) : 30;
    if (!Number.isInteger(scale) || scale < 1)
      throw new ConfigError(`--scale "${scaleArg}" muss eine ganze Zahl ≥ 1 sein`);
    // The demo's today (issue 32): benchmarks fix it, so their date filters find the same rows.
    const heute = argv.includes('--heute') ? argv[argv.indexOf('--heute') + 1] : undefined;
    if (heute !== undefined && !istKalendertag(heute))
      throw new ConfigError(`--heute "${heute}" muss ein Kalendertag JJJJ-MM-TT sein`);
    const started = Date.now();
    const nurMitglieder = argv.includes('--nur-mitglieder');
    await context.get(Bootstrap).seed({ scale, log: (m) => logger.log(m), heute, nurMitglieder });
    logger.log(`Daten erzeugt (Umfang ${scale}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else await context.get(Bootstrap).firstStart(false);
  logger.log('Migrationen sind aktuell.');
  await context.close();
}

async function main(argv: string[]): Promise<void> {
  const env = process.env;
  const { root, nest } = installLogging(env);
  try {
    if (argv.includes('--migrate') || argv.includes('--seed-demo') || argv.includes('--seed'))
      await maintain(argv, env, root, nest);
    else if (argv.includes('--worker')) await worker(env, root, nest);
    else await serve(env, root, nest);
  } catch (error) {
    if (error instanceof ConfigError) root.fatal(`Konfigurationsfehler: ${error.message}`);
    else root.fatal({ err: error }, `Start fehlgeschlagen: ${fehlertext(error)}`);
    process.exit(1);
  }
}

void main(process.argv.slice(2));
