import type { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import passport from 'passport';
import { SessionSerializer, STAFF_RECHECK_MS } from './session.serializer';
import { StaffAccount, StaffDirectory, StaffUser } from './staff-directory';

const mia: StaffUser = { id: 7, kennnummer: 'K7', name: 'Mia Muster', verband: 3, login: 'mia' };
const miaAccount: StaffAccount = { ...mia, stamp: 'stempel-1' };
const MAX_MS = 7 * 24 * 3_600_000;
const config = { getOrThrow: () => ({ session: { maxMs: MAX_MS } }) } as unknown as ConfigService;

class CountingDirectory {
  calls = 0;
  user: StaffAccount | null = miaAccount;
  findActive = async () => {
    this.calls++;
    return this.user;
  };
}

function setup() {
  const directory = new CountingDirectory();
  const serializer = new SessionSerializer(directory as unknown as StaffDirectory, config);
  serializer.onModuleInit();
  const request = (stored: unknown) => ({ session: { passport: { user: stored } } }) as unknown as Request;
  const serialize = (user: StaffAccount) =>
    new Promise<unknown>((resolve, reject) =>
      passport.serializeUser(user as Express.User, (e, v) => (e ? reject(e) : resolve(v))),
    );
  const deserialize = (req: Request) =>
    new Promise<unknown>((resolve, reject) =>
      (
        passport.deserializeUser as unknown as (
          o: unknown,
          r: Request,
          d: (e: unknown, u: unknown) => void,
        ) => void
      )((req.session as unknown as { passport: { user: unknown } }).passport.user, req, (e, u) =>
        e ? reject(e) : resolve(u),
      ),
    );
  return { directory, serializer, request, serialize, deserialize };
}

describe('the staff identity in the session', () => {
  let env: ReturnType<typeof setup>;
  beforeEach(() => (env = setup()));
  afterEach(() => env.serializer.onModuleDestroy());

  it('keeps the identity and needs no lookup while it is fresh', async () => {
    const stored = await env.serialize(miaAccount);
    expect(stored).toEqual({ ...miaAccount, checkedAt: expect.any(Number), since: expect.any(Number) });
    for (let i = 0; i < 3; i++) expect(await env.deserialize(env.request(stored))).toEqual(mia);
    expect(env.directory.calls).toBe(0);
  });

  it('vouches for a stored identity without a lookup only while deserializing would need none', async () => {
    const now = Date.now();
    const stored = { ...miaAccount, checkedAt: now, since: now };
    expect(env.serializer.knownIdentity(stored)).toEqual(mia);
    expect(
      env.serializer.knownIdentity({ ...stored, checkedAt: now - STAFF_RECHECK_MS - 1 }),
    ).toBeUndefined();
    expect(env.serializer.knownIdentity({ ...stored, since: now - MAX_MS - 1 })).toBeUndefined();
    expect(env.serializer.knownIdentity(mia.id)).toBeUndefined();
    env.serializer.identityChanged([mia.id]);
    expect(env.serializer.knownIdentity(stored)).toBeUndefined();
    expect(env.directory.calls).toBe(0);
  });

  it('looks the account up again after a minute and refreshes the identity', async () => {
    const since = Date.now() - 3_600_000;
    const stored = { ...miaAccount, name: 'Alter Name', checkedAt: Date.now() - STAFF_RECHECK_MS - 1, since };
    const req = env.request(stored);
    expect(await env.deserialize(req)).toEqual(mia);
    expect(env.directory.calls).toBe(1);
    const refreshed = (req.session as unknown as { passport: { user: { name: string; checkedAt: number } } })
      .passport.user;
    expect(refreshed.name).toBe('Mia Muster');
    expect(Date.now() - refreshed.checkedAt).toBeLessThan(1000);
    expect((refreshed as unknown as { since: number }).since).toBe(since);
  });

  it('ends a session at its absolute maximum, however recently it was checked', async () => {
    const now = Date.now();
    const fresh = { ...miaAccount, checkedAt: now, since: now - MAX_MS + 1000 };
    expect(await env.deserialize(env.request(fresh))).toEqual(mia);
    expect(await env.deserialize(env.request({ ...fresh, since: now - MAX_MS }))).toBe(false);
    expect(env.directory.calls).toBe(0);
  });

  it('logs out a user whose account is no longer allowed in, once the minute is over', async () => {
    env.directory.user = null;
    const stale = { ...miaAccount, checkedAt: Date.now() - STAFF_RECHECK_MS, since: Date.now() - 3_600_000 };
    expect(await env.deserialize(env.request(stale))).toBe(false);
  });

  it('ends a session logged in with a password the account no longer has', async () => {
    const stored = { ...miaAccount, checkedAt: Date.now(), since: Date.now() - 3_600_000 };
    env.directory.user = { ...miaAccount, stamp: 'stempel-2' };
    expect(await env.deserialize(env.request(stored))).toEqual(mia);
    env.serializer.identityChanged([mia.id]);
    expect(await env.deserialize(env.request(stored))).toBe(false);
    expect(env.directory.calls).toBe(1);
  });

  it('asks sessions of earlier versions (only the id, no login time or no stamp) for a new login', async () => {
    expect(await env.deserialize(env.request(7))).toBe(false);
    expect(await env.deserialize(env.request({ ...miaAccount, checkedAt: Date.now() }))).toBe(false);
    expect(await env.deserialize(env.request({ ...mia, checkedAt: Date.now(), since: Date.now() }))).toBe(
      false,
    );
  });
});
