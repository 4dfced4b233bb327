import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from './config/env';
import { EnsureAdmin } from './membership/application/ensure-admin';
import { seedDatabase } from './seed/seed';

/** First-start work after migrations: demo data on an empty embedded database, then the staff logins. */
@Injectable()
export class Bootstrap {
  private readonly logger = new Logger('Erststart');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly ensureAdmin: EnsureAdmin,
  ) {}

  /** `allowDemo` is false for the maintenance commands (migrate, seed), which never add demo data unasked. */
  async firstStart(allowDemo = true): Promise<void> {
    const app = this.config.getOrThrow<AppConfig>('app');
    const [{ n }] = await this.dataSource.query('SELECT COUNT(*) AS n FROM benutzer');
    const demo = allowDemo && Number(n) === 0 && app.seedDemoOnEmpty;
    if (demo) {
      this.logger.log('Leere eingebettete Datenbank: Demodaten werden angelegt.');
      await seedDatabase(this.dataSource, { scale: 30, filesDir: app.filesDir });
    }
    await this.ensureAdmin.run({ demo });
  }
}
