/**
 * MitgliederAuskunft in SQL (both databases). The addresses of groups are computed in SQL, so that
 * a group of thousands never loads into memory.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { teilnehmerGruppenSuche } from '../../../../common/newsletter';
import { AuditTrail } from '../../../platform/audit/audit-trail';
import {
  MitgliederAuskunft,
  type AdressAuswahl,
  type Adresse,
  type Anschreiben,
  type TeilnehmerZiel,
} from '../../application/ports/mitglieder-auskunft';
import { istAktiverAdmin } from '../../domain/mitarbeiter-konto';
import { anschriftZeilen, briefAdresse } from '../../domain/postanschrift';
import { BenutzerBenutzerGruppe, BenutzerGruppe } from './benutzer-gruppe.entity';
import { BenutzerAdresse, BenutzerEmail, BenutzerKonto } from './benutzer-kontakt.entity';
import type { Personenkonto } from '../../../shared/datev/debitoren-kreditoren';
import { personenkontoVon } from '../../domain/debitoren-abgleich';
import { Benutzer } from './benutzer.entity';

const liste = (ids: number[]) => (ids.length ? ids.map(() => '?').join(', ') : 'NULL');

/** The addresses of MitgliederAuskunft.adressen as a common table `adressen`. */
function adressenSql(auswahl: AdressAuswahl): { sql: string; params: unknown[] } {
  const { gruppen, ausschluss } = auswahl;
  const kandidaten =
    'SELECT b.id AS benutzer_id, e.id AS email_id, e.email AS email FROM (' +
    `SELECT l.benutzer_id AS benutzer_id, lb.primaeremail_id AS email_id FROM benutzer_benutzer_gruppe l ` +
    `JOIN benutzer lb ON lb.id = l.benutzer_id WHERE l.benutzer_gruppe_id IN (${liste(gruppen)}) ` +
    'UNION ' +
    `SELECT le.benutzer_id, l.benutzer_email_id FROM benutzer_email_gruppe l ` +
    `JOIN benutzer_email le ON le.id = l.benutzer_email_id WHERE l.benutzer_gruppe_id IN (${liste(gruppen)})` +
    ') k JOIN benutzer b ON b.id = k.benutzer_id JOIN benutzer_email e ON e.id = k.email_id ' +
    'WHERE b.aktiviert = ? AND b.atr_kein_newsletter = ? ' +
    'AND NOT EXISTS (SELECT 1 FROM benutzer_benutzer_gruppe x ' +
    `WHERE x.benutzer_id = b.id AND x.benutzer_gruppe_id IN (${liste(ausschluss)})) ` +
    // An IN list, not a correlated EXISTS: the excluded addresses are collected once (with an index).
    'AND LOWER(e.email) NOT IN (SELECT LOWER(ye.email) FROM benutzer_email_gruppe y ' +
    `JOIN benutzer_email ye ON ye.id = y.benutzer_email_id WHERE y.benutzer_gruppe_id IN (${liste(ausschluss)}))`;
  // The first of several rows with one address (by Benutzer, then e-mail id) stands for all. A window
  // function, not a self-join of the candidates: that one grew with the square of the recipients.
  const gleich = auswahl.duplikate ? 'LOWER(k.email), k.benutzer_id' : 'LOWER(k.email)';
  const sql =
    `WITH kandidaten AS (${kandidaten}), adressen AS (SELECT benutzer_id, email_id, email FROM (` +
    `SELECT k.benutzer_id, k.email_id, k.email, ROW_NUMBER() OVER (PARTITION BY ${gleich} ` +
    'ORDER BY k.benutzer_id, k.email_id) AS rang FROM kandidaten k) gezaehlt WHERE rang = 1) ';
  return { sql, params: [...gruppen, ...gruppen, true, false, ...ausschluss, ...ausschluss] };
}

function anschreiben(benutzer: Benutzer): Anschreiben {
  return {
    benutzer_id: benutzer.id,
    kennnummer: benutzer.kennnummer,
    anzeigename: benutzer.anzeigename,
    ansprache: benutzer.ansprache,
    email: benutzer.Primaeremail?.email ?? null,
  };
}

@Injectable()
export class MitgliederAuskunftTypeorm extends MitgliederAuskunft {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  async anschreibenNachKennnummer(kennnummer: string): Promise<Anschreiben | null> {
    const benutzer = await this.dataSource.manager.findOne(Benutzer, {
      where: { kennnummer },
      relations: { Primaeremail: true },
    });
    return benutzer && anschreiben(benutzer);
  }

