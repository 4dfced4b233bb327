import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { BuchungenListener } from './adapters/events/buchungen.listener';
import { PromotionsController } from './adapters/http/promotions.controller';
import { GutscheinSerien } from './application/gutschein-serie';
import { PreisfindungTypeorm } from './adapters/persistence/preisfindung.typeorm';
import { Preisfindung } from './application/ports/preisfindung';
import { promotionsResources } from './promotions.resources';

import { AngebotPersonendaten } from './adapters/persistence/personendaten.typeorm';
@Module({
  imports: [ResourcesModule.forFeature(promotionsResources)],
  controllers: [PromotionsController],
  providers: [
    AngebotPersonendaten,
    GutscheinSerien,
    BuchungenListener,
    { provide: Preisfindung, useClass: PreisfindungTypeorm },
  ],
  // Billing's bookings price seminars and events through it.
  exports: [Preisfindung],
})
export class PromotionsModule {}
