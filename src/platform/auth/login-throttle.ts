/**
 * Login throttle (issue 17, issue 26). Each attempt is recorded BEFORE the password check and only
 * the attempts recorded earlier count against it, so of a burst of simultaneous guesses no more
 * get through than the limits allow (check and count are one step). Three limits, within 15
 * minutes:
 * - per login name and client address: 10 attempts reach the check, then 429;
 * - per client address: 50, whatever the names (an office's staff share one address);
 * - per login name across all addresses no hard lock, which anyone could keep up for ever against
 *   `admin`: from the 10th attempt at a name, an address that already tried that name waits between
 *   its tries (1 minute, doubling with every further 10 attempts at the name, at most 8 minutes).
 *   An address that has not tried the name is never held up, so the real user still gets in.
 * A successful login forgets the attempts at its name from its address. Attempts live in the
 * database so every app process sees them; rows older than the window are purged.
 */
import { Injectable } from '@nestjs/common';
import { isIPv6 } from 'node:net';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { LoginAttempt } from './login-attempt.entity';

/** Per login name and client address. */
export const MAX_FAILURES = 10;
/** Per client address: higher, because an office's staff share one address. */
export const MAX_PER_ADDRESS = 50;
export const WINDOW_MS = 15 * 60 * 1000;
/** Attempts at one name (all addresses) from which an address that tried it before must wait. */
export const NAME_DELAY_FROM = 10;
const NAME_DELAY_FIRST_MS = 60 * 1000;
const NAME_DELAY_MAX_MS = 8 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Pure rule: given the earlier attempts (oldest first) and the limit, until when is this attempt
 * refused? Null when fewer than `max` of them lie in the window.
 */
export function lockedUntil(earlier: Date[], now: Date, max = MAX_FAILURES): Date | null {
  const recent = earlier.filter((f) => now.getTime() - f.getTime() < WINDOW_MS);
  if (recent.length < max) return null;
  const oldestCounted = recent[recent.length - max];
  return new Date(oldestCounted.getTime() + WINDOW_MS);
}

/** How long an address that tried a name waits between its tries, given the name's attempts in the window. */
export function nameDelayMs(attemptsAtName: number): number {
  if (attemptsAtName < NAME_DELAY_FROM) return 0;
  const doublings = Math.floor((attemptsAtName - NAME_DELAY_FROM) / 10);
  return Math.min(NAME_DELAY_FIRST_MS * 2 ** Math.min(doublings, 10), NAME_DELAY_MAX_MS);
}

/** What counts against one attempt: only attempts recorded before it, within the window. */
export interface EarlierAttempts {
  /** How many attempts at the login name, from any address. */
  atName: number;
  /** Attempts at the name from this address, oldest first (the latest MAX_FAILURES suffice). */
  fromPair: Date[];
  /** Attempts from this address at any name, oldest first (the latest MAX_PER_ADDRESS suffice). */
  fromAddress: Date[];
}

/** Pure rule: until when is this attempt refused (the latest of the three limits)? Null: it may be checked. */
export function refusedUntil(earlier: EarlierAttempts, now: Date): Date | null {
  const untils = [
    lockedUntil(earlier.fromPair, now, MAX_FAILURES),
    lockedUntil(earlier.fromAddress, now, MAX_PER_ADDRESS),
  ];
  const delay = nameDelayMs(earlier.atName);
  const last = earlier.fromPair.at(-1);
  if (delay > 0 && last && last.getTime() + delay > now.getTime())
    untils.push(new Date(last.getTime() + delay));
  const times = untils.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

/**
 * The address an attempt counts for: an IPv6 client is counted by its /64 network (one connection
 * commonly holds a whole /64, so single addresses would cost an attacker nothing); IPv4 as it is.
 */
export function throttleAddress(address: string): string {
  const ip = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const [head, tail] = ip.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail stands for two groups.
  const size = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const right = groups(tail);
  const all = [...left, ...Array<string>(8 - size(left) - size(right)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const normalise = (login: string) => login.trim().toLowerCase().slice(0, 255);

const toDate = (value: Date | string) =>
  value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);

@Injectable()
export class LoginThrottle {
  private lastPurge = 0;

  constructor(private readonly dataSource: DataSource) {}

  /** The attempts that count against attempt `id` (recorded before it, within the window). */
  private async earlier(login: string, address: string, id: number, now: Date): Promise<EarlierAttempts> {
    const since = new Date(now.getTime() - WINDOW_MS);
    const before = (where: string, params: Record<string, string>) =>
      this.dataSource
        .createQueryBuilder()
        .from('login_attempt', 'a')
        .where(`${where} AND a.createdAt > :since AND a.id < :id`, { ...params, since, id });
    // Only the latest `max` can decide a limit: an attack's thousands of rows are not read.
    const latest = async (where: string, params: Record<string, string>, max: number) => {
      const rows: { createdAt: Date | string }[] = await before(where, params)
        .select('a.createdAt', 'createdAt')
        .orderBy('a.id', 'DESC')
        .limit(max)
        .getRawMany();
      return rows.map((r) => toDate(r.createdAt)).reverse();
    };
    const counted: { n: number | string } | undefined = await before('a.login = :login', { login })
      .select('COUNT(*)', 'n')
      .getRawOne();
    return {
      atName: Number(counted?.n ?? 0),
      fromPair: await latest('a.login = :login AND a.ip = :address', { login, address }, MAX_FAILURES),
      fromAddress: await latest('a.ip = :address', { address }, MAX_PER_ADDRESS),
    };
  }

  /**
   * Records the attempt, then refuses it (429) when too many came before it. Answers the attempt's
   * id for `succeeded`; an attempt that is not followed by `succeeded` stays counted as a failure.
   */
  async begin(login: string, clientAddress: string, now = new Date()): Promise<number> {
    await this.purge(now);
    const name = normalise(login);
    const address = throttleAddress(clientAddress);
    const result = await this.dataSource
      .getRepository(LoginAttempt)
      .insert({ login: name, ip: address, createdAt: now });
    const id = Number(result.identifiers[0]?.id);
    const until = refusedUntil(await this.earlier(name, address, id, now), now);
    if (until) {
      const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60000));
      throw new DomainError(
        'LOGIN_THROTTLED',
        `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${minutes} Minute${minutes === 1 ? '' : 'n'} erneut.`,
        'too_many',
      );
    }
    return id;
  }

  /**
   * The attempt succeeded: it and the earlier failures at the name from this address are forgotten
   * (not those from other addresses, which stay throttled).
   */
  async succeeded(login: string, clientAddress: string, attemptId: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from('login_attempt')
      .where('(login = :login AND ip = :address) OR id = :id', {
        login: normalise(login),
        address: throttleAddress(clientAddress),
        id: attemptId,
      })
      .execute();
  }

  /** Attempts older than the window count for nothing (also those for names that do not exist). */
  private async purge(now: Date): Promise<void> {
    if (now.getTime() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now.getTime();
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from('login_attempt')
      .where('createdAt < :before', { before: new Date(now.getTime() - WINDOW_MS) })
      .execute();
  }
}
