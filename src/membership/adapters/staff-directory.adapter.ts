import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DomainError } from '../../shared/domain-error';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hasher';
import { StaffDirectory, StaffUser } from '../../platform/auth/staff-directory';
import { Benutzer } from './persistence/benutzer.entity';

const staffWhere = { atr_verband_mitarbeiter: true, aktiviert: true };

function toStaffUser(b: Benutzer): StaffUser {
  const name = b.anzeigename || [b.vorname, b.nachname].filter(Boolean).join(' ') || b.benutzername || '';
  return { id: b.id, kennnummer: b.kennnummer, name, verband: b.verband, login: b.benutzername ?? '' };
}

/** Staff are Benutzer with atr_verband_mitarbeiter, aktiviert and a password; `login` is their benutzername. */
@Injectable()
export class BenutzerStaffDirectory extends StaffDirectory {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  private repo() {
    return this.dataSource.getRepository(Benutzer);
  }

  async authenticate(login: string, password: string): Promise<StaffUser | null> {
    const user = await this.repo().findOne({ where: { ...staffWhere, benutzername: login.trim() } });
    // Compare anyway when the user is unknown, so response time does not reveal valid login names.
    const valid = await verifyPassword(password, user?.password ?? DUMMY_HASH);
    return user && user.password && valid ? toStaffUser(user) : null;
  }

  async findActive(id: number): Promise<StaffUser | null> {
    const user = await this.repo().findOne({ where: { ...staffWhere, id } });
    return user && user.password ? toStaffUser(user) : null;
  }

  async changePassword(id: number, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.repo().findOne({ where: { id } });
    if (!user || !(await verifyPassword(oldPassword, user.password))) {
      throw DomainError.conflict('PASSWORD_OLD_WRONG', 'Das bisherige Passwort ist nicht korrekt.');
    }
    await this.repo().update(id, { password: await hashPassword(newPassword) });
  }
}

const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';
