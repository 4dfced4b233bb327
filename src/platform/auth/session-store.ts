/**
 * express-session store on the platform database (DESIGN.md §5: no maintained store exists for
 * TypeORM 1.x). Sessions never live in process memory, so app processes are interchangeable.
 */
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import session, { SessionData } from 'express-session';
import { DataSource, LessThan } from 'typeorm';
import type { RedisConfig } from '../../config/env';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const DAY_MS = 24 * 60 * 60 * 1000;

export class TypeOrmSessionStore extends session.Store {
  private lastCleanup = 0;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  private expiry(data: SessionData): Date {
    const expires = data.cookie?.expires ? new Date(data.cookie.expires) : undefined;
    return expires && !Number.isNaN(expires.getTime()) ? expires : new Date(Date.now() + DAY_MS);
  }

  private run<T>(work: () => Promise<T>, callback?: Callback<T>): void {
    work().then(
      (value) => callback?.(undefined, value),
      (error) => callback?.(error),
    );
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.run(async () => {
      const row = await this.dataSource
        .createQueryBuilder()
        .select(['s.sess AS sess', 's.expires AS expires'])
        .from('session', 's')
        .where('s.sid = :sid', { sid })
        .getRawOne<{ sess: string; expires: string | Date }>();
      if (!row) return null;
      const expires =
        row.expires instanceof Date ? row.expires : new Date(`${row.expires.replace(' ', 'T')}Z`);
      if (expires.getTime() <= Date.now()) return null;
      return JSON.parse(row.sess) as SessionData;
    }, callback);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.run(async () => {
      const values = { sid, sess: JSON.stringify(data), expires: this.expiry(data) };
      await this.dataSource.transaction(async (manager) => {
        await manager.createQueryBuilder().delete().from('session').where('sid = :sid', { sid }).execute();
        await manager
          .createQueryBuilder()
          .insert()
          .into('session', ['sid', 'sess', 'expires'])
          .values(values)
          .execute();
      });
      await this.cleanup();
    }, callback);
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    this.run(async () => {
      await this.dataSource
        .createQueryBuilder()
        .update('session')
        .set({ expires: this.expiry(data) })
        .where('sid = :sid', { sid })
        .execute();
    }, callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.run(async () => {
      await this.dataSource
        .createQueryBuilder()
        .delete()
        .from('session')
        .where('sid = :sid', { sid })
        .execute();
    }, callback);
  }

  /** Removes expired sessions at most once an hour, piggybacking on writes. */
  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60 * 60 * 1000) return;
    this.lastCleanup = Date.now();
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from('session')
      .where({ expires: LessThan(new Date()) })
      .execute();
  }
}

/**
 * Chooses the session store (Redis when REDIS_URL is set, else the database) and owns the Redis
 * connection, which it closes when the app shuts down.
 */
@Injectable()
export class SessionStores implements OnApplicationShutdown {
  private client?: { quit(): Promise<unknown> };

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  async create(): Promise<session.Store> {
    const redis = this.config.getOrThrow<RedisConfig>('redis');
    if (!redis.url) return new TypeOrmSessionStore(this.dataSource);
    const { createClient } = await import('redis');
    const { RedisStore } = await import('connect-redis');
    const client = createClient({ url: redis.url });
    client.on('error', (error) => console.error('Redis (Sitzungen):', error.message));
    await client.connect();
    this.client = client;
    return new RedisStore({ client, prefix: 'verband:sess:' });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.quit().catch(() => undefined);
  }
}
