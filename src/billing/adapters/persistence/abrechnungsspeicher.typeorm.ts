/**
 * Abrechnungsspeicher in SQL (both databases). Locking reads are `SELECT … FOR UPDATE` on
 * MySQL/MariaDB; SQLite has one writer at a time (platform/database/sqlite-transactions.ts).
 * What a current booking is comes from domain/vorgang.ts (common/vorgang.ts), as SQL.
 */
import { Injectable } from '@nestjs/common';
import {
  DataSource,
  In,
  IsNull,
  Not,
  type EntityManager,
  type EntityTarget,
  type ObjectLiteral,
  type SelectQueryBuilder,
} from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AuditTrail, type AuditEntry } from '../../../platform/audit/audit-trail';
import { alsTransaktion, managerVon, type Transaktion } from '../../../platform/database/transaktion';
import type {
  AbgerechneteRechnung,
  Abrechnungsquelle,
  Bestellposten,
  BillingTx,
  Buchungsobjekt,
  Buchungsvorgang,
  Isolation,
  NeueRechnung,
  OffenFilter,
  Rechnung,
  Zahlungsweg,
} from '../../application/ports/abrechnungsspeicher';
import { Abrechnungsspeicher, type Rechnungsvorlage } from '../../application/ports/abrechnungsspeicher';
import type {
  BuchungsPerson,
  SeminarBuchung,
  SeminareMitEvents,
  SeminarTeilnahme,
} from '../../application/ports/seminar-buchungen';
import type { Gastanmeldung } from '../../domain/gastanmeldung';
import type { AbrechnungLogArt, KategorieObjekt } from '../../domain/kategorie';
import { aktuellSql, neuesteVersionSql } from '../../domain/vorgang';
import { Gastanmeldung as GastanmeldungZeile } from './gastanmeldung.entity';
import { RwAbrechnung, RwAbrechnungLog } from './rw-abrechnung.entity';
import { RwBezahloption } from './rw-bezahloption.entity';
import { RwDebitorKreis, RwKreis } from './rw-kreis.entity';
import { RwRechnung } from './rw-rechnung.entity';
import { RwTransaction } from './rw-transaction.entity';
import { RwVorlage } from './rw-vorlage.entity';
import { RwZahlung } from './rw-zahlung.entity';
import { jeIdSetzen } from '../../../platform/database/je-id';
import { zeileEinfuegen, zeilenEinfuegen } from '../../../platform/database/mehrzeilig';
import { abrechnungsquellenLesen } from './abrechnungsquellen';
import { nurSeminarVorgaenge, seminarOderEvents } from './seminar-vorgaenge';
import { centsToEuros, eurosToCents } from '../../../shared/money';
import { istMysql } from '../../../platform/database/dialekt';
import { platzhalter } from '../../../platform/database/platzhalter';

export const mitZeilensperre = (manager: EntityManager) => istMysql(manager.connection);

/** `query` as a locking read where the engine has row locks. */
function gesperrt<T extends ObjectLiteral>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
): SelectQueryBuilder<T> {
  return mitZeilensperre(manager) ? query.setLock('pessimistic_write') : query;
}

/**
 * The rows of `query`, locked. The rows are found by a plain read first and then locked by
 * primary key with the query's conditions checked again: a locking read that scans (an OR over a
 * join cannot use an index) would wait for every row it passes, also rows of other runs that it
 * does not want, and so deadlock with them. Rows changed meanwhile by a run that held them drop
 * out at the second read.
 */
async function gesperrteZeilen<T extends ObjectLiteral>(
  manager: EntityManager,
  query: SelectQueryBuilder<T>,
): Promise<T[]> {
  if (!mitZeilensperre(manager)) return query.getMany();
  const alias = query.alias;
  // Unordered: with ORDER BY id MariaDB may walk the whole primary key instead of the narrow index.
  const ids = (await query.clone().select(`${alias}.id`, 'id').orderBy().getRawMany<{ id: number }>()).map(
    (r) => Number(r.id),
  );
  if (ids.length === 0) return [];
  return gesperrt(
    manager,
    query.andWhere(`${alias}.id IN (:...gesperrteIds)`, { gesperrteIds: ids }),
  ).getMany();
}

