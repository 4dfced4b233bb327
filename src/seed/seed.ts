/**
 * The deterministic data generator (`npm run seed -- --scale N`, N = number of Benutzer); the
 * demo data set is its small case (scale 30). Each context contributes one step. Master data is
 * inserted in batches with explicit ids, so 100 000 Benutzer take minutes, not hours; billing's
 * bookings, invoices and stornos go through billing's use cases (billing.seed.ts), so they have
 * exactly the product's shape.
 */
import { seedBilling } from './billing.seed';
import { seedDokumente } from './dokumente.seed';
import { seedMembership } from './membership.seed';
import { seedNewsletter } from './newsletter.seed';
import { seedPromotions } from './promotions.seed';
import { SeedContext, type SeedApp, type SeedOptions, type SeedStep } from './seed-context';
import { seedSeminars } from './seminars.seed';

/** Steps in dependency order; later issues add their contexts' steps here. */
const steps: SeedStep[] = [
  seedMembership,
  seedSeminars,
  seedPromotions,
  seedBilling,
  seedNewsletter,
  seedDokumente,
];

export async function seedDatabase(app: SeedApp, options: SeedOptions): Promise<void> {
  const ctx = new SeedContext(app, options);
  for (const step of options.nurMitglieder ? [seedMembership] : steps) await step(ctx);
}
