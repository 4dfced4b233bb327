/** Every migration, in order. TypeORM runs those not yet recorded in the `migrations` table. */
import { PlatformAndMembership1732000000000 } from './1732000000000-platform-and-membership';

export const allMigrations = [PlatformAndMembership1732000000000];
