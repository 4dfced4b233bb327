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
import { DispatcherRecipientsOnce1732000052700 } from './1732000052700-dispatcher-recipients-once';
import { OldInvoiceShape1732000060000 } from './1732000060000-old-invoice-shape';
import { AssociationDataAndProductVat1732000070300 } from './1732000070300-association-data-and-product-vat';
import { InvoicePayments1732000070400 } from './1732000070400-invoice-payments';
import { ArchivedInvoices1732000070500 } from './1732000070500-archived-invoices';
import { InvoiceMailedOnce1732000070600 } from './1732000070600-invoice-mailed-once';
import { VoucherHolder1732000070700 } from './1732000070700-voucher-holder';
import { DispatcherArtInfo1732000070800 } from './1732000070800-dispatcher-art-info';
import { VersandAbmeldung1732000070801 } from './1732000070801-versand-abmeldung';
import { KontoauszugWartegrund1732000071000 } from './1732000071000-kontoauszug-wartegrund';
import { Datev1732000071200 } from './1732000071200-datev';
import { EInvoiceRecipient1732000071300 } from './1732000071300-e-invoice-recipient';
import { VerbandsdatenKontakt1732000071800 } from './1732000071800-verbandsdaten-kontakt';
import { RechnungBetragIndex1732000071900 } from './1732000071900-rechnung-betrag-index';
import { AuditKette1732000071400 } from './1732000071400-audit-kette';
import { VersandAnhalten1732000071600 } from './1732000071600-versand-anhalten';
import { LoeschungAufWunsch1732000071700 } from './1732000071700-loeschung-auf-wunsch';

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
  DispatcherRecipientsOnce1732000052700,
  OldInvoiceShape1732000060000,
  AssociationDataAndProductVat1732000070300,
  InvoicePayments1732000070400,
  ArchivedInvoices1732000070500,
  InvoiceMailedOnce1732000070600,
  VoucherHolder1732000070700,
  DispatcherArtInfo1732000070800,
  VersandAbmeldung1732000070801,
  KontoauszugWartegrund1732000071000,
  Datev1732000071200,
  EInvoiceRecipient1732000071300,
  AuditKette1732000071400,
  VersandAnhalten1732000071600,
  LoeschungAufWunsch1732000071700,
  VerbandsdatenKontakt1732000071800,
  RechnungBetragIndex1732000071900,
];
