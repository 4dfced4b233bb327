/**
 * New bookings (issue 13: `POST /node/api/rw-transaction`, and `…/preis` for the booking dialog).
 * The amount is the participant's price tier of the seminar or event (domain/buchung.ts), then the
 * discounts and the voucher through promotions' Preisfindung; bundles, products and Abo periods
 * take their own price. One database transaction writes the booking, redeems the voucher, keeps
 * the participant counts and writes the audit entry; a refusal writes nothing.
 *
 * Member, seminar, bundle and the rest belong to other contexts: Abrechnungsspeicher reads them
 * through the transaction's associations, as the invoice run does.
 */
import { Injectable } from '@nestjs/common';
import { berlinDatum } from '../../../common/kalender';
import { gutscheinWertText } from '../../../common/gutschein';
import type { Actor } from '../../platform/audit/audit-trail';
import { auditChanges } from '../../platform/audit/audit-changes';
import { Ereignisbus } from '../../platform/events/ereignisbus';
import type { Row } from '../../platform/resources/resource-definition';
import { ResourceReader } from '../../platform/resources/resource-reader';
import { ResourceRegistry } from '../../platform/resources/resource-registry';
import {
  Preisfindung,
  type RabattBuchung,
  type RabattErgebnis,
} from '../../promotions/application/ports/preisfindung';
import { DomainError } from '../../shared/domain-error';
import { buchungAktiv, buchungsZiel } from '../../shared/ereignisse';
import { centsToEuros, eurosToCents, type Cents } from '../../shared/money';
import {
  bruttoPreis,
  buchungsanfrage,
  buchungsbetrag,
  buchungstitel,
  pruefeTeilnehmer,
  teilnehmerart,
  waehlePreisstufe,
  type Buchungsanfrage,
  type BuchungsEingabe,
  type Person,
  type Preisstufe,
} from '../domain/buchung';
import { Abrechnungsspeicher, type BillingTx, type Buchungsvorgang } from './ports/abrechnungsspeicher';
import { READ_COMMITTED } from './rechnungslauf';
import { Uhr } from './ports/uhr';

const RESOURCE = 'rw-transaction';

/** What `POST …/rw-transaction/preis` answers (euros), and what a booking is written from. */
export interface Preisauskunft {
  preis_stufe: number | null;
  preis_bezeichnung: string | null;
  /** The list price before discount and voucher. */
  preis: number;
  rabatte: { id: number; titel: string; betrag: number; abzug: number }[];
  rabatt_id: number | null;
  gutschein: { code: string; typ: string; wert: number; anzeige: string; abzug: number } | null;
  /** The amount booked. */
  betrag: number;
  titel: string;
  teilnehmer: string | null;
}

/** The booked object: what the row names, its price and, for seminars, what discounts look at. */
interface Objekt {
  felder: Partial<Buchungsvorgang>;
  titel: string;
  listenpreis: Cents;
  stufe: Preisstufe | null;
  /** Seminars and events only: discounts and vouchers apply to them. */
  seminar: { id: number; typId: number | null; datum: string } | null;
}

/** A booking as written: its row values with its id. */
type Gespeichert = Partial<Buchungsvorgang> & { id: number };

/** Where a booking's discounts come from: promotions' port, or its rules loaded once per batch. */
type Rabattfindung = (buchung: RabattBuchung) => Promise<RabattErgebnis>;

interface Berechnung {
  auskunft: Preisauskunft;
  werte: Partial<Buchungsvorgang>;
}

/** The voucher's refusals are bad input of the booking: 400 with promotions' German message. */
function alsEingabefehler<T>(arbeit: () => Promise<T>): Promise<T> {
  return arbeit().catch((fehler: unknown) => {
    if (fehler instanceof DomainError && fehler.code.startsWith('GUTSCHEIN_'))
      throw DomainError.invalid(fehler.code, fehler.message);
    throw fehler;
  });
}

const nichtGefunden = (code: string, message: string) => DomainError.notFound(code, message);

@Injectable()
export class Buchungen {
  constructor(
    private readonly speicher: Abrechnungsspeicher,
    private readonly preisfindung: Preisfindung,
    private readonly ereignisse: Ereignisbus,
    private readonly uhr: Uhr,
    private readonly registry: ResourceRegistry,
    private readonly reader: ResourceReader,
  ) {}

