import type { Request } from 'express';
import passport from 'passport';
import { SessionSerializer, STAFF_RECHECK_MS } from './session.serializer';
import { StaffDirectory, StaffUser } from './staff-directory';

const mia: StaffUser = { id: 7, kennnummer: 'K7', name: 'Mia Muster', verband: 3, login: 'mia' };

class CountingDirectory {
  calls = 0;
  user: StaffUser | null = mia;
  findActive = async () => {
    this.calls++;
    return this.user;
  };
}

function setup() {
  const directory = new CountingDirectory();
  const serializer = new SessionSerializer(directory as unknown as StaffDirectory);
  serializer.onModuleInit();
  const request = (stored: unknown) => ({ session: { passport: { user: stored } } }) as unknown as Request;
  const serialize = (user: StaffUser) =>
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
    const stored = await env.serialize(mia);
    expect(stored).toEqual({ ...mia, checkedAt: expect.any(Number) });
    for (let i = 0; i < 3; i++) expect(await env.deserialize(env.request(stored))).toEqual(mia);
    expect(env.directory.calls).toBe(0);
  });

  it('looks the account up again after a minute and refreshes the identity', async () => {
    const stored = { ...mia, name: 'Alter Name', checkedAt: Date.now() - STAFF_RECHECK_MS - 1 };
    const req = env.request(stored);
    expect(await env.deserialize(req)).toEqual(mia);
    expect(env.directory.calls).toBe(1);
    const refreshed = (req.session as unknown as { passport: { user: { name: string; checkedAt: number } } })
      .passport.user;
    expect(refreshed.name).toBe('Mia Muster');
    expect(Date.now() - refreshed.checkedAt).toBeLessThan(1000);
  });

  it('logs out a user whose account is no longer allowed in, once the minute is over', async () => {
    env.directory.user = null;
    expect(await env.deserialize(env.request({ ...mia, checkedAt: Date.now() - STAFF_RECHECK_MS }))).toBe(
      false,
    );
  });

  it('reads sessions that hold only the user id', async () => {
    expect(await env.deserialize(env.request(7))).toEqual(mia);
    expect(env.directory.calls).toBe(1);
  });
});
