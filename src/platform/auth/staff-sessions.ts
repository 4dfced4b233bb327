import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { currentUser } from './current-user';
import { SessionSerializer } from './session.serializer';
import { SessionStores } from './session-store';
import { StaffDirectory } from './staff-directory';

/**
 * Ends the sessions of staff whose access was taken away (deactivated, no longer staff, deleted) or
 * whose password was set, changed or removed (the session's credential stamp no longer matches the
 * account's) as soon as the change is committed, in every app process: the sessions live in the
 * shared store. The user's own session survives their own password change by a new login
 * (renewLogin). Sessions keep the staff identity and are otherwise checked only every minute
 * (SessionSerializer), so this is what makes the user's next request a 403.
 */
@Injectable()
export class StaffSessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Sitzungen');
  private stopWatching?: () => void;

  constructor(
    private readonly staff: StaffDirectory,
    private readonly stores: SessionStores,
    private readonly serializer: SessionSerializer,
  ) {}

  onModuleInit(): void {
    this.stopWatching = this.staff.watchStaffChanges((ids) => this.changed(ids));
  }

  onModuleDestroy(): void {
    this.stopWatching?.();
  }

  /** The users (every user for null) changed: refresh what sessions know of them, end those who lost access. */
  async changed(userIds: number[] | null): Promise<void> {
    this.serializer.identityChanged(userIds);
    await this.endRevoked(userIds);
  }

  private async endRevoked(userIds: number[] | null): Promise<void> {
    try {
      const store = await this.stores.create();
      const sessions = await store.userSessions(userIds);
      if (sessions.length === 0) return;
      const active = await this.staff.activeAmong([...new Set(sessions.map((s) => s.userId))]);
      const ended = sessions.filter((s) => active.get(s.userId) !== s.stamp);
      if (ended.length === 0) return;
      await store.destroyAll(ended.map((s) => s.sid));
      this.logger.log(
        `${ended.length} Sitzung(en) beendet: Zugang entzogen oder Passwort geändert (Benutzer ${[...new Set(ended.map((s) => s.userId))].join(', ')}).`,
      );
    } catch (error) {
      // The change itself is committed; the minute check of the sessions still catches the user.
      this.logger.error(`Sitzungen konnten nicht beendet werden: ${(error as Error).message}`);
    }
  }
}

/**
 * After users changed their own password, which ended every session of theirs (the stamp moved):
 * this request logs them in again with a new session, so the browser that made the change stays
 * logged in and only their other sessions end.
 */
export async function renewLogin(req: Request, staff: StaffDirectory): Promise<void> {
  const user = currentUser(req);
  const account = user && (await staff.findActive(user.id));
  if (!account) return;
  await new Promise<void>((resolve, reject) =>
    req.login(account, (error) => (error ? reject(error) : resolve())),
  );
}