  /** The amount a booking would get, with the discounts on offer; writes nothing. */
  async preis(eingabe: BuchungsEingabe): Promise<Preisauskunft> {
    const anfrage = buchungsanfrage(eingabe);
    return (await this.berechne(this.speicher.lesen(), anfrage, this.uhr.jetzt(), false)).auskunft;
  }

  /**
   * Books: answers the new transaction as the generic reader shows it. `jetzt` is the booking time
   * (the demo data books in the past, at the dates it plays through).
   */
  async buchen(eingabe: BuchungsEingabe, actor: Actor | null, jetzt = this.uhr.jetzt()): Promise<Row> {
    // READ COMMITTED on MySQL: once the seminar row is locked, the earlier bookings that the
    // discounts' limits count are read as committed, not from a snapshot taken before the lock.
    const id = await this.speicher.transaktion(
      (tx) => this.buchenIn(tx, eingabe, actor, jetzt),
      READ_COMMITTED,
    );
    return this.reader.get(this.registry.get(RESOURCE), id);
  }

  /**
   * Books in the caller's transaction `tx` (which should read committed, as `buchen`'s does): writes
   * the transaction, redeems the voucher, announces it and writes the audit entry; answers its id.
   */
  async buchenIn(tx: BillingTx, eingabe: BuchungsEingabe, actor: Actor | null, jetzt: Date): Promise<number> {
    const gespeichert = await this.anlegen(tx, buchungsanfrage(eingabe), actor, jetzt);
    await tx.kettenBeginnen([gespeichert.id]);
    await this.ereignisse.melden('buchung.geaendert', { ziele: [buchungsZiel(gespeichert)] }, tx.transaktion);
    return gespeichert.id;
  }

  /**
   * Writes one booking in `tx` with its voucher and audit entry; starting its chain (`first_id`,
   * which no booking rule reads) and announcing it are the caller's (`buchenIn`, Buchungsstapel).
   * `rabatte`: where its discounts come from, by default promotions' port.
   */
  async anlegen(
    tx: BillingTx,
    anfrage: Buchungsanfrage,
    actor: Actor | null,
    jetzt: Date,
    rabatte?: Rabattfindung,
  ): Promise<Gespeichert> {
    const werte = await this.vorbereiten(tx, anfrage, jetzt, rabatte);
    return this.eingefuegt(tx, werte, await tx.vorgangEinfuegen(werte), actor);
  }

  /**
   * A booking's row as `anlegen` writes it, its voucher redeemed in `tx`, not inserted yet: a batch
   * inserts several together (Buchungsstapel), then hands each to `eingefuegt`.
   */
  async vorbereiten(
    tx: BillingTx,
    anfrage: Buchungsanfrage,
    jetzt: Date,
    rabatte?: Rabattfindung,
  ): Promise<Partial<Buchungsvorgang>> {
    return (await this.berechne(tx, anfrage, jetzt, true, rabatte)).werte;
  }

  /** What follows a booking's insert as row `id`: its voucher bound to it and its audit entry. */
  async eingefuegt(
    tx: BillingTx,
    werte: Partial<Buchungsvorgang>,
    id: number,
    actor: Actor | null,
  ): Promise<Gespeichert> {
    const gespeichert = { ...werte, id, first_id: id };
    // The voucher it redeemed names it as its holder, to be given back if it is cancelled.
    await this.ereignisse.melden('buchung.aktiv', buchungAktiv(gespeichert, true, actor), tx.transaktion);
    await tx.protokolliere({
      actor,
      resource: RESOURCE,
      recordId: id,
      action: 'create',
      changes: auditChanges(null, gespeichert as Row),
    });
    return gespeichert;
  }

