import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hasher';
import { DomainError } from '../../shared/domain-error';
import { Benutzer } from '../adapters/persistence/benutzer.entity';
import { pruefeKonto } from '../adapters/persistence/konto-pruefung';
import { passwortFehler } from '../../../common/passwort';
import { TalentLms } from './ports/talent-lms';

/**
 * A Benutzer's access: the password (set, removed, never read back — only whether one is set) and
 * the TalentLMS account of verband 2 (spec 000 §2, §4, §8). Passwords obey common/passwort.ts;
 * who may set or remove one is the account rule of domain/mitarbeiter-konto.ts (only administrators
 * for a staff account); everyone changes their own with the old one.
 */
@Injectable()
export class BenutzerZugang {
  constructor(
    private readonly dataSource: DataSource,
    private readonly talentLms: TalentLms,
    private readonly audit: AuditTrail,
  ) {}

  private async benutzer(id: number): Promise<Benutzer> {
    const benutzer = await this.dataSource
      .getRepository(Benutzer)
      .findOne({ where: { id }, relations: { Primaeremail: true } });
    if (!benutzer) throw DomainError.notFound('BENUTZER_FEHLT', `Benutzer ${id} wurde nicht gefunden.`);
    return benutzer;
  }

  async passwortGesetzt(id: number): Promise<boolean> {
    return Boolean((await this.benutzer(id)).password);
  }

  async setzePasswort(id: number, passwort: string, actor: Actor | null): Promise<void> {
    if (passwort.trim() === '') {
      throw DomainError.invalid('PASSWORT_LEER', 'Das Passwort darf nicht leer sein.', {
        password: 'darf nicht leer sein',
      });
    }
    const benutzer = await this.benutzer(id);
    pruefePasswort(passwort, benutzer.benutzername);
    await this.speicherePasswort(id, await hashPassword(passwort), actor);
  }

  /** After this the Benutzer can no longer log in. */
  async entfernePasswort(id: number, actor: Actor | null): Promise<void> {
    await this.speicherePasswort(id, null, actor);
  }

  /** The settings dialog's change of one's own password (spec 003 §7). */
  async aendereEigenesPasswort(actor: Actor, alt: string, neu: string): Promise<void> {
    const benutzer = await this.benutzer(actor.id);
    if (!(await verifyPassword(alt, benutzer.password))) {
      throw DomainError.conflict('PASSWORD_OLD_WRONG', 'Das bisherige Passwort ist nicht korrekt.');
    }
    pruefePasswort(neu, benutzer.benutzername);
    // One's own account, proven by the old password: not a change of someone else's account.
    await this.speicherePasswort(actor.id, await hashPassword(neu), actor, false);
  }

  /** The audit says that the password was set or removed, never what it is. */
  private async speicherePasswort(
    id: number,
    hash: string | null,
    actor: Actor | null,
    kontoRegel = true,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (kontoRegel) {
        const vorher = await manager.findOne(Benutzer, { where: { id } });
        if (!vorher) throw DomainError.notFound('BENUTZER_FEHLT', `Benutzer ${id} wurde nicht gefunden.`);
        await pruefeKonto(manager, actor?.id ?? null, vorher, { ...vorher, password: hash });
      }
      await manager.update(Benutzer, id, { password: hash });
      await this.audit.record(manager, {
        actor,
        resource: 'benutzer',
        recordId: id,
        action: hash ? 'password' : 'password-removed',
      });
    });
  }

  async registriereBeiTalentLms(id: number): Promise<{ id: string; login: string }> {
    if (!this.talentLms.konfiguriert) {
      throw DomainError.conflict('TLMS_NICHT_KONFIGURIERT', 'TalentLMS ist nicht konfiguriert');
    }
    const b = await this.benutzer(id);
    if (b.data?.tlms_user_id) {
      throw DomainError.conflict(
        'TLMS_VORHANDEN',
        `Der Benutzer ist bereits bei TalentLMS registriert (ID ${b.data.tlms_user_id}).`,
      );
    }
    const email = b.Primaeremail?.email;
    if (!email || !b.nachname) {
      throw DomainError.conflict(
        'TLMS_DATEN_FEHLEN',
        'Für TalentLMS werden Nachname und eine primäre E-Mail-Adresse benötigt.',
      );
    }
    const konto = await this.talentLms.registriere({
      vorname: b.vorname ?? '',
      nachname: b.nachname,
      email,
      login: b.benutzername || b.kennnummer || email,
      // TalentLMS demands a password; staff log in through the association, so a random one.
      passwort: `${randomBytes(12).toString('base64url')}A1!`,
    });
    await this.dataSource
      .getRepository(Benutzer)
      .update(id, { data: { ...(b.data ?? {}), tlms_user_id: konto.id } });
    return konto;
  }
}

function pruefePasswort(passwort: string, benutzername: string | null): void {
  const fehler = passwortFehler(passwort, benutzername);
  if (fehler) throw DomainError.invalid('PASSWORT_SCHWACH', fehler, { password: fehler });
}
