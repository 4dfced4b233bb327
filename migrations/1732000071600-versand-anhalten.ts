import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, bool } from '../src/platform/database/schema';

/** Issue 31: a dispatch can be stopped („Versand anhalten“) and resumed. */
export class VersandAnhalten1732000071600 implements MigrationInterface {
  name = 'VersandAnhalten1732000071600';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'newsletter_dispatcher', [bool('angehalten')]);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('newsletter_dispatcher', 'angehalten');
  }
}
