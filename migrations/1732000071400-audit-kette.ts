import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, createTables, dropTables, int, string, table } from '../src/platform/database/schema';

/**
 * Issue 29 (GoBD): the audit trail becomes one hash chain (src/platform/audit/audit-kette.ts).
 * Every row gets its hash and the hash before it; `audit_kette` holds the chain's head, one row
 * that each writer locks before it appends, so two app processes never chain onto the same row.
 * The rows already there (up to `altbestand_bis`) are chained once by the app at its start
 * (AuditKettenKopf.nachholen), through the same code that reads them back for the check; a row
 * after them without hash was written past the application and is reported, never chained.
 */
export class AuditKette1732000071400 implements MigrationInterface {
  name = 'AuditKette1732000071400';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'audit', [string('hash', 64), string('vorgaenger_hash', 64)]);
    await createTables(qr, [
      table('audit_kette', [
        int('id', { isPrimary: true, isNullable: false }),
        int('letzte_id'),
        string('letzter_hash', 64),
        int('altbestand_bis'),
        int('stand', { isNullable: false, default: 0 }),
      ]),
    ]);
    const [{ bis }] = (await qr.query('SELECT MAX(id) AS bis FROM audit')) as {
      bis: number | string | null;
    }[];
    await qr.query(
      'INSERT INTO audit_kette (id, letzte_id, letzter_hash, altbestand_bis, stand) VALUES (1, NULL, NULL, ?, 0)',
      [bis === null ? null : Number(bis)],
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(qr, ['audit_kette']);
    await qr.dropColumn('audit', 'vorgaenger_hash');
    await qr.dropColumn('audit', 'hash');
  }
}
