import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, datetime } from '../src/platform/database/schema';

/**
 * Issue 28: the batch e-mail of a summary mails each invoice at most once. `email_versendet_am`
 * is when the batch claimed the invoice for its mail (set by one guarded UPDATE before sending,
 * cleared again when the mail could not be sent): a second click, or a second worker, skips it.
 */
export class InvoiceMailedOnce1732000070600 implements MigrationInterface {
  name = 'InvoiceMailedOnce1732000070600';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'rw_rechnung', [datetime('email_versendet_am')]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('rw_rechnung', 'email_versendet_am');
  }
}
