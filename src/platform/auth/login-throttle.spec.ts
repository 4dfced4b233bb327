import {
  lockedUntil,
  MAX_FAILURES,
  MAX_PER_ADDRESS,
  NAME_DELAY_FROM,
  nameDelayMs,
  refusedUntil,
  throttleAddress,
  WINDOW_MS,
} from './login-throttle';

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

describe('login throttle per login name across addresses', () => {
  const minute = 60_000;
  const seconds = (ms: number) => ms / 1000;

  it('delays, progressively and up to 8 minutes, instead of locking', () => {
    expect(nameDelayMs(NAME_DELAY_FROM - 1)).toBe(0);
    expect(seconds(nameDelayMs(NAME_DELAY_FROM))).toBe(60);
    expect(seconds(nameDelayMs(19))).toBe(60);
    expect(seconds(nameDelayMs(20))).toBe(120);
    expect(seconds(nameDelayMs(30))).toBe(240);
    expect(seconds(nameDelayMs(40))).toBe(480);
    expect(seconds(nameDelayMs(1_000_000))).toBe(480);
  });

  it('never holds up an address that has not tried the name, however attacked the name is', () => {
    expect(refusedUntil({ atName: 100_000, fromPair: [], fromAddress: [] }, now)).toBeNull();
  });

  it('makes an address that tried an attacked name wait after its own last try', () => {
    const earlier = { atName: 25, fromPair: [minutesAgo(5), minutesAgo(1)], fromAddress: [] };
    expect(refusedUntil(earlier, now)).toEqual(new Date(minutesAgo(1).getTime() + 2 * minute));
    // Once the delay has passed it may try again.
    expect(refusedUntil({ ...earlier, fromPair: [minutesAgo(5), minutesAgo(3)] }, now)).toBeNull();
    // Below the threshold a few typos cost nothing.
    expect(refusedUntil({ ...earlier, atName: NAME_DELAY_FROM - 1 }, now)).toBeNull();
  });

  it('locks a login name hard only for the address that failed ten times', () => {
    const failures = Array.from({ length: MAX_FAILURES }, (_, i) => minutesAgo(14 - i));
    const until = new Date(failures[0].getTime() + WINDOW_MS);
    expect(refusedUntil({ atName: MAX_FAILURES, fromPair: failures, fromAddress: failures }, now)).toEqual(
      until,
    );
    expect(refusedUntil({ atName: MAX_FAILURES, fromPair: [], fromAddress: [] }, now)).toBeNull();
  });

  it('answers the latest of the limits that apply', () => {
    const many = Array.from({ length: MAX_PER_ADDRESS }, (_, i) => new Date(minutesAgo(14).getTime() + i));
    const delayed = { atName: 40, fromPair: [minutesAgo(1)], fromAddress: many };
    // The address limit ends in a minute, the name's delay in seven.
    expect(refusedUntil(delayed, now)).toEqual(new Date(minutesAgo(1).getTime() + 8 * minute));
  });
});

describe('the address an attempt counts for', () => {
  it('takes IPv4 as it is, also when IPv6 carries it', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64 network, however written', () => {
    const network = '2001:db8:1:2::/64';
    expect(throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(network);
    expect(throttleAddress('2001:0DB8:0001:0002::1')).toBe(network);
    expect(throttleAddress('2001:db8:1:2::1.2.3.4')).toBe(network);
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
