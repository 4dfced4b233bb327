import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from './config/env';
import { EnsureAdmin } from './membership/application/ensure-admin';
import { mitStartsperre } from './platform/database/datenbanksperre';
import { seedDatabase } from './seed/seed';
import type { SeedOptions } from './seed/seed-context';

/** First-start work after migrations: demo data on an empty embedded database, then the staff logins. */
@Injectable()
export class Bootstrap {
  private readonly logger = new Logger('Erststart');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
    private readonly ensureAdmin: EnsureAdmin,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** `allowDemo` is false for the maintenance commands (migrate, seed), which never add demo data unasked. */
  async firstStart(allowDemo = true): Promise<void> {
    const app = this.config.getOrThrow<AppConfig>('app');
    // Processes starting together on an empty database: one seeds and creates the logins, the
    // others wait and then find them.
    await mitStartsperre(this.dataSource, async () => {
      const [{ n }] = await this.dataSource.query('SELECT COUNT(*) AS n FROM benutzer');
      const demo = allowDemo && Number(n) === 0 && app.seedDemoOnEmpty;
      if (demo) {
        this.logger.log('Leere eingebettete Datenbank: Demodaten werden angelegt.');
        await seedDatabase(this.moduleRef, { scale: 30, filesDir: app.filesDir });
      }
      await this.ensureAdmin.unterSperre({ demo });
    });
  }

  /**
   * `npm run seed:demo` and `npm run seed -- --scale N [--heute YYYY-MM-DD] [--nur-mitglieder]`: the generated data
   * (dated around `heute`, by default today) and its staff logins
   * (`admin` where there is no staff yet, `akademie` where it is missing), on any database.
   */
  async seed(options: Omit<SeedOptions, 'filesDir'>): Promise<void> {
    const app = this.config.getOrThrow<AppConfig>('app');
    await seedDatabase(this.moduleRef, { ...options, filesDir: app.filesDir });
    await this.ensureAdmin.run({ demo: true });
  }
}
