import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { newsletterResources } from './newsletter.resources';

@Module({
  imports: [ResourcesModule.forFeature(newsletterResources)],
})
export class NewsletterModule {}
