/**
 * The invoice run (spec 002 §4, §7: `POST /node/api/rw-rechnung`). One database transaction per
 * run: storno invoices for issued invoices with a cancelled transaction (their other transactions
 * re-open as new versions), then one invoice per member and payment option from the open current
 * transactions, numbered from the circle of the object's invoice template. A fault anywhere rolls
 * back everything: no invoice, no number taken, no transaction locked.
 *
 * Concurrency: the open transactions and the invoices to cancel are read with row locks, so two
 * runs over one object take turns and the second finds nothing left; circles are locked in
 * ascending id order before any number is taken, so runs sharing circles cannot deadlock.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditTrail, type Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { ohneFortschritt, type Melder } from '../../platform/queue/hintergrund';
import type { Row } from '../../platform/resources/resource-definition';
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents } from '../../shared/money';
import { RwBezahloption } from '../adapters/persistence/rw-bezahloption.entity';
import { RwRechnung } from '../adapters/persistence/rw-rechnung.entity';
import { RwTransaction } from '../adapters/persistence/rw-transaction.entity';
import { RwVorlage } from '../adapters/persistence/rw-vorlage.entity';
import { kategorieObjekt, type KategorieObjekt } from '../domain/kategorie';
import type { Rechnungssummen } from '../domain/rechnungsbetraege';
import {
  REGELSATZ,
  rechnungsentwuerfe,
  rechnungsinhalt,
  stornoInhalt,
  type Bezahloption,
  type OffenerVorgang,
  type Rechnungsinhalt,
} from '../domain/rechnungslauf';
import { pruefeStornierbar } from '../domain/rechnung';
import { gesamtzeitraum, vorgangszeitraum, type Leistungszeitraum } from '../domain/rechnungsdokument';
import { neueVersion, neuesteVersionSql } from '../domain/vorgang';
import { buchungGeaendert } from '../../seminars/application/teilnehmer';
import { gesperrteZeilen, mitZeilensperre, Nummernvergabe } from './nummernvergabe';
import { aktuelleVorgaenge } from './vorgaenge';

export interface Laufergebnis {
  /** Members with open transactions (each should get an invoice). */
  all: number;
  /** Invoices issued. */
  created: number;
  /** Storno invoices issued. */
  storno: number;
  /** What could not be invoiced, in German ("Für … fehlt eine Zahlungsart"). */
  fehler: string[];
}

/** A checked run request; plain JSON, so that it travels as a job's data. */
export interface Laufanfrage {
  objekt: KategorieObjekt;
  nurVerifizierte: boolean;
}

export interface Stornoergebnis {
  /** The storno invoice's id. */
  storno: number;
  /** The re-opened copies of the cancelled transactions. */
  kopien: number[];
}

const LAUF_FELDER = ['category', 'category_id', 'only_verified'];

/** The fields of an invoice the run sets besides number, amounts and content. */
type Rechnungsfelder = Partial<
  Pick<
    RwRechnung,
    | 'rw_kreis_id'
    | 'benutzer_id'
    | 'category'
    | 'veranstaltung_id'
    | 'wb_abo_id'
    | 'wb_bundle_id'
    | 'warenkorb_id'
    | 'bezahloption_typ'
    | 'storno_parent_id'
  >
>;

/** What an invoice needs to know about a transaction beyond the row itself. */
interface Abrechnungsdaten {
  benutzer_name: string | null;
  satz: number;
  rw_vorlage_id: number;
  rw_kreis_id: number;
  leistung: Leistungszeitraum | null;
}

@Injectable()
export class Rechnungslauf {
  constructor(
    private readonly dataSource: DataSource,
    private readonly nummern: Nummernvergabe,
    private readonly audit: AuditTrail,
  ) {}

  /** The run request `{category, category_id, only_verified?}`, checked before the run is queued. */
  anfrage(body: unknown): Laufanfrage {
    const werte = (typeof body === 'object' && body !== null ? body : {}) as Row;
    // Invoice fields instead of a run request: the generic create this endpoint replaced.
    if (Object.keys(werte).some((feld) => !LAUF_FELDER.includes(feld))) {
      throw DomainError.conflict(
        'OPERATION_REFUSED',
        'Rechnungen entstehen in Abrechnungsläufen und können nicht über die allgemeine Bearbeitung angelegt werden.',
      );
    }
    return {
      objekt: kategorieObjekt(werte),
      nurVerifizierte: werte.only_verified === true || werte.only_verified === 'true',
    };
  }

