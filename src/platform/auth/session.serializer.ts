import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import passport from 'passport';
import type { AppConfig } from '../../config/env';
import { publicIdentity, StaffAccount, StaffDirectory, StaffUser } from './staff-directory';

/** How long a session trusts the staff identity it keeps before asking the StaffDirectory again. */
export const STAFF_RECHECK_MS = 60 * 1000;

/**
 * What a session keeps of its staff user: the identity the API answers with, the stamp of the
 * credentials it logged in with, when it was checked, and when the user logged in (the session's
 * absolute lifetime counts from there).
 */
export interface SessionUser extends StaffAccount {
  checkedAt: number;
  since: number;
}

type Serializer = (user: StaffAccount, done: (err: unknown, stored?: SessionUser) => void) => void;
/** passport hands a three-argument deserializer the request first. */
type Deserializer = (
  req: Request,
  stored: unknown,
  done: (err: unknown, user?: StaffUser | false) => void,
) => void;
/** passport keeps serializers in process-wide lists and offers no way to remove one. */
type PassportLists = { _serializers: Serializer[]; _deserializers: Deserializer[] };

function isSessionUser(value: unknown): value is SessionUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SessionUser).id === 'number' &&
    typeof (value as SessionUser).checkedAt === 'number' &&
    typeof (value as SessionUser).since === 'number' &&
    typeof (value as SessionUser).stamp === 'string'
  );
}

/**
 * The session keeps the staff identity (id, kennnummer, name, verband, login) and the credential
 * stamp it logged in with, so a request needs
 * no database lookup to know who asks. The account is checked again after STAFF_RECHECK_MS, and at
 * once when this process saw the user's record change (identityChanged: a new name or verband
 * shows on the next request; other processes catch up within the minute); taking a user's access
 * away ends the user's sessions at once (StaffSessions). A session older than the absolute maximum
 * (SESSION_MAX_HOURS) no longer knows its user, however often it was used. Registers itself for the lifetime of the app and removes
 * itself on shutdown, so that an app started later in the same process (tests) never reaches this
 * app's closed database.
 */
@Injectable()
export class SessionSerializer implements OnModuleInit, OnModuleDestroy {
  private readonly serialize: Serializer = (user, done) => {
    const now = Date.now();
    done(null, { ...publicIdentity(user), stamp: user.stamp, checkedAt: now, since: now });
  };

  /** When users' records last changed in this process (their sessions' identities are older). */
  private readonly changedAt = new Map<number, number>();
  private everyoneChangedAt = 0;

  /** Sessions of these users (of everyone for null) look their user up again on the next request. */
  identityChanged(userIds: number[] | null): void {
    const now = Date.now();
    // Older marks no longer matter: every session re-checks after STAFF_RECHECK_MS anyway.
    for (const [id, at] of this.changedAt) if (now - at > STAFF_RECHECK_MS) this.changedAt.delete(id);
    if (userIds === null) this.everyoneChangedAt = now;
    else for (const id of userIds) this.changedAt.set(id, now);
  }

  private fresh(stored: SessionUser): boolean {
    const changed = Math.max(this.changedAt.get(stored.id) ?? 0, this.everyoneChangedAt);
    return Date.now() - stored.checkedAt < STAFF_RECHECK_MS && stored.checkedAt > changed;
  }

  /**
   * The identity a session's stored user vouches for as it is — inside the absolute maximum and
   * checked recently enough — or undefined when deserializing would look the user up or end the
   * session (see known-session.ts).
   */
  knownIdentity(stored: unknown): StaffUser | undefined {
    return isSessionUser(stored) && Date.now() - stored.since < this.maxMs && this.fresh(stored)
      ? publicIdentity(stored)
      : undefined;
  }

  private readonly deserialize: Deserializer = (req, stored, done) => {
    if (isSessionUser(stored) && Date.now() - stored.since >= this.maxMs) {
      // passport then removes the user from the session: the next request needs a login.
      done(null, false);
      return;
    }
    const known = this.knownIdentity(stored);
    if (known) {
      done(null, known);
      return;
    }
    // Sessions written by earlier versions, without a stamp, need a new login.
    if (!isSessionUser(stored)) {
      done(null, false);
      return;
    }
    this.staff.findActive(stored.id).then(
      (user) => {
        // A new, changed or removed password ends every session logged in with the old one.
        const valid = user !== null && user.stamp === stored.stamp;
        if (valid) {
          (req.session as unknown as { passport: { user: SessionUser } }).passport.user = {
            ...publicIdentity(user),
            stamp: user.stamp,
            checkedAt: Date.now(),
            since: stored.since,
          };
        }
        done(null, valid ? publicIdentity(user) : false);
      },
      (error) => done(error),
    );
  };

  private readonly maxMs: number;

  constructor(
    private readonly staff: StaffDirectory,
    config: ConfigService,
  ) {
    this.maxMs = config.getOrThrow<AppConfig>('app').session.maxMs;
  }

  onModuleInit(): void {
    passport.serializeUser(this.serialize as never);
    passport.deserializeUser(this.deserialize as never);
  }

  onModuleDestroy(): void {
    const lists = passport as unknown as PassportLists;
    lists._serializers = lists._serializers.filter((fn) => fn !== this.serialize);
    lists._deserializers = lists._deserializers.filter((fn) => fn !== this.deserialize);
  }
}
