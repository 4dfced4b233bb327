/** DebitorenSpeicher in SQL: the Benutzer with a debtor number, their addresses and accounts. */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { auditChanges } from '../../../platform/audit/audit-changes';
import { AuditTrail, type Actor } from '../../../platform/audit/audit-trail';
import { mitSperre, type Sperre } from '../../../platform/database/datenbanksperre';
import { alsTransaktion, managerVon, type Transaktion } from '../../../platform/database/transaktion';
import { DomainError } from '../../../shared/domain-error';
import type { Personenkonto } from '../../../shared/datev/debitoren-kreditoren';
import { DebitorenSpeicher } from '../../application/ports/debitoren-speicher';
import { Mitgliederanlage } from '../../application/ports/mitgliederanlage';
import {
  bankkontoAus,
  type Aenderung,
  type Bankkonto,
  type DebitorBestand,
} from '../../domain/debitoren-abgleich';
import { briefAdresse } from '../../domain/postanschrift';
import { BenutzerAdresse, BenutzerKonto } from './benutzer-kontakt.entity';
import { Benutzer } from './benutzer.entity';

const GESCHLECHT: Record<string, 'male' | 'female'> = { herr: 'male', frau: 'female' };

/**
 * One import at a time, also across worker processes: two at once would each match the file
 * against the Benutzer before the other's, and create its new debtors twice.
 */
const IMPORT_SPERRE: Sperre = {
  name: 'datev_import',
  wartenS: 600,
  besetzt: () =>
    DomainError.conflict(
      'DATEV_IMPORT_LAEUFT',
      'Ein anderer Datev-Import läuft seit über zehn Minuten. Bitte versuchen Sie es später erneut.',
    ),
};

