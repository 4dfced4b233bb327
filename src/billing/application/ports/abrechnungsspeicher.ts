/**
 * Port: billing's stored state — booking transactions, invoices, number circles, payment options,
 * summaries — as the use cases need it (issue 27). The use cases decide; this port reads and writes.
 * `transaktion` runs a unit of work: every method of its `BillingTx` runs in that one database
 * transaction, `…Gesperrt` reads hold their rows locked until it ends (row locks on MariaDB; SQLite
 * has one writer at a time), lists come in ascending id order. Rows carry the columns of their table.
 */
import type { Transaktion } from '../../../platform/database/transaktion';
import type { AuditEntry } from '../../../platform/audit/audit-trail';
import type { Gastanmeldung } from '../../domain/gastanmeldung';
import type { AbrechnungLogArt, BezahlTyp, Kategorie, KategorieObjekt } from '../../domain/kategorie';
import type { Nummernkreis } from '../../domain/nummernkreis';
import type { Konto, Leistungszeitraum } from '../../domain/rechnungsdokument';
import type { Steuerquellen } from '../../domain/steuerquellen';
import type { Zahlstatus } from '../../domain/zahlung';
import type { SeminarBuchung, SeminareMitEvents, SeminarTeilnahme } from './seminar-buchungen';

type Werte = Record<string, unknown>;

/** A booking transaction (rw_transaction), one version of it. */
export interface Buchungsvorgang {
  id: number;
  first_id: number | null;
  child_id: number | null;
  betrag: number | null;
  verifiziert: boolean;
  storno: boolean;
  locked: boolean;
  rw_rechnung_id: number | null;
  benutzer_id: number | null;
  teilnehmer_id: number | null;
  category: Kategorie;
  veranstaltung_id: number | null;
  veranstaltung_event_id: number | null;
  wb_abo_id: number | null;
  wb_abo_turnus_id: number | null;
  wb_abo_buchung_id: number | null;
  wb_bundle_id: number | null;
  warenkorb_id: number | null;
  produkt_id: number | null;
  buchung_typ: string | null;
  buchung_time: Date | null;
  titel: string | null;
  teilnehmer: string | null;
  data: Record<string, unknown> | null;
  version: number;
}

/** An issued invoice or storno invoice (rw_rechnung). */
export interface Rechnung {
  id: number;
  rechnungs_nr: string;
  betrag: number | null;
  netto: number | null;
  mwst: number | null;
  storno_id: number | null;
  storno_parent_id: number | null;
  bezahloption_typ: BezahlTyp | null;
  rw_abrechnung_id: number | null;
  rw_kreis_id: number | null;
  benutzer_id: number | null;
  category: Kategorie | null;
  veranstaltung_id: number | null;
  wb_abo_id: number | null;
  wb_bundle_id: number | null;
  warenkorb_id: number | null;
  data: Record<string, unknown> | null;
  /** The template it was issued with; null: the shipped default. */
  rw_vorlage_id: number | null;
  /** The PDF rendered at issue in the invoice archive (ports/rechnungsarchiv.ts) and its SHA-256. */
  original_datei: string | null;
  original_sha256: string | null;
  /** Derived by domain/zahlung.ts from the amount and the payments (issue 28). */
  zahlstatus?: Zahlstatus | null;
  /** When the summary's batch e-mail claimed it (null: not mailed by a batch). */
  email_versendet_am?: Date | null;
  createdAt: Date;
}

/** An invoice template with the HTML of its opening and closing text blocks (rw-text). */
export interface Rechnungsvorlage {
  id: number;
  titel: string;
  datei: string | null;
  storno_datei: string | null;
  einleitung: string | null;
  schluss: string | null;
}

/** The fields an invoice is issued with (number, amounts and content included). */
export type NeueRechnung = Partial<Omit<Rechnung, 'id'>> & { rechnungs_nr: string };

/** An invoice of a summary with what its SEPA payment needs beyond its snapshot. */
export interface AbgerechneteRechnung extends Rechnung {
  benutzer_name: string | null;
  /** The refund account chosen on the invoice a storno cancels (null: none chosen). */
  storno_konto: Konto | null;
}

/** A payment option of a member for one object, with the address and account it names. */
export interface Zahlungsweg {
  id: number;
  benutzer_id: number;
  typ: BezahlTyp | null;
  adresse: {
    bezeichnung: string | null;
    strasse: string | null;
    plz: string | null;
    ort: string | null;
  } | null;
  konto: Required<Konto> | null;
  /** Where refunds go (neg_benutzer_konto_id, set in the payment option dialog); absent: none set. */
  erstattungskonto?: Required<Konto> | null;
  /** Issue 29: the member's firma, whether the option asks for an e-invoice, the Leitweg-ID. */
  firma?: string | null;
  e_rechnung?: boolean;
  leitweg_id?: string | null;
}

/** A current booking as overviews list it: the transaction with its member and invoice named. */
export interface Bestellposten extends Buchungsvorgang {
  kennnummer: string | null;
  benutzer_name: string | null;
  rechnungs_nr: string | null;
}

