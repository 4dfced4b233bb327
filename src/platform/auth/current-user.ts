import type { Request } from 'express';
import type { StaffUser } from './staff-directory';

export function currentUser(req: Request): StaffUser | null {
  return (req.user as StaffUser | undefined) ?? null;
}

export function currentUserId(req: Request): number | null {
  return currentUser(req)?.id ?? null;
}
