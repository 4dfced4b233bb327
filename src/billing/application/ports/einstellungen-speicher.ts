/**
 * Port: settings kept by key (issue 29: the DATEV settings), one value each. A save writes its
 * audit entry (resource = the key) in the same transaction.
 */
import type { Actor } from '../../../platform/audit/audit-trail';

export abstract class EinstellungenSpeicher {
  /** What was saved under `schluessel`, or null while nothing was. */
  abstract lesen<T extends object>(schluessel: string): Promise<T | null>;
  abstract speichern<T extends object>(schluessel: string, wert: T, actor: Actor | null): Promise<void>;
}
