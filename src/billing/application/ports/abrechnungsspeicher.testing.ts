/**
 * Abrechnungsspeicher in memory, for unit tests of billing's use cases. A unit of work works on a
 * copy of the tables and puts it in place only when it ends without an error, so a refusal or a
 * fault leaves nothing behind, as a rolled-back transaction does. Invoices are handed out as copies.
 * Locking reads lock nothing (one
 * test runs one use case at a time). Records of other contexts are given by the test as they would
 * be read: the candidates of a transaction's VAT rate and template, members, persons.
 */
import type { AuditEntry } from '../../../platform/audit/audit-trail';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { Gastanmeldung } from '../../domain/gastanmeldung';
import type { AbrechnungLogArt, KategorieObjekt } from '../../domain/kategorie';
import type { Nummernkreis } from '../../domain/nummernkreis';
import type { Leistungszeitraum } from '../../domain/rechnungsdokument';
import type { Steuerquellen } from '../../domain/steuerquellen';
import { istAktuell, istNeuesteVersion, zaehltFuerRabattgrenzen } from '../../domain/vorgang';
import {
  Abrechnungsspeicher,
  type AbgerechneteRechnung,
  type Abrechnung,
  type Abrechnungsquelle,
  type Bestellposten,
  type BillingTx,
  type Buchungsobjekt,
  type Buchungsvorgang,
  type NeueRechnung,
  type OffenFilter,
  type Rechnung,
  type Zahlungsweg,
} from './abrechnungsspeicher';
import type { SeminarBuchung, SeminareMitEvents, SeminarTeilnahme } from './seminar-buchungen';
import type { Kontoauszugsposten, Zahlung } from './zahlungsspeicher';

type Werte = Record<string, unknown>;

/** What the test says about a transaction's object (read through its associations in SQL). */
export interface Objektdaten {
  benutzer_name?: string | null;
  quellen: Steuerquellen;
  leistung?: Leistungszeitraum | null;
}

export interface Tabellen {
  vorgaenge: Buchungsvorgang[];
  rechnungen: Rechnung[];
  kreise: Map<number, Nummernkreis>;
  debitorKreise: Map<number, Nummernkreis>;
  vorlagen: {
    id: number;
    titel: string;
    rw_kreis_id: number | null;
    datei: string | null;
    storno_datei: string | null;
    einleitung?: string | null;
    schluss?: string | null;
  }[];
  zahlungswege: (Zahlungsweg & { objekt: KategorieObjekt; skript_per_post: boolean })[];
  abrechnungen: (Abrechnung & Werte)[];
  abrechnungsLog: { rw_abrechnung_id: number; type: AbrechnungLogArt; admin_name: string | null }[];
  audit: AuditEntry[];
  zahlungen: Zahlung[];
  kontoauszug: (Kontoauszugsposten & Werte)[];
  /** The seminar of each event. */
  events: Map<number, number>;
  /** Per transaction's object, by the transaction's id (new versions inherit their chain's). */
  objektdaten: Map<number, Objektdaten>;
  /** Other contexts' records a booking names, by kind and id. */
  objekte: Map<string, Werte>;
  gastanmeldungen: Gastanmeldung[];
  naechsteId: number;
}

const leer = (): Tabellen => ({
  vorgaenge: [],
  rechnungen: [],
  kreise: new Map(),
  debitorKreise: new Map(),
  vorlagen: [],
  zahlungswege: [],
  abrechnungen: [],
  abrechnungsLog: [],
  audit: [],
  zahlungen: [],
  kontoauszug: [],
  events: new Map(),
  objektdaten: new Map(),
  objekte: new Map(),
  gastanmeldungen: [],
  naechsteId: 1,
});

// The rule of a current booking, from common/vorgang.ts (its predicates take plain records).
const aktuell = (v: Buchungsvorgang) => istAktuell({ child_id: v.child_id, storno: v.storno });
const neueste = (v: Buchungsvorgang) => istNeuesteVersion({ child_id: v.child_id });

