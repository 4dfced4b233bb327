/**
 * The services the app cannot start without, each with a probe that opens one connection of its
 * own and closes it again: the database (MariaDB; the embedded SQLite is always there) and Redis
 * (when REDIS_URL is set). The start-up gate (anlauf.ts) asks them until both answer.
 */
import type { DatabaseConfig, RedisConfig } from '../../config/env';

/** How long one probe may take: a service that hangs counts as away. */
export const PROBE_TIMEOUT_MS = 3000;

export interface Dienst {
  /** The key in `/node/health`'s details. */
  name: 'database' | 'redis';
  /** German, for messages and log lines. */
  bezeichnung: string;
  /** Resolves when the service answers, rejects with the reason otherwise. */
  pruefe(): Promise<void>;
}

async function mariaDbAntwortet(config: Extract<DatabaseConfig, { type: 'mysql' }>): Promise<void> {
  const mysql = await import('mysql2/promise');
  // Without a database: the app creates it on first start (ensureMysqlDatabase).
  const connection = await mysql.createConnection({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    connectTimeout: PROBE_TIMEOUT_MS,
  });
  await connection.end().catch(() => connection.destroy());
}

async function redisAntwortet(url: string): Promise<void> {
  const { createClient } = await import('redis');
  // No reconnects: one attempt per probe, the gate decides when to try again.
  const client = createClient({
    url,
    socket: { reconnectStrategy: false, connectTimeout: PROBE_TIMEOUT_MS },
  });
  // Reported through the rejected connect; without a listener node-redis would throw it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.destroy();
  }
}

export function dienste(config: { database: DatabaseConfig; redis: RedisConfig }): Dienst[] {
  const { database, redis } = config;
  const liste: Dienst[] = [];
  if (database.type === 'mysql')
    liste.push({ name: 'database', bezeichnung: 'Datenbank', pruefe: () => mariaDbAntwortet(database) });
  if (redis.url) {
    const url = redis.url;
    liste.push({ name: 'redis', bezeichnung: 'Redis', pruefe: () => redisAntwortet(url) });
  }
  return liste;
}