  async starte(
    anfrage: Laufanfrage,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<Laufergebnis> {
    const datum = new Date();
    return this.transaktion((manager) =>
      this.laufe(manager, anfrage.objekt, anfrage.nurVerifizierte, datum, actor, melde),
    );
  }

  /**
   * READ COMMITTED on MySQL: every read sees what a run that held the locks before committed.
   * SQLite runs one transaction at a time anyway.
   */
  transaktion<T>(arbeit: (manager: EntityManager) => Promise<T>): Promise<T> {
    return mitZeilensperre(this.dataSource.manager)
      ? this.dataSource.transaction('READ COMMITTED', arbeit)
      : this.dataSource.transaction(arbeit);
  }

  /** The run inside the caller's transaction (the export runs it before gathering, abrechnungen.ts). */
  async laufe(
    manager: EntityManager,
    objekt: KategorieObjekt,
    nurVerifizierte: boolean,
    datum: Date,
    actor: Actor | null,
    melde: Melder = ohneFortschritt,
  ): Promise<Laufergebnis> {
    await melde(0, 0, 'Offene Vorgänge werden gelesen');
    // 1. Issued invoices of the object with a cancelled transaction get a storno.
    const ausgestellt = await gesperrteZeilen(
      manager,
      manager
        .createQueryBuilder(RwRechnung, 'r')
        .where('r.category = :category', { category: objekt.category })
        .andWhere(`r.${objekt.feld} = :id`, { id: objekt.id })
        .andWhere('r.storno_id IS NULL')
        .andWhere('r.storno_parent_id IS NULL')
        .orderBy('r.id', 'ASC'),
    );
    const aufRechnung = ausgestellt.length
      ? await gesperrteZeilen(
          manager,
          manager
            .createQueryBuilder(RwTransaction, 't')
            .where('t.rw_rechnung_id IN (:...ids)', { ids: ausgestellt.map((r) => r.id) })
            .andWhere(neuesteVersionSql('t'))
            .orderBy('t.id', 'ASC'),
        )
      : [];
    const zuStornieren = ausgestellt.filter((r) =>
      aufRechnung.some((t) => t.rw_rechnung_id === r.id && t.storno),
    );
    // Their uncancelled transactions are invoiced again, as new versions.
    const wiederOffen = aufRechnung.filter(
      (t) => !t.storno && zuStornieren.some((r) => r.id === t.rw_rechnung_id),
    );

    // 2. The open current transactions.
    let offenQuery = aktuelleVorgaenge(manager, objekt).andWhere('t.rw_rechnung_id IS NULL');
    if (nurVerifizierte) offenQuery = offenQuery.andWhere('t.verifiziert = :ja', { ja: true });
    const offen = await gesperrteZeilen(manager, offenQuery.orderBy('t.id', 'ASC'));
    const zuBerechnen = [...offen, ...wiederOffen.filter((t) => !nurVerifizierte || t.verifiziert)];
    const daten = await this.abrechnungsdaten(manager, zuBerechnen);

    // 3. Every circle this run numbers from, locked in ascending order before any number is taken.
    const kreise = new Set<number>([...daten.values()].map((d) => d.rw_kreis_id));
    for (const r of zuStornieren) if (r.rw_kreis_id != null) kreise.add(r.rw_kreis_id);
    await this.nummern.sperren(manager, [...kreise]);

    // 4. Storno invoices, and the re-opened versions of the rest.
    const neueVersionen = new Map<number, number>();
    for (const [i, rechnung] of zuStornieren.entries()) {
      await this.storniere(manager, rechnung, datum, actor);
      await melde(i + 1, zuStornieren.length, 'Storno-Rechnungen werden ausgestellt');
    }
    for (const t of wiederOffen) neueVersionen.set(t.id, await wiederEroeffnen(manager, t));

    // 5. One invoice per member and payment option (and invoice template).
    const zeitraeume = new Map<number, Leistungszeitraum | null>();
    const vorgaenge: OffenerVorgang[] = zuBerechnen.map((t) => {
      const d = daten.get(t.id)!;
      zeitraeume.set(neueVersionen.get(t.id) ?? t.id, d.leistung);
      return {
        id: neueVersionen.get(t.id) ?? t.id,
        benutzer_id: t.benutzer_id,
        benutzer_name: d.benutzer_name,
        brutto: eurosToCents(t.betrag ?? 0),
        satz: d.satz,
        titel: t.titel,
        teilnehmer: t.teilnehmer,
        rw_vorlage_id: d.rw_vorlage_id,
        rw_kreis_id: d.rw_kreis_id,
      };
    });
    const optionen = await this.bezahloptionen(manager, objekt, vorgaenge);
    const { entwuerfe, mitglieder, fehler } = rechnungsentwuerfe(vorgaenge, optionen.typen);
    for (const [i, entwurf] of entwuerfe.entries()) {
      const option = optionen.zeilen.get(entwurf.benutzer_id)!;
      const inhalt: Rechnungsinhalt = {
        ...rechnungsinhalt(entwurf.positionen, entwurf.summen),
        empfaenger: empfaenger(
          option,
          vorgaenge.find((v) => v.benutzer_id === entwurf.benutzer_id),
        ),
        bezahlung: bezahlung(option),
        leistungszeitraum: gesamtzeitraum(entwurf.positionen.map((p) => zeitraeume.get(p.vorgang_id))),
      };
      const id = await this.stelleAus(manager, datum, actor, 'invoice-run', {
        rw_kreis_id: entwurf.rw_kreis_id,
        benutzer_id: entwurf.benutzer_id,
        category: objekt.category,
        [objekt.feld]: objekt.id,
        bezahloption_typ: entwurf.bezahloption.typ,
        summen: entwurf.summen,
        inhalt,
      });
      await manager.update(
        RwTransaction,
        { id: In(entwurf.positionen.map((p) => p.vorgang_id)) },
        { rw_rechnung_id: id, locked: true },
      );
      await melde(i + 1, entwuerfe.length, 'Rechnungen werden ausgestellt');
    }
    return { all: mitglieder, created: entwuerfe.length, storno: zuStornieren.length, fehler };
  }

  /**
   * `DELETE …/rw-rechnung/{id}/modifyAll?copy=true`: cancels the invoice at once — a storno invoice
   * and its transactions cancelled — and, with `copy`, re-opens copies of them (new versions) for
   * a corrected run. One database transaction.
   */
  storniereRechnung(id: number, kopieren: boolean, actor: Actor | null): Promise<Stornoergebnis> {
    return this.transaktion(async (manager) => {
      const [rechnung] = await gesperrteZeilen(
        manager,
        manager.createQueryBuilder(RwRechnung, 'r').where('r.id = :id', { id }),
      );
      if (!rechnung) throw DomainError.notFound('NOT_FOUND', `Rechnung ${id} wurde nicht gefunden.`);
      pruefeStornierbar(rechnung);
      const vorgaenge = await gesperrteZeilen(
        manager,
        manager
          .createQueryBuilder(RwTransaction, 't')
          .where('t.rw_rechnung_id = :id', { id })
          .andWhere(neuesteVersionSql('t'))
          .orderBy('t.id', 'ASC'),
      );
      if (rechnung.rw_kreis_id != null) await this.nummern.sperren(manager, [rechnung.rw_kreis_id]);
      const storno = await this.storniere(manager, rechnung, new Date(), actor);
      const kopien: number[] = [];
      for (const t of vorgaenge) {
        if (!t.storno) {
          await manager.update(RwTransaction, t.id, { storno: true });
          await this.audit.record(manager, {
            actor,
            resource: 'rw-transaction',
            recordId: t.id,
            action: 'storno',
            changes: { storno: { before: false, after: true } },
          });
        }
        if (kopieren) kopien.push(await wiederEroeffnen(manager, t));
        await buchungGeaendert(manager, [t]);
      }
      return { storno, kopien };
    });
  }

  /** The storno of `rechnung`: negated lines and totals, the next number of the same circle. */
  private async storniere(
    manager: EntityManager,
    rechnung: RwRechnung,
    datum: Date,
    actor: Actor | null,
  ): Promise<number> {
    const original = (rechnung.data ?? {}) as Rechnungsinhalt;
    const { inhalt, summen } = stornoInhalt({
      positionen: original.positionen ?? [],
      steuern: original.steuern ?? [],
    });
    const stornoId = await this.stelleAus(manager, datum, actor, 'storno', {
      rw_kreis_id: rechnung.rw_kreis_id,
      benutzer_id: rechnung.benutzer_id,
      category: rechnung.category,
      veranstaltung_id: rechnung.veranstaltung_id,
      wb_abo_id: rechnung.wb_abo_id,
      wb_bundle_id: rechnung.wb_bundle_id,
      warenkorb_id: rechnung.warenkorb_id,
      bezahloption_typ: rechnung.bezahloption_typ,
      storno_parent_id: rechnung.id,
      summen,
      inhalt: {
        ...original,
        ...inhalt,
        storno_zu: rechnung.rechnungs_nr,
      },
    });
    await manager.update(RwRechnung, rechnung.id, { storno_id: stornoId });
    return stornoId;
  }

  /** Issues one invoice (or storno) with the next number of its circle; answers its id. */
  private async stelleAus(
    manager: EntityManager,
    datum: Date,
    actor: Actor | null,
    action: 'invoice-run' | 'storno',
    r: Rechnungsfelder & { summen: Rechnungssummen; inhalt: Rechnungsinhalt },
  ): Promise<number> {
    if (r.rw_kreis_id == null) {
      throw DomainError.conflict('KREIS_FEHLT', 'Die Rechnung hat keinen Rechnungs-Kreis.');
    }
    const { summen, inhalt, ...felder } = r;
    const werte = {
      ...felder,
      rechnungs_nr: await this.nummern.naechsteRechnungsnummer(manager, r.rw_kreis_id, datum),
      betrag: centsToEuros(summen.brutto),
      netto: centsToEuros(summen.netto),
      mwst: centsToEuros(summen.mwst),
      data: { ...inhalt, datum: datum.toISOString() } as Record<string, unknown>,
    };
    const { id } = await manager.save(manager.create(RwRechnung, werte));
    await this.audit.record(manager, {
      actor,
      resource: 'rw-rechnung',
      recordId: id,
      action,
      changes: auditChanges(null, werte),
    });
    return id;
  }

  /**
   * Per transaction: the member's name, the VAT rate of its seminar / bundle / Abo period
   * (products and periods without one: the standard rate) and the circle of the invoice template
   * of its seminar type / bundle / product / Abo. Read through the transaction's associations.
   */
  private async abrechnungsdaten(
    manager: EntityManager,
    vorgaenge: RwTransaction[],
  ): Promise<Map<number, Abrechnungsdaten>> {
    const daten = new Map<number, Abrechnungsdaten>();
    if (vorgaenge.length === 0) return daten;
    const zeilen: Record<string, unknown>[] = await manager
      .createQueryBuilder(RwTransaction, 't')
      .leftJoin('t.Benutzer', 'b')
      .leftJoin('t.Veranstaltung', 'v')
      .leftJoin('v.Veranstaltung_Typ', 'vt')
      .leftJoin('t.Veranstaltung_Event', 'e')
      .leftJoin('e.Veranstaltung', 'ev')
      .leftJoin('ev.Veranstaltung_Typ', 'evt')
      .leftJoin('t.WB_Bundle', 'wb')
      .leftJoin('t.Produkt', 'p')
      .leftJoin('t.WB_Abo', 'a')
      .leftJoin('t.WB_Abo_Turnus', 'at')
      .select('t.id', 'id')
      .addSelect('b.anzeigename', 'benutzer_name')
      .addSelect('COALESCE(v.mwst, ev.mwst, wb.mwst, at.mwst)', 'satz')
      .addSelect(
        'COALESCE(vt.rw_vorlage_id, evt.rw_vorlage_id, wb.rw_vorlage_id, p.rw_vorlage_id, a.rw_vorlage_id)',
        'vorlage_id',
      )
      .addSelect('COALESCE(v.titel, ev.titel, wb.titel, p.titel, a.titel)', 'objekt')
      .where('t.id IN (:...ids)', { ids: vorgaenge.map((t) => t.id) })
      .getRawMany();
    const vorlagenIds = [
      ...new Set(
        zeilen
          .map((z) => z.vorlage_id)
          .filter((id) => id != null)
          .map(Number),
      ),
    ];
    const vorlagen = new Map(
      (vorlagenIds.length ? await manager.find(RwVorlage, { where: { id: In(vorlagenIds) } }) : []).map(
        (v) => [v.id, v.rw_kreis_id],
      ),
    );
    // The dates of the service period, hydrated (raw date values differ between the drivers).
    const termine = new Map(
      (
        await manager.find(RwTransaction, {
          select: { id: true },
          where: { id: In(vorgaenge.map((t) => t.id)) },
          relations: { Veranstaltung: true, Veranstaltung_Event: true, WB_Abo_Turnus: true },
        })
      ).map((t) => [
        t.id,
        vorgangszeitraum({
          eventDatum: t.Veranstaltung_Event?.datum,
          seminar: t.Veranstaltung,
          turnus: t.WB_Abo_Turnus,
        }),
      ]),
    );
    for (const z of zeilen) {
      const kreis = z.vorlage_id == null ? null : vorlagen.get(Number(z.vorlage_id));
      if (kreis == null) {
        throw DomainError.conflict(
          'KREIS_FEHLT',
          `Für „${String(z.objekt ?? '')}“ ist keine Rechnungsvorlage mit Rechnungs-Kreis hinterlegt.`,
        );
      }
      daten.set(Number(z.id), {
        benutzer_name: (z.benutzer_name as string | null) ?? null,
        satz: z.satz == null ? REGELSATZ : Number(z.satz),
        rw_vorlage_id: Number(z.vorlage_id),
        rw_kreis_id: kreis,
        leistung: termine.get(Number(z.id)) ?? null,
      });
    }
    return daten;
  }

  private async bezahloptionen(manager: EntityManager, objekt: KategorieObjekt, vorgaenge: OffenerVorgang[]) {
    const benutzer = [
      ...new Set(vorgaenge.map((v) => v.benutzer_id).filter((id): id is number => id != null)),
    ];
    const zeilen = benutzer.length
      ? await manager.find(RwBezahloption, {
          where: { category: objekt.category, [objekt.feld]: objekt.id, benutzer_id: In(benutzer) },
          relations: { Benutzer_Adresse: true, Benutzer_Konto: true },
          order: { id: 'ASC' },
        })
      : [];
    const nachBenutzer = new Map(zeilen.map((o) => [o.benutzer_id, o]));
    const typen = new Map<number, Bezahloption>(
      [...nachBenutzer.values()].map((o) => [o.benutzer_id, { id: o.id, typ: o.typ }]),
    );
    return { zeilen: nachBenutzer, typen };
  }
}

/**
 * A new, open version of an invoiced transaction (same booking, same verification), so that a
 * corrected run invoices it again; the old version stays on the cancelled invoice as history.
 */
async function wiederEroeffnen(manager: EntityManager, t: RwTransaction): Promise<number> {
  const neu = neueVersion({ ...t } as Row & RwTransaction, { verifiziert: t.verifiziert });
  const neueId = Number((await manager.insert(RwTransaction, neu)).identifiers[0]?.id);
  await manager.update(RwTransaction, t.id, { child_id: neueId });
  return neueId;
}

/** The recipient as issued: the member's name and the address of the payment option. */
function empfaenger(option: RwBezahloption, vorgang: OffenerVorgang | undefined) {
  const a = option.Benutzer_Adresse;
  return {
    name: vorgang?.benutzer_name ?? null,
    adresse: a ? { bezeichnung: a.bezeichnung, strasse: a.strasse, plz: a.plz, ort: a.ort } : null,
  };
}

/** How the invoice is paid, as issued: type and the account (with SEPA mandate) of the payment option. */
function bezahlung(option: RwBezahloption) {
  const k = option.Benutzer_Konto;
  return {
    typ: option.typ,
    konto: k
      ? {
          inhaber: k.inhaber,
          iban: k.iban,
          bic: k.bic,
          bank: k.bank,
          sepa_referenz: k.sepa_referenz,
          sepa_datum: k.sepa_datum,
        }
      : null,
  };
}
