import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { AboController } from './adapters/http/abo.controller';
import { AboAuftraege } from './adapters/jobs/abo.jobs';
import { AboSpeicherTypeorm } from './adapters/persistence/abo-speicher.typeorm';
import { AboAbrechnung } from './application/abo-abrechnung';
import { AboTurnusse } from './application/abo-turnusse';
import { AboSpeicher } from './application/ports/abo-speicher';

/**
 * Abo bookings over their periods (issue 30). A module of its own within promotions: it books
 * through billing's exported port AboVorgaenge, while billing prices seminars through
 * PromotionsModule's Preisfindung, so one module cannot hold both directions.
 */
@Module({
  imports: [BillingModule],
  controllers: [AboController],
  providers: [
    { provide: AboSpeicher, useClass: AboSpeicherTypeorm },
    AboAbrechnung,
    AboTurnusse,
    AboAuftraege,
  ],
})
export class AboModule {}
