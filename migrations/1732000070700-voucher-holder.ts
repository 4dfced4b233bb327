import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, int } from '../src/platform/database/schema';

/**
 * Vouchers used before their holder was recorded: the current booking that carries the code (its
 * chain's first version; the newest should there be several) holds it. One used by a cancelled
 * booking only, or made invalid by staff, keeps no holder and stays used.
 */
export async function inhaberNachtragen(qr: QueryRunner): Promise<void> {
  const benutzt: { id: number; code: string }[] = await qr.query(
    'SELECT id, code FROM wb_voucher WHERE valid = 0 AND rw_transaction_id IS NULL',
  );
  for (const gutschein of benutzt) {
    // The booking's data as simple-json writes it, LIKE's wildcards escaped by '!'.
    const eintrag = `"gutschein_code":${JSON.stringify(gutschein.code)}`.replace(/[!%_]/g, (c) => `!${c}`);
    const [buchung]: { kette: number }[] = await qr.query(
      "SELECT COALESCE(first_id, id) AS kette FROM rw_transaction WHERE child_id IS NULL AND storno = 0 AND data LIKE ? ESCAPE '!' ORDER BY id DESC LIMIT 1",
      [`%${eintrag}%`],
    );
    if (buchung)
      await qr.query('UPDATE wb_voucher SET rw_transaction_id = ? WHERE id = ?', [
        Number(buchung.kette),
        gutschein.id,
      ]);
  }
}

/**
 * Issue 28: a used voucher names the booking that redeemed it (the first version of its chain), so
 * that cancelling or deleting exactly that booking gives it back.
 */
export class VoucherHolder1732000070700 implements MigrationInterface {
  name = 'VoucherHolder1732000070700';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'wb_voucher', [int('rw_transaction_id')]);
    await inhaberNachtragen(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('wb_voucher', 'rw_transaction_id');
  }
}
