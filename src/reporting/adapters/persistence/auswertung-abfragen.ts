/**
 * The evaluations' read-only queries over other contexts' tables (billing, seminars, promotions,
 * newsletter, membership). Plain SQL through TypeORM's query builder: set-based, values only as
 * bound parameters, the same on SQLite and MySQL/MariaDB. Rows come back as the domain's types;
 * the figures are computed in domain/.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { aktuellSql } from '../../../../common/vorgang';
import { eurosToCents } from '../../../shared/money';
import type { Seite } from '../../../shared/seite';
import type { BenutzerAuswahl, SeminarAuswahl } from '../../domain/auswahl';
import type { SeminarBuchung } from '../../domain/seminare';
import type { Kategorie, UmsatzBuchung } from '../../domain/umsatz';
import { Steuersaetze } from '../../../billing/application/ports/steuersaetze';
import {
  berlinTagesbeginn,
  ersterTag,
  folgemonat,
  folgetag,
  type Datum,
  type Monat,
} from '../../domain/zeit';

type Roh = Record<string, unknown>;
type Abfrage = SelectQueryBuilder<Roh>;

/** An instant as both engines compare it with their UTC DATETIME columns. */
function sqlZeit(instant: Date): string {
  return instant.toISOString().replace('T', ' ').replace('Z', '');
}

/** SQLite answers DATETIME as UTC text, mysql2 as a Date (timezone 'Z'). */
function zeitpunkt(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  const text = String(value);
  return new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
}

function datum(value: unknown): Datum | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

const zahl = (value: unknown): number => Number(value ?? 0);
const idOder = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const cents = (value: unknown): number => eurosToCents(Number(value ?? 0));
const satz = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The current version of a booking that is not cancelled (spec 000 §4, §9). */
const AKTUELL = aktuellSql('t');

export interface SeminarZeile {
  id: number;
  lg_id: string | null;
  titel: string;
  beginn: Date | null;
  ende: Date | null;
  veranstaltung_typ_id: number | null;
  typ: string | null;
}

export interface BenannteBuchung extends SeminarBuchung {
  name: string;
  kennnummer: string | null;
}

export interface TurnusZeile {
  id: number;
  wb_abo_id: number;
  titel: string;
  von: Datum | null;
  bis: Datum | null;
  /** VAT rate in percent, as billing decides it (the standard rate when the period has none). */
  mwst: number;
  seminare: number;
}

export interface AboBuchung {
  turnusId: number;
  bruttoCents: number;
  mwstSatz: number;
  teilnehmerId: number | null;
  benutzerId: number | null;
  teilnehmerName: string | null;
  id: number;
}

export interface NewsletterZeile {
  id: number;
  titel: string;
  veranstaltung_id: number | null;
  dispatcher: number;
  klicks: number;
}

export interface KlickZahlen {
  klicks: number;
  newsletter: number;
  dispatcher: number;
  benutzer: number;
}

export interface BenutzerZeile {
  id: number;
  kennnummer: string | null;
  name: string | null;
  email: string | null;
  atr_mitglied: boolean;
  buchungen: number;
}

@Injectable()
export class AuswertungAbfragen {
  constructor(
    private readonly dataSource: DataSource,
    private readonly steuer: Steuersaetze,
  ) {}

  private abfrage(): Abfrage {
    return this.dataSource.createQueryBuilder() as Abfrage;
  }

