import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { promotionsResources } from './promotions.resources';

@Module({
  imports: [ResourcesModule.forFeature(promotionsResources)],
})
export class PromotionsModule {}