const PERSON_SPALTEN = [
  'id',
  'kennnummer',
  'vorname',
  'nachname',
  'titel',
  'firma',
  'anzeigename',
  'ansprache',
  'atr_mitglied',
  'berufsbezeichnung',
  'stb_datum',
] as const;

class BillingTxTypeorm implements BillingTx {
  readonly transaktion: Transaktion;

  constructor(
    private readonly manager: EntityManager,
    private readonly audit: AuditTrail,
  ) {
    this.transaktion = alsTransaktion(manager);
  }

  protokolliere(entry: AuditEntry): Promise<void> {
    return this.audit.record(this.manager, entry);
  }

  private vorgangsabfrage() {
    return this.manager.createQueryBuilder(RwTransaction, 't');
  }

  /** The entity another context owns, as the transaction's association `relation` names it. */
  private ziel(relation: string): EntityTarget<ObjectLiteral> {
    return this.manager.connection.getMetadata(RwTransaction).findRelationWithPropertyPath(relation)!
      .inverseEntityMetadata.target;
  }

  async vorgangGesperrt(id: number): Promise<Buchungsvorgang | null> {
    return (
      (await gesperrt(this.manager, this.vorgangsabfrage().where('t.id = :id', { id })).getOne()) ?? null
    );
  }

  async vorigeVersionGesperrt(id: number): Promise<Buchungsvorgang | null> {
    const query = this.vorgangsabfrage().where('t.child_id = :id', { id });
    return (await gesperrt(this.manager, query).getOne()) ?? null;
  }

  /** The object's current transactions (a seminar's include its events'). */
  private aktuelleVorgaengeVon(objekt: KategorieObjekt) {
    const query = this.vorgangsabfrage()
      .where('t.category = :category', { category: objekt.category })
      .andWhere(aktuellSql('t'));
    return objekt.category === 'seminare'
      ? nurSeminarVorgaenge(this.manager, query, 't', [objekt.id])
      : Promise.resolve(query.andWhere(`t.${objekt.feld} = :id`, { id: objekt.id }));
  }

  async aktuelleVorgaenge(objekt: KategorieObjekt, benutzerId?: number): Promise<Bestellposten[]> {
    let query = (await this.aktuelleVorgaengeVon(objekt))
      .leftJoinAndSelect('t.Benutzer', 'b')
      .leftJoinAndSelect('t.RW_Rechnung', 'r');
    if (benutzerId !== undefined) query = query.andWhere('t.benutzer_id = :benutzerId', { benutzerId });
    const vorgaenge = await query.orderBy('t.id', 'ASC').getMany();
    return vorgaenge.map(({ Benutzer, RW_Rechnung, ...v }) => ({
      ...(v as Buchungsvorgang),
      kennnummer: Benutzer?.kennnummer ?? null,
      benutzer_name: Benutzer?.anzeigename ?? null,
      rechnungs_nr: RW_Rechnung?.rechnungs_nr ?? null,
    }));
  }

  async offeneVorgaengeGesperrt(objekt: KategorieObjekt, filter: OffenFilter): Promise<Buchungsvorgang[]> {
    let query = (await this.aktuelleVorgaengeVon(objekt)).andWhere('t.rw_rechnung_id IS NULL');
    if (filter.verifiziert !== undefined)
      query = query.andWhere('t.verifiziert = :verifiziert', { verifiziert: filter.verifiziert });
    if (filter.locked !== undefined) query = query.andWhere('t.locked = :locked', { locked: filter.locked });
    return gesperrteZeilen(this.manager, query.orderBy('t.id', 'ASC'));
  }

