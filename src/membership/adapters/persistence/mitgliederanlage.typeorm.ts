/** Mitgliederanlage in SQL: the Benutzer, its e-mail and its address in the caller's transaction. */
import { Injectable } from '@nestjs/common';
import { labelFor } from '../../../../common/vocabulary';
import { auditChanges } from '../../../platform/audit/audit-changes';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import { managerVon, type Transaktion } from '../../../platform/database/transaktion';
import type { Row } from '../../../platform/resources/resource-definition';
import { DomainError } from '../../../shared/domain-error';
import { Mitgliederanlage, type NeuerBenutzer } from '../../application/ports/mitgliederanlage';
import { ableiten, fehlendeAngaben } from '../../domain/benutzer-regeln';
import { emailFehler } from '../../domain/email';
import { BenutzerAdresse, BenutzerEmail } from './benutzer-kontakt.entity';
import { Benutzer } from './benutzer.entity';
import { abmeldungBehalten } from './newsletter-sperre';

@Injectable()
export class MitgliederanlageTypeorm extends Mitgliederanlage {
  constructor(private readonly audit: AuditTrail) {
    super();
  }

  async vorhanden(tx: Transaktion, id: number): Promise<boolean> {
    return managerVon(tx).exists(Benutzer, { where: { id } });
  }

  async anlegen(tx: Transaktion, neu: NeuerBenutzer, actor: Actor | null): Promise<number> {
    const manager = managerVon(tx);
    const { email, adresse, ...person } = neu;
    // The rules every save of a Benutzer keeps (membership.hooks.ts applies them to generic saves).
    const fehlend = fehlendeAngaben(person);
    if (fehlend) throw DomainError.fields(fehlend, (feld) => labelFor('benutzer', feld));
    const emailFalsch = email === null ? null : emailFehler(email);
    if (emailFalsch) throw DomainError.invalid('UNGUELTIG', emailFalsch, { email: emailFalsch });
    const werte: Row = { ...person, ...ableiten({}, person) };
    const benutzerId = Number((await manager.insert(Benutzer, werte)).identifiers[0].id);
    const protokolliere = (resource: string, id: number, nachher: Row) =>
      this.audit.record(manager, {
        actor,
        resource,
        recordId: id,
        action: 'create',
        changes: auditChanges(null, nachher),
      });
    const verweise: Row = {};
    if (email !== null) {
      const zeile = { benutzer_id: benutzerId, email };
      verweise.primaeremail_id = Number((await manager.insert(BenutzerEmail, zeile)).identifiers[0].id);
      await protokolliere('benutzer-email', verweise.primaeremail_id as number, zeile);
      await abmeldungBehalten(manager, benutzerId, email);
    }
    if (adresse !== null) {
      const zeile = { benutzer_id: benutzerId, bezeichnung: 'Anschrift', ...adresse };
      const adresseId = Number((await manager.insert(BenutzerAdresse, zeile)).identifiers[0].id);
      verweise.mi_adresse_id = adresseId;
      verweise.re_adresse_id = adresseId;
      await protokolliere('benutzer-adresse', adresseId, zeile);
    }
    if (Object.keys(verweise).length > 0) await manager.update(Benutzer, benutzerId, verweise);
    await protokolliere('benutzer', benutzerId, { ...werte, ...verweise });
    return benutzerId;
  }
}
