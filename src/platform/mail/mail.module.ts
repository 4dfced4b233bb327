import { Global, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { MailConfig } from '../../config/env';
import { FileMailer } from './file-mailer';
import { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

export function createMailer(config: MailConfig): Mailer {
  return config.kind === 'smtp'
    ? new SmtpMailer(config.url, config.from)
    : new FileMailer(config.dir, config.from);
}

@Global()
@Module({
  imports: [ConfigModule],
  providers: [
    {
      provide: Mailer,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => createMailer(config.getOrThrow<MailConfig>('mail')),
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
