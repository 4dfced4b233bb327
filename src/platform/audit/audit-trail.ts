import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { enumLabels } from '../../../common/vocabulary';
import type { AuditChanges } from './audit-changes';
import { Audit } from './audit.entity';

/** Who changed something: the staff member as the session knows them; null for system jobs. */
export interface Actor {
  id: number;
  name: string;
}

/** The actions the audit knows, labelled in common/vocabulary.ts ('audit' → action). */
export const AUDIT_ACTIONS = Object.keys(enumLabels('audit', 'action') ?? {});

export interface AuditEntry {
  actor: Actor | null;
  /** The resource name of DESIGN.md §2, e.g. `benutzer`. */
  resource: string;
  recordId: number | null;
  action: string;
  changes?: AuditChanges | null;
}

/**
 * Writes the audit trail (issue 17). Callers pass the EntityManager of their own transaction, so a
 * change and its entry are committed, or rolled back, together.
 */
@Injectable()
export class AuditTrail {
  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    if (!AUDIT_ACTIONS.includes(entry.action)) throw new Error(`Unbekannte Audit-Aktion "${entry.action}"`);
    await manager.insert(Audit, {
      user_id: entry.actor?.id ?? null,
      user_name: entry.actor?.name ?? null,
      resource: entry.resource,
      record_id: entry.recordId,
      action: entry.action,
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
    });
  }
}