const nachId = <T extends { id: number }>(zeilen: T[]) => [...zeilen].sort((a, b) => a.id - b.id);

/**
 * An invoice as a read hands it out: a copy, as a row read from the database is, so that a caller
 * changing it changes nothing stored and a later write does not change what was read before
 * (an audit's "before").
 */
export const kopie = <T extends Rechnung | null>(rechnung: T): T => structuredClone(rechnung);

/** An issued, unpaid seminar invoice of 119 € (100 € + 19 %) as the run stores it; `werte` win. */
export const neueRechnung = (werte: Partial<Rechnung> & Pick<Rechnung, 'id' | 'rechnungs_nr'>): Rechnung => ({
  betrag: 119,
  netto: 100,
  mwst: 19,
  storno_id: null,
  storno_parent_id: null,
  bezahloption_typ: 'transfer',
  rw_abrechnung_id: null,
  rw_kreis_id: 1,
  benutzer_id: 10,
  category: 'seminare',
  veranstaltung_id: 7,
  wb_abo_id: null,
  wb_bundle_id: null,
  warenkorb_id: null,
  data: null,
  rw_vorlage_id: null,
  original_datei: null,
  original_sha256: null,
  zahlstatus: 'offen',
  createdAt: new Date('2026-03-01T09:00:00Z'),
  ...werte,
});

/** A payment as staff book it by hand; `werte` win. */
export const neueZahlung = (
  werte: Partial<Zahlung> & Pick<Zahlung, 'id' | 'rw_rechnung_id' | 'betrag'>,
): Zahlung => ({
  datum: '2026-03-15',
  art: 'eingang',
  quelle: 'manuell',
  bank_referenz: null,
  gebuehr: null,
  rueckgabegrund: null,
  rw_kontoauszug_posten_id: null,
  admin_name: null,
  ...werte,
});

/** The defaults of the table's columns (specs that lay transactions down by hand start from them). */
export const NEUER_VORGANG: Omit<Buchungsvorgang, 'id' | 'category'> = {
  first_id: null,
  child_id: null,
  betrag: null,
  verifiziert: false,
  storno: false,
  locked: false,
  rw_rechnung_id: null,
  benutzer_id: null,
  teilnehmer_id: null,
  veranstaltung_id: null,
  veranstaltung_event_id: null,
  wb_abo_id: null,
  wb_abo_turnus_id: null,
  wb_abo_buchung_id: null,
  wb_bundle_id: null,
  warenkorb_id: null,
  produkt_id: null,
  buchung_typ: null,
  buchung_time: null,
  titel: null,
  teilnehmer: null,
  data: null,
  version: 1,
};

class BillingTxInMemory implements BillingTx {
  /** Carries the unit of work's tables, for the Zahlungsspeicher in memory (zahlungsspeicher.testing.ts). */
  readonly transaktion: Transaktion;

  constructor(private readonly t: Tabellen) {
    this.transaktion = { tabellen: t } as unknown as Transaktion;
  }

  private id() {
    return this.t.naechsteId++;
  }

  private gehoert(v: Buchungsvorgang, objekt: KategorieObjekt) {
    if (v.category !== objekt.category) return false;
    if (objekt.category !== 'seminare') return v[objekt.feld] === objekt.id;
    const eventSeminar =
      v.veranstaltung_event_id == null ? null : this.t.events.get(v.veranstaltung_event_id);
    return v.veranstaltung_id === objekt.id || eventSeminar === objekt.id;
  }

  async protokolliere(entry: AuditEntry) {
    this.t.audit.push(entry);
  }

  async vorgangGesperrt(id: number) {
    return this.t.vorgaenge.find((v) => v.id === id) ?? null;
  }

  async vorigeVersionGesperrt(id: number) {
    return this.t.vorgaenge.find((v) => v.child_id === id) ?? null;
  }

