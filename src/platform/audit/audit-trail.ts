import { Injectable } from '@nestjs/common';
import type { EntityManager, QueryRunner } from 'typeorm';
import { enumLabels } from '../../../common/vocabulary';
import type { AuditChanges } from './audit-changes';
import { aufSekunden } from './audit-kette';
import { AuditKettenKopf, type NeueAuditZeile } from './audit-kettenkopf';

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

/** Entries of a running transaction, each with the depth (savepoint) it was recorded at. */
interface Vorgemerkt {
  tiefe: number;
  zeile: NeueAuditZeile;
}
const VORGEMERKT = 'auditKette';

const tiefe = (qr: QueryRunner) => (qr as unknown as { transactionDepth: number }).transactionDepth;
const vorgemerkt = (qr: QueryRunner): Vorgemerkt[] => (qr.data[VORGEMERKT] ??= []) as Vorgemerkt[];

/**
 * Writes the audit trail (issue 17). Callers pass the EntityManager of their own transaction, so a
 * change and its entry are committed, or rolled back, together. Issue 29: the entries of a
 * transaction are appended to the hash chain just before it commits (`vorCommit`, called by the
 * subscriber in audit.module.ts), in the order they were recorded; an entry outside a transaction
 * is appended at once, in a transaction of its own.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly kette: AuditKettenKopf) {}

  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    if (!AUDIT_ACTIONS.includes(entry.action)) throw new Error(`Unbekannte Audit-Aktion "${entry.action}"`);
    const zeile: NeueAuditZeile = {
      createdAt: aufSekunden(new Date()),
      user_id: entry.actor?.id ?? null,
      user_name: entry.actor?.name ?? null,
      resource: entry.resource,
      record_id: entry.recordId,
      action: entry.action,
      // As the JSON column stores and reads it back (dates as text, no undefined), so the hash fits.
      changes:
        entry.changes && Object.keys(entry.changes).length > 0
          ? (JSON.parse(JSON.stringify(entry.changes)) as AuditChanges)
          : null,
    };
    const qr = manager.queryRunner;
    if (qr?.isTransactionActive) vorgemerkt(qr).push({ tiefe: tiefe(qr), zeile });
    else await manager.transaction((m) => this.kette.anhaengen(m, [zeile]));
  }

  /** Before a COMMIT: the outermost one appends the entries; a savepoint's passes them to its parent. */
  async vorCommit(qr: QueryRunner): Promise<void> {
    const liste = qr.data?.[VORGEMERKT] as Vorgemerkt[] | undefined;
    if (!liste?.length) return;
    const t = tiefe(qr);
    if (t > 1) {
      for (const v of liste) v.tiefe = Math.min(v.tiefe, t - 1);
      return;
    }
    delete qr.data[VORGEMERKT];
    await this.kette.anhaengen(
      qr.manager,
      liste.map((v) => v.zeile),
    );
  }

  /** After a rollback: the entries of the savepoint (or transaction) rolled back are gone with it. */
  nachRollback(qr: QueryRunner): void {
    const liste = qr.data?.[VORGEMERKT] as Vorgemerkt[] | undefined;
    if (!liste) return;
    if (!qr.isTransactionActive) {
      delete qr.data[VORGEMERKT];
      return;
    }
    const t = tiefe(qr);
    qr.data[VORGEMERKT] = liste.filter((v) => v.tiefe <= t);
  }
}
