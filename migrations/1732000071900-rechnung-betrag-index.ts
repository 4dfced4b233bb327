import { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndices, dropIndices, TableSpec } from '../src/platform/database/schema';

/**
 * Issue 33: a bank statement's credit that names no invoice is matched by its amount among the
 * open invoices (billing/domain/zahlungsabgleich.ts); without an index each such entry read every
 * invoice.
 */
const indices: TableSpec['indices'] = [{ columns: ['betrag'] }];

export class RechnungBetragIndex1732000071900 implements MigrationInterface {
  name = 'RechnungBetragIndex1732000071900';

  async up(qr: QueryRunner): Promise<void> {
    await createIndices(qr, 'rw_rechnung', indices);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropIndices(qr, 'rw_rechnung', indices);
  }
}
