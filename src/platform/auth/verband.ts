import { DomainError } from '../../shared/domain-error';
import type { StaffUser } from './staff-directory';

/** Verband 2: the academy (spec 000 §1), whose staff alone have the salary survey and the participant evaluation. */
export const AKADEMIE = 2;

/**
 * Features the spec gives to one verband only (spec 000 §6, spec 003 §6) are refused to the staff
 * of other verbands with 403 and the German reason, not only hidden in their menu.
 */
export function nurFuerVerband(user: StaffUser | null, verband: number, was: string): void {
  if (user?.verband !== verband)
    throw new DomainError(
      'NUR_VERBAND',
      `${was} steht nur Mitarbeitern des Verbands ${verband} zur Verfügung.`,
      'forbidden',
    );
}
