/**
 * Port: a new Benutzer made by another context in its own transaction (issue 28: billing takes a
 * guest registration over). Exported by MembershipModule; the adapter applies membership's rules
 * for a Benutzer (a name, the derived names, a plausible e-mail) and writes the audit entries.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';

export interface NeuerBenutzer {
  vorname: string | null;
  nachname: string | null;
  firma: string | null;
  titel: string | null;
  gender: 'male' | 'female' | null;
  /** Becomes its primary e-mail. */
  email: string | null;
  /** Becomes its member and invoice address. */
  adresse: { strasse: string | null; plz: string | null; ort: string | null } | null;
}

export abstract class Mitgliederanlage {
  /** Creates the Benutzer with its e-mail and address in `tx`; answers its id. */
  abstract anlegen(tx: Transaktion, benutzer: NeuerBenutzer, actor: Actor | null): Promise<number>;
  /** Whether the Benutzer exists. */
  abstract vorhanden(tx: Transaktion, id: number): Promise<boolean>;
}
