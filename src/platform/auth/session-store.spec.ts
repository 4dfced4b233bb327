import type { SessionData } from 'express-session';
import type { Request } from 'express';
import {
  expiryDue,
  renewSessionWhenDue,
  sessionUserId,
  touchDue,
  TOUCH_INTERVAL_MS,
  withStoredExpiry,
} from './session-store';

const EIGHT_HOURS = 8 * 60 * 60 * 1000;
const data = (originalMaxAge = EIGHT_HOURS) => ({ cookie: { originalMaxAge } }) as unknown as SessionData;

describe('session store rules', () => {
  it('moves a stored expiry only when it is a minute or more behind', () => {
    const stored = new Date('2026-11-21T10:00:00Z');
    const session = withStoredExpiry(data(), stored);
    expect(touchDue(session, new Date(stored.getTime() + TOUCH_INTERVAL_MS - 1))).toBe(false);
    expect(touchDue(session, new Date(stored.getTime() + TOUCH_INTERVAL_MS))).toBe(true);
  });

  it('moves it after half the idle time when a session may idle for less than two minutes', () => {
    const stored = new Date('2026-11-21T10:00:00Z');
    const session = withStoredExpiry(data(30_000), stored);
    expect(touchDue(session, new Date(stored.getTime() + 14_999))).toBe(false);
    expect(touchDue(session, new Date(stored.getTime() + 15_000))).toBe(true);
  });

  it('tells from the session’s own idle timeout whether a request now would move its expiry', () => {
    const storedIn = (ms: number, session = data()) => withStoredExpiry(session, new Date(Date.now() + ms));
    expect(expiryDue(storedIn(EIGHT_HOURS - TOUCH_INTERVAL_MS - 1000))).toBe(true);
    expect(expiryDue(storedIn(EIGHT_HOURS - 1000))).toBe(false);
    expect(expiryDue(data())).toBe(true);
    expect(expiryDue(storedIn(0, { cookie: {} } as unknown as SessionData))).toBe(false);
  });

  it('moves it when the stored expiry is not known', () => {
    expect(touchDue(data(), new Date())).toBe(true);
  });

  it('keeps the stored expiry out of the saved data', () => {
    const session = withStoredExpiry(data(), new Date());
    expect(JSON.stringify(session)).toBe(JSON.stringify(data()));
    expect(Object.keys(session)).toEqual(['cookie']);
  });

  it('marks a stored session changed when its expiry is due to move, so it is saved and its cookie sent', () => {
    const session = (storedIn?: number) =>
      storedIn === undefined ? data() : withStoredExpiry(data(), new Date(Date.now() + storedIn));
    const renewed = (data: SessionData) => {
      const next = jest.fn();
      renewSessionWhenDue({ session: data } as unknown as Request, undefined, next);
      expect(next).toHaveBeenCalledTimes(1);
      return 'renewedAt' in data;
    };
    expect(renewed(session(EIGHT_HOURS - TOUCH_INTERVAL_MS - 1000))).toBe(true);
    expect(renewed(session(EIGHT_HOURS - 1000))).toBe(false);
    // A session that did not come from the store (no cookie yet) would be stored by the mark.
    expect(renewed(session())).toBe(false);
  });

  it('finds the staff user of a session, also in sessions that hold only the id', () => {
    const withUser = (user: unknown) => ({ ...data(), passport: { user } }) as unknown as SessionData;
    expect(sessionUserId(withUser({ id: 7, checkedAt: 1 }))).toBe(7);
    expect(sessionUserId(withUser(7))).toBe(7);
    expect(sessionUserId(data())).toBeNull();
    expect(sessionUserId(withUser('7'))).toBeNull();
  });
});