  async vorgaengeAufRechnungenGesperrt(rechnungIds: number[]): Promise<Buchungsvorgang[]> {
    if (rechnungIds.length === 0) return [];
    return gesperrteZeilen(
      this.manager,
      this.vorgangsabfrage()
        .where('t.rw_rechnung_id IN (:...ids)', { ids: rechnungIds })
        .andWhere(neuesteVersionSql('t'))
        .orderBy('t.id', 'ASC'),
    );
  }

  async vorgaenge(ids: number[]): Promise<Buchungsvorgang[]> {
    if (ids.length === 0) return [];
    return this.manager.find(RwTransaction, { where: { id: In(ids) }, order: { id: 'ASC' } });
  }

  // Every booking, invoice and summary is written by mehrzeilig.ts: the query builder's statement
  // without its per-value bookkeeping, and without reading the row's defaults back.
  vorgangEinfuegen(werte: Record<string, unknown>): Promise<number> {
    return zeileEinfuegen(this.manager, RwTransaction, werte);
  }

  vorgaengeEinfuegen(werte: Record<string, unknown>[]): Promise<number[]> {
    return zeilenEinfuegen(this.manager, RwTransaction, werte);
  }

  async kettenBeginnen(ids: number[]): Promise<void> {
    if (ids.length > 0)
      await this.manager
        .createQueryBuilder()
        .update(RwTransaction)
        .set({ first_id: () => 'id' })
        .where({ id: In(ids) })
        .execute();
  }

  async vorgaengeAendern(ids: number[], werte: Partial<Buchungsvorgang>): Promise<void> {
    if (ids.length > 0)
      await this.manager.update(
        RwTransaction,
        { id: In(ids) },
        werte as QueryDeepPartialEntity<RwTransaction>,
      );
  }

  aufRechnungenSetzen(rechnungen: ReadonlyMap<number, number>): Promise<void> {
    return jeIdSetzen(this.manager, RwTransaction, 'rw_rechnung_id', rechnungen, { locked: true });
  }

  async vorgangLoeschen(id: number): Promise<void> {
    await this.manager.delete(RwTransaction, id);
  }

  seminarbuchungen(seminarId: number, teilnehmerId: number): Promise<Buchungsvorgang[]> {
    return this.seminarbuchungenAller([seminarId], [teilnehmerId]);
  }

  /** domain/vorgang.ts `zaehltFuerRabattgrenzen` in SQL. */
  async seminarbuchungenAller(seminarIds: number[], teilnehmerIds: number[]): Promise<Buchungsvorgang[]> {
    if (seminarIds.length === 0 && teilnehmerIds.length === 0) return [];
    // An empty IN list is no SQL: -1 names no seminar and no participant.
    return this.vorgangsabfrage()
      .where('t.category = :category', { category: 'seminare' })
      .andWhere(aktuellSql('t'))
      .andWhere('t.veranstaltung_id IS NOT NULL')
      .andWhere('(t.veranstaltung_id IN (:...seminarIds) OR t.teilnehmer_id IN (:...teilnehmerIds))', {
        seminarIds: seminarIds.length > 0 ? seminarIds : [-1],
        teilnehmerIds: teilnehmerIds.length > 0 ? teilnehmerIds : [-1],
      })
      .getMany();
  }

  async mitgliedMitEmail(id: number) {
    // Membership's entity, reached through the transaction's association as objekt() does.
    const benutzer = (await this.manager.findOne(this.ziel('Benutzer'), {
      where: { id },
      relations: { Primaeremail: true },
    })) as { anzeigename: string | null; Primaeremail: { email: string } | null } | null;
    return benutzer && { id, anzeigename: benutzer.anzeigename, email: benutzer.Primaeremail?.email ?? null };
  }

