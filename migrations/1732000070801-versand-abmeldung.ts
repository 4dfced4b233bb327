import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, datetime } from '../src/platform/database/schema';

/** Issue 32: an unsubscription is counted for the dispatch whose link it came through (the newsletter evaluation's opt-outs). */
export class VersandAbmeldung1732000070801 implements MigrationInterface {
  name = 'VersandAbmeldung1732000070801';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'newsletter_versand', [datetime('abgemeldet_time')]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('newsletter_versand', 'abgemeldet_time');
  }
}
