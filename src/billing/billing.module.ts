import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { billingResources } from './billing.resources';

@Module({
  imports: [ResourcesModule.forFeature(billingResources)],
})
export class BillingModule {}
