import { MigrationInterface, QueryRunner } from 'typeorm';
import { addColumns, createIndices, dropIndices, string } from '../src/platform/database/schema';

const indices = [{ columns: ['ip', 'createdAt'] }];

/** Issue 17: logins are throttled per client address too, not only per login name. */
export class LoginAttemptsByAddress1732000021000 implements MigrationInterface {
  name = 'LoginAttemptsByAddress1732000021000';

  async up(qr: QueryRunner): Promise<void> {
    await addColumns(qr, 'login_attempt', [string('ip', 64)]);
    await createIndices(qr, 'login_attempt', indices);
  }

  async down(qr: QueryRunner): Promise<void> {
    await dropIndices(qr, 'login_attempt', indices);
    await qr.dropColumn('login_attempt', 'ip');
  }
}
