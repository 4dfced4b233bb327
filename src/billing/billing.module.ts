import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { AbrechnungController } from './adapters/http/abrechnung.controller';
import { BezahloptionController } from './adapters/http/bezahloption.controller';
import { KalkulationController } from './adapters/http/kalkulation.controller';
import { RechnungController } from './adapters/http/rechnung.controller';
import { VorgangController } from './adapters/http/vorgang.controller';
import { AbrechnungsAuftraege } from './adapters/jobs/abrechnung.jobs';
import { Abrechnungen } from './application/abrechnungen';
import { Bezahloptionen } from './application/bezahloptionen';
import { Buchungen } from './application/buchungen';
import { Kalkulation } from './application/kalkulation';
import { Nummernvergabe } from './application/nummernvergabe';
import { RechnungsDokument } from './application/rechnungs-dokument';
import { Rechnungslauf } from './application/rechnungslauf';
import { Vorgaenge } from './application/vorgaenge';
import { billingResources } from './billing.resources';

@Module({
  imports: [ResourcesModule.forFeature(billingResources), PromotionsModule],
  controllers: [
    VorgangController,
    RechnungController,
    BezahloptionController,
    KalkulationController,
    AbrechnungController,
  ],
  providers: [
    Nummernvergabe,
    Vorgaenge,
    Rechnungslauf,
    RechnungsDokument,
    Bezahloptionen,
    Kalkulation,
    Buchungen,
    Abrechnungen,
    AbrechnungsAuftraege,
  ],
})
export class BillingModule {}
