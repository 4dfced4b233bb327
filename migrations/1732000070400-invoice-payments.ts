import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  bool,
  createTables,
  date,
  dropTables,
  enumString,
  id,
  int,
  money,
  ref,
  string,
  table,
  datetime,
} from '../src/platform/database/schema';

const createdAt = () => datetime('createdAt', { isNullable: false, default: 'CURRENT_TIMESTAMP' });

/**
 * Issue 28: invoices get a payment status and its history (rw_zahlung), read from imported bank
 * statements (rw_kontoauszug_posten, one row per entry, unique by the bank's reference so that a
 * statement imported twice changes nothing) or entered by staff. Invoices issued before are open.
 */
export class InvoicePayments1732000070400 implements MigrationInterface {
  name = 'InvoicePayments1732000070400';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'rw_rechnung', [enumString('zahlstatus')]);
    await qr.query("UPDATE rw_rechnung SET zahlstatus = 'offen' WHERE betrag > 0");
    await createTables(qr, [
      table(
        'rw_kontoauszug_posten',
        [
          id(),
          string('auszug', 35, { isNullable: false }),
          string('referenz', 80, { isNullable: false }),
          date('datum'),
          money('betrag', { isNullable: false }),
          bool('gutschrift', null, { isNullable: false }),
          bool('ruecklastschrift'),
          string('name', 140),
          string('iban', 34),
          string('verwendungszweck', 500),
          string('end_to_end_referenz', 35),
          string('sammler_referenz', 35),
          string('rueckgabegrund', 35),
          money('gebuehr'),
          enumString('status', { isNullable: false }),
          ref('rw_rechnung_id', 'rw_rechnung', 'SET NULL'),
          ref('rw_abrechnung_id', 'rw_abrechnung', 'SET NULL'),
          string('admin_name'),
          createdAt(),
          int('version', { isNullable: false, default: 1 }),
        ],
        [{ columns: ['referenz'], unique: true }, { columns: ['status'] }],
      ),
      table('rw_zahlung', [
        id(),
        ref('rw_rechnung_id', 'rw_rechnung', 'RESTRICT', { isNullable: false }),
        date('datum'),
        money('betrag', { isNullable: false }),
        enumString('art', { isNullable: false }),
        enumString('quelle', { isNullable: false }),
        string('bank_referenz', 80),
        money('gebuehr'),
        string('rueckgabegrund', 35),
        ref('rw_kontoauszug_posten_id', 'rw_kontoauszug_posten', 'SET NULL'),
        string('admin_name'),
        createdAt(),
      ]),
    ]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropTables(qr, ['rw_zahlung', 'rw_kontoauszug_posten']);
    await qr.dropColumn('rw_rechnung', 'zahlstatus');
  }
}
