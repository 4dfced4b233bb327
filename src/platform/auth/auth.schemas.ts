/** The bodies of the login and of the own password change (issue 27: one zod schema per body). */
import { z } from 'zod';
import type { Beschriftung } from '../http/zod-body';

/** `POST /node/login`: a login name and a password, neither empty (passport-local reads them). */
export const Anmeldung = z.object({ user: z.string().min(1), password: z.string().min(1) });

/** The settings dialog's body: the current password, and a new one that is not blank. */
export const PasswortWechsel = z.object({
  old_password: z.string(),
  password: z.string().refine((p) => p.trim() !== '', { error: 'darf nicht leer sein' }),
});
export const PASSWORT_WECHSEL: Beschriftung = {
  labels: { old_password: 'Bisheriges Passwort', password: 'Neues Passwort' },
};
