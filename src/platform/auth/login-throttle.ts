/**
 * After 10 failed logins for one login name within 15 minutes, further attempts are refused
 * until the oldest of those failures is 15 minutes old (DESIGN.md / issue 2). Failures are kept in
 * the database so every app process behind a load balancer sees them.
 */
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain-error';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/** Pure rule: given the failure times in the window (oldest first), until when is the login locked? */
export function lockedUntil(failures: Date[], now: Date): Date | null {
  const recent = failures.filter((f) => now.getTime() - f.getTime() < WINDOW_MS);
  if (recent.length < MAX_FAILURES) return null;
  const oldestCounted = recent[recent.length - MAX_FAILURES];
  return new Date(oldestCounted.getTime() + WINDOW_MS);
}

const normalise = (login: string) => login.trim().toLowerCase().slice(0, 255);

@Injectable()
export class LoginThrottle {
  constructor(private readonly dataSource: DataSource) {}

  private async failures(login: string, now: Date): Promise<Date[]> {
    const rows: { createdAt: Date | string }[] = await this.dataSource
      .createQueryBuilder()
      .select('a.createdAt', 'createdAt')
      .from('login_attempt', 'a')
      .where('a.login = :login AND a.createdAt > :since', {
        login: normalise(login),
        since: new Date(now.getTime() - WINDOW_MS),
      })
      .orderBy('a.createdAt', 'ASC')
      .getRawMany();
    return rows.map((r) =>
      r.createdAt instanceof Date ? r.createdAt : new Date(`${r.createdAt.replace(' ', 'T')}Z`),
    );
  }

  async assertAllowed(login: string, now = new Date()): Promise<void> {
    const until = lockedUntil(await this.failures(login, now), now);
    if (until) {
      const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60000));
      throw new DomainError(
        'LOGIN_THROTTLED',
        `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in ${minutes} Minute${minutes === 1 ? '' : 'n'} erneut.`,
        'too_many',
      );
    }
  }

  async recordFailure(login: string, now = new Date()): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into('login_attempt', ['login', 'createdAt'])
      .values({ login: normalise(login), createdAt: now })
      .execute();
  }

  async reset(login: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .delete()
      .from('login_attempt')
      .where('login = :login', { login: normalise(login) })
      .execute();
  }
}