  /**
   * The booking's row values and price information. `schreiben`: in the booking's transaction,
   * the seminar row locked (so the discounts' per-seminar limits count every earlier booking) and
   * the voucher redeemed.
   */
  private async berechne(
    tx: BillingTx,
    anfrage: Buchungsanfrage,
    jetzt: Date,
    schreiben: boolean,
    rabatte: Rabattfindung = (b) => this.preisfindung.rabatte(b),
  ): Promise<Berechnung> {
    const mitglied = await this.person(tx, anfrage.benutzer_id, 'Mitglied');
    const teilnehmer =
      anfrage.teilnehmer_id === mitglied.id
        ? mitglied
        : await this.person(tx, anfrage.teilnehmer_id, 'Teilnehmer');
    pruefeTeilnehmer(mitglied, teilnehmer);
    const arbeitgeber =
      teilnehmer.parent_id == null ? null : await tx.objekt<Person>('Benutzer', teilnehmer.parent_id);
    const art = teilnehmerart(teilnehmer, arbeitgeber);
    const objekt = await this.objekt(tx, anfrage, art, schreiben);

    let angeboten: Preisauskunft['rabatte'] = [];
    let rabatt: { id: number; titel: string; abzug: Cents } | null = null;
    if (objekt.seminar) {
      const ergebnis = await rabatte({
        preis: objekt.listenpreis,
        teilnehmer: { id: teilnehmer.id, gruppenIds: await tx.gruppenVon(teilnehmer.id) },
        seminar: objekt.seminar,
        buchungsdatum: berlinDatum(jetzt),
        frueher: fruehere(await tx.seminarbuchungen(objekt.seminar.id, teilnehmer.id)),
      });
      angeboten = ergebnis.rabatte.map((r) => ({
        id: r.id,
        titel: r.titel,
        betrag: centsToEuros(r.betrag),
        abzug: centsToEuros(r.abzug),
      }));
      if (anfrage.wb_rabatt_id === undefined) rabatt = ergebnis.gewaehlt;
      else if (anfrage.wb_rabatt_id !== null) {
        rabatt = ergebnis.rabatte.find((r) => r.id === anfrage.wb_rabatt_id) ?? null;
        if (!rabatt)
          throw DomainError.invalid(
            'BUCHUNG_RABATT',
            `Der Rabatt ${anfrage.wb_rabatt_id} ist für diese Buchung nicht anwendbar.`,
          );
      }
    } else if (anfrage.wb_rabatt_id != null) {
      throw DomainError.invalid('BUCHUNG_RABATT', 'Rabatte gelten nur für Seminare und Veranstaltungen.');
    }
    const rabattAbzug = rabatt?.abzug ?? 0;

    let gutschein: Preisauskunft['gutschein'] = null;
    let gutscheinAbzug = 0;
    if (anfrage.voucher_code !== null) {
      const seminar = objekt.seminar;
      // Vouchers are for seminars ('Alle' or one seminar); elsewhere they do not apply.
      if (!seminar)
        throw DomainError.invalid('GUTSCHEIN_NICHT_HIER', 'Der Gutschein ist hier nicht anwendbar!');
      const buchung = { preis: objekt.listenpreis - rabattAbzug, seminarId: seminar.id };
      const code = anfrage.voucher_code;
      const wirkung = await alsEingabefehler(() =>
        schreiben
          ? this.preisfindung.gutscheinEinloesen(tx.transaktion, code, buchung)
          : this.preisfindung.gutschein(code, buchung),
      );
      gutscheinAbzug = wirkung.abzug;
      const { typ, wert } = wirkung.gutschein;
      gutschein = {
        code: wirkung.gutschein.code,
        typ,
        wert: Number(wert),
        anzeige: gutscheinWertText(typ, wert),
        abzug: centsToEuros(wirkung.abzug),
      };
    }

    const betrag = buchungsbetrag({
      listenpreis: objekt.listenpreis,
      rabattAbzug,
      gutscheinAbzug,
      manuell: anfrage.betrag,
    });
    const titel = anfrage.titel ?? objekt.titel;
    const auskunft: Preisauskunft = {
      preis_stufe: objekt.stufe?.stufe ?? null,
      preis_bezeichnung: objekt.stufe?.bezeichnung ?? null,
      preis: centsToEuros(objekt.listenpreis),
      rabatte: angeboten,
      rabatt_id: rabatt?.id ?? null,
      gutschein,
      betrag: centsToEuros(betrag),
      titel,
      teilnehmer: teilnehmer.anzeigename,
    };
    const werte: Partial<Buchungsvorgang> = {
      ...objekt.felder,
      category: anfrage.category,
      benutzer_id: mitglied.id,
      teilnehmer_id: teilnehmer.id,
      buchung_typ: anfrage.buchung_typ,
      buchung_time: jetzt,
      titel,
      teilnehmer: teilnehmer.anzeigename,
      betrag: centsToEuros(betrag),
      verifiziert: anfrage.verifiziert,
      storno: false,
      locked: false,
      // What the amount was made of, so that an invoice can show it.
      data: {
        preis_stufe: auskunft.preis_stufe,
        preis_bezeichnung: auskunft.preis_bezeichnung,
        listenpreis: auskunft.preis,
        rabatt_id: rabatt?.id ?? null,
        rabatt_titel: rabatt?.titel ?? null,
        rabatt_abzug: centsToEuros(rabattAbzug),
        gutschein_code: gutschein?.code ?? null,
        gutschein_abzug: centsToEuros(gutscheinAbzug),
        betrag_manuell: anfrage.betrag !== null,
      },
    };
    return { auskunft, werte };
  }

