/**
 * Issue 31: two app processes and two worker processes started at once on an empty MariaDB
 * database migrate it once (the start lock, src/platform/database/startsperre.ts) and leave one
 * admin. Before, one start made two `admin` accounts and another ended both apps with "Duplicate
 * column name".
 */
import mysql from 'mysql2/promise';
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
