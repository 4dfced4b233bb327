/**
 * Port: who may log in. Staff are Benutzer with atr_verband_mitarbeiter, aktiviert and a password
 * (DESIGN.md §3); the membership context implements this, so the platform knows no Benutzer table.
 */
export interface StaffUser {
  id: number;
  kennnummer: string | null;
  name: string;
  verband: number | null;
  login: string;
}

export abstract class StaffDirectory {
  /** The staff user with this login and password, or null. */
  abstract authenticate(login: string, password: string): Promise<StaffUser | null>;
  /** The staff user still allowed in (deactivated or demoted staff lose their sessions), or null. */
  abstract findActive(id: number): Promise<StaffUser | null>;
  abstract changePassword(id: number, oldPassword: string, newPassword: string): Promise<void>;
}