  private async person(tx: BillingTx, id: number, rolle: 'Mitglied' | 'Teilnehmer'): Promise<Person> {
    const person = await tx.objekt<Person>('Benutzer', id);
    if (!person)
      throw nichtGefunden(
        rolle === 'Mitglied' ? 'MITGLIED_NICHT_GEFUNDEN' : 'TEILNEHMER_NICHT_GEFUNDEN',
        `${rolle} ${id} wurde nicht gefunden.`,
      );
    return person;
  }

  private async objekt(
    tx: BillingTx,
    anfrage: Buchungsanfrage,
    art: ReturnType<typeof teilnehmerart>,
    sperren: boolean,
  ): Promise<Objekt> {
    switch (anfrage.category) {
      case 'seminare':
        return this.seminar(tx, anfrage, art, sperren);
      case 'bundle': {
        if (anfrage.wb_bundle_id === null)
          throw DomainError.invalid('BUCHUNG_OBJEKT', 'Bitte wählen Sie das Bundle.');
        const bundle = await tx.objekt('WB_Bundle', anfrage.wb_bundle_id);
        if (!bundle)
          throw nichtGefunden(
            'BUNDLE_NICHT_GEFUNDEN',
            `Bundle ${anfrage.wb_bundle_id} wurde nicht gefunden.`,
          );
        return {
          felder: { wb_bundle_id: anfrage.wb_bundle_id },
          titel: buchungstitel(null, (bundle.titel_rechnung as string) || (bundle.titel as string)),
          listenpreis: bruttoPreis(
            Number(bundle.preis),
            Boolean(bundle.is_netto),
            bundle.mwst as number | null,
          ),
          stufe: null,
          seminar: null,
        };
      }
      case 'produkte': {
        if (anfrage.produkt_id === null || anfrage.warenkorb_id === null)
          throw DomainError.invalid(
            'BUCHUNG_OBJEKT',
            'Ein Produkt wird zu einer Bestellung gebucht: bitte Produkt und Warenkorb angeben.',
          );
        const produkt = await tx.objekt('Produkt', anfrage.produkt_id);
        if (!produkt)
          throw nichtGefunden(
            'PRODUKT_NICHT_GEFUNDEN',
            `Produkt ${anfrage.produkt_id} wurde nicht gefunden.`,
          );
        const korb = await tx.objekt('Warenkorb', anfrage.warenkorb_id);
        if (!korb || Number(korb.benutzer_id) !== anfrage.benutzer_id)
          throw nichtGefunden(
            'WARENKORB_NICHT_GEFUNDEN',
            `Warenkorb ${anfrage.warenkorb_id} des Mitglieds wurde nicht gefunden.`,
          );
        return {
          felder: { produkt_id: anfrage.produkt_id, warenkorb_id: anfrage.warenkorb_id },
          titel: buchungstitel(null, (produkt.titel_rechnung as string) || (produkt.titel as string)),
          listenpreis: eurosToCents(Number(produkt.preis)),
          stufe: null,
          seminar: null,
        };
      }
      case 'abos': {
        if (anfrage.wb_abo_turnus_id === null)
          throw DomainError.invalid('BUCHUNG_OBJEKT', 'Bitte wählen Sie den Turnus des Abos.');
        const turnus = await tx.objekt('WB_Abo_Turnus', anfrage.wb_abo_turnus_id);
        if (!turnus)
          throw nichtGefunden(
            'TURNUS_NICHT_GEFUNDEN',
            `Turnus ${anfrage.wb_abo_turnus_id} wurde nicht gefunden.`,
          );
        if (anfrage.wb_abo_id !== null && Number(turnus.wb_abo_id) !== anfrage.wb_abo_id)
          throw DomainError.invalid(
            'BUCHUNG_TURNUS_ABO',
            `Turnus ${anfrage.wb_abo_turnus_id} gehört nicht zum Abo ${anfrage.wb_abo_id}.`,
          );
        const abo = (await tx.objekt('WB_Abo', Number(turnus.wb_abo_id)))!;
        if (anfrage.wb_abo_buchung_id !== null) {
          const buchung = await tx.objekt('WB_Abo_Buchung', anfrage.wb_abo_buchung_id);
          if (
            !buchung ||
            Number(buchung.wb_abo_id) !== abo.id ||
            Number(buchung.benutzer_id) !== anfrage.benutzer_id
          )
            throw nichtGefunden(
              'ABO_BUCHUNG_NICHT_GEFUNDEN',
              `Abo-Buchung ${anfrage.wb_abo_buchung_id} des Mitglieds für dieses Abo wurde nicht gefunden.`,
            );
        }
        return {
          felder: {
            wb_abo_id: Number(abo.id),
            wb_abo_turnus_id: anfrage.wb_abo_turnus_id,
            wb_abo_buchung_id: anfrage.wb_abo_buchung_id,
          },
          titel: buchungstitel(null, (abo.titel_rechnung as string) || (abo.titel as string)),
          listenpreis: eurosToCents(Number(turnus.preis)),
          stufe: null,
          seminar: null,
        };
      }
    }
  }

