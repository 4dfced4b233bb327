/**
 * A booking's voucher follows the booking (issue 28): billing announces a booking ended (cancelled,
 * deleted) or active again (booked, cancellation lifted) as `buchung.aktiv`; the voucher is freed or
 * bound by domain/gutschein.ts in that same transaction, with an audit entry for each change.
 */
import type { EntityManager } from 'typeorm';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { AuditTrail } from '../../platform/audit/audit-trail';
import type { BuchungAktiv } from '../../shared/ereignisse';
import { WbVoucher } from '../adapters/persistence/wb-rabatt.entity';
import { gutscheinBinden, gutscheinFreigeben } from '../domain/gutschein';
import { istMysql } from '../../platform/database/dialekt';

export async function gutscheinFolgtBuchung(
  manager: EntityManager,
  audit: AuditTrail,
  ereignis: BuchungAktiv,
): Promise<void> {
  if (ereignis.gutschein_code === null) return;
  const abfrage = manager
    .createQueryBuilder(WbVoucher, 'g')
    .where('g.code = :code', { code: ereignis.gutschein_code });
  // The row locked on MySQL/MariaDB, as when it is redeemed; SQLite has one writer.
  const zeilensperre = istMysql(manager.connection);
  const gutschein = await (zeilensperre ? abfrage.setLock('pessimistic_write') : abfrage).getOne();
  // A voucher deleted meanwhile has nothing left to give back.
  if (!gutschein) return;
  const nachher = ereignis.aktiv
    ? gutscheinBinden(gutschein, ereignis.vorgang_id)
    : gutscheinFreigeben(gutschein, ereignis.vorgang_id);
  if (!nachher) return;
  await manager.update(WbVoucher, gutschein.id, nachher);
  const vorher = { valid: gutschein.valid, rw_transaction_id: gutschein.rw_transaction_id };
  await audit.record(manager, {
    actor: ereignis.actor,
    resource: 'wb-voucher',
    recordId: gutschein.id,
    action: ereignis.aktiv ? 'voucher-redeemed' : 'voucher-released',
    changes: auditChanges(vorher, { ...nachher }),
  });
}