  private get sqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /**
   * Current bookings with any of the dates that can place their revenue (event day, seminar start,
   * period start, booking time) between the Berlin days `von` and `bis` (exclusive): a superset,
   * as the domain decides which date counts.
   */
  async umsatzBuchungen(von: Datum, bis: Datum): Promise<UmsatzBuchung[]> {
    const zeitVon = sqlZeit(berlinTagesbeginn(von));
    const zeitBis = sqlZeit(berlinTagesbeginn(bis));
    const rows: Roh[] = await this.abfrage()
      .select('t.id', 'id')
      .addSelect('t.category', 'category')
      .addSelect('t.betrag', 'betrag')
      .addSelect('t.buchung_time', 'buchung_time')
      .addSelect('t.titel', 'titel')
      .addSelect('t.veranstaltung_id', 'veranstaltung_id')
      .addSelect('v.lg_id', 'v_lg_id')
      .addSelect('v.titel', 'v_titel')
      .addSelect('v.beginn', 'v_beginn')
      .addSelect('v.mwst', 'v_mwst')
      .addSelect('e.datum', 'e_datum')
      .addSelect('t.wb_abo_id', 'wb_abo_id')
      .addSelect('a.titel', 'a_titel')
      .addSelect('t.wb_abo_turnus_id', 'wb_abo_turnus_id')
      .addSelect('tu.von', 'tu_von')
      .addSelect('tu.bis', 'tu_bis')
      .addSelect('tu.mwst', 'tu_mwst')
      .addSelect('t.wb_bundle_id', 'wb_bundle_id')
      .addSelect('bu.titel', 'bu_titel')
      .addSelect('bu.mwst', 'bu_mwst')
      .addSelect('t.produkt_id', 'produkt_id')
      .addSelect('p.titel', 'p_titel')
      .addSelect('p.mwst', 'p_mwst')
      .from('rw_transaction', 't')
      .leftJoin('veranstaltung', 'v', 'v.id = t.veranstaltung_id')
      .leftJoin('veranstaltung_event', 'e', 'e.id = t.veranstaltung_event_id')
      .leftJoin('wb_abo', 'a', 'a.id = t.wb_abo_id')
      .leftJoin('wb_abo_turnus', 'tu', 'tu.id = t.wb_abo_turnus_id')
      .leftJoin('wb_bundle', 'bu', 'bu.id = t.wb_bundle_id')
      .leftJoin('produkt', 'p', 'p.id = t.produkt_id')
      .where(AKTUELL)
      .andWhere(
        `((e.datum >= :von AND e.datum < :bis) OR (v.beginn >= :zeitVon AND v.beginn < :zeitBis)
          OR (tu.von >= :von AND tu.von < :bis) OR (t.buchung_time >= :zeitVon AND t.buchung_time < :zeitBis))`,
        { von, bis, zeitVon, zeitBis },
      )
      .getRawMany();
    return rows.map((r) => {
      const kategorie = String(r.category) as Kategorie;
      const fallback = text(r.titel) ?? '';
      const posten =
        kategorie === 'seminare'
          ? {
              id: idOder(r.veranstaltung_id),
              titel: [text(r.v_lg_id), text(r.v_titel)].filter(Boolean).join(' - ') || fallback,
            }
          : kategorie === 'abos'
            ? {
                id: idOder(r.wb_abo_id),
                titel: text(r.a_titel) ?? fallback,
                turnusId: idOder(r.wb_abo_turnus_id),
                von: datum(r.tu_von),
                bis: datum(r.tu_bis),
              }
            : kategorie === 'bundle'
              ? { id: idOder(r.wb_bundle_id), titel: text(r.bu_titel) ?? fallback }
              : { id: idOder(r.produkt_id), titel: text(r.p_titel) ?? fallback };
      return {
        kategorie,
        bruttoCents: cents(r.betrag),
        mwstSatz: this.steuer.satz({
          seminar: { mwst: satz(r.v_mwst) },
          bundle: { mwst: satz(r.bu_mwst) },
          produkt: { mwst: satz(r.p_mwst) },
          turnus: { mwst: satz(r.tu_mwst) },
        }),
        buchungZeit: zeitpunkt(r.buchung_time),
        eventDatum: datum(r.e_datum),
        seminarBeginn: zeitpunkt(r.v_beginn),
        turnusVon: datum(r.tu_von),
        posten,
      };
    });
  }

