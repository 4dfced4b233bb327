import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { NewsletterController } from './adapters/http/newsletter.controller';
import { VorschauController } from './adapters/http/vorschau.controller';
import { NewsletterEmpfaenger } from './application/empfaenger';
import { NewsletterVorschau } from './application/vorschau';
import { newsletterResources } from './newsletter.resources';

@Module({
  imports: [ResourcesModule.forFeature(newsletterResources)],
  controllers: [NewsletterController, VorschauController],
  providers: [NewsletterEmpfaenger, NewsletterVorschau],
  // The dispatch sends to the same recipients the newsletter window counts.
  exports: [NewsletterEmpfaenger],
})
export class NewsletterModule {}