  async anschreibenNachIds(ids: number[]): Promise<Map<number, Anschreiben>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.manager.find(Benutzer, {
      where: { id: In(ids) },
      relations: { Primaeremail: true },
    });
    return new Map(rows.map((benutzer) => [benutzer.id, anschreiben(benutzer)]));
  }

  async postanschriften(ids: number[]): Promise<Map<number, string[]>> {
    if (ids.length === 0) return new Map();
    const manager = this.dataSource.manager;
    const [benutzer, adressen] = await Promise.all([
      manager.find(Benutzer, {
        select: { id: true, mi_adresse_id: true, re_adresse_id: true, firma: true, anzeigename: true },
        where: { id: In(ids) },
      }),
      manager.find(BenutzerAdresse, { where: { benutzer_id: In(ids) } }),
    ]);
    const anschriften = new Map<number, string[]>();
    for (const b of benutzer) {
      const adresse = briefAdresse(
        b,
        adressen.filter((a) => a.benutzer_id === b.id),
      );
      const name = [b.firma, b.anzeigename === b.firma ? null : b.anzeigename];
      const zeilen = adresse ? anschriftZeilen(adresse, name) : [];
      if (zeilen.length > 0) anschriften.set(b.id, zeilen);
    }
    return anschriften;
  }

  async adressen(auswahl: AdressAuswahl): Promise<Adresse[]> {
    const { sql, params } = adressenSql(auswahl);
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `${sql} SELECT benutzer_id, email FROM adressen ORDER BY benutzer_id, email_id`,
      params,
    );
    return rows.map((row) => ({ benutzer_id: Number(row.benutzer_id), email: String(row.email) }));
  }

  async adressenAnzahl(auswahl: AdressAuswahl): Promise<number> {
    const { sql, params } = adressenSql(auswahl);
    const rows: { anzahl: unknown }[] = await this.dataSource.query(
      `${sql} SELECT COUNT(*) AS anzahl FROM adressen`,
      params,
    );
    return Number(rows[0]?.anzahl ?? 0);
  }

  async vorhandeneGruppen(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.dataSource.manager.find(BenutzerGruppe, {
      select: { id: true },
      where: { id: In(ids) },
    });
    return new Set(rows.map((row) => row.id));
  }

  async gruppenVon(benutzerId: number): Promise<number[]> {
    const rows = await this.dataSource.manager.find(BenutzerBenutzerGruppe, {
      select: { benutzer_gruppe_id: true },
      where: { benutzer_id: benutzerId },
    });
    return rows.map((r) => r.benutzer_gruppe_id);
  }

  async teilnehmerGruppe(ziel: TeilnehmerZiel): Promise<number | null> {
    // The same search as the newsletter window's shortcut (common/newsletter.ts).
    const suche = teilnehmerGruppenSuche(ziel);
    if (!suche) return null;
    const where = Object.fromEntries(
      Object.entries(suche.where).map(([feld, wert]) => [feld, wert === null ? IsNull() : wert]),
    );
    const gruppe = await this.dataSource.manager.findOne(BenutzerGruppe, {
      select: { id: true },
      where,
      order: { id: 'ASC' },
    });
    return gruppe?.id ?? null;
  }

  async newsletterAbbestellen(benutzerId: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.update(
        Benutzer,
        { id: benutzerId, atr_kein_newsletter: false },
        { atr_kein_newsletter: true },
      );
      if (!result.affected) return false;
      // The recipient, not staff, made this change.
      await this.audit.record(manager, {
        actor: null,
        resource: 'benutzer',
        recordId: benutzerId,
        action: 'update',
        changes: { atr_kein_newsletter: { before: false, after: true } },
      });
      return true;
    });
  }

  async istAdministrator(benutzerId: number): Promise<boolean> {
    const stand = await this.dataSource.manager.findOne(Benutzer, {
      where: { id: benutzerId },
      select: { id: true, atr_verband_admin: true, atr_verband_mitarbeiter: true, aktiviert: true },
    });
    return istAktiverAdmin(stand);
  }

  async personenkonten(): Promise<Personenkonto[]> {
    const manager = this.dataSource.manager;
    const benutzer = await manager.find(Benutzer, {
      where: { debitor_nr: Not(IsNull()), geloescht_am: IsNull() },
      select: {
        id: true,
        debitor_nr: true,
        firma: true,
        vorname: true,
        nachname: true,
        gender: true,
        titel: true,
        akad_grad: true,
        tel1: true,
        re_email_id: true,
        primaeremail_id: true,
        re_adresse_id: true,
        mi_adresse_id: true,
        re_konto_id: true,
        mi_konto_id: true,
      },
      order: { debitor_nr: 'ASC' },
    });
    const konten: Personenkonto[] = [];
    // Chunks keep the IN lists below the databases' parameter limits.
    for (let i = 0; i < benutzer.length; i += 500) {
      const teil = benutzer.slice(i, i + 500);
      const ids = (wahl: (b: Benutzer) => number | null) => teil.flatMap((b) => wahl(b) ?? []);
      const [emails, adressen, bank] = await Promise.all([
        manager.find(BenutzerEmail, {
          where: { id: In(ids((b) => b.re_email_id ?? b.primaeremail_id)) },
          select: { id: true, email: true },
        }),
        manager.find(BenutzerAdresse, {
          where: { benutzer_id: In(teil.map((b) => b.id)) },
          select: { id: true, benutzer_id: true, strasse: true, plz: true, ort: true, deaktiv: true },
        }),
        manager.find(BenutzerKonto, {
          where: { id: In(ids((b) => b.re_konto_id ?? b.mi_konto_id)) },
          select: { id: true, iban: true, bic: true, inhaber: true, sepa_referenz: true },
        }),
      ]);
      const email = new Map(emails.map((e) => [e.id, e.email]));
      const konto = new Map(bank.map((k) => [k.id, k]));
      for (const b of teil)
        konten.push(
          personenkontoVon({
            ...b,
            debitor_nr: b.debitor_nr!,
            email: email.get(b.re_email_id ?? b.primaeremail_id ?? -1) ?? null,
            adresse:
              briefAdresse(
                b,
                adressen.filter((a) => a.benutzer_id === b.id),
                'rechnung',
              ) ?? null,
            konto: konto.get(b.re_konto_id ?? b.mi_konto_id ?? -1) ?? null,
          }),
        );
    }
    return konten;
  }

  async debitorNummern(ids: number[]): Promise<Map<number, number>> {
    const nummern = new Map<number, number>();
    // Chunks keep the IN list below the databases' parameter limits.
    for (let i = 0; i < ids.length; i += 500) {
      const zeilen = await this.dataSource.manager.find(Benutzer, {
        where: { id: In(ids.slice(i, i + 500)) },
        select: { id: true, debitor_nr: true },
      });
      for (const z of zeilen) if (z.debitor_nr != null) nummern.set(z.id, z.debitor_nr);
    }
    return nummern;
  }
}