  /** The chosen seminars' conditions on the alias `v` (spec 003 §4: all given conditions together). */
  private seminarFilter<T extends Abfrage>(qb: T, auswahl: SeminarAuswahl): T {
    if (auswahl.von) qb.andWhere('v.beginn >= :semVon', { semVon: sqlZeit(berlinTagesbeginn(auswahl.von)) });
    if (auswahl.bis)
      qb.andWhere('v.beginn < :semBis', { semBis: sqlZeit(berlinTagesbeginn(folgetag(auswahl.bis))) });
    if (auswahl.veranstaltungIds.length > 0)
      qb.andWhere('v.id IN (:...semIds)', { semIds: auswahl.veranstaltungIds });
    if (auswahl.typIds.length > 0)
      qb.andWhere('v.veranstaltung_typ_id IN (:...semTypIds)', { semTypIds: auswahl.typIds });
    return qb;
  }

  async seminare(auswahl: SeminarAuswahl): Promise<SeminarZeile[]> {
    const rows: Roh[] = await this.seminarFilter(
      this.abfrage()
        .select('v.id', 'id')
        .addSelect('v.lg_id', 'lg_id')
        .addSelect('v.titel', 'titel')
        .addSelect('v.beginn', 'beginn')
        .addSelect('v.ende', 'ende')
        .addSelect('v.veranstaltung_typ_id', 'veranstaltung_typ_id')
        .addSelect('ty.bezeichnung', 'typ')
        .from('veranstaltung', 'v')
        .leftJoin('veranstaltung_typ', 'ty', 'ty.id = v.veranstaltung_typ_id'),
      auswahl,
    )
      .orderBy('v.beginn', 'ASC')
      .addOrderBy('v.id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      id: Number(r.id),
      lg_id: text(r.lg_id),
      titel: String(r.titel),
      beginn: zeitpunkt(r.beginn),
      ende: zeitpunkt(r.ende),
      veranstaltung_typ_id: idOder(r.veranstaltung_typ_id),
      typ: text(r.typ),
    }));
  }

  /** The `kosten` of the events of these seminars, by seminar. */
  async eventKosten(seminarIds: number[]): Promise<Map<number, (Record<string, unknown> | null)[]>> {
    const jeSeminar = new Map<number, (Record<string, unknown> | null)[]>();
    for (let i = 0; i < seminarIds.length; i += 500) {
      const rows: Roh[] = await this.abfrage()
        .select('e.veranstaltung_id', 'veranstaltung_id')
        .addSelect('e.kosten', 'kosten')
        .from('veranstaltung_event', 'e')
        .where('e.veranstaltung_id IN (:...ids)', { ids: seminarIds.slice(i, i + 500) })
        .andWhere('e.kosten IS NOT NULL')
        .getRawMany();
      for (const r of rows) {
        const id = Number(r.veranstaltung_id);
        const kosten =
          typeof r.kosten === 'string' ? (JSON.parse(r.kosten) as Record<string, unknown>) : null;
        jeSeminar.set(id, [...(jeSeminar.get(id) ?? []), kosten]);
      }
    }
    return jeSeminar;
  }

  /** Current seminar bookings of the chosen seminars, with the participant's name. */
  async seminarBuchungen(auswahl: SeminarAuswahl): Promise<BenannteBuchung[]> {
    const rows: Roh[] = await this.seminarFilter(
      this.abfrage()
        .select('t.id', 'id')
        .addSelect('t.veranstaltung_id', 'veranstaltung_id')
        .addSelect('t.teilnehmer_id', 'teilnehmer_id')
        .addSelect('t.benutzer_id', 'benutzer_id')
        .addSelect('t.teilnehmer', 'teilnehmer_name')
        .addSelect('t.betrag', 'betrag')
        .addSelect('v.mwst', 'mwst')
        .addSelect('COALESCE(p.anzeigename, p.firma, p.nachname)', 'p_name')
        .addSelect('p.kennnummer', 'p_kennnummer')
        .addSelect('COALESCE(b.anzeigename, b.firma, b.nachname)', 'b_name')
        .addSelect('b.kennnummer', 'b_kennnummer')
        .from('rw_transaction', 't')
        .innerJoin('veranstaltung', 'v', 'v.id = t.veranstaltung_id')
        .leftJoin('benutzer', 'p', 'p.id = t.teilnehmer_id')
        .leftJoin('benutzer', 'b', 'b.id = t.benutzer_id')
        .where(AKTUELL)
        .andWhere("t.category = 'seminare'"),
      auswahl,
    ).getRawMany();
    return rows.map((r) => {
      const teilnehmerId = idOder(r.teilnehmer_id);
      const gast = teilnehmerId === null ? text(r.teilnehmer_name)?.trim() || null : null;
      return {
        id: Number(r.id),
        veranstaltungId: Number(r.veranstaltung_id),
        teilnehmerId,
        benutzerId: idOder(r.benutzer_id),
        teilnehmerName: text(r.teilnehmer_name),
        bruttoCents: cents(r.betrag),
        mwstSatz: this.steuer.satz({ seminar: { mwst: satz(r.mwst) } }),
        name: (teilnehmerId !== null ? text(r.p_name) : (gast ?? text(r.b_name))) ?? '',
        kennnummer: teilnehmerId !== null ? text(r.p_kennnummer) : gast ? null : text(r.b_kennnummer),
      };
    });
  }

  /** Abo periods that include chosen seminars, with how many of them. */
  async turni(auswahl: SeminarAuswahl): Promise<TurnusZeile[]> {
    const rows: Roh[] = await this.seminarFilter(
      this.abfrage()
        .select('tu.id', 'id')
        .addSelect('tu.wb_abo_id', 'wb_abo_id')
        .addSelect('a.titel', 'titel')
        .addSelect('tu.von', 'von')
        .addSelect('tu.bis', 'bis')
        .addSelect('tu.mwst', 'mwst')
        .addSelect('COUNT(DISTINCT v.id)', 'seminare')
        .from('wb_abo_turnus_veranstaltung', 'tv')
        .innerJoin('veranstaltung', 'v', 'v.id = tv.veranstaltung_id')
        .innerJoin('wb_abo_turnus', 'tu', 'tu.id = tv.wb_abo_turnus_id')
        .innerJoin('wb_abo', 'a', 'a.id = tu.wb_abo_id'),
      auswahl,
    )
      .groupBy('tu.id')
      .addGroupBy('tu.wb_abo_id')
      .addGroupBy('a.titel')
      .addGroupBy('tu.von')
      .addGroupBy('tu.bis')
      .addGroupBy('tu.mwst')
      .orderBy('tu.von', 'ASC')
      .addOrderBy('tu.id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      id: Number(r.id),
      wb_abo_id: Number(r.wb_abo_id),
      titel: String(r.titel),
      von: datum(r.von),
      bis: datum(r.bis),
      mwst: this.steuer.satz({ turnus: { mwst: satz(r.mwst) } }),
      seminare: zahl(r.seminare),
    }));
  }

  /** Current Abo bookings of these periods. */
  async aboBuchungen(turni: TurnusZeile[]): Promise<AboBuchung[]> {
    if (turni.length === 0) return [];
    const satzJeTurnus = new Map(turni.map((t) => [t.id, t.mwst]));
    const rows: Roh[] = await this.abfrage()
      .select('t.id', 'id')
      .addSelect('t.wb_abo_turnus_id', 'turnus_id')
      .addSelect('t.betrag', 'betrag')
      .addSelect('t.teilnehmer_id', 'teilnehmer_id')
      .addSelect('t.benutzer_id', 'benutzer_id')
      .addSelect('t.teilnehmer', 'teilnehmer_name')
      .from('rw_transaction', 't')
      .where(AKTUELL)
      .andWhere("t.category = 'abos'")
      .andWhere('t.wb_abo_turnus_id IN (:...turnusIds)', { turnusIds: [...satzJeTurnus.keys()] })
      .getRawMany();
    return rows.map((r) => ({
      id: Number(r.id),
      turnusId: Number(r.turnus_id),
      bruttoCents: cents(r.betrag),
      mwstSatz: satzJeTurnus.get(Number(r.turnus_id)) ?? this.steuer.satz({}),
      teilnehmerId: idOder(r.teilnehmer_id),
      benutzerId: idOder(r.benutzer_id),
      teilnehmerName: text(r.teilnehmer_name),
    }));
  }

  /** Newsletters of the chosen seminars with their sent dispatches and all their clicks. */
  async newsletters(auswahl: SeminarAuswahl): Promise<NewsletterZeile[]> {
    const rows: Roh[] = await this.seminarFilter(
      this.abfrage()
        .select('n.id', 'id')
        .addSelect('n.titel', 'titel')
        .addSelect('n.veranstaltung_id', 'veranstaltung_id')
        .addSelect(
          (sub) =>
            sub
              .select('COUNT(*)')
              .from('newsletter_dispatcher', 'd')
              .where('d.newsletter_id = n.id')
              .andWhere('d.versendet = 1'),
          'dispatcher',
        )
        .addSelect(
          (sub) =>
            sub
              .select('COUNT(*)')
              .from('statistik_newsletter', 's')
              .innerJoin('newsletter_dispatcher', 'sd', 'sd.id = s.dispatcher_id')
              .where('sd.newsletter_id = n.id'),
          'klicks',
        )
        .from('newsletter', 'n')
        .innerJoin('veranstaltung', 'v', 'v.id = n.veranstaltung_id'),
      auswahl,
    )
      .orderBy('n.id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      id: Number(r.id),
      titel: String(r.titel),
      veranstaltung_id: idOder(r.veranstaltung_id),
      dispatcher: zahl(r.dispatcher),
      klicks: zahl(r.klicks),
    }));
  }

  /** Clicks on the chosen seminars' newsletters per Berlin month (statistik.datum is a Berlin date). */
  async klicksDerSeminareJeMonat(auswahl: SeminarAuswahl): Promise<{ monat: Monat; klicks: number }[]> {
    const rows: Roh[] = await this.seminarFilter(
      this.klickBasis().innerJoin('veranstaltung', 'v', 'v.id = n.veranstaltung_id'),
      auswahl,
    )
      .select('SUBSTR(s.datum, 1, 7)', 'monat')
      .addSelect('COUNT(*)', 'klicks')
      .groupBy('monat')
      .orderBy('monat', 'ASC')
      .getRawMany();
    return rows.map((r) => ({ monat: String(r.monat), klicks: zahl(r.klicks) }));
  }

  /** Clicks with a dispatch (spec 003 §3: only those count), joined to their dispatch and newsletter. */
  private klickBasis(): Abfrage {
    return this.abfrage()
      .from('statistik_newsletter', 's')
      .innerJoin('newsletter_dispatcher', 'd', 'd.id = s.dispatcher_id')
      .innerJoin('newsletter', 'n', 'n.id = d.newsletter_id');
  }

  private inMonaten<T extends Abfrage>(qb: T, monate: Monat[]): T {
    if (monate.length === 0) return qb;
    const bedingungen = monate.map((_, i) => `(s.datum >= :mVon${i} AND s.datum < :mBis${i})`);
    const parameter = Object.fromEntries(
      monate.flatMap((m, i) => [
        [`mVon${i}`, ersterTag(m)],
        [`mBis${i}`, ersterTag(folgemonat(m))],
      ]),
    );
    return qb.andWhere(`(${bedingungen.join(' OR ')})`, parameter);
  }

  private klickZahlen(qb: Abfrage): Abfrage {
    return qb
      .addSelect('COUNT(*)', 'klicks')
      .addSelect('COUNT(DISTINCT d.newsletter_id)', 'newsletter')
      .addSelect('COUNT(DISTINCT s.dispatcher_id)', 'dispatcher')
      .addSelect('COUNT(DISTINCT s.benutzer_id)', 'benutzer');
  }

  private static zahlen(r: Roh): KlickZahlen {
    return {
      klicks: zahl(r.klicks),
      newsletter: zahl(r.newsletter),
      dispatcher: zahl(r.dispatcher),
      benutzer: zahl(r.benutzer),
    };
  }

  async klicksJeMonat(jahr: number): Promise<(KlickZahlen & { monat: Monat })[]> {
    const rows: Roh[] = await this.klickZahlen(
      this.klickBasis()
        .select('SUBSTR(s.datum, 1, 7)', 'monat')
        .where('s.datum >= :von AND s.datum < :bis', { von: `${jahr}-01-01`, bis: `${jahr + 1}-01-01` }),
    )
      .groupBy('monat')
      .getRawMany();
    return rows.map((r) => ({ monat: String(r.monat), ...AuswertungAbfragen.zahlen(r) }));
  }

  async klicksJeSeminar(
    monate: Monat[],
  ): Promise<
    (KlickZahlen & { veranstaltung_id: number | null; lg_id: string | null; titel: string | null })[]
  > {
    const rows: Roh[] = await this.klickZahlen(
      this.inMonaten(
        this.klickBasis()
          .leftJoin('veranstaltung', 'v', 'v.id = n.veranstaltung_id')
          .select('n.veranstaltung_id', 'veranstaltung_id')
          .addSelect('v.lg_id', 'lg_id')
          .addSelect('v.titel', 'titel'),
        monate,
      ),
    )
      .groupBy('n.veranstaltung_id')
      .addGroupBy('v.lg_id')
      .addGroupBy('v.titel')
      .orderBy('klicks', 'DESC')
      .addOrderBy('n.veranstaltung_id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      veranstaltung_id: idOder(r.veranstaltung_id),
      lg_id: text(r.lg_id),
      titel: text(r.titel),
      ...AuswertungAbfragen.zahlen(r),
    }));
  }

  async klicksJeDispatcher(
    monate: Monat[],
    veranstaltungId: number | null,
  ): Promise<
    (KlickZahlen & {
      dispatcher_id: number;
      newsletter_id: number;
      titel: string;
      versendet_time: Date | null;
    })[]
  > {
    const qb = this.inMonaten(
      this.klickBasis()
        .select('s.dispatcher_id', 'dispatcher_id')
        .addSelect('d.newsletter_id', 'newsletter_id')
        .addSelect('n.titel', 'titel')
        .addSelect('d.versendet_time', 'versendet_time')
        .where(veranstaltungId === null ? 'n.veranstaltung_id IS NULL' : 'n.veranstaltung_id = :vid', {
          vid: veranstaltungId,
        }),
      monate,
    );
    const rows: Roh[] = await this.klickZahlen(qb)
      .groupBy('s.dispatcher_id')
      .addGroupBy('d.newsletter_id')
      .addGroupBy('n.titel')
      .addGroupBy('d.versendet_time')
      .orderBy('d.versendet_time', 'ASC')
      .addOrderBy('s.dispatcher_id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      dispatcher_id: Number(r.dispatcher_id),
      newsletter_id: Number(r.newsletter_id),
      titel: String(r.titel),
      versendet_time: zeitpunkt(r.versendet_time),
      ...AuswertungAbfragen.zahlen(r),
    }));
  }

  async dispatcherGibtEs(id: number): Promise<boolean> {
    const row: Roh | undefined = await this.abfrage()
      .select('d.id', 'id')
      .from('newsletter_dispatcher', 'd')
      .where('d.id = :id', { id })
      .getRawOne();
    return row !== undefined;
  }

  /** Who clicked in one dispatch: per Benutzer (clicks without one together), with the last click's day. */
  async klicksJeBenutzer(
    dispatcherId: number,
    monate: Monat[],
  ): Promise<
    {
      benutzer_id: number | null;
      kennnummer: string | null;
      name: string | null;
      klicks: number;
      letzter_klick: Datum | null;
    }[]
  > {
    const rows: Roh[] = await this.inMonaten(
      this.abfrage()
        .select('s.benutzer_id', 'benutzer_id')
        .addSelect('b.kennnummer', 'kennnummer')
        .addSelect('COALESCE(b.anzeigename, b.firma, b.nachname)', 'name')
        .addSelect('COUNT(*)', 'klicks')
        .addSelect('MAX(s.datum)', 'letzter_klick')
        .from('statistik_newsletter', 's')
        .leftJoin('benutzer', 'b', 'b.id = s.benutzer_id')
        .where('s.dispatcher_id = :dispatcherId', { dispatcherId }),
      monate,
    )
      .groupBy('s.benutzer_id')
      .addGroupBy('b.kennnummer')
      .addGroupBy('b.anzeigename')
      .addGroupBy('b.firma')
      .addGroupBy('b.nachname')
      .orderBy('klicks', 'DESC')
      .addOrderBy('s.benutzer_id', 'ASC')
      .getRawMany();
    return rows.map((r) => ({
      benutzer_id: idOder(r.benutzer_id),
      kennnummer: text(r.kennnummer),
      name: text(r.name),
      klicks: zahl(r.klicks),
      letzter_klick: datum(r.letzter_klick),
    }));
  }

  /**
   * Benutzer with, without or regardless of current bookings of seminars of the given types in the
   * period, as participant (or as booking person of a guest), with their number of such bookings.
   */
  async benutzer(auswahl: BenutzerAuswahl, seite: Seite): Promise<{ count: number; rows: BenutzerZeile[] }> {
    const basis = () => {
      const qb = this.abfrage()
        .from('benutzer', 'b')
        .leftJoin(
          (sub) => {
            sub
              .select('COALESCE(t.teilnehmer_id, t.benutzer_id)', 'pid')
              .addSelect('COUNT(*)', 'anzahl')
              .from('rw_transaction', 't')
              .innerJoin('veranstaltung', 'v', 'v.id = t.veranstaltung_id')
              .where(AKTUELL)
              .andWhere("t.category = 'seminare'");
            this.seminarFilter(sub as Abfrage, {
              von: auswahl.von,
              bis: auswahl.bis,
              veranstaltungIds: [],
              typIds: auswahl.typIds,
            });
            return sub.groupBy('COALESCE(t.teilnehmer_id, t.benutzer_id)');
          },
          'x',
          'x.pid = b.id',
        );
      if (auswahl.filter === 'booking') qb.where('x.pid IS NOT NULL');
      if (auswahl.filter === 'no-booking') qb.where('x.pid IS NULL');
      return qb;
    };
    const gezaehlt: Roh | undefined = await basis().select('COUNT(*)', 'count').getRawOne();
    const qb = basis()
      .select('b.id', 'id')
      .addSelect('b.kennnummer', 'kennnummer')
      .addSelect('COALESCE(b.anzeigename, b.firma, b.nachname)', 'name')
      .addSelect('e.email', 'email')
      .addSelect('b.atr_mitglied', 'atr_mitglied')
      .addSelect('COALESCE(x.anzahl, 0)', 'buchungen')
      .leftJoin('benutzer_email', 'e', 'e.id = b.primaeremail_id')
      .orderBy(this.sqlite ? 'de_sort(b.sortname)' : 'b.sortname', 'ASC')
      .addOrderBy('b.id', 'ASC');
    if (seite.limit !== null) qb.limit(seite.limit).offset(seite.offset);
    const rows: Roh[] = await qb.getRawMany();
    return {
      count: zahl(gezaehlt?.count),
      rows: rows.map((r) => ({
        id: Number(r.id),
        kennnummer: text(r.kennnummer),
        name: text(r.name),
        email: text(r.email),
        atr_mitglied: Boolean(Number(r.atr_mitglied)),
        buchungen: zahl(r.buchungen),
      })),
    };
  }
}
