import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, createIndices, dropIndices, string } from '../src/platform/database/schema';

/**
 * One automatic newsletter per template and seminar (or event): a single key column rather than
 * (template, seminar, event), because a unique index lets rows with NULL in one of its columns
 * repeat (on SQLite and MariaDB alike), and a seminar's newsletter has no event.
 */
const eindeutig = [{ columns: ['auto_schluessel'], unique: true }];

/** Issue 15: automatic newsletters are made at most once, also by two checks at the same time. */
export class AutoNewsletterKey1732000051000 implements MigrationInterface {
  name = 'AutoNewsletterKey1732000051000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'newsletter', [string('auto_schluessel', 100)]);
    await createIndices(qr, 'newsletter', eindeutig);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropIndices(qr, 'newsletter', eindeutig);
    await qr.dropColumn('newsletter', 'auto_schluessel');
  }
}
