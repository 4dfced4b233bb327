/**
 * express-session stores: one on the platform database (DESIGN.md §5: no maintained store exists
 * for TypeORM 1.x), or Redis when REDIS_URL is set. Sessions live in the store, so app processes are
 * interchangeable; the database store keeps what it read for a second (RecentSessions), which
 * spares the session query of the client's bursts of calls.
 *
 * Both stores read a session with one lookup and write it only when it changed: a request that
 * changed nothing only moves the expiry, and that at most once a minute (`touchDue`). Both can
 * list and end the sessions of given staff users, which is how taking away a user's access ends
 * the user's sessions at once (see StaffSessions).
 */
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import session, { SessionData } from 'express-session';
import { DataSource, LessThan } from 'typeorm';
import type { RedisConfig } from '../../config/env';
import { plainReads, type PlainRead } from '../database/plain-reads';
import { RecentSessions } from './recent-sessions';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const logger = new Logger('Sitzungen');

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session whose stored expiry is less than this behind the new one is not touched. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** How long an answer waits for its session's expiry to be moved. */
const TOUCH_WAIT_MS = 200;

/** The expiry the store holds for a session as read, carried from `get` to `touch` on the session object. */
const STORED_EXPIRY = Symbol('storedExpiry');
type WithStoredExpiry = { [STORED_EXPIRY]?: number };

function rememberStoredExpiry<T extends object>(target: T, expiresMs: number | undefined): T {
  if (expiresMs !== undefined)
    Object.defineProperty(target, STORED_EXPIRY, { value: expiresMs, enumerable: false, configurable: true });
  return target;
}

/**
 * Whether the store must move a session's expiry to `expires`: when it does not know the stored one,
 * or when that is at least TOUCH_INTERVAL_MS older. So a session that is used all the time is
 * written at most once a minute, and its stored expiry lags the cookie's by less than a minute. A
 * session allowed to idle for less than two minutes (SESSION_IDLE_MINUTES) moves after half of
 * that: waiting a minute would let it end while in use.
 */
export function touchDue(data: SessionData, expires: Date): boolean {
  const stored = (data as WithStoredExpiry)[STORED_EXPIRY];
  const idleMs = data.cookie?.originalMaxAge;
  const interval = idleMs ? Math.min(TOUCH_INTERVAL_MS, idleMs / 2) : TOUCH_INTERVAL_MS;
  return stored === undefined || expires.getTime() - stored >= interval;
}

/**
 * Sends the session cookie again only when the stored expiry is due to move (`touchDue`), not on
 * every answer: signing and writing the cookie cost about 80 µs of a short list call's CPU
 * (bench/api/cpu-ab.mjs, 2026-11-26). A session read from the store and due is marked changed, so
 * express-session (with `rolling: false`) saves it with the new expiry and sends the cookie with
 * the same one; the browser's expiry then lags the last request by less than a minute, as the
 * stored one does. A session not read from the store (no cookie, or a new login) is left alone:
 * marking it would store an empty session for every anonymous request.
 */
export function renewSessionWhenDue(req: Request, _res: unknown, next: () => void): void {
  const data = req.session as (SessionData & WithStoredExpiry & { renewedAt?: number }) | undefined;
  if (data?.[STORED_EXPIRY] !== undefined && expiryDue(data)) data.renewedAt = Date.now();
  next();
}

/**
 * Whether a request now would move the session's stored expiry (`touchDue` with the expiry its
 * cookie's idle timeout gives); an expiry the store did not mark counts as due. A cookie without
 * an idle timeout never moves.
 */
export function expiryDue(data: SessionData): boolean {
  const idleMs = data.cookie?.originalMaxAge;
  return Boolean(idleMs) && touchDue(data, new Date(Date.now() + idleMs!));
}

/** Marks session data as read from the store with this expiry (for `touchDue`). */
export function withStoredExpiry<T extends object>(data: T, expires: Date): T {
  return rememberStoredExpiry(data, expires.getTime());
}

/** The staff user a session belongs to: passport keeps the serialized user under `passport.user`. */
const storedUser = (data: SessionData | undefined) =>
  (data as { passport?: { user?: unknown } } | undefined)?.passport?.user;

