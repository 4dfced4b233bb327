/**
 * Issue 31: two app processes and two worker processes started at once on an empty MariaDB
 * database migrate it once (the start lock, src/platform/database/datenbanksperre.ts) and leave one
 * admin. Before, one start made two `admin` accounts and another ended both apps with "Duplicate
 * column name". On the embedded SQLite, two processes started together on a new file seed the
 * demo data once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/platform/database/data-source';
import { allMigrations } from '../../migrations';
import { privateRedis } from '../support/private-redis';
import { aktuellerBuild, startServer, startWorker } from '../support/server';

const beschreiben = process.env.MYSQL_TEST_URL ? describe : describe.skip;

beschreiben('processes starting together on an empty database', () => {
  it('migrate it once and create one admin', async () => {
    aktuellerBuild();
    const server = new URL(process.env.MYSQL_TEST_URL!);
    const name = `vv_test_${process.pid}_start`;
    const verbindung = await mysql.createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
    await verbindung.query(`DROP DATABASE IF EXISTS \`${name}\``);
    server.pathname = `/${name}`;
    // App processes without workers need the queue in Redis: one of the test's own.
    const redis = await privateRedis();
    await redis.start();
    const env = {
      DATABASE_URL: server.toString(),
      REDIS_URL: redis.url,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Start-Passwort-1',
    };
    const gestartet = await Promise.allSettled([
      startServer({ ...env, WORKERS: 'false' }),
      startServer({ ...env, WORKERS: 'false' }),
      startWorker({ ...env, WORKERS: 'true' }),
      startWorker({ ...env, WORKERS: 'true' }),
    ]);
    const prozesse = gestartet.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
    try {
      for (const p of gestartet) if (p.status === 'rejected') throw p.reason;
      const [admins] = await verbindung.query(
        `SELECT COUNT(*) AS n FROM \`${name}\`.benutzer WHERE benutzername = 'admin'`,
      );
      expect(Number((admins as { n: unknown }[])[0].n)).toBe(1);
      const [gelaufen] = await verbindung.query(`SELECT name FROM \`${name}\`.migrations`);
      expect((gelaufen as { name: string }[]).map((m) => m.name).sort()).toEqual(
        allMigrations.map((m) => m.name).sort(),
      );
    } finally {
      await Promise.all(prozesse.map((p) => p.stop()));
      await redis.remove();
      await verbindung.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await verbindung.end();
    }
  }, 300_000);
});

describe('processes starting together on a new embedded database', () => {
  it('migrate it once, seed the demo data once and create each login once', async () => {
    aktuellerBuild();
    const dir = mkdtempSync(join(tmpdir(), 'verband-start-'));
    const datei = join(dir, 'verband.sqlite');
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${datei}`,
      SESSION_SECRET: 'gleichzeitiger-start-sqlite-geheimnis',
      ADMIN_PASSWORD: 'Start-Passwort-1',
    };
    const gestartet = await Promise.allSettled([startServer(env), startServer(env)]);
    const prozesse = gestartet.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []));
    try {
      for (const p of gestartet) if (p.status === 'rejected') throw p.reason;
      const db = await new DataSource(
        dataSourceOptions({ type: 'better-sqlite3', file: datei }),
      ).initialize();
      try {
        const anzahl = async (sql: string) => Number(((await db.query(sql)) as { n: unknown }[])[0].n);
        expect(
          await anzahl("SELECT COUNT(*) AS n FROM benutzer WHERE benutzername IN ('admin', 'akademie')"),
        ).toBe(2);
        // The demo seed's seminar types exist once each, not once per process.
        expect(
          await anzahl(
            'SELECT COUNT(*) AS n FROM veranstaltung_typ GROUP BY bezeichnung ORDER BY n DESC LIMIT 1',
          ),
        ).toBe(1);
        expect(await anzahl('SELECT COUNT(*) AS n FROM migrations')).toBe(allMigrations.length);
      } finally {
        await db.destroy();
      }
    } finally {
      await Promise.all(prozesse.map((p) => p.stop()));
    }
  }, 300_000);
});