@Injectable()
export class DebitorenSpeicherTypeorm extends DebitorenSpeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
    private readonly anlage: Mitgliederanlage,
  ) {
    super();
  }

  transaktion<T>(arbeit: (tx: Transaktion) => Promise<T>): Promise<T> {
    return mitSperre(this.dataSource, IMPORT_SPERRE, () =>
      this.dataSource.transaction((manager) => arbeit(alsTransaktion(manager))),
    );
  }

  async bestand(tx: Transaktion): Promise<DebitorBestand[]> {
    const manager = managerVon(tx);
    const benutzer = await manager.find(Benutzer, {
      where: { debitor_nr: Not(IsNull()) },
      select: {
        id: true,
        debitor_nr: true,
        aktiviert: true,
        atr_verband_mitarbeiter: true,
        re_adresse_id: true,
        mi_adresse_id: true,
      },
    });
    const ids = benutzer.map((b) => b.id);
    const adressen: BenutzerAdresse[] = [];
    const konten: BenutzerKonto[] = [];
    // Chunks keep the IN lists below the databases' parameter limits.
    for (let i = 0; i < ids.length; i += 500) {
      const teil = ids.slice(i, i + 500);
      adressen.push(
        ...(await manager.find(BenutzerAdresse, {
          where: { benutzer_id: In(teil) },
          select: { id: true, benutzer_id: true, strasse: true, plz: true, ort: true, deaktiv: true },
        })),
      );
      konten.push(
        ...(await manager.find(BenutzerKonto, {
          where: { benutzer_id: In(teil) },
          select: { benutzer_id: true, iban: true },
        })),
      );
    }
    const adressenVon = new Map<number, BenutzerAdresse[]>();
    for (const a of adressen) adressenVon.set(a.benutzer_id, [...(adressenVon.get(a.benutzer_id) ?? []), a]);
    const ibans = new Map<number, string[]>();
    for (const k of konten)
      if (k.iban) ibans.set(k.benutzer_id, [...(ibans.get(k.benutzer_id) ?? []), k.iban]);
    return benutzer.map((b) => {
      const a = briefAdresse(b, adressenVon.get(b.id) ?? [], 'rechnung');
      return {
        benutzerId: b.id,
        debitorNr: b.debitor_nr!,
        aktiviert: b.aktiviert,
        mitarbeiter: b.atr_verband_mitarbeiter,
        adresse: a ? { id: a.id, strasse: a.strasse, plz: a.plz, ort: a.ort } : null,
        ibans: ibans.get(b.id) ?? [],
      };
    });
  }

  async anlegen(tx: Transaktion, konto: Personenkonto, actor: Actor | null): Promise<void> {
    const manager = managerVon(tx);
    const person = konto.art === 'person';
    const adresse = konto.strasse || konto.plz || konto.ort;
    const benutzerId = await this.anlage.anlegen(
      tx,
      {
        vorname: person ? konto.vorname : null,
        nachname: person ? konto.nachname : null,
        firma: person ? null : konto.unternehmen,
        titel: konto.titel,
        gender: GESCHLECHT[konto.anrede?.toLowerCase() ?? ''] ?? null,
        email: konto.email,
        adresse: adresse ? { strasse: konto.strasse, plz: konto.plz, ort: konto.ort } : null,
      },
      actor,
    );
    const werte = { debitor_nr: konto.konto, ...(konto.telefon ? { tel1: konto.telefon } : {}) };
    await manager.update(Benutzer, benutzerId, werte);
    await this.protokolliere(manager, actor, 'benutzer', benutzerId, 'update', {}, werte);
    const bank = bankkontoAus(konto);
    if (bank) await this.kontoHinzufuegen(manager, benutzerId, bank, actor);
  }

  async aendern(tx: Transaktion, aenderung: Aenderung, actor: Actor | null): Promise<void> {
    const manager = managerVon(tx);
    const { benutzerId, adresse, konto } = aenderung;
    if (adresse) {
      const { id, ...anschrift } = adresse;
      if (id !== null) {
        const vorher = await manager.findOneByOrFail(BenutzerAdresse, { id });
        await manager.update(BenutzerAdresse, id, anschrift);
        await this.protokolliere(manager, actor, 'benutzer-adresse', id, 'update', vorher, {
          ...vorher,
          ...anschrift,
        });
      } else {
        const zeile = { benutzer_id: benutzerId, bezeichnung: 'Anschrift', ...anschrift };
        const neu = Number((await manager.insert(BenutzerAdresse, zeile)).identifiers[0].id);
        await this.protokolliere(manager, actor, 'benutzer-adresse', neu, 'create', null, zeile);
        await this.verweise(manager, benutzerId, { mi_adresse_id: neu, re_adresse_id: neu }, actor);
      }
    }
    if (konto) await this.kontoHinzufuegen(manager, benutzerId, konto, actor);
  }

  async deaktivieren(tx: Transaktion, benutzerIds: number[], actor: Actor | null): Promise<void> {
    const manager = managerVon(tx);
    for (let i = 0; i < benutzerIds.length; i += 500) {
      const teil = benutzerIds.slice(i, i + 500);
      await manager.update(Benutzer, { id: In(teil) }, { aktiviert: false });
      for (const id of teil)
        await this.protokolliere(
          manager,
          actor,
          'benutzer',
          id,
          'update',
          { aktiviert: true },
          { aktiviert: false },
        );
    }
  }

  /** The account is added and becomes the one invoices are collected from. */
  private async kontoHinzufuegen(
    manager: EntityManager,
    benutzerId: number,
    bank: Bankkonto,
    actor: Actor | null,
  ) {
    const zeile = { benutzer_id: benutzerId, bezeichnung: 'Aus DATEV', ...bank };
    const id = Number((await manager.insert(BenutzerKonto, zeile)).identifiers[0].id);
    await this.protokolliere(manager, actor, 'benutzer-konto', id, 'create', null, zeile);
    await this.verweise(manager, benutzerId, { re_konto_id: id }, actor);
  }

  private async verweise(
    manager: EntityManager,
    benutzerId: number,
    werte: Partial<Pick<Benutzer, 'mi_adresse_id' | 're_adresse_id' | 're_konto_id'>>,
    actor: Actor | null,
  ) {
    const vorher = await manager.findOneOrFail(Benutzer, {
      where: { id: benutzerId },
      select: { id: true, mi_adresse_id: true, re_adresse_id: true, re_konto_id: true },
    });
    await manager.update(Benutzer, benutzerId, werte);
    await this.protokolliere(manager, actor, 'benutzer', benutzerId, 'update', vorher, {
      ...vorher,
      ...werte,
    });
  }

  private protokolliere(
    manager: EntityManager,
    actor: Actor | null,
    resource: string,
    recordId: number,
    action: 'create' | 'update',
    vorher: object | null,
    nachher: object,
  ) {
    return this.audit.record(manager, {
      actor,
      resource,
      recordId,
      action,
      changes: auditChanges(vorher as Record<string, unknown> | null, nachher as Record<string, unknown>),
    });
  }
}
