/**
 * Starts the real Nest app in-process on a fresh database for integration tests: SQLite always,
 * MariaDB/MySQL when MYSQL_TEST_URL is set (a new database per app, dropped afterwards; both with
 * the schema copied from a migrated template). In CI the MariaDB suites are required: a missing MYSQL_TEST_URL
 * fails instead of silently skipping.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { Bootstrap } from '../../src/bootstrap';
import { configureHttp, initWithRouteOrder } from '../../src/http';
import { seedDatabase } from '../../src/seed/seed';
import { copyMigratedSqlite, createMigratedDatabase } from './migrated-database';

export type DatabaseKind = 'sqlite' | 'mysql';
export const ADMIN_PASSWORD = 'Test-Passwort-1';

/** The databases every integration suite runs on. */
export function databases(): DatabaseKind[] {
  if (process.env.MYSQL_TEST_URL) return ['sqlite', 'mysql'];
  if (process.env.CI)
    throw new Error('MYSQL_TEST_URL ist in CI nicht gesetzt: die MariaDB-Tests dürfen nicht fehlen.');
  return ['sqlite'];
}

export interface TestApp {
  kind: DatabaseKind;
  app: NestExpressApplication;
  dataSource: DataSource;
  dir: string;
  /** Its DATABASE_URL: a second app on it (`options.env`) stands for a second process. */
  databaseUrl: string;
  /** A client without session. */
  anonymous(): request.Agent;
  /** A client logged in as admin, sending X-Api-Request on every call. */
  login(user?: string, password?: string): Promise<request.Agent>;
  /** A fresh session's cookie (`name=value`), for requests that carry it by hand. */
  sessionCookie(user?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Fill the database with the demo data set first (scale 30 by default). */
  seedScale?: number;
  /** The demo data's today ('YYYY-MM-DD'); by default the real one. */
  seedHeute?: string;
  /** Start as `npm start` does: demo data and its staff logins on an empty embedded database. */
  firstStart?: boolean;
}

function mysqlUrlFor(database: string): string {
  const url = new URL(process.env.MYSQL_TEST_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropMysqlDatabase(database: string): Promise<void> {
  const mysql = await import('mysql2/promise');
  const url = new URL(process.env.MYSQL_TEST_URL!);
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
  await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
  await connection.end();
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'verband-test-'));
  const mysqlDatabase = `vv_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: dir,
    FILES_DIR: join(dir, 'files'),
    MAIL_URL: `file:${join(dir, 'outbox')}`,
    DATABASE_URL: kind === 'sqlite' ? `sqlite:${join(dir, 'test.sqlite')}` : mysqlUrlFor(mysqlDatabase),
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    // The request log (pino) stays as quiet as Nest's logger below unless TEST_LOG is set.
    LOG_LEVEL: process.env.TEST_LOG ? 'info' : 'error',
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) {
    if (kind === 'sqlite') await copyMigratedSqlite(join(dir, 'test.sqlite'));
    else await createMigratedDatabase(process.env.MYSQL_TEST_URL!, mysqlDatabase);
  }
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), {
    bodyParser: false,
    logger: process.env.TEST_LOG ? ['error', 'warn', 'log'] : ['error'],
  });
  await configureHttp(app);
  await initWithRouteOrder(app);
  const dataSource = app.get(DataSource);
  if (options.seedScale)
    await seedDatabase(app, { scale: options.seedScale, filesDir: env.FILES_DIR, heute: options.seedHeute });
  await app.get(Bootstrap).firstStart(options.firstStart ?? false);
  const server = app.getHttpServer();
  return {
    kind,
    app,
    dataSource,
    dir,
    databaseUrl: env.DATABASE_URL!,
    anonymous: () => request.agent(server),
    async login(user = 'admin', password = ADMIN_PASSWORD) {
      const agent = request.agent(server).set('X-Api-Request', '1');
      const response = await agent.post('/node/login').send({ user, password });
      if (response.status !== 200)
        throw new Error(`Login fehlgeschlagen: ${response.status} ${response.text}`);
      return agent;
    },
    async sessionCookie(user = 'admin', password = ADMIN_PASSWORD) {
      const response = await request(server)
        .post('/node/login')
        .set('X-Api-Request', '1')
        .send({ user, password });
      if (response.status !== 200)
        throw new Error(`Login fehlgeschlagen: ${response.status} ${response.text}`);
      return String(response.headers['set-cookie'][0]).split(';')[0];
    },
    async close() {
      await app.close();
      // Only the database it made: a second app on another's database leaves it to its owner.
      if (kind === 'mysql' && !options.env?.DATABASE_URL) await dropMysqlDatabase(mysqlDatabase);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
