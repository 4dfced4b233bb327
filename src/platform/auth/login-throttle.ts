/**
 * Login throttle (issue 17): at most 10 attempts per login name and 50 per client address within
 * 15 minutes may reach the password check; the rest answer 429 until the oldest counted attempt
 * is 15 minutes old. Each attempt is recorded BEFORE the check and only the attempts recorded
 * earlier count against it, so of a burst of simultaneous guesses only the first ten get through
 * (check and count are one step). A successful login forgets the login name's attempts. Attempts
 * live in the database so every app process sees them; rows older than the window are purged.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { LoginAttempt } from './login-attempt.entity';

export const MAX_FAILURES = 10;
/** Per client address: higher, because an office's staff share one address. */
export const MAX_PER_ADDRESS = 50;
export const WINDOW_MS = 15 * 60 * 1000;
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

const normalise = (login: string) => login.trim().toLowerCase().slice(0, 255);

const toDate = (value: Date | string) =>
  value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);

@Injectable()
export class LoginThrottle {
  private lastPurge = 0;

  constructor(private readonly dataSource: DataSource) {}

  /** Attempts recorded before attempt `id` with this value in `column`, within the window. */
  private async earlier(column: 'login' | 'ip', value: string, id: number, now: Date): Promise<Date[]> {
    const rows: { createdAt: Date | string }[] = await this.dataSource
      .createQueryBuilder()
      .select('a.createdAt', 'createdAt')
      .from('login_attempt', 'a')
      .where(`a.${column} = :value AND a.createdAt > :since AND a.id < :id`, {
        value,
        since: new Date(now.getTime() - WINDOW_MS),
        id,
      })
      .orderBy('a.id', 'ASC')
      .getRawMany();
    return rows.map((r) => toDate(r.createdAt));
  }

  /**
   * Records the attempt, then refuses it (429) when too many came before it. Answers the attempt's
   * id for `succeeded`; an attempt that is not followed by `succeeded` stays counted as a failure.
   */
  async begin(login: string, address: string, now = new Date()): Promise<number> {
    await this.purge(now);
    const result = await this.dataSource
      .getRepository(LoginAttempt)
      .insert({ login: normalise(login), ip: address.slice(0, 64), createdAt: now });
    const id = Number(result.identifiers[0]?.id);
    const untils = [
      lockedUntil(await this.earlier('login', normalise(login), id, now), now, MAX_FAILURES),
      lockedUntil(await this.earlier('ip', address.slice(0, 64), id, now), now, MAX_PER_ADDRESS),
    ].filter((d): d is Date => d !== null);
    if (untils.length > 0) {
      const until = Math.max(...untils.map((d) => d.getTime()));
      const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60000));
      throw new DomainError(
        'LOGIN_THROTTLED',
        `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${minutes} Minute${minutes === 1 ? '' : 'n'} erneut.`,
        'too_many',
      );
    }
    return id;
  }

  /** The attempt succeeded: it and the login name's earlier failures are forgotten. */
  async succeeded(login: string, attemptId: number): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from('login_attempt')
      .where('login = :login OR id = :id', { login: normalise(login), id: attemptId })
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