/** What an invoice needs to know about a transaction beyond its row: read, not decided. */
export interface Abrechnungsquelle {
  vorgang_id: number;
  benutzer_name: string | null;
  /** The candidates of its VAT rate and invoice template (domain/steuerquellen.ts decides). */
  quellen: Steuerquellen;
  /** The circle of each invoice template named among the candidates. */
  kreise: Map<number, number | null>;
  leistung: Leistungszeitraum | null;
}

export interface Abrechnung {
  id: number;
  data: Record<string, unknown> | null;
  createdAt: Date;
}

/** Which open current transactions: those with these values of `verifiziert` and `locked`. */
export interface OffenFilter {
  verifiziert?: boolean;
  locked?: boolean;
}

/** Records of other contexts a booking names, reached through the transaction's associations. */
export type Buchungsobjekt =
  | 'Benutzer'
  | 'Veranstaltung'
  | 'Veranstaltung_Event'
  | 'WB_Bundle'
  | 'Produkt'
  | 'Warenkorb'
  | 'WB_Abo'
  | 'WB_Abo_Turnus'
  | 'WB_Abo_Buchung';

/** One database transaction's view of billing's tables. */
export interface BillingTx {
  /** The transaction itself, for other contexts' ports and the event bus. */
  readonly transaktion: Transaktion;
  /** An audit entry written in this transaction. */
  protokolliere(entry: AuditEntry): Promise<void>;

  // Booking transactions.
  vorgangGesperrt(id: number): Promise<Buchungsvorgang | null>;
  /** The version that `id` replaced (its `child_id` is `id`). */
  vorigeVersionGesperrt(id: number): Promise<Buchungsvorgang | null>;
  /** The current transactions of the object (a seminar's include its events') that no invoice settled yet. */
  offeneVorgaengeGesperrt(objekt: KategorieObjekt, filter: OffenFilter): Promise<Buchungsvorgang[]>;
  /**
   * The current transactions of the object, invoiced or not (a seminar's include its events'),
   * with `benutzerId` only the member's; with the member's name and number and the invoice's number.
   */
  aktuelleVorgaenge(objekt: KategorieObjekt, benutzerId?: number): Promise<Bestellposten[]>;
  /** The latest versions on these invoices. */
  vorgaengeAufRechnungenGesperrt(rechnungIds: number[]): Promise<Buchungsvorgang[]>;
  vorgaenge(ids: number[]): Promise<Buchungsvorgang[]>;
  /** Inserts a transaction version; answers its id. */
  vorgangEinfuegen(werte: Werte): Promise<number>;
  /** Inserts these transaction versions in this order; answers their ids in the same order. */
  vorgaengeEinfuegen(werte: Werte[]): Promise<number[]>;
  /** These newly inserted transactions start their own version chains (`first_id` is their id). */
  kettenBeginnen(ids: number[]): Promise<void>;
  vorgaengeAendern(ids: number[], werte: Partial<Buchungsvorgang>): Promise<void>;
  /** Transactions put on their invoices and locked: `rechnungen` maps each transaction id to its invoice id. */
  aufRechnungenSetzen(rechnungen: ReadonlyMap<number, number>): Promise<void>;
  vorgangLoeschen(id: number): Promise<void>;
  /** The current seminar bookings of this seminar or of this participant (what discount limits count). */
  seminarbuchungen(seminarId: number, teilnehmerId: number): Promise<Buchungsvorgang[]>;
  /**
   * `seminarbuchungen` of several at once: those of any of these seminars or participants
   * (domain/vorgang.ts `zaehltFuerRabattgrenzen`), in one read.
   */
  seminarbuchungenAller(seminarIds: number[], teilnehmerIds: number[]): Promise<Buchungsvorgang[]>;
  /** A record of another context the booking names, null when there is none. */
  objekt<T = Record<string, unknown>>(art: Buchungsobjekt, id: number, sperren?: boolean): Promise<T | null>;
  /** A member's name and primary e-mail (null without one); null when there is no such member. */
  mitgliedMitEmail(
    id: number,
  ): Promise<{ id: number; anzeigename: string | null; email: string | null } | null>;
  /**
   * The records of one kind with these ids that exist, in one read; with `sperren` locked until the
   * transaction ends, in ascending id order (as every locking reader takes them).
   */
  objekte<T = Record<string, unknown>>(
    art: Buchungsobjekt,
    ids: number[],
    sperren?: boolean,
  ): Promise<(T & { id: number })[]>;
  /** The ids of the user groups the Benutzer is a member of. */
  gruppenVon(benutzerId: number): Promise<number[]>;
  /** `gruppenVon` of each of these Benutzer, in one read (every id a key, [] without groups). */
  gruppenVonAllen(benutzerIds: number[]): Promise<Map<number, number[]>>;
  /** Per transaction: the member's name, the VAT and template candidates and the service period. */
  abrechnungsquellen(vorgangIds: number[]): Promise<Abrechnungsquelle[]>;

