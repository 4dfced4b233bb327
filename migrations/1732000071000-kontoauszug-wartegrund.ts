import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, string } from '../src/platform/database/schema';

/**
 * Issue 28: a statement entry that names an invoice but is not booked on it (a credit for an
 * invoice paid in full) waits in the reconciliation list with its reason, shown to staff.
 */
export class KontoauszugWartegrund1732000071000 implements MigrationInterface {
  name = 'KontoauszugWartegrund1732000071000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'rw_kontoauszug_posten', [string('grund', 200)]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('rw_kontoauszug_posten', 'grund');
  }
}
