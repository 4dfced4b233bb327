import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { BezahloptionController } from './adapters/http/bezahloption.controller';
import { RechnungController } from './adapters/http/rechnung.controller';
import { VorgangController } from './adapters/http/vorgang.controller';
import { Bezahloptionen } from './application/bezahloptionen';
import { Nummernvergabe } from './application/nummernvergabe';
import { RechnungsDokument } from './application/rechnungs-dokument';
import { Rechnungslauf } from './application/rechnungslauf';
import { Vorgaenge } from './application/vorgaenge';
import { billingResources } from './billing.resources';

@Module({
  imports: [ResourcesModule.forFeature(billingResources)],
  controllers: [VorgangController, RechnungController, BezahloptionController],
  providers: [Nummernvergabe, Vorgaenge, Rechnungslauf, RechnungsDokument, Bezahloptionen],
})
export class BillingModule {}
