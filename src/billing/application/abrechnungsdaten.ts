/**
 * A summary's `data` (counts, SEPA sums, notes for staff) replaced as one audited update, in the
 * caller's transaction: the e-mail batch and a storno's note to recall a debit both write it.
 */
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Abrechnung, BillingTx } from './ports/abrechnungsspeicher';

export async function abrechnungsdatenAendern(
  tx: BillingTx,
  abrechnung: Abrechnung,
  data: Record<string, unknown>,
  actor: Actor | null,
): Promise<void> {
  await tx.abrechnungAendern(abrechnung.id, data);
  await tx.protokolliere({
    actor,
    resource: 'rw-abrechnung',
    recordId: abrechnung.id,
    action: 'update',
    changes: auditChanges({ data: abrechnung.data }, { data }),
  });
}