export function sessionUserId(data: SessionData | undefined): number | null {
  const user = storedUser(data);
  const id = typeof user === 'object' && user !== null ? (user as { id?: unknown }).id : user;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** The credential stamp the session's user logged in with (SessionSerializer), or null. */
function sessionStamp(data: SessionData | undefined): string | null {
  const user = storedUser(data);
  const stamp = typeof user === 'object' && user !== null ? (user as { stamp?: unknown }).stamp : null;
  return typeof stamp === 'string' ? stamp : null;
}

/** A live session of a logged-in user, as StaffSessions needs it to decide whether it ends. */
export interface UserSession {
  sid: string;
  userId: number;
  stamp: string | null;
}

/** What the platform needs from a store beyond express-session's interface. */
export interface UserSessionIndex {
  /**
   * The session as this process read or wrote it a moment ago, marked with its stored expiry
   * (`withStoredExpiry`), without a lookup; undefined when not at hand (always, for a store that
   * keeps nothing). Shared and frozen (RecentSessions.view): only to look at.
   */
  recentSessionView?(sid: string): Readonly<SessionData> | undefined;
  /** The live sessions of these users, or of every logged-in user for `null`. */
  userSessions(userIds: number[] | null): Promise<UserSession[]>;
  destroyAll(sids: string[]): Promise<void>;
}

export type SessionStore = session.Store & UserSessionIndex;

/**
 * express-session rebuilds the session object from the stored data and drops what is not
 * enumerable; the stored expiry has to be carried over to reach `touch`.
 */
function createSessionKeepingExpiry(
  store: session.Store,
  req: Request,
  data: SessionData,
): session.Session & SessionData {
  const created = session.Store.prototype.createSession.call(store, req, data);
  return rememberStoredExpiry(created, (data as WithStoredExpiry)[STORED_EXPIRY]);
}

export class TypeOrmSessionStore extends session.Store implements UserSessionIndex {
  private lastCleanup = 0;
  private readonly selectSql: string;
  private readonly recent = new RecentSessions();
  private readonly read: PlainRead;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.read = plainReads(dataSource);
    const q = (name: string) => dataSource.driver.escape(name);
    this.selectSql = `SELECT ${q('sess')} AS sess, ${q('expires')} AS expires FROM ${q('session')} WHERE ${q('sid')} = ?`;
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

  /** One plain lookup by primary key, unless this process saw the session a moment ago. */
  override get(sid: string, callback: Callback<SessionData | null>): void {
    const recent = this.recentSession(sid);
    if (recent) {
      callback(undefined, recent);
      return;
    }
    const ticket = this.recent.ticket();
    this.run(async () => {
      const rows = await this.read<{ sess: string; expires: string | Date }>(this.selectSql, [sid]);
      const row = rows[0];
      if (!row) return null;
      const expires =
        row.expires instanceof Date ? row.expires : new Date(`${row.expires.replace(' ', 'T')}Z`);
      if (expires.getTime() <= Date.now()) return null;
      this.recent.put(sid, row.sess, expires.getTime(), ticket);
      return withStoredExpiry(JSON.parse(row.sess) as SessionData, expires);
    }, callback);
  }

  override createSession(req: Request, data: SessionData): session.Session & SessionData {
    return createSessionKeepingExpiry(this, req, data);
  }

  /** A copy of its own for express-session, which changes it. */
  private recentSession(sid: string): SessionData | undefined {
    const recent = this.recent.get(sid);
    return recent && this.parse(recent.sess, recent.expires);
  }

  recentSessionView(sid: string): Readonly<SessionData> | undefined {
    return this.recent.view(sid, (sess, expires) => this.parse(sess, expires));
  }

  private parse(sess: string, expires: number): SessionData {
    return rememberStoredExpiry(JSON.parse(sess) as SessionData, expires);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    this.run(async () => {
      await this.recent.writing([sid], () =>
        this.dataSource
          .createQueryBuilder()
          .insert()
          .into('session', ['sid', 'sess', 'expires', 'user_id'])
          .values({
            sid,
            sess: JSON.stringify(data),
            expires: this.expiry(data),
            user_id: sessionUserId(data),
          })
          .orUpdate(['sess', 'expires', 'user_id'], ['sid'])
          .execute(),
      );
      await this.cleanup();
    }, callback);
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const expires = this.expiry(data);
    if (!touchDue(data, expires)) {
      callback?.();
      return;
    }
    const update = this.dataSource
      .createQueryBuilder()
      .update('session')
      .set({ expires })
      .where('sid = :sid', { sid })
      .execute()
      .then(() => this.recent.moveExpiry(sid, expires.getTime()));
    // On SQLite a long transaction (an invoice run) holds the connection; the answer, say a
    // progress poll, does not wait for it: the expiry moves when the run is done.
    const waitedEnough = new Promise<void>((resolve) => setTimeout(resolve, TOUCH_WAIT_MS).unref());
    this.run(() => Promise.race([update, waitedEnough]), callback);
    update.catch((error: unknown) => logger.warn(`Ablauf der Sitzung nicht verschoben: ${String(error)}`));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.run(() => this.destroyAll([sid]), callback);
  }

  async userSessions(userIds: number[] | null): Promise<UserSession[]> {
    if (userIds?.length === 0) return [];
    const qb = this.dataSource
      .createQueryBuilder()
      .select(['s.sid AS sid', 's.user_id AS userId', 's.sess AS sess'])
      .from('session', 's')
      .where('s.user_id IS NOT NULL AND s.expires > :now', { now: new Date() });
    if (userIds) qb.andWhere('s.user_id IN (:...userIds)', { userIds });
    const rows = await qb.getRawMany<{ sid: string; userId: number | string; sess: string }>();
    return rows.map((r) => ({
      sid: r.sid,
      userId: Number(r.userId),
      stamp: sessionStamp(JSON.parse(r.sess) as SessionData),
    }));
  }

  async destroyAll(sids: string[]): Promise<void> {
    if (sids.length === 0) return;
    await this.recent.writing(sids, () =>
      this.dataSource
        .createQueryBuilder()
        .delete()
        .from('session')
        .where('sid IN (:...sids)', { sids })
        .execute(),
    );
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

interface RedisClient {
  get(key: string): Promise<string | null>;
  pTTL(key: string): Promise<number>;
  del(keys: string[]): Promise<number>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
  destroy(): void;
  readonly isReady: boolean;
}

/**
 * connect-redis's store with the same write rules as the database store: `get` also asks for the
 * key's remaining lifetime (pipelined with the GET, so still one round trip), and `touch` moves
 * it only when that is due.
 */
async function redisStore(client: RedisClient, prefix: string): Promise<SessionStore> {
  const { RedisStore } = await import('connect-redis');
  class ThrottledRedisStore extends RedisStore implements UserSessionIndex {
    override async get(sid: string, callback?: Callback<SessionData | null>): Promise<void> {
      const key = prefix + sid;
      try {
        const [raw, ttl] = await Promise.all([client.get(key), client.pTTL(key)]);
        const data = raw ? (JSON.parse(raw) as SessionData) : null;
        if (data && ttl > 0) rememberStoredExpiry(data, Date.now() + ttl);
        callback?.(undefined, data);
      } catch (error) {
        callback?.(error);
      }
    }

    override createSession(req: Request, data: SessionData): session.Session & SessionData {
      return createSessionKeepingExpiry(this, req, data);
    }

    override async touch(sid: string, data: SessionData, callback?: Callback): Promise<void> {
      const expires = data.cookie?.expires ? new Date(data.cookie.expires) : undefined;
      if (expires && !touchDue(data, expires)) {
        callback?.();
        return;
      }
      await super.touch(sid, data, callback);
    }

    async userSessions(userIds: number[] | null): Promise<UserSession[]> {
      if (userIds?.length === 0) return [];
      const wanted = userIds && new Set(userIds);
      const all = (await this.all()) as (SessionData & { id: string })[];
      return all.flatMap((data) => {
        const userId = sessionUserId(data);
        return userId !== null && (!wanted || wanted.has(userId))
          ? [{ sid: data.id, userId, stamp: sessionStamp(data) }]
          : [];
      });
    }

    async destroyAll(sids: string[]): Promise<void> {
      if (sids.length) await client.del(sids.map((sid) => prefix + sid));
    }
  }
  return new ThrottledRedisStore({ client, prefix });
}

/**
 * Chooses the session store (Redis when REDIS_URL is set, else the database), creates it once
 * (the HTTP setup and StaffSessions share it) and owns the Redis connection, which it closes when
 * the app shuts down.
 */
@Injectable()
export class SessionStores implements OnApplicationShutdown {
  private client?: RedisClient;
  private store?: Promise<SessionStore>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  create(): Promise<SessionStore> {
    this.store ??= this.open();
    return this.store;
  }

  private async open(): Promise<SessionStore> {
    const redis = this.config.getOrThrow<RedisConfig>('redis');
    if (!redis.url) return new TypeOrmSessionStore(this.dataSource);
    const { createClient } = await import('redis');
    // Without an offline queue a request fails at once while Redis is away (503, see the error
    // filter) instead of waiting for a reconnect that may not come.
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    // While Redis is away the client reports every reconnect; one line per new message.
    let lastError: string | undefined;
    client.on('error', (error: Error) => {
      if (error.message === lastError) return;
      lastError = error.message;
      logger.error(`Redis (Sitzungen): ${error.message}`);
    });
    client.on('ready', () => {
      if (lastError) logger.log('Redis (Sitzungen) ist wieder erreichbar.');
      lastError = undefined;
    });
    await client.connect();
    this.client = client as unknown as RedisClient;
    return redisStore(this.client, 'verband:sess:');
  }

  /** For `/node/health`: resolves when the sessions' Redis answers; nothing to ask without one. */
  async ping(): Promise<void> {
    await this.client?.ping();
  }

  /** Whether sessions live in Redis, and `/node/health` reports it. */
  get usesRedis(): boolean {
    return Boolean(this.config.getOrThrow<RedisConfig>('redis').url);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.client) return;
    // Away: QUIT would wait for a reconnect that may never come (and hold up SIGTERM).
    if (this.client.isReady) await this.client.quit().catch(() => undefined);
    else this.client.destroy();
  }
}
