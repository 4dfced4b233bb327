import { lockedUntil, MAX_FAILURES, MAX_PER_ADDRESS, WINDOW_MS } from './login-throttle';

const now = new Date('2026-11-21T10:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60000);

describe('login throttle rule', () => {
  it('allows up to nine failures in the window', () => {
    expect(
      lockedUntil(
        Array.from({ length: MAX_FAILURES - 1 }, (_, i) => minutesAgo(10 - i)),
        now,
      ),
    ).toBeNull();
  });

  it('locks after ten failures until the oldest counted one leaves the window', () => {
    const failures = Array.from({ length: MAX_FAILURES }, (_, i) => minutesAgo(10 - i));
    expect(lockedUntil(failures, now)).toEqual(new Date(minutesAgo(10).getTime() + WINDOW_MS));
  });

  it('forgets failures older than 15 minutes', () => {
    const failures = [
      minutesAgo(16),
      ...Array.from({ length: MAX_FAILURES - 1 }, (_, i) => minutesAgo(9 - i)),
    ];
    expect(lockedUntil(failures, now)).toBeNull();
  });
});

describe('login throttle per client address', () => {
  it('takes its own, higher limit', () => {
    const attempts = Array.from({ length: MAX_FAILURES }, (_, i) => minutesAgo(10 - i));
    expect(lockedUntil(attempts, now, MAX_PER_ADDRESS)).toBeNull();
    const many = Array.from(
      { length: MAX_PER_ADDRESS },
      (_, i) => new Date(minutesAgo(14).getTime() + i * 1000),
    );
    expect(lockedUntil(many, now, MAX_PER_ADDRESS)).toEqual(new Date(many[0].getTime() + WINDOW_MS));
  });
});