  // Invoices.
  rechnungGesperrt(id: number): Promise<Rechnung | null>;
  /**
   * The object's issued invoices, neither cancelled nor a storno, on which the latest version of a
   * transaction is cancelled: those a run cancels, read without the object's other invoices.
   */
  stornoreifeRechnungenGesperrt(objekt: KategorieObjekt): Promise<Rechnung[]>;
  /** The object's invoices not yet gathered into a summary. */
  nichtAbgerechneteRechnungenGesperrt(objekt: KategorieObjekt): Promise<Rechnung[]>;
  /** Issues these invoices in this order; answers their ids in the same order. */
  rechnungenAnlegen(werte: NeueRechnung[]): Promise<number[]>;
  rechnungenAendern(ids: number[], werte: Partial<Rechnung>): Promise<void>;
  /**
   * Claims the invoice for the batch e-mail at `am`: one UPDATE guarded by its unset
   * `email_versendet_am`, so of two runs racing only one gets it (true).
   */
  rechnungEmailBeanspruchen(id: number, am: Date): Promise<boolean>;
  /** Gives a claim back when the mail could not be sent. */
  rechnungEmailFreigeben(id: number): Promise<void>;
  /** The invoice and its member's primary e-mail. */
  rechnungMitEmail(id: number): Promise<(Rechnung & { email: string | null }) | null>;
  vorlage(id: number): Promise<Rechnungsvorlage | null>;
  /**
   * Records the invoice's archived original, only if it has none yet; answers whether it did
   * (false: another request archived it first).
   */
  originalSetzen(id: number, datei: string, sha256: string): Promise<boolean>;

  // Number circles.
  rechnungsKreisGesperrt(id: number): Promise<Nummernkreis | null>;
  debitorKreisGesperrt(id: number): Promise<Nummernkreis | null>;
  kreisZaehlerSetzen(art: 'rechnung' | 'debitor', id: number, current_nr: number): Promise<void>;

  // Payment options.
  zahlungswege(objekt: KategorieObjekt, benutzerIds: number[]): Promise<Zahlungsweg[]>;
  bezahloptionenFuer(
    objekt: KategorieObjekt,
    benutzerId?: number,
  ): Promise<{ id: number; benutzer_id: number; skript_per_post: boolean }[]>;
  /** The full row, for the audit trail of a deletion. */
  bezahloptionLoeschen(id: number): Promise<Werte | null>;

  // Summaries.
  abrechnung(id: number): Promise<Abrechnung | null>;
  abrechnungAnlegen(werte: Werte): Promise<number>;
  abrechnungAendern(id: number, data: Record<string, unknown>): Promise<void>;
  abrechnungProtokollieren(id: number, type: AbrechnungLogArt, adminName: string | null): Promise<void>;
  rechnungenDerAbrechnung(id: number): Promise<AbgerechneteRechnung[]>;
  /** Per invoice, the euros its storno netted off (its payments of art verrechnung); absent: none. */
  verrechnet(rechnungIds: number[]): Promise<Map<number, number>>;

  // Guest registrations (issue 28: taken over as Benutzer).
  gastanmeldungGesperrt(id: number): Promise<Gastanmeldung | null>;
  gastanmeldungAendern(id: number, werte: Partial<Gastanmeldung>): Promise<void>;

  // What seminars ask.
  /** How many transactions (any version, cancelled too) name the seminar or one of its events. */
  buchungenZuSeminar(veranstaltungId: number): Promise<number>;
  buchungenZuEvent(eventId: number): Promise<number>;
  /** The current bookings of each seminar and of its events, with the person taking part (every id a key). */
  aktuelleSeminarBuchungen(seminare: SeminareMitEvents): Promise<Map<number, SeminarBuchung[]>>;
  /** The same bookings with only the person's id, for counting. */
  aktuelleSeminarTeilnahmen(seminare: SeminareMitEvents): Promise<Map<number, SeminarTeilnahme[]>>;

  // What promotions' Abos ask (port AboVorgaenge).
  /** The latest versions (cancelled ones too) naming the Abo booking, locked, by id. */
  aboBuchungsVorgaengeGesperrt(aboBuchungId: number): Promise<Buchungsvorgang[]>;
  /** How many versions naming the Abo booking an invoice settled. */
  aboBuchungAbgerechnet(aboBuchungId: number): Promise<number>;
  /** The periods the latest versions (cancelled ones too) of the Abo's bookings name, unlocked. */
  aboPerioden(aboId: number): Promise<Pick<Buchungsvorgang, 'wb_abo_buchung_id' | 'wb_abo_turnus_id'>[]>;
}

/** How a unit of work reads: READ COMMITTED sees what runs that held the locks before committed. */
export type Isolation = 'standard' | 'read-committed';

export abstract class Abrechnungsspeicher {
  /** Runs `arbeit` in one database transaction: all or nothing. */
  abstract transaktion<T>(arbeit: (tx: BillingTx) => Promise<T>, isolation?: Isolation): Promise<T>;
  /** Billing's tables in a transaction someone else runs (another context's save). */
  abstract in(tx: Transaktion): BillingTx;
  /** Reads outside a transaction: what is committed. */
  abstract lesen(): BillingTx;
}
