import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/env';
import { hashPassword } from '../../platform/auth/password-hasher';
import { Benutzer } from '../adapters/persistence/benutzer.entity';

/**
 * On a database without any staff user, creates `admin` (DESIGN.md §1): its password comes from
 * ADMIN_PASSWORD, else a random one that is printed exactly once.
 */
@Injectable()
export class EnsureAdmin {
  private readonly logger = new Logger('Erststart');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  async run(): Promise<void> {
    const repo = this.dataSource.getRepository(Benutzer);
    if ((await repo.count({ where: { atr_verband_mitarbeiter: true } })) > 0) return;
    const configured = this.config.getOrThrow<AppConfig>('app').adminPassword;
    const password = configured ?? randomBytes(9).toString('base64url');
    await repo.insert({
      kennnummer: 'admin',
      benutzername: 'admin',
      vorname: 'System',
      nachname: 'Administrator',
      anzeigename: 'System Administrator',
      sortname: 'Administrator, System',
      password: await hashPassword(password),
      aktiviert: true,
      atr_verband_mitarbeiter: true,
      atr_verband_admin: true,
      verband: 3,
    });
    if (!configured) {
      this.logger.warn(
        `Mitarbeiter "admin" angelegt. Einmaliges Passwort: ${password} — bitte nach dem ersten Login ändern.`,
      );
    }
  }
}