  async objekt<T = Record<string, unknown>>(art: Buchungsobjekt, id: number, sperren = false) {
    const query = this.manager.createQueryBuilder(this.ziel(art), 'o').where('o.id = :id', { id });
    return ((await (sperren ? gesperrt(this.manager, query) : query).getOne()) ?? null) as T | null;
  }

  async objekte<T = Record<string, unknown>>(art: Buchungsobjekt, ids: number[], sperren = false) {
    if (ids.length === 0) return [];
    const query = this.manager.createQueryBuilder(this.ziel(art), 'o').where('o.id IN (:...ids)', { ids });
    const zeilen = await (sperren ? gesperrt(this.manager, query.orderBy('o.id', 'ASC')) : query).getMany();
    return zeilen as (T & { id: number })[];
  }

  async gruppenVon(benutzerId: number): Promise<number[]> {
    return (await this.gruppenVonAllen([benutzerId])).get(benutzerId)!;
  }

  /**
   * The member's side of the association alone, by its index on the member: a join to the groups
   * ordered by group let MariaDB start at the groups and read every membership (40 000 rows at
   * 100 000 Benutzer) whenever its statistics were behind, as during a bulk load.
   */
  async gruppenVonAllen(benutzerIds: number[]): Promise<Map<number, number[]>> {
    const gruppen = new Map(benutzerIds.map((id) => [id, [] as number[]]));
    if (benutzerIds.length === 0) return gruppen;
    const beziehung = this.manager.connection
      .getMetadata(this.ziel('Teilnehmer'))
      .findRelationWithPropertyPath('Benutzer_Gruppes')!;
    const mitglied = beziehung.joinColumns[0].databaseName;
    const gruppe = beziehung.inverseJoinColumns[0].databaseName;
    const zeilen = await this.manager.query<Record<string, unknown>[]>(
      `SELECT ${mitglied} AS benutzer, ${gruppe} AS gruppe FROM ${beziehung.junctionEntityMetadata!.tableName} ` +
        `WHERE ${mitglied} IN (${platzhalter(benutzerIds)})`,
      benutzerIds,
    );
    for (const z of zeilen) gruppen.get(Number(z.benutzer))?.push(Number(z.gruppe));
    for (const ids of gruppen.values()) ids.sort((a, b) => a - b);
    return gruppen;
  }

  abrechnungsquellen(vorgangIds: number[]): Promise<Abrechnungsquelle[]> {
    return abrechnungsquellenLesen(this.manager, vorgangIds);
  }

  private rechnungsabfrage(objekt?: KategorieObjekt) {
    const query = this.manager.createQueryBuilder(RwRechnung, 'r');
    return objekt
      ? query
          .where('r.category = :category', { category: objekt.category })
          .andWhere(`r.${objekt.feld} = :id`, { id: objekt.id })
      : query;
  }

  async rechnungGesperrt(id: number): Promise<Rechnung | null> {
    const [rechnung] = await gesperrteZeilen(
      this.manager,
      this.rechnungsabfrage().where('r.id = :id', { id }),
    );
    return rechnung ?? null;
  }

  stornoreifeRechnungenGesperrt(objekt: KategorieObjekt): Promise<Rechnung[]> {
    const query = this.rechnungsabfrage(objekt)
      .andWhere('r.storno_id IS NULL')
      .andWhere('r.storno_parent_id IS NULL');
    // By the index on rw_transaction.rw_rechnung_id, per invoice of the object.
    const storniert = query
      .subQuery()
      .select('1')
      .from(RwTransaction, 'st')
      .where('st.rw_rechnung_id = r.id')
      .andWhere(neuesteVersionSql('st'))
      .andWhere('st.storno = :storniert')
      .getQuery();
    return gesperrteZeilen(
      this.manager,
      query.andWhere(`EXISTS ${storniert}`, { storniert: true }).orderBy('r.id', 'ASC'),
    );
  }

