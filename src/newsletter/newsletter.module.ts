import { Module } from '@nestjs/common';
import { ResourcesModule } from '../platform/resources/resources.module';
import { SeminarsModule } from '../seminars/seminars.module';
import { DispatcherController } from './adapters/http/dispatcher.controller';
import { LinksController } from './adapters/http/links.controller';
import { AutomatikJobs } from './adapters/jobs/automatik.jobs';
import { VersandJobs } from './adapters/jobs/versand.jobs';
import { NewsletterController } from './adapters/http/newsletter.controller';
import { PflegeController } from './adapters/http/pflege.controller';
import { VorschauController } from './adapters/http/vorschau.controller';
import { AutomatikSpeicherTypeorm } from './adapters/persistence/automatik-speicher.typeorm';
import { NewsletterBestandTypeorm } from './adapters/persistence/newsletter-bestand.typeorm';
import { VersandSpeicherTypeorm } from './adapters/persistence/versand-speicher.typeorm';
import { StbdirektInhalteHttp } from './adapters/stbdirekt/stbdirekt-inhalte.http';
import { NewsletterAutomatik } from './application/automatik';
import { NewsletterEmpfaenger } from './application/empfaenger';
import { AutomatikSpeicher } from './application/ports/automatik-speicher';
import { NewsletterBestand } from './application/ports/newsletter-bestand';
import { StbdirektInhalte } from './application/ports/stbdirekt-inhalte';
import { VersandSpeicher } from './application/ports/versand-speicher';
import { StbdirektAktualisierung } from './application/stbdirekt-aktualisierung';
import { NewsletterVersender, VersandAuftraege } from './application/versand';
import { NewsletterLinks } from './application/tracking';
import { NewsletterVorschau } from './application/vorschau';
import { newsletterResources } from './newsletter.resources';

import { NewsletterPersonendaten } from './adapters/persistence/personendaten.typeorm';
@Module({
  // SeminarsModule: the automation announces coming seminars (SeminarTermine).
  imports: [ResourcesModule.forFeature(newsletterResources), SeminarsModule],
  controllers: [
    NewsletterController,
    VorschauController,
    PflegeController,
    DispatcherController,
    LinksController,
  ],
  providers: [
    NewsletterPersonendaten,
    { provide: NewsletterBestand, useClass: NewsletterBestandTypeorm },
    { provide: VersandSpeicher, useClass: VersandSpeicherTypeorm },
    { provide: AutomatikSpeicher, useClass: AutomatikSpeicherTypeorm },
    NewsletterEmpfaenger,
    NewsletterVorschau,
    StbdirektAktualisierung,
    { provide: StbdirektInhalte, useClass: StbdirektInhalteHttp },
    NewsletterVersender,
    NewsletterLinks,
    { provide: VersandAuftraege, useClass: VersandJobs },
    NewsletterAutomatik,
    AutomatikJobs,
  ],
  // The dispatch sends to the same recipients the newsletter window counts.
  exports: [NewsletterEmpfaenger],
})
export class NewsletterModule {}
