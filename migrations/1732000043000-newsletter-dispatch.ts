import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  addColumns,
  createIndices,
  datetime,
  dropIndices,
  int,
  string,
  text,
} from '../src/platform/database/schema';

const proAdresse = [{ columns: ['newsletter_dispatcher_id', 'email'], unique: true }];
/** allow_duplicate_email: one row per Benutzer and address, so two Benutzer may share one. */
const proBenutzerUndAdresse = [
  { columns: ['newsletter_dispatcher_id', 'email', 'benutzer_id'], unique: true },
];
/** The send jobs look for claimable rows of one dispatcher. */
const offene = [{ columns: ['newsletter_dispatcher_id', 'status'] }];

/**
 * Issue 15: the per-recipient rows of a dispatch carry who claimed them (claim), how often sending
 * was tried, when the next try is due, and the SMTP answer of a failure.
 */
export class NewsletterDispatch1732000043000 implements MigrationInterface {
  name = 'NewsletterDispatch1732000043000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'newsletter_versand', [
      string('claim', 40),
      int('versuche', { isNullable: false, default: 0 }),
      datetime('naechster_versuch'),
      text('fehler'),
    ]);
    // New ones first: MySQL keeps the foreign key on newsletter_dispatcher_id on an index leading with it.
    await createIndices(qr, 'newsletter_versand', [...proBenutzerUndAdresse, ...offene]);
    await dropIndices(qr, 'newsletter_versand', proAdresse);
  }

  async down(qr: QueryRunner): Promise<void> {
    await createIndices(qr, 'newsletter_versand', proAdresse);
    await dropIndices(qr, 'newsletter_versand', [...proBenutzerUndAdresse, ...offene]);
    await qr.dropColumns('newsletter_versand', ['claim', 'versuche', 'naechster_versuch', 'fehler']);
  }
}
