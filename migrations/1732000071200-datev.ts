import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  createIndices,
  createTables,
  datetime,
  dropIndices,
  dropTables,
  id,
  int,
  json,
  ref,
  string,
  table,
  timestamps,
} from '../src/platform/database/schema';

/**
 * Issue 29 (DATEV): settings kept by key (`einstellung`, the DATEV settings the first), the record
 * of which month or summary was exported to DATEV when and by whom, and a member's debtor number
 * (the Personenkonto in DATEV; unique, so that an imported master-data file matches one member).
 */
export class Datev1732000071200 implements MigrationInterface {
  name = 'Datev1732000071200';

  async up(qr: QueryRunner): Promise<void> {
    await createTables(qr, [
      table(
        'einstellung',
        [
          id(),
          string('schluessel', 60, { isNullable: false }),
          json('wert', { isNullable: false }),
          timestamps(),
        ],
        [{ columns: ['schluessel'], unique: true }],
      ),
      table(
        'datev_export',
        [
          id(),
          string('art', 40, { isNullable: false }),
          string('monat', 7),
          ref('rw_abrechnung_id', 'rw_abrechnung', 'SET NULL'),
          int('buchungen', { isNullable: false, default: 0 }),
          string('admin_name'),
          datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' }),
        ],
        [{ columns: ['monat'] }],
      ),
    ]);
    await addColumns(qr, 'benutzer', [int('debitor_nr')]);
    await createIndices(qr, 'benutzer', [{ columns: ['debitor_nr'], unique: true }]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropIndices(qr, 'benutzer', [{ columns: ['debitor_nr'], unique: true }]);
    await qr.dropColumn('benutzer', 'debitor_nr');
    await dropTables(qr, ['datev_export', 'einstellung']);
  }
}
