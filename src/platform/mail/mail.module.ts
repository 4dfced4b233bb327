import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { MailConfig } from '../../config/env';
import { FileMailer } from './file-mailer';
import { DEFAULT_MAIL_FROM, Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

export function createMailer(config: MailConfig, defaultFrom: string): Mailer {
  return config.kind === 'smtp'
    ? new SmtpMailer(config.url, defaultFrom)
    : new FileMailer(config.dir, defaultFrom);
}

@Global()
@Module({
  imports: [ConfigModule],
  providers: [
    {
      provide: Mailer,
      inject: [ConfigService],
      // ConfigService.get falls back to process.env for MAIL_FROM.
      useFactory: (config: ConfigService) =>
        createMailer(
          config.getOrThrow<MailConfig>('mail'),
          config.get<string>('MAIL_FROM') || DEFAULT_MAIL_FROM,
        ),
    },
  ],
  exports: [Mailer],
})
export class MailModule implements OnApplicationShutdown {
  constructor(private readonly mailer: Mailer) {}

  /** On, not before, shutdown: jobs still sending mail finish in QueueModule's earlier hook. */
  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}
