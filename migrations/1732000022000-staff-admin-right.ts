import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, bool } from '../src/platform/database/schema';

/**
 * Issue 17: only staff with the admin right manage staff accounts. The account `admin` created
 * on the first start has it; where it is gone, the oldest active member of staff gets it.
 */
export class StaffAdminRight1732000022000 implements MigrationInterface {
  name = 'StaffAdminRight1732000022000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'benutzer', [bool('atr_verband_admin')]);
    await qr.query(
      `UPDATE benutzer SET atr_verband_admin = 1 WHERE benutzername = 'admin' AND atr_verband_mitarbeiter = 1`,
    );
    const [{ n }] = await qr.query(`SELECT COUNT(*) AS n FROM benutzer WHERE atr_verband_admin = 1`);
    if (Number(n) > 0) return;
    const [first] = await qr.query(
      `SELECT MIN(id) AS id FROM benutzer WHERE atr_verband_mitarbeiter = 1 AND aktiviert = 1`,
    );
    if (first?.id != null)
      await qr.query(`UPDATE benutzer SET atr_verband_admin = 1 WHERE id = ?`, [first.id]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('benutzer', 'atr_verband_admin');
  }
}