  nichtAbgerechneteRechnungenGesperrt(objekt: KategorieObjekt): Promise<Rechnung[]> {
    return gesperrteZeilen(
      this.manager,
      this.rechnungsabfrage(objekt).andWhere('r.rw_abrechnung_id IS NULL').orderBy('r.id', 'ASC'),
    );
  }

  rechnungenAnlegen(werte: NeueRechnung[]): Promise<number[]> {
    return zeilenEinfuegen(this.manager, RwRechnung, werte);
  }

  async rechnungenAendern(ids: number[], werte: Partial<Rechnung>): Promise<void> {
    if (ids.length > 0)
      await this.manager.update(RwRechnung, { id: In(ids) }, werte as QueryDeepPartialEntity<RwRechnung>);
  }

  async rechnungEmailBeanspruchen(id: number, am: Date): Promise<boolean> {
    const { affected } = await this.manager
      .createQueryBuilder()
      .update(RwRechnung)
      .set({ email_versendet_am: am })
      .where({ id, email_versendet_am: IsNull() })
      .execute();
    return affected === 1;
  }

  async rechnungEmailFreigeben(id: number): Promise<void> {
    await this.manager.update(RwRechnung, { id }, { email_versendet_am: null });
  }

  async rechnungMitEmail(id: number) {
    const rechnung = await this.manager.findOne(RwRechnung, {
      where: { id },
      relations: { Benutzer: { Primaeremail: true } },
    });
    return rechnung && Object.assign(rechnung, { email: rechnung.Benutzer?.Primaeremail?.email ?? null });
  }

  async vorlage(id: number): Promise<Rechnungsvorlage | null> {
    const vorlage = await this.manager.findOne(RwVorlage, {
      where: { id },
      relations: { Einleitung_Text: true, Schluss_Text: true },
    });
    return (
      vorlage && {
        id: vorlage.id,
        titel: vorlage.titel,
        datei: vorlage.datei,
        storno_datei: vorlage.storno_datei,
        einleitung: vorlage.Einleitung_Text?.text ?? null,
        schluss: vorlage.Schluss_Text?.text ?? null,
      }
    );
  }

  async originalSetzen(id: number, datei: string, sha256: string): Promise<boolean> {
    const ergebnis = await this.manager
      .createQueryBuilder()
      .update(RwRechnung)
      .set({ original_datei: datei, original_sha256: sha256 })
      .where('id = :id AND original_sha256 IS NULL', { id })
      .execute();
    return (ergebnis.affected ?? 0) > 0;
  }

  rechnungsKreisGesperrt(id: number) {
    return gesperrt(this.manager, this.manager.createQueryBuilder(RwKreis, 'k').where('k.id = :id', { id }))
      .getOne()
      .then((kreis) => kreis ?? null);
  }

  debitorKreisGesperrt(id: number) {
    const query = this.manager.createQueryBuilder(RwDebitorKreis, 'k').where('k.id = :id', { id });
    return gesperrt(this.manager, query)
      .getOne()
      .then((kreis) => kreis ?? null);
  }

  async kreisZaehlerSetzen(art: 'rechnung' | 'debitor', id: number, current_nr: number): Promise<void> {
    await this.manager.update(art === 'rechnung' ? RwKreis : RwDebitorKreis, id, { current_nr });
  }

