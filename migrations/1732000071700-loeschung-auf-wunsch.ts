import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  createTables,
  date,
  dropTables,
  id,
  string,
  table,
  datetime,
} from '../src/platform/database/schema';

/**
 * Issue 34, erasure on request (Art. 17 DSGVO): the day a Benutzer was erased on request, the end of
 * an invoice's retention (§ 147 AO, § 14b UStG) after which the yearly job deletes it, and the
 * newsletter opt-outs of erased addresses, kept only as a hash (Art. 21 DSGVO).
 */
export class LoeschungAufWunsch1732000071700 implements MigrationInterface {
  name = 'LoeschungAufWunsch1732000071700';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'benutzer', [date('geloescht_am')]);
    await addColumns(qr, 'rw_rechnung', [date('aufbewahren_bis')]);
    await createTables(qr, [
      table(
        'newsletter_sperre',
        [
          id(),
          string('email_hash', 64, { isNullable: false }),
          datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
        ],
        [{ columns: ['email_hash'], unique: true }],
      ),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(qr, ['newsletter_sperre']);
    await qr.dropColumn('rw_rechnung', 'aufbewahren_bis');
    await qr.dropColumn('benutzer', 'geloescht_am');
  }
}
