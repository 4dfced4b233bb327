/**
 * Erasure on request (issue 34, Art. 17 DSGVO). Refused while a booking is open or an invoice
 * unpaid (each context names its reason through `Personendaten`). Otherwise, in one transaction:
 * the other contexts delete what has no retention duty (newsletter sends and clicks, absences) and
 * keep invoices, bookings, payments and payment options with the end of their retention; membership
 * deletes the e-mails (their newsletter opt-out kept as a hash), groups, addresses and accounts no
 * kept document names, the salary-survey access and TalentLMS link (`data`), and keeps the Benutzer
 * deactivated, marked with the day, its name only as far as the kept invoices print it. When billing
 * has deleted the last of those invoices after their retention (`aufbewahrung.beendet`), the name,
 * addresses and accounts kept for them go as well (`aufbewahrungBeendet`).
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { berlinDatum } from '../../../common/kalender';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { alsTransaktion, managerVon, type Transaktion } from '../../platform/database/transaktion';
import { Personendaten } from '../../platform/datenschutz/personendaten';
import { DomainError } from '../../shared/domain-error';
import { BenutzerBenutzerGruppe, BenutzerEmailGruppe } from '../adapters/persistence/benutzer-gruppe.entity';
import {
  BenutzerAdresse,
  BenutzerEmail,
  BenutzerKonto,
} from '../adapters/persistence/benutzer-kontakt.entity';
import { Benutzer } from '../adapters/persistence/benutzer.entity';
import { NewsletterSperre } from '../adapters/persistence/newsletter-sperre.entity';
import { sperrHash } from '../domain/newsletter-sperre';
import { nurAdministratoren } from './datenauskunft';
import { MitgliederAuskunft } from './ports/mitglieder-auskunft';

/** An erased Benutzer's name once no kept document prints it. */
const OHNE_NAMEN = {
  vorname: null,
  nachname: 'Gelöscht',
  firma: null,
  titel: null,
  akad_grad: null,
  anzeigename: 'Gelöscht',
  sortname: 'Gelöscht',
};

export interface Loeschergebnis {
  geloescht_am: string;
  /** Invoices kept for their retention period. */
  rechnungen: number;
}

@Injectable()
export class LoeschungAufWunsch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly auskunft: MitgliederAuskunft,
    private readonly personendaten: Personendaten,
  ) {}

  async loeschen(benutzerId: number, actor: Actor, jetzt = new Date()): Promise<Loeschergebnis> {
    if (!(await this.auskunft.istAdministrator(actor.id))) throw nurAdministratoren('Eine Löschung');
    const benutzer = await this.dataSource.manager.findOne(Benutzer, { where: { id: benutzerId } });
    if (!benutzer) throw DomainError.notFound('BENUTZER_FEHLT', 'Diesen Benutzer gibt es nicht.');
    if (benutzer.geloescht_am)
      throw DomainError.conflict(
        'SCHON_GELOESCHT',
        `Dieser Benutzer wurde am ${benutzer.geloescht_am} bereits gelöscht.`,
      );
    if (benutzer.atr_verband_mitarbeiter)
      throw DomainError.conflict(
        'MITARBEITER_LOESCHEN',
        'Ein Mitarbeiterkonto wird nicht auf Wunsch gelöscht: bitte zuerst das Merkmal „Verbandsmitarbeiter“ entfernen.',
      );
    const gruende = await this.personendaten.hindernisse(benutzerId);
    if (gruende.length)
      throw DomainError.conflict(
        'LOESCHUNG_WARTET',
        `Der Benutzer kann noch nicht gelöscht werden: ${gruende.join(' und ')}. Bitte zuerst abrechnen bzw. den Zahlungseingang abwarten.`,
      );
    const heute = berlinDatum(jetzt);
    return this.dataSource.transaction(async (m) => {
      const behalten = await this.personendaten.loeschen(benutzerId, alsTransaktion(m), heute);
      const emails = await m.find(BenutzerEmail, { where: { benutzer_id: benutzerId } });
      for (const hash of new Set(emails.map((e) => sperrHash(e.email))))
        if (!(await m.exists(NewsletterSperre, { where: { email_hash: hash } })))
          await m.insert(NewsletterSperre, { email_hash: hash });
      if (emails.length)
        await m.delete(BenutzerEmailGruppe, { benutzer_email_id: In(emails.map((e) => e.id)) });
      await m.delete(BenutzerBenutzerGruppe, { benutzer_id: benutzerId });
      const adresseBleibt = (id: number | null) =>
        id !== null && behalten.adressen.includes(id) ? id : null;
      const kontoBleibt = (id: number | null) => (id !== null && behalten.konten.includes(id) ? id : null);
      const ohneDokumente = behalten.dokumente === 0;
      await m.update(Benutzer, benutzerId, {
        ...(ohneDokumente ? OHNE_NAMEN : {}),
        tel1: null,
        tel2: null,
        benutzername: null,
        password: null,
        stb_datum: null,
        berufsbezeichnung: null,
        data: null,
        aktiviert: false,
        atr_mitglied: false,
        atr_referent: false,
        atr_kein_newsletter: true,
        parent_id: null,
        verband_bezirk_id: null,
        primaeremail_id: null,
        re_email_id: null,
        re_adresse_id: adresseBleibt(benutzer.re_adresse_id),
        mi_adresse_id: adresseBleibt(benutzer.mi_adresse_id),
        re_konto_id: kontoBleibt(benutzer.re_konto_id),
        mi_konto_id: kontoBleibt(benutzer.mi_konto_id),
        geloescht_am: heute,
      });
      await m.delete(BenutzerEmail, { benutzer_id: benutzerId });
      await m.delete(BenutzerAdresse, { benutzer_id: benutzerId, id: Not(In([0, ...behalten.adressen])) });
      await m.delete(BenutzerKonto, { benutzer_id: benutzerId, id: Not(In([0, ...behalten.konten])) });
      await this.audit.record(m, {
        actor,
        resource: 'benutzer',
        recordId: benutzerId,
        action: 'loeschung',
        changes: { geloescht_am: { before: null, after: heute } },
      });
      return { geloescht_am: heute, rechnungen: behalten.dokumente };
    });
  }

  /** In billing's transaction: the erased ones among `benutzerIds` lose what was kept for their invoices. */
  async aufbewahrungBeendet(benutzerIds: number[], tx: Transaktion): Promise<void> {
    const m = managerVon(tx);
    const geloescht = await m.find(Benutzer, { where: { id: In(benutzerIds), geloescht_am: Not(IsNull()) } });
    for (const benutzer of geloescht) {
      await m.update(Benutzer, benutzer.id, {
        ...OHNE_NAMEN,
        re_adresse_id: null,
        mi_adresse_id: null,
        re_konto_id: null,
        mi_konto_id: null,
      });
      await m.delete(BenutzerAdresse, { benutzer_id: benutzer.id });
      await m.delete(BenutzerKonto, { benutzer_id: benutzer.id });
      await this.audit.record(m, {
        actor: null,
        resource: 'benutzer',
        recordId: benutzer.id,
        action: 'retention-expired',
        changes: { anzeigename: { before: benutzer.anzeigename, after: OHNE_NAMEN.anzeigename } },
      });
    }
  }
}