  /**
   * A seminar or one of its events: the event's tiers when it can be booked on its own, else the
   * seminar's. An event named together with a seminar must belong to it.
   */
  private async seminar(
    tx: BillingTx,
    anfrage: Buchungsanfrage,
    art: ReturnType<typeof teilnehmerart>,
    sperren: boolean,
  ): Promise<Objekt> {
    let event: Row | null = null;
    let seminarId = anfrage.veranstaltung_id;
    if (anfrage.veranstaltung_event_id !== null) {
      event = await tx.objekt('Veranstaltung_Event', anfrage.veranstaltung_event_id);
      if (!event)
        throw nichtGefunden(
          'EVENT_NICHT_GEFUNDEN',
          `Veranstaltung ${anfrage.veranstaltung_event_id} wurde nicht gefunden.`,
        );
      if (seminarId !== null && Number(event.veranstaltung_id) !== seminarId)
        throw DomainError.invalid(
          'BUCHUNG_EVENT_SEMINAR',
          `Veranstaltung ${anfrage.veranstaltung_event_id} gehört nicht zum Seminar ${seminarId}.`,
        );
      seminarId = Number(event.veranstaltung_id);
    }
    if (seminarId === null)
      throw DomainError.invalid('BUCHUNG_OBJEKT', 'Bitte wählen Sie das Seminar oder die Veranstaltung.');
    // Locked while booking: the discounts' per-seminar limits count the bookings before this one.
    const seminar = await tx.objekt('Veranstaltung', seminarId, sperren);
    if (!seminar) throw nichtGefunden('SEMINAR_NICHT_GEFUNDEN', `Seminar ${seminarId} wurde nicht gefunden.`);
    const staffel = event?.einzeln_buchbar ? event : seminar;
    const stufe = waehlePreisstufe(staffel, art, anfrage.preis);
    const datum =
      (event?.datum as string | null) ??
      (seminar.beginn ? berlinDatum(new Date(seminar.beginn as string | Date)) : berlinDatum(new Date()));
    return {
      felder: { veranstaltung_id: seminarId, veranstaltung_event_id: anfrage.veranstaltung_event_id },
      titel: buchungstitel(
        (event?.lg_id as string | null) ?? (seminar.lg_id as string | null),
        (event?.titel as string | null) ?? (seminar.titel as string),
      ),
      listenpreis: stufe?.preis ?? 0,
      stufe,
      seminar: {
        id: seminarId,
        typId: (seminar.veranstaltung_typ_id as number | null) ?? null,
        datum,
      },
    };
  }
}

/** The current seminar bookings the discounts' limits count, with the discount each got. */
function fruehere(buchungen: Buchungsvorgang[]) {
  return buchungen.map((t) => ({
    teilnehmerId: t.teilnehmer_id ?? t.benutzer_id ?? 0,
    seminarId: t.veranstaltung_id!,
    rabattIds: typeof t.data?.rabatt_id === 'number' ? [t.data.rabatt_id] : [],
  }));
}
