import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/env';
import { hashPassword } from '../../platform/auth/password-hasher';
import { mitStartsperre } from '../../platform/database/datenbanksperre';
import { Benutzer } from '../adapters/persistence/benutzer.entity';

/** A staff account created at the first start. */
interface Konto {
  benutzername: string;
  vorname: string;
  nachname: string;
  verband: number;
  admin: boolean;
}

const ADMIN: Konto = {
  benutzername: 'admin',
  vorname: 'System',
  nachname: 'Administrator',
  verband: 3,
  admin: true,
};

/**
 * The demo's second member of staff: screens and documents differ by the logged-in user's verband
 * (spec 002 §6), and `admin` is verband 3 (a state branch), so the academy's (verband 2) need a
 * login of their own to be seen.
 */
const AKADEMIE: Konto = {
  benutzername: 'akademie',
  vorname: 'Anna',
  nachname: 'Akademie',
  verband: 2,
  admin: false,
};

/**
 * On a database without any staff user, creates `admin` (DESIGN.md §1) and, with the demo data,
 * `akademie` unless it exists: their password comes from ADMIN_PASSWORD, else a random one each that is printed
 * exactly once.
 */
@Injectable()
export class EnsureAdmin {
  private readonly logger = new Logger('Erststart');

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: ConfigService,
  ) {}

  async run(optionen: { demo?: boolean } = {}): Promise<void> {
    // Processes starting together on an empty database: one creates the admin, the others find it.
    await mitStartsperre(this.dataSource, () => this.unterSperre(optionen));
  }

  /** The same for a caller that holds the start lock already (the first start, which seeds under it). */
  async unterSperre({ demo = false }: { demo?: boolean } = {}): Promise<void> {
    const repo = this.dataSource.getRepository(Benutzer);
    const ohneMitarbeiter = (await repo.count({ where: { atr_verband_mitarbeiter: true } })) === 0;
    // Demo data seeded into a database that has its admin already (MariaDB: started, then
    // `npm run seed:demo`) still gets the academy's login, once.
    const ohneAkademie = demo && !(await repo.exists({ where: { benutzername: AKADEMIE.benutzername } }));
    if (ohneMitarbeiter) await this.anlegen(ADMIN);
    if (ohneAkademie) await this.anlegen(AKADEMIE);
  }

  private async anlegen(konto: Konto): Promise<void> {
    const configured = this.config.getOrThrow<AppConfig>('app').adminPassword;
    const password = configured ?? randomBytes(9).toString('base64url');
    await this.dataSource.getRepository(Benutzer).insert({
      kennnummer: konto.benutzername,
      benutzername: konto.benutzername,
      vorname: konto.vorname,
      nachname: konto.nachname,
      anzeigename: `${konto.vorname} ${konto.nachname}`,
      sortname: `${konto.nachname}, ${konto.vorname}`,
      password: await hashPassword(password),
      aktiviert: true,
      atr_verband_mitarbeiter: true,
      atr_verband_admin: konto.admin,
      verband: konto.verband,
    });
    if (!configured) {
      this.logger.warn(`Mitarbeiter "${konto.benutzername}" (Verband ${konto.verband}) angelegt.`);
      // To the terminal only, never into the log: no log line carries a password (issue 18).
      process.stderr.write(
        `Einmaliges Passwort für "${konto.benutzername}": ${password} — bitte nach dem ersten Login ändern.\n`,
      );
    }
  }
}
