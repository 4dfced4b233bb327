import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { PromotionsController } from './adapters/http/promotions.controller';
import { GutscheinSerien } from './application/gutschein-serie';
import { Preisfindung } from './application/preisfindung';
import { promotionsResources } from './promotions.resources';

@Module({
  imports: [ResourcesModule.forFeature(promotionsResources)],
  controllers: [PromotionsController],
  providers: [GutscheinSerien, Preisfindung],
  // Billing's bookings price seminars and events through it.
  exports: [Preisfindung],
})
export class PromotionsModule {}
