/**
 * Port: the Benutzer with a debtor number as the DATEV import reads and writes them (issue 29).
 * Implemented in adapters/persistence; each write keeps membership's rules for a Benutzer and is
 * audited as the importing staff member's change.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { Personenkonto } from '../../../shared/datev/debitoren-kreditoren';
import type { Aenderung, DebitorBestand } from '../../domain/debitoren-abgleich';

export abstract class DebitorenSpeicher {
  /** Runs `arbeit` in one transaction, one import at a time across processes: an import lands whole or not at all. */
  abstract transaktion<T>(arbeit: (tx: Transaktion) => Promise<T>): Promise<T>;
  /** Every Benutzer with a debtor number. */
  abstract bestand(tx: Transaktion): Promise<DebitorBestand[]>;
  /** A new Benutzer for a debtor of the file: name, address, e-mail, telephone and account. */
  abstract anlegen(tx: Transaktion, konto: Personenkonto, actor: Actor | null): Promise<void>;
  abstract aendern(tx: Transaktion, aenderung: Aenderung, actor: Actor | null): Promise<void>;
  abstract deaktivieren(tx: Transaktion, benutzerIds: number[], actor: Actor | null): Promise<void>;
}
