/**
 * Membership's part of a Datenauskunft (issue 34): master data, e-mails, addresses, accounts (IBAN
 * masked but the last four), groups and the audit entries about these records.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Audit } from '../../../platform/audit/audit.entity';
import { Personendaten, type Beitrag } from '../../../platform/datenschutz/personendaten';
import { ibanMaskiert } from '../../../shared/bankverbindung';
import { BenutzerBenutzerGruppe, BenutzerEmailGruppe } from './benutzer-gruppe.entity';
import { BenutzerAdresse, BenutzerEmail, BenutzerKonto } from './benutzer-kontakt.entity';
import { Benutzer } from './benutzer.entity';

const zeile = (e: object): Record<string, unknown> => ({ ...e });

@Injectable()
export class MitgliederPersonendaten implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly personendaten: Personendaten,
  ) {}

  onModuleInit(): void {
    this.personendaten.beitragen('membership', (id) => this.beitrag(id));
  }

  private async beitrag(benutzerId: number): Promise<Beitrag> {
    const m = this.dataSource.manager;
    const benutzer = await m.findOne(Benutzer, { where: { id: benutzerId } });
    const [emails, adressen, konten, gruppen] = await Promise.all([
      m.find(BenutzerEmail, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(BenutzerAdresse, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(BenutzerKonto, { where: { benutzer_id: benutzerId }, order: { id: 'ASC' } }),
      m.find(BenutzerBenutzerGruppe, {
        where: { benutzer_id: benutzerId },
        relations: { Benutzer_Gruppe: true },
        order: { id: 'ASC' },
      }),
    ]);
    const emailGruppen = emails.length
      ? await m.find(BenutzerEmailGruppe, {
          where: { benutzer_email_id: In(emails.map((e) => e.id)) },
          relations: { Benutzer_Gruppe: true },
          order: { id: 'ASC' },
        })
      : [];
    const ueber = [
      { resource: 'benutzer', ids: [benutzerId] },
      { resource: 'benutzer-email', ids: emails.map((e) => e.id) },
      { resource: 'benutzer-adresse', ids: adressen.map((a) => a.id) },
      { resource: 'benutzer-konto', ids: konten.map((k) => k.id) },
    ].filter((u) => u.ids.length > 0);
    const audit = await m.find(Audit, {
      where: ueber.map((u) => ({ resource: u.resource, record_id: In(u.ids) })),
      order: { id: 'ASC' },
    });
    const stamm = benutzer ? zeile(benutzer) : null;
    // The hash is no data about the person and must never leave the house.
    if (stamm) delete stamm.password;
    return {
      bestaende: [
        { datei: 'stammdaten', titel: 'Stammdaten', zeilen: stamm ? [stamm] : [] },
        { datei: 'emails', titel: 'E-Mail-Adressen', zeilen: emails.map(zeile) },
        { datei: 'adressen', titel: 'Adressen', zeilen: adressen.map(zeile) },
        {
          datei: 'konten',
          titel: 'Bankverbindungen',
          zeilen: konten.map((k) => ({ ...zeile(k), iban: ibanMaskiert(k.iban) })),
        },
        {
          datei: 'gruppen',
          titel: 'Gruppen',
          zeilen: [
            ...gruppen.map(({ Benutzer_Gruppe: g, ...z }) => ({
              ...z,
              zuordnung: 'benutzer',
              gruppe: g?.name ?? null,
            })),
            ...emailGruppen.map(({ Benutzer_Gruppe: g, ...z }) => ({
              ...z,
              zuordnung: 'email',
              gruppe: g?.name ?? null,
            })),
          ],
        },
        { datei: 'protokoll', titel: 'Änderungsprotokoll', zeilen: audit.map(zeile) },
      ],
    };
  }
}
