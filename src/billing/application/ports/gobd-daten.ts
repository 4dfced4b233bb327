/**
 * Port: what the tax audit's export and the audit chain's check read (issue 29), a batch of rows
 * at a time in id order, and the audit entry the export leaves.
 */
import type { AuditEntry } from '../../../platform/audit/audit-trail';
import type { Pruefergebnis } from '../../../platform/audit/audit-kette';
import type { Tabellenart, Zeile } from '../../domain/gobd-export';

export abstract class GobdDaten {
  /** The rows of a table recorded (`createdAt`) in [von, bis). */
  abstract zeilen(art: Tabellenart, von: Date, bis: Date): AsyncIterable<Zeile[]>;
  /** Walks the whole audit chain: ok, or its first broken row. */
  abstract verlaufPruefen(): Promise<Pruefergebnis>;
  /** An audit entry of its own, committed at once. */
  abstract protokolliere(entry: AuditEntry): Promise<void>;
}
