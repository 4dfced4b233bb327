import { DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigModule } from '@nestjs/config';
import { configNamespaces } from './config/config.namespaces';
import { loadConfig } from './config/env';
import { BillingModule } from './billing/billing.module';
import { MembershipModule } from './membership/membership.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { PromotionsModule } from './promotions/promotions.module';
import { AboModule } from './promotions/abo.module';
import { ReportingModule } from './reporting/reporting.module';
import { SeminarsModule } from './seminars/seminars.module';
import { DatenschutzModule } from './platform/datenschutz/datenschutz.module';
import { EventsModule } from './platform/events/events.module';
import { AuditModule } from './platform/audit/audit.module';
import { AuthModule } from './platform/auth/auth.module';
import { CsvModule } from './platform/csv/csv.module';
import { DatabaseModule } from './platform/database/database.module';
import { FilesModule } from './platform/files/files.module';
import { HealthModule } from './platform/http/health.module';
import { LoggingModule } from './platform/logging/logging.module';
import { MailModule } from './platform/mail/mail.module';
import { PdfModule } from './platform/pdf/pdf.module';
import { QueueModule } from './platform/queue/queue.module';
import { ResourceHttpModule } from './platform/resources/resource-http.module';
import { ResourcesModule } from './platform/resources/resources.module';
import { Bootstrap } from './bootstrap';

/**
 * The modular monolith. The environment is passed in (not read globally) so tests can start
 * several apps with different databases in one process. `appLogger`: the process's pino logger,
 * when main.ts made it before the app.
 */
@Module({})
export class AppModule {
  static forRoot(env: NodeJS.ProcessEnv = process.env, appLogger?: Logger): DynamicModule {
    const config = loadConfig(env);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: configNamespaces(config) }),
        LoggingModule.forRoot(env, appLogger),
        DatabaseModule,
        QueueModule,
        MailModule,
        ResourcesModule,
        AuditModule,
        EventsModule,
        DatenschutzModule,
        FilesModule,
        PdfModule,
        CsvModule,
        MembershipModule,
        SeminarsModule,
        PromotionsModule,
        BillingModule,
        AboModule,
        NewsletterModule,
        ReportingModule,
        AuthModule,
        HealthModule,
        // Last: the catch-all `/node/api/:resource/:id` routes must not shadow a context's own verbs.
        ResourceHttpModule,
      ],
      providers: [Bootstrap],
    };
  }
}