  async zahlungswege(objekt: KategorieObjekt, benutzerIds: number[]): Promise<Zahlungsweg[]> {
    if (benutzerIds.length === 0) return [];
    const kontoSpalten = {
      id: true,
      inhaber: true,
      iban: true,
      bic: true,
      bank: true,
      sepa_referenz: true,
      sepa_datum: true,
    } as const;
    // Only what a payment way is made of: the joined Benutzer row alone has some 40 columns.
    const optionen = await this.manager.find(RwBezahloption, {
      select: {
        id: true,
        benutzer_id: true,
        typ: true,
        e_rechnung: true,
        leitweg_id: true,
        Benutzer: { id: true, firma: true },
        Benutzer_Adresse: { id: true, bezeichnung: true, strasse: true, plz: true, ort: true },
        Benutzer_Konto: kontoSpalten,
        Neg_Benutzer_Konto: kontoSpalten,
      },
      where: { category: objekt.category, [objekt.feld]: objekt.id, benutzer_id: In(benutzerIds) },
      relations: { Benutzer: true, Benutzer_Adresse: true, Benutzer_Konto: true, Neg_Benutzer_Konto: true },
    });
    optionen.sort((a, b) => a.id - b.id);
    const konto = (k: RwBezahloption['Benutzer_Konto']) =>
      k
        ? {
            inhaber: k.inhaber,
            iban: k.iban,
            bic: k.bic,
            bank: k.bank,
            sepa_referenz: k.sepa_referenz,
            sepa_datum: k.sepa_datum,
          }
        : null;
    return optionen.map((o) => {
      const a = o.Benutzer_Adresse;
      return {
        id: o.id,
        benutzer_id: o.benutzer_id,
        typ: o.typ,
        adresse: a ? { bezeichnung: a.bezeichnung, strasse: a.strasse, plz: a.plz, ort: a.ort } : null,
        konto: konto(o.Benutzer_Konto),
        erstattungskonto: konto(o.Neg_Benutzer_Konto),
        firma: o.Benutzer?.firma ?? null,
        e_rechnung: o.e_rechnung,
        leitweg_id: o.leitweg_id,
      };
    });
  }

  bezahloptionenFuer(objekt: KategorieObjekt, benutzerId?: number) {
    return this.manager.find(RwBezahloption, {
      select: { id: true, benutzer_id: true, skript_per_post: true },
      where: {
        category: objekt.category,
        [objekt.feld]: objekt.id,
        ...(benutzerId === undefined ? {} : { benutzer_id: benutzerId }),
      },
      order: { benutzer_id: 'ASC' },
    });
  }

  async bezahloptionLoeschen(id: number) {
    const option = await this.manager.findOne(RwBezahloption, { where: { id } });
    if (option) await this.manager.delete(RwBezahloption, id);
    return option ? { ...option } : null;
  }

  abrechnung(id: number) {
    return this.manager.findOne(RwAbrechnung, { where: { id } });
  }

  abrechnungAnlegen(werte: Record<string, unknown>): Promise<number> {
    return zeileEinfuegen(this.manager, RwAbrechnung, werte);
  }

  async abrechnungAendern(id: number, data: Record<string, unknown>): Promise<void> {
    await this.manager.update(RwAbrechnung, id, { data } as QueryDeepPartialEntity<RwAbrechnung>);
  }

  async abrechnungProtokollieren(
    id: number,
    type: AbrechnungLogArt,
    adminName: string | null,
  ): Promise<void> {
    await zeileEinfuegen(this.manager, RwAbrechnungLog, {
      rw_abrechnung_id: id,
      type,
      admin_name: adminName,
    });
  }

  async rechnungenDerAbrechnung(id: number): Promise<AbgerechneteRechnung[]> {
    const rechnungen = await this.manager.find(RwRechnung, {
      where: { rw_abrechnung_id: id },
      relations: { Benutzer: true, Storno_Parent: { Storno_Benutzer_Konto: true } },
      order: { id: 'ASC' },
    });
    return rechnungen.map((r) =>
      Object.assign(r, {
        benutzer_name: r.Benutzer?.anzeigename ?? null,
        storno_konto: r.Storno_Parent?.Storno_Benutzer_Konto ?? null,
      }),
    );
  }

  async verrechnet(rechnungIds: number[]): Promise<Map<number, number>> {
    if (rechnungIds.length === 0) return new Map();
    const zeilen = await this.manager.find(RwZahlung, {
      where: { rw_rechnung_id: In(rechnungIds), art: 'verrechnung' },
      select: { id: true, rw_rechnung_id: true, betrag: true },
    });
    const summen = new Map<number, number>();
    for (const z of zeilen)
      summen.set(
        z.rw_rechnung_id,
        centsToEuros(eurosToCents(summen.get(z.rw_rechnung_id) ?? 0) + eurosToCents(z.betrag)),
      );
    return summen;
  }

