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

/** Told which users a committed change may concern; `null`: the change did not say. */
export type StaffChangeListener = (userIds: number[] | null) => Promise<void>;

export abstract class StaffDirectory {
  /** The staff user with this login and password, or null. */
  abstract authenticate(login: string, password: string): Promise<StaffUser | null>;
  /** The staff user still allowed in (deactivated or demoted staff lose their sessions), or null. */
  abstract findActive(id: number): Promise<StaffUser | null>;
  /** Those of these ids that are staff still allowed in. */
  abstract activeAmong(ids: number[]): Promise<Set<number>>;
  /** The user's own password, only with the old one. */
  abstract changePassword(user: StaffUser, oldPassword: string, newPassword: string): Promise<void>;
  /**
   * Calls `listener` after every committed change that may take a user's access away (deactivated,
   * no longer staff, password removed, deleted) or change what a session knows of the user (name,
   * login, verband), before the changing call returns. Returns the function that stops the calls.
   */
  abstract watchStaffChanges(listener: StaffChangeListener): () => void;
}
