import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, datetime } from '../src/platform/database/schema';

/**
 * Issue 27: a dispatcher's recipients become rows once. The planned job sets empfaenger_time by a
 * write guarded on it being unset, and only the job whose write changed it adds rows: looking for
 * existing rows and adding the missing ones were two steps, which two jobs could both take at once.
 * Dispatchers that have rows already count as expanded, at the time of their first row.
 */
export class DispatcherRecipientsOnce1732000052700 implements MigrationInterface {
  name = 'DispatcherRecipientsOnce1732000052700';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'newsletter_dispatcher', [datetime('empfaenger_time')]);
    await qr.query(
      'UPDATE newsletter_dispatcher SET empfaenger_time = (SELECT MIN(v.createdAt) FROM newsletter_versand v ' +
        'WHERE v.newsletter_dispatcher_id = newsletter_dispatcher.id) ' +
        'WHERE id IN (SELECT newsletter_dispatcher_id FROM newsletter_versand)',
    );
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('newsletter_dispatcher', 'empfaenger_time');
  }
}