  async aktuelleVorgaenge(objekt: KategorieObjekt, benutzerId?: number): Promise<Bestellposten[]> {
    return nachId(
      this.t.vorgaenge.filter(
        (v) =>
          this.gehoert(v, objekt) && aktuell(v) && (benutzerId === undefined || v.benutzer_id === benutzerId),
      ),
    ).map((v) => {
      const benutzer = this.t.objekte.get(`Benutzer:${v.benutzer_id}`);
      return {
        ...v,
        kennnummer: (benutzer?.kennnummer as string | undefined) ?? null,
        benutzer_name: (benutzer?.anzeigename as string | undefined) ?? null,
        rechnungs_nr: this.t.rechnungen.find((r) => r.id === v.rw_rechnung_id)?.rechnungs_nr ?? null,
      };
    });
  }

  async mitgliedMitEmail(id: number) {
    const benutzer = this.t.objekte.get(`Benutzer:${id}`);
    if (!benutzer) return null;
    return {
      id,
      anzeigename: (benutzer.anzeigename as string | undefined) ?? null,
      email: (benutzer.email as string | undefined) ?? null,
    };
  }

  async offeneVorgaengeGesperrt(objekt: KategorieObjekt, filter: OffenFilter) {
    return nachId(
      this.t.vorgaenge.filter(
        (v) =>
          this.gehoert(v, objekt) &&
          aktuell(v) &&
          v.rw_rechnung_id == null &&
          (filter.verifiziert === undefined || v.verifiziert === filter.verifiziert) &&
          (filter.locked === undefined || v.locked === filter.locked),
      ),
    );
  }

  async vorgaengeAufRechnungenGesperrt(rechnungIds: number[]) {
    return nachId(
      this.t.vorgaenge.filter(
        (v) => v.rw_rechnung_id != null && rechnungIds.includes(v.rw_rechnung_id) && neueste(v),
      ),
    );
  }

  async vorgaenge(ids: number[]) {
    return nachId(this.t.vorgaenge.filter((v) => ids.includes(v.id)));
  }

  async vorgaengeEinfuegen(werte: Werte[]) {
    const ids: number[] = [];
    for (const w of werte) ids.push(await this.vorgangEinfuegen(w));
    return ids;
  }

  async vorgangEinfuegen(werte: Werte) {
    const id = this.id();
    const vorgang = { ...NEUER_VORGANG, ...werte, id } as Buchungsvorgang;
    this.t.vorgaenge.push(vorgang);
    // A new version is about the same object as its chain.
    const daten = vorgang.first_id == null ? undefined : this.t.objektdaten.get(vorgang.first_id);
    if (daten) this.t.objektdaten.set(id, daten);
    return id;
  }

  async kettenBeginnen(ids: number[]) {
    for (const v of this.t.vorgaenge)
      if (ids.includes(v.id)) Object.assign(v, { first_id: v.id, version: v.version + 1 });
  }

  async vorgaengeAendern(ids: number[], werte: Partial<Buchungsvorgang>) {
    for (const v of this.t.vorgaenge)
      if (ids.includes(v.id)) Object.assign(v, werte, { version: v.version + 1 });
  }

  async aufRechnungenSetzen(rechnungen: ReadonlyMap<number, number>) {
    for (const v of this.t.vorgaenge) {
      const rechnung = rechnungen.get(v.id);
      if (rechnung !== undefined)
        Object.assign(v, { rw_rechnung_id: rechnung, locked: true, version: v.version + 1 });
    }
  }

  async vorgangLoeschen(id: number) {
    this.t.vorgaenge = this.t.vorgaenge.filter((v) => v.id !== id);
  }

  async seminarbuchungen(seminarId: number, teilnehmerId: number) {
    return this.seminarbuchungenAller([seminarId], [teilnehmerId]);
  }