  async buchungenZuSeminar(veranstaltungId: number): Promise<number> {
    return (
      await nurSeminarVorgaenge(this.manager, this.vorgangsabfrage(), 't', [veranstaltungId])
    ).getCount();
  }

  buchungenZuEvent(eventId: number): Promise<number> {
    return this.manager.count(RwTransaction, { where: { veranstaltung_event_id: eventId } });
  }

  aboBuchungsVorgaengeGesperrt(aboBuchungId: number): Promise<Buchungsvorgang[]> {
    return gesperrteZeilen(
      this.manager,
      this.vorgangsabfrage()
        .where('t.wb_abo_buchung_id = :aboBuchungId', { aboBuchungId })
        .andWhere(neuesteVersionSql('t'))
        .orderBy('t.id', 'ASC'),
    );
  }

  aboPerioden(aboId: number): Promise<Pick<Buchungsvorgang, 'wb_abo_buchung_id' | 'wb_abo_turnus_id'>[]> {
    return this.manager
      .createQueryBuilder(RwTransaction, 't')
      .select(['t.id', 't.wb_abo_buchung_id', 't.wb_abo_turnus_id'])
      .where('t.wb_abo_id = :aboId', { aboId })
      .andWhere('t.wb_abo_buchung_id IS NOT NULL')
      .andWhere(neuesteVersionSql('t'))
      .getMany();
  }

  aboBuchungAbgerechnet(aboBuchungId: number): Promise<number> {
    return this.manager.count(RwTransaction, {
      where: { wb_abo_buchung_id: aboBuchungId, rw_rechnung_id: Not(IsNull()) },
    });
  }

  /** One query, the person and the firm joined. */
  async gastanmeldungGesperrt(id: number): Promise<Gastanmeldung | null> {
    const query = this.manager.createQueryBuilder(GastanmeldungZeile, 'g').where('g.id = :id', { id });
    return (await gesperrt(this.manager, query).getOne()) ?? null;
  }

  async gastanmeldungAendern(id: number, werte: Partial<Gastanmeldung>): Promise<void> {
    await this.manager.update(GastanmeldungZeile, id, werte as QueryDeepPartialEntity<GastanmeldungZeile>);
  }

  async aktuelleSeminarBuchungen(seminare: SeminareMitEvents): Promise<Map<number, SeminarBuchung[]>> {
    if (seminare.size === 0) return new Map();
    const query = this.aktuelleSeminarVorgaenge(seminare).addSelect(['t.betrag', 't.buchung_typ']);
    for (const alias of ['tn', 'b']) {
      query
        .leftJoin(alias === 'tn' ? 't.Teilnehmer' : 't.Benutzer', alias)
        .leftJoin(`${alias}.Primaeremail`, `${alias}_mail`)
        .leftJoin(`${alias}.Parent`, `${alias}_parent`)
        .addSelect(PERSON_SPALTEN.map((spalte) => `${alias}.${spalte}`))
        .addSelect([`${alias}_mail.id`, `${alias}_mail.email`])
        .addSelect([
          `${alias}_parent.id`,
          `${alias}_parent.kennnummer`,
          `${alias}_parent.anzeigename`,
          `${alias}_parent.firma`,
        ]);
    }
    const rows = (await query.getMany()).sort((a, b) => a.id - b.id);
    return jeSeminar(seminare, rows, (t) => {
      const b = t.Teilnehmer ?? t.Benutzer;
      return {
        ...teilnahme(t),
        betrag: t.betrag,
        buchung_typ: t.buchung_typ,
        person: b
          ? ({
              ...Object.fromEntries(PERSON_SPALTEN.map((spalte) => [spalte, b[spalte]])),
              email: b.Primaeremail?.email ?? null,
              parent: b.Parent
                ? {
                    id: b.Parent.id,
                    kennnummer: b.Parent.kennnummer,
                    anzeigename: b.Parent.anzeigename,
                    firma: b.Parent.firma,
                  }
                : null,
            } as BuchungsPerson)
          : null,
      };
    });
  }

