/**
 * `POST /node/api/gastanmeldung/{id}/uebernehmen` (issue 28): a guest registration taken over. The
 * guest becomes a new Benutzer with the registration's name, e-mail and address (membership's
 * Mitgliederanlage), or staff name the Benutzer the guest already is; the seminar or event the guest
 * registered for is booked for that Benutzer by the booking rules; the registration then names it
 * and is 'uebernommen'. One database transaction, audited; a refusal writes nothing.
 */
import { Injectable } from '@nestjs/common';
import { Mitgliederanlage } from '../../membership/application/ports/mitgliederanlage';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import { DomainError } from '../../shared/domain-error';
import { alsBenutzer, gastbuchung, pruefeUebernahme } from '../domain/gastanmeldung';
import { Buchungen } from './buchungen';
import { Abrechnungsspeicher } from './ports/abrechnungsspeicher';
import { Uhr } from './ports/uhr';
import { READ_COMMITTED } from './rechnungslauf';

const RESOURCE = 'gastanmeldung';

@Injectable()
export class Gastanmeldungen {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly mitglieder: Mitgliederanlage,
    private readonly buchungen: Buchungen,
    private readonly uhr: Uhr,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
  ) {}

  /** Answers the registration as it stands afterwards (its `benutzer_id` names the Benutzer). */
  async uebernehmen(id: number, ziel: { benutzer_id?: number | null }, actor: Actor | null): Promise<Row> {
    await this.speicher.transaktion(async (tx) => {
      const gast = await tx.gastanmeldungGesperrt(id);
      if (!gast) throw DomainError.notFound('NOT_FOUND', `Gastanmeldung ${id} wurde nicht gefunden.`);
      pruefeUebernahme(gast);
      let benutzerId = ziel.benutzer_id ?? null;
      if (benutzerId === null) {
        benutzerId = await this.mitglieder.anlegen(tx.transaktion, alsBenutzer(gast), actor);
      } else if (!(await this.mitglieder.vorhanden(tx.transaktion, benutzerId))) {
        throw DomainError.notFound('MITGLIED_NICHT_GEFUNDEN', `Benutzer ${benutzerId} wurde nicht gefunden.`);
      }
      const buchung = gastbuchung(gast, benutzerId);
      if (buchung) await this.buchungen.buchenIn(tx, buchung, actor, this.uhr.jetzt());
      const werte = { status: 'uebernommen', benutzer_id: benutzerId };
      await tx.gastanmeldungAendern(id, werte);
      await tx.protokolliere({
        actor,
        resource: RESOURCE,
        recordId: id,
        action: 'takeover',
        changes: auditChanges({ status: gast.status, benutzer_id: gast.benutzer_id }, werte),
      });
    }, READ_COMMITTED);
    return this.reader.get(this.registry.get(RESOURCE), id);
  }
}