  async seminarbuchungenAller(seminarIds: number[], teilnehmerIds: number[]) {
    return this.t.vorgaenge.filter(
      (v) =>
        zaehltFuerRabattgrenzen(v) &&
        (seminarIds.includes(v.veranstaltung_id!) || teilnehmerIds.includes(v.teilnehmer_id!)),
    );
  }

  async objekt<T = Werte>(art: Buchungsobjekt, id: number) {
    return (this.t.objekte.get(`${art}:${id}`) ?? null) as T | null;
  }

  async objekte<T = Werte>(art: Buchungsobjekt, ids: number[], _sperren?: boolean) {
    return ids.flatMap((id) => this.t.objekte.get(`${art}:${id}`) ?? []) as (T & { id: number })[];
  }

  async gruppenVon(benutzerId: number) {
    return ((this.t.objekte.get(`Benutzer:${benutzerId}`)?.gruppen as number[] | undefined) ?? []).slice();
  }

  async gruppenVonAllen(benutzerIds: number[]) {
    return new Map(
      await Promise.all(benutzerIds.map(async (id) => [id, await this.gruppenVon(id)] as const)),
    );
  }

  async abrechnungsquellen(vorgangIds: number[]): Promise<Abrechnungsquelle[]> {
    const kreise = new Map(this.t.vorlagen.map((v) => [v.id, v.rw_kreis_id]));
    return nachId(this.t.vorgaenge.filter((v) => vorgangIds.includes(v.id))).map((v) => {
      const daten = this.t.objektdaten.get(v.first_id ?? v.id) ?? this.t.objektdaten.get(v.id);
      return {
        vorgang_id: v.id,
        benutzer_name: daten?.benutzer_name ?? null,
        quellen: daten?.quellen ?? {},
        kreise,
        leistung: daten?.leistung ?? null,
      };
    });
  }

  async rechnungGesperrt(id: number) {
    return kopie(this.t.rechnungen.find((r) => r.id === id) ?? null);
  }

  private rechnungenVon(objekt: KategorieObjekt) {
    return nachId(
      this.t.rechnungen.filter((r) => r.category === objekt.category && r[objekt.feld] === objekt.id),
    ).map(kopie);
  }

  async stornoreifeRechnungenGesperrt(objekt: KategorieObjekt) {
    return this.rechnungenVon(objekt).filter(
      (r) =>
        r.storno_id == null &&
        r.storno_parent_id == null &&
        this.t.vorgaenge.some((v) => v.rw_rechnung_id === r.id && neueste(v) && v.storno),
    );
  }

  async nichtAbgerechneteRechnungenGesperrt(objekt: KategorieObjekt) {
    return this.rechnungenVon(objekt).filter((r) => r.rw_abrechnung_id == null);
  }

  async rechnungenAnlegen(werte: NeueRechnung[]) {
    return werte.map((w) => this.rechnungAnlegen(w));
  }

  private rechnungAnlegen(werte: NeueRechnung) {
    const id = this.id();
    this.t.rechnungen.push({
      betrag: null,
      netto: null,
      mwst: null,
      storno_id: null,
      storno_parent_id: null,
      bezahloption_typ: null,
      rw_abrechnung_id: null,
      rw_kreis_id: null,
      benutzer_id: null,
      category: null,
      veranstaltung_id: null,
      wb_abo_id: null,
      wb_bundle_id: null,
      warenkorb_id: null,
      data: null,
      rw_vorlage_id: null,
      original_datei: null,
      original_sha256: null,
      createdAt: new Date(0),
      ...werte,
      id,
    });
    return id;
  }

  async rechnungenAendern(ids: number[], werte: Partial<Rechnung>) {
    for (const r of this.t.rechnungen) if (ids.includes(r.id)) Object.assign(r, werte);
  }

  async rechnungEmailBeanspruchen(id: number, am: Date) {
    const rechnung = this.t.rechnungen.find((r) => r.id === id);
    if (!rechnung || rechnung.email_versendet_am) return false;
    rechnung.email_versendet_am = am;
    return true;
  }

