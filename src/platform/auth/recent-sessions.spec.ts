import { RECENT_MS, RecentSessions } from './recent-sessions';

describe('recently read sessions', () => {
  let now: number;
  let recent: RecentSessions;
  beforeEach(() => {
    now = 1_000_000;
    recent = new RecentSessions(() => now);
  });

  it('answers a session read less than a second ago, and no longer after', () => {
    const expires = now + 60_000;
    recent.put('a', '{"x":1}', expires, recent.ticket());
    now += RECENT_MS - 1;
    expect(recent.get('a')).toMatchObject({ sess: '{"x":1}', expires });
    now += 1;
    expect(recent.get('a')).toBeUndefined();
  });

  it('never answers an expired session', () => {
    recent.put('a', '{}', now + 10, recent.ticket());
    now += 10;
    expect(recent.get('a')).toBeUndefined();
  });

  it('forgets a session while it is written and reads it from the store afterwards', async () => {
    recent.put('a', '{"alt":true}', now + 60_000, recent.ticket());
    let seenDuring: unknown = 'not asked';
    await recent.writing(['a'], async () => {
      seenDuring = recent.get('a');
    });
    expect(seenDuring).toBeUndefined();
    expect(recent.get('a')).toBeUndefined();
  });

  it('does not keep a read that overlapped a write (it may hold the old session)', async () => {
    const before = recent.ticket();
    await recent.writing(['a'], async () => undefined);
    recent.put('a', '{"alt":true}', now + 60_000, before);
    expect(recent.get('a')).toBeUndefined();
    const during = recent.ticket();
    await recent.writing(['b'], async () => recent.put('a', '{"alt":true}', now + 60_000, during));
    expect(recent.get('a')).toBeUndefined();
  });

  it('forgets the sessions of a failed write too', async () => {
    recent.put('a', '{}', now + 60_000, recent.ticket());
    await expect(recent.writing(['a'], () => Promise.reject(new Error('weg')))).rejects.toThrow('weg');
    expect(recent.get('a')).toBeUndefined();
  });

  it('carries a moved expiry, so the next request does not touch again', () => {
    recent.put('a', '{}', now + 60_000, recent.ticket());
    recent.moveExpiry('a', now + 120_000);
    expect(recent.get('a')?.expires).toBe(now + 120_000);
  });

  it('parses a session once for the readers that only look, frozen, and anew once its expiry moved', () => {
    recent.put('a', '{"passport":{"user":{"id":7}}}', now + 60_000, recent.ticket());
    const parse = jest.fn((sess: string, expires: number) => ({ ...JSON.parse(sess), expires }));
    const first = recent.view('a', parse);
    expect(recent.view('a', parse)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ passport: { user: { id: 7 } }, expires: now + 60_000 });
    expect(Object.isFrozen(first) && Object.isFrozen(first?.passport.user)).toBe(true);

    recent.moveExpiry('a', now + 120_000);
    expect(recent.view('a', parse)?.expires).toBe(now + 120_000);
    expect(parse).toHaveBeenCalledTimes(2);
    now += RECENT_MS;
    expect(recent.view('a', parse)).toBeUndefined();
  });
});
