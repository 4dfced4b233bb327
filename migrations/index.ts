/** Every migration, in order. TypeORM runs those not yet recorded in the `migrations` table. */
import { PlatformAndMembership1732000000000 } from './1732000000000-platform-and-membership';
import { SeminarsAndPromotions1732000001000 } from './1732000001000-seminars-and-promotions';
import { BillingAndNewsletter1732000002000 } from './1732000002000-billing-and-newsletter';

export const allMigrations = [
  PlatformAndMembership1732000000000,
  SeminarsAndPromotions1732000001000,
  BillingAndNewsletter1732000002000,
];
