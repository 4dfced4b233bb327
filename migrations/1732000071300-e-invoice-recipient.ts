import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, bool, string } from '../src/platform/database/schema';

/**
 * Issue 29: a payment option may ask for an e-invoice (a business without firma, e.g. a
 * self-employed member) and names the recipient's Leitweg-ID (public authorities, XRechnung BT-10).
 */
export class EInvoiceRecipient1732000071300 implements MigrationInterface {
  name = 'EInvoiceRecipient1732000071300';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'rw_bezahloption', [bool('e_rechnung', false), string('leitweg_id', 46)]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('rw_bezahloption', 'leitweg_id');
    await qr.dropColumn('rw_bezahloption', 'e_rechnung');
  }
}
