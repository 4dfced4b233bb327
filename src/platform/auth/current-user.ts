import type { Request } from 'express';
import type { StaffUser } from './staff-directory';

declare global {
  // passport types req.user as Express.User; ours is always a StaffUser.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends StaffUser {}
  }
}

export function currentUser(req: Request): StaffUser | null {
  return req.user ?? null;
}

export function currentUserId(req: Request): number | null {
  return currentUser(req)?.id ?? null;
}
