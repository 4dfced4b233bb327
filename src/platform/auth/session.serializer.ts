import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import passport from 'passport';
import { StaffDirectory, StaffUser } from './staff-directory';

/** How long a session trusts the staff identity it keeps before asking the StaffDirectory again. */
export const STAFF_RECHECK_MS = 60 * 1000;

/** What a session keeps of its staff user: the identity the API answers with, and when it was checked. */
export interface SessionUser extends StaffUser {
  checkedAt: number;
}

type Serializer = (user: StaffUser, done: (err: unknown, stored?: SessionUser) => void) => void;
/** passport hands a three-argument deserializer the request first. */
type Deserializer = (
  req: Request,
  stored: unknown,
  done: (err: unknown, user?: StaffUser | false) => void,
) => void;
/** passport keeps serializers in process-wide lists and offers no way to remove one. */
type PassportLists = { _serializers: Serializer[]; _deserializers: Deserializer[] };

const identity = ({ id, kennnummer, name, verband, login }: StaffUser): StaffUser => ({
  id,
  kennnummer,
  name,
  verband,
  login,
});

function isSessionUser(value: unknown): value is SessionUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SessionUser).id === 'number' &&
    typeof (value as SessionUser).checkedAt === 'number'
  );
}

/**
 * The session keeps the staff identity (id, kennnummer, name, verband, login), so a request needs
 * no database lookup to know who asks. The account is checked again after STAFF_RECHECK_MS, and at
 * once when this process saw the user's record change (identityChanged: a new name or verband
 * shows on the next request; other processes catch up within the minute); taking a user's access
 * away ends the user's sessions at once (StaffSessions). Registers itself for the lifetime of the app and removes
 * itself on shutdown, so that an app started later in the same process (tests) never reaches this
 * app's closed database.
 */
@Injectable()
export class SessionSerializer implements OnModuleInit, OnModuleDestroy {
  private readonly serialize: Serializer = (user, done) =>
    done(null, { ...identity(user), checkedAt: Date.now() });

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

  private readonly deserialize: Deserializer = (req, stored, done) => {
    if (isSessionUser(stored) && this.fresh(stored)) {
      done(null, identity(stored));
      return;
    }
    // Sessions from before the identity was kept hold only the id.
    const id = isSessionUser(stored) ? stored.id : stored;
    if (typeof id !== 'number') {
      done(null, false);
      return;
    }
    this.staff.findActive(id).then(
      (user) => {
        if (user) {
          (req.session as unknown as { passport: { user: SessionUser } }).passport.user = {
            ...identity(user),
            checkedAt: Date.now(),
          };
        }
        done(null, user ? identity(user) : false);
      },
      (error) => done(error),
    );
  };

  constructor(private readonly staff: StaffDirectory) {}

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
