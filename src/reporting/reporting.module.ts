import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { ResourcesModule } from '../platform/resources/resources.module';
import { AuswertungController } from './adapters/http/auswertung.controller';
import { AuswertungAbfragen } from './adapters/persistence/auswertung-abfragen';
import { NewsletterWirkungDatenTypeorm } from './adapters/persistence/newsletter-wirkung-daten.typeorm';
import { NewsletterWirkungDaten } from './application/ports/newsletter-wirkung-daten';
import { Auswertungen } from './application/auswertungen';
import { reportingResources } from './reporting.resources';

/** Evaluations (Auswertung): read-only views over the other contexts' data. */
@Module({
  // Billing answers the VAT rate of a booking (its exported Steuersaetze).
  imports: [ResourcesModule.forFeature(reportingResources), BillingModule],
  controllers: [AuswertungController],
  providers: [
    AuswertungAbfragen,
    Auswertungen,
    { provide: NewsletterWirkungDaten, useClass: NewsletterWirkungDatenTypeorm },
  ],
})
export class ReportingModule {}
