/** Every migration, in order. TypeORM runs those not yet recorded in the `migrations` table. */
import { PlatformAndMembership1732000000000 } from './1732000000000-platform-and-membership';
import { SeminarsAndPromotions1732000001000 } from './1732000001000-seminars-and-promotions';
import { BillingAndNewsletter1732000002000 } from './1732000002000-billing-and-newsletter';
import { ListIndexesAndSessionUsers1732000016000 } from './1732000016000-list-indexes-and-session-users';
import { EditVersionsAndAudit1732000019000 } from './1732000019000-edit-versions-and-audit';
import { LoginAttemptsByAddress1732000021000 } from './1732000021000-login-attempts-by-address';
import { StaffAdminRight1732000022000 } from './1732000022000-staff-admin-right';
import { ProductTitles1732000030000 } from './1732000030000-product-titles';
import { NewsletterDispatch1732000043000 } from './1732000043000-newsletter-dispatch';
import { PaymentOptionUnique1732000050000 } from './1732000050000-payment-option-unique';
import { AutoNewsletterKey1732000051000 } from './1732000051000-auto-newsletter-key';

export const allMigrations = [
  PlatformAndMembership1732000000000,
  SeminarsAndPromotions1732000001000,
  BillingAndNewsletter1732000002000,
  ListIndexesAndSessionUsers1732000016000,
  EditVersionsAndAudit1732000019000,
  LoginAttemptsByAddress1732000021000,
  StaffAdminRight1732000022000,
  ProductTitles1732000030000,
  NewsletterDispatch1732000043000,
  PaymentOptionUnique1732000050000,
  AutoNewsletterKey1732000051000,
];
