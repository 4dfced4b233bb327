/**
 * The sessions this process read or wrote in the last moment (issue 16, request overhead): a list
 * call from the client's burst of calls then needs no session query. An entry lives RECENT_MS at
 * most and is replaced or dropped by this process's own writes (login, logout, ending a user's
 * sessions), so here they take effect at once; another app process sharing the database sees a
 * logout there at most RECENT_MS late.
 */
export const RECENT_MS = 1000;

/** Above this many entries, the stale ones are swept before the next is added. */
const SWEEP_ABOVE = 10_000;

interface Entry {
  /** The session as stored: each request parses its own copy, which express-session then changes. */
  sess: string;
  /** The stored expiry in ms (what `touchDue` compares against). */
  expires: number;
  readAt: number;
  /** `sess` parsed once for the readers that only look (view): frozen, shared by their requests. */
  view?: object;
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value))
    if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}

export class RecentSessions {
  private readonly entries = new Map<string, Entry>();
  /** Counts this process's writes, so a read that overlapped one is not kept (it may be older). */
  private writes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The session as stored, when this process saw it less than RECENT_MS ago and it has not expired. */
  get(sid: string): { sess: string; expires: number } | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.readAt >= RECENT_MS || entry.expires <= now) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }

  /**
   * The session as `get` has it, parsed by `parse` only on the first look and then shared: every
   * API read of a burst asks who its caller is, and parsing the stored JSON each time was about 5 %
   * of a short list call's CPU (issue 33). Frozen, since the requests share it.
   */
  view<T extends object>(sid: string, parse: (sess: string, expires: number) => T): Readonly<T> | undefined {
    if (!this.get(sid)) return undefined;
    const entry = this.entries.get(sid)!;
    entry.view ??= deepFreeze(parse(entry.sess, entry.expires));
    return entry.view as Readonly<T>;
  }

  /** Taken before reading the store; `put` keeps the read only if no write came in between. */
  ticket(): number {
    return this.writes;
  }

  put(sid: string, sess: string, expires: number, ticket: number): void {
    if (ticket !== this.writes) return;
    if (this.entries.size >= SWEEP_ABOVE) this.sweep();
    this.entries.set(sid, { sess, expires, readAt: this.now() });
  }

  /** After a touch: the stored expiry moved, the data did not. */
  moveExpiry(sid: string, expires: number): void {
    const entry = this.entries.get(sid);
    if (!entry) return;
    entry.expires = expires;
    // The view carries the expiry it was parsed with.
    entry.view = undefined;
  }

  /**
   * Runs a write of these sessions (save, logout, ending sessions): they are read from the store
   * again afterwards, and no read that overlapped the write is kept.
   */
  async writing<T>(sids: string[], write: () => Promise<T>): Promise<T> {
    this.drop(sids);
    try {
      return await write();
    } finally {
      this.drop(sids);
    }
  }

  private drop(sids: string[]): void {
    this.writes++;
    for (const sid of sids) this.entries.delete(sid);
  }

  get size(): number {
    return this.entries.size;
  }

  private sweep(): void {
    const now = this.now();
    for (const [sid, entry] of this.entries) if (now - entry.readAt >= RECENT_MS) this.entries.delete(sid);
  }
}