  async rechnungEmailFreigeben(id: number) {
    const rechnung = this.t.rechnungen.find((r) => r.id === id);
    if (rechnung) rechnung.email_versendet_am = null;
  }

  async rechnungMitEmail(id: number) {
    const rechnung = this.t.rechnungen.find((r) => r.id === id);
    if (!rechnung) return null;
    const email = this.t.objekte.get(`Benutzer:${rechnung.benutzer_id}`)?.email as string | undefined;
    return { ...kopie(rechnung), email: email ?? null };
  }

  async vorlage(id: number) {
    const vorlage = this.t.vorlagen.find((v) => v.id === id);
    return vorlage ? { einleitung: null, schluss: null, ...vorlage } : null;
  }

  async originalSetzen(id: number, datei: string, sha256: string) {
    const rechnung = this.t.rechnungen.find((r) => r.id === id);
    if (!rechnung || rechnung.original_sha256 != null) return false;
    Object.assign(rechnung, { original_datei: datei, original_sha256: sha256 });
    return true;
  }

  async rechnungsKreisGesperrt(id: number) {
    return this.t.kreise.get(id) ?? null;
  }

  async debitorKreisGesperrt(id: number) {
    return this.t.debitorKreise.get(id) ?? null;
  }

  async kreisZaehlerSetzen(art: 'rechnung' | 'debitor', id: number, current_nr: number) {
    const kreis = (art === 'rechnung' ? this.t.kreise : this.t.debitorKreise).get(id);
    if (kreis) kreis.current_nr = current_nr;
  }

  private optionenVon(objekt: KategorieObjekt) {
    return nachId(
      this.t.zahlungswege.filter((o) => o.objekt.category === objekt.category && o.objekt.id === objekt.id),
    );
  }

  async zahlungswege(objekt: KategorieObjekt, benutzerIds: number[]) {
    return this.optionenVon(objekt).filter((o) => benutzerIds.includes(o.benutzer_id));
  }

  async bezahloptionenFuer(objekt: KategorieObjekt, benutzerId?: number) {
    return this.optionenVon(objekt)
      .filter((o) => benutzerId === undefined || o.benutzer_id === benutzerId)
      .sort((a, b) => a.benutzer_id - b.benutzer_id)
      .map((o) => ({ id: o.id, benutzer_id: o.benutzer_id, skript_per_post: o.skript_per_post }));
  }

  async bezahloptionLoeschen(id: number) {
    const option = this.t.zahlungswege.find((o) => o.id === id);
    this.t.zahlungswege = this.t.zahlungswege.filter((o) => o.id !== id);
    return option ? { ...option } : null;
  }

  async abrechnung(id: number) {
    return this.t.abrechnungen.find((a) => a.id === id) ?? null;
  }

  async abrechnungAnlegen(werte: Werte) {
    const id = this.id();
    this.t.abrechnungen.push({ data: null, createdAt: new Date(), ...werte, id });
    return id;
  }

  async abrechnungAendern(id: number, data: Record<string, unknown>) {
    const abrechnung = this.t.abrechnungen.find((a) => a.id === id);
    if (abrechnung) abrechnung.data = data;
  }

  async abrechnungProtokollieren(id: number, type: AbrechnungLogArt, admin_name: string | null) {
    this.t.abrechnungsLog.push({ rw_abrechnung_id: id, type, admin_name });
  }

  async rechnungenDerAbrechnung(id: number): Promise<AbgerechneteRechnung[]> {
    return nachId(this.t.rechnungen.filter((r) => r.rw_abrechnung_id === id)).map((r) => ({
      ...kopie(r),
      benutzer_name: null,
      storno_konto: null,
    }));
  }

  async verrechnet(rechnungIds: number[]) {
    const summen = new Map<number, number>();
    for (const z of this.t.zahlungen)
      if (z.art === 'verrechnung' && rechnungIds.includes(z.rw_rechnung_id))
        summen.set(z.rw_rechnung_id, ((summen.get(z.rw_rechnung_id) ?? 0) * 100 + z.betrag * 100) / 100);
    return summen;
  }

