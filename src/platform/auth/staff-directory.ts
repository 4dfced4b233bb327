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

/**
 * A staff user as the directory knows it: the identity plus a stamp of the account's credentials,
 * which changes whenever its password is set, changed or removed. A session keeps the stamp it
 * logged in with and ends when the account's stamp differs (issue 26).
 */
export interface StaffAccount extends StaffUser {
  stamp: string;
}

/** The identity alone, as the API answers it and requests carry it (never the stamp). */
export const publicIdentity = ({ id, kennnummer, name, verband, login }: StaffUser): StaffUser => ({
  id,
  kennnummer,
  name,
  verband,
  login,
});

/** Told which users a committed change may concern; `null`: the change did not say. */
export type StaffChangeListener = (userIds: number[] | null) => Promise<void>;

export abstract class StaffDirectory {
  /** The staff user with this login and password, or null. */
  abstract authenticate(login: string, password: string): Promise<StaffAccount | null>;
  /** The staff user still allowed in (deactivated or demoted staff lose their sessions), or null. */
  abstract findActive(id: number): Promise<StaffAccount | null>;
  /** Those of these ids that are staff still allowed in, each with its account's current stamp. */
  abstract activeAmong(ids: number[]): Promise<Map<number, string>>;
  /** The user's own password, only with the old one. */
  abstract changePassword(user: StaffUser, oldPassword: string, newPassword: string): Promise<void>;
  /**
   * Calls `listener` after every committed change that may take a user's access away (deactivated,
   * no longer staff, password set, changed or removed, deleted) or change what a session knows of the user (name,
   * login, verband), before the changing call returns. Returns the function that stops the calls.
   */
  abstract watchStaffChanges(listener: StaffChangeListener): () => void;
}
