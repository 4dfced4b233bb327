/**
 * Port: where the association's data (domain/verbandsdaten.ts) is kept. One set per installation;
 * a save writes its audit entry in the same transaction.
 */
import type { Actor } from '../../../platform/audit/audit-trail';
import type { Verbandsdaten } from '../../domain/verbandsdaten';

export abstract class VerbandsdatenSpeicher {
  /** What was saved, or null while nothing was. */
  abstract lesen(): Promise<Verbandsdaten | null>;
  /** Replaces the saved data, audited as `actor`'s change ('verbandsdaten', the changed fields). */
  abstract speichern(daten: Verbandsdaten, actor: Actor | null): Promise<void>;
}