  async buchungenZuSeminar(veranstaltungId: number) {
    return this.t.vorgaenge.filter(
      (v) =>
        v.veranstaltung_id === veranstaltungId ||
        (v.veranstaltung_event_id != null && this.t.events.get(v.veranstaltung_event_id) === veranstaltungId),
    ).length;
  }

  async buchungenZuEvent(eventId: number) {
    return this.t.vorgaenge.filter((v) => v.veranstaltung_event_id === eventId).length;
  }

  async aboBuchungsVorgaengeGesperrt(aboBuchungId: number): Promise<Buchungsvorgang[]> {
    return nachId(this.t.vorgaenge.filter((v) => v.wb_abo_buchung_id === aboBuchungId && neueste(v))).map(
      (v) => ({ ...v }),
    );
  }

  async aboPerioden(aboId: number) {
    return this.t.vorgaenge
      .filter((v) => v.wb_abo_id === aboId && v.wb_abo_buchung_id != null && neueste(v))
      .map(({ wb_abo_buchung_id, wb_abo_turnus_id }) => ({ wb_abo_buchung_id, wb_abo_turnus_id }));
  }

  async aboBuchungAbgerechnet(aboBuchungId: number) {
    return this.t.vorgaenge.filter((v) => v.wb_abo_buchung_id === aboBuchungId && v.rw_rechnung_id != null)
      .length;
  }

  async gastanmeldungGesperrt(id: number): Promise<Gastanmeldung | null> {
    const gast = this.t.gastanmeldungen.find((g) => g.id === id);
    return gast ? { ...gast } : null;
  }

  async gastanmeldungAendern(id: number, werte: Partial<Gastanmeldung>): Promise<void> {
    const gast = this.t.gastanmeldungen.find((g) => g.id === id);
    if (gast) Object.assign(gast, werte);
  }

  async aktuelleSeminarBuchungen(seminare: SeminareMitEvents): Promise<Map<number, SeminarBuchung[]>> {
    return new Map(
      [...seminare].map(([id, eventIds]) => {
        const aktuelle = this.t.vorgaenge.filter(
          (v) =>
            v.category === 'seminare' &&
            (v.veranstaltung_id === id || eventIds.includes(v.veranstaltung_event_id ?? 0)) &&
            aktuell(v),
        );
        const buchungen = nachId(aktuelle).map((v) => ({
          id: v.id,
          veranstaltung_event_id: v.veranstaltung_event_id,
          betrag: v.betrag,
          buchung_typ: v.buchung_typ,
          teilnehmer: v.teilnehmer,
          person: null,
        }));
        return [id, buchungen];
      }),
    );
  }

  async aktuelleSeminarTeilnahmen(seminare: SeminareMitEvents): Promise<Map<number, SeminarTeilnahme[]>> {
    const buchungen = await this.aktuelleSeminarBuchungen(seminare);
    return new Map(
      [...buchungen].map(([id, liste]) => [
        id,
        liste.map(({ id: buchungId, veranstaltung_event_id, teilnehmer, person }) => ({
          id: buchungId,
          veranstaltung_event_id,
          teilnehmer,
          person,
        })),
      ]),
    );
  }
}

export class AbrechnungsspeicherInMemory extends Abrechnungsspeicher {
  tabellen: Tabellen = leer();

  async transaktion<T>(arbeit: (tx: BillingTx) => Promise<T>): Promise<T> {
    const kopie = structuredClone(this.tabellen);
    const ergebnis = await arbeit(new BillingTxInMemory(kopie));
    this.tabellen = kopie;
    return ergebnis;
  }

  in(): BillingTx {
    return new BillingTxInMemory(this.tabellen);
  }

  lesen(): BillingTx {
    return new BillingTxInMemory(this.tabellen);
  }
}