  /** Joins the persons for their ids alone: the participant is the named one if that Benutzer exists. */
  async aktuelleSeminarTeilnahmen(seminare: SeminareMitEvents): Promise<Map<number, SeminarTeilnahme[]>> {
    if (seminare.size === 0) return new Map();
    const rows = await this.aktuelleSeminarVorgaenge(seminare)
      .leftJoin('t.Teilnehmer', 'tn')
      .leftJoin('t.Benutzer', 'b')
      .addSelect(['tn.id', 'b.id'])
      .getMany();
    return jeSeminar(seminare, rows, (t) => {
      const person = t.Teilnehmer ?? t.Benutzer;
      return { ...teilnahme(t), person: person ? { id: person.id } : null };
    });
  }

  /**
   * The current seminar bookings of `seminare` and their events: what both reads above select first.
   * Unordered, as the counts need them: with ORDER BY id MariaDB may walk the whole primary key
   * instead of the two narrow indexes (seen while the seed grew the table).
   */
  private aktuelleSeminarVorgaenge(seminare: SeminareMitEvents): SelectQueryBuilder<RwTransaction> {
    return seminarOderEvents(this.vorgangsabfrage(), 't', [...seminare.keys()], [...seminare.values()].flat())
      .andWhere(aktuellSql('t'))
      .andWhere('t.category = :category', { category: 'seminare' })
      .select(['t.id', 't.veranstaltung_id', 't.veranstaltung_event_id', 't.teilnehmer']);
  }
}

/** What both reads of a seminar's current bookings answer of each besides its person. */
const teilnahme = ({ id, veranstaltung_event_id, teilnehmer }: RwTransaction) => ({
  id,
  veranstaltung_event_id,
  teilnehmer,
});

/**
 * Each seminar's share of `rows`, made into `zu`: a booking names its seminar, or one of its
 * events, or (inconsistently) both; every seminar asked for is a key.
 */
function jeSeminar<T>(
  seminare: SeminareMitEvents,
  rows: RwTransaction[],
  zu: (row: RwTransaction) => T,
): Map<number, T[]> {
  const je = new Map([...seminare.keys()].map((id) => [id, [] as T[]]));
  const seminarVon = new Map([...seminare].flatMap(([id, events]) => events.map((e) => [e, id] as const)));
  for (const t of rows) {
    const eintrag = zu(t);
    for (const id of new Set([t.veranstaltung_id, seminarVon.get(t.veranstaltung_event_id ?? 0)]))
      if (id != null) je.get(id)?.push(eintrag);
  }
  return je;
}

@Injectable()
export class AbrechnungsspeicherTypeorm extends Abrechnungsspeicher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditTrail,
  ) {
    super();
  }

  /** READ COMMITTED exists only on MySQL/MariaDB; SQLite runs one transaction at a time anyway. */
  transaktion<T>(arbeit: (tx: BillingTx) => Promise<T>, isolation: Isolation = 'standard'): Promise<T> {
    const mitTx = (manager: EntityManager) => arbeit(new BillingTxTypeorm(manager, this.audit));
    return isolation === 'read-committed' && mitZeilensperre(this.dataSource.manager)
      ? this.dataSource.transaction('READ COMMITTED', mitTx)
      : this.dataSource.transaction(mitTx);
  }

  in(tx: Transaktion): BillingTx {
    return new BillingTxTypeorm(managerVon(tx), this.audit);
  }

  lesen(): BillingTx {
    return new BillingTxTypeorm(this.dataSource.manager, this.audit);
  }
}
