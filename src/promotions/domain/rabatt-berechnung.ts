/**
 * Which discounts a booking gets and what it then costs (spec 002 §3–§5, §9; issue 12). Pure: the
 * caller (billing, through PromotionsModule's Preisfindung) passes the booking with the earlier
 * bookings that the limits count, and gets amounts in integer cents, rounded commercially.
 * Discounts do not add up: the one that takes most off is applied, the others are listed.
 */
import type { RabattTyp } from '../../../common/rabatt';
import { roundCents, type Cents } from '../../shared/money';

export interface RabattRegel {
  id: number;
  titel: string;
  aktiv: boolean;
  typ: RabattTyp;
  /** Cents for full (the fixed price) and reduction; percent for percent. */
  wert: number;
  /** The price never falls below it (not for full). */
  minPreis: Cents | null;
  /** How many bookings of one participant get it; 0: no limit. */
  maxTeilnehmerBuchungen: number;
  /** How many bookings of one seminar get it; 0: no limit. */
  maxSeminarBuchungen: number;
  /** Only every X-th booking of a seminar gets it; 0: every booking. */
  jederXte: number;
  gueltigVon: string | null;
  gueltigBis: string | null;
  gueltigSeminarbezogen: boolean;
  gueltigVonTageVorSeminar: number;
  gueltigBisTageVorSeminar: number;
  seminarAuswahlTyp: 'alle' | 'einzelne' | 'typen';
  /** Only seminars taking place in this period (either end open). */
  seminareVon: string | null;
  seminareBis: string | null;
  seminarIds: number[];
  seminarTypIds: number[];
  benutzerAuswahlTyp: 'alle' | 'gruppen';
  gruppenIds: number[];
}

/** An earlier booking, as far as the limits count it. */
export interface FruehereBuchung {
  teilnehmerId: number;
  seminarId: number;
  /** The discounts it got. */
  rabattIds: number[];
}

export interface RabattBuchung {
  /** The price before discounts (the member or non-member price, as the caller determined it). */
  preis: Cents;
  teilnehmer: { id: number; gruppenIds: number[] };
  /** The booked seminar, or the seminar of the booked event with the event's date. */
  seminar: { id: number; typId: number | null; datum: string };
  /** The day of the booking (YYYY-MM-DD, Berlin). */
  buchungsdatum: string;
  frueher: FruehereBuchung[];
}

export interface AnwendbarerRabatt {
  id: number;
  titel: string;
  /** What it takes off the price. */
  abzug: Cents;
  /** The price with it. */
  betrag: Cents;
}

export interface RabattErgebnis {
  /** Every discount the booking may get, most taken off first. */
  rabatte: AnwendbarerRabatt[];
  /** The one applied; null when none applies. */
  gewaehlt: AnwendbarerRabatt | null;
  betrag: Cents;
}

/** `prozent` (up to two decimals) of an amount, rounded commercially to cents. */
export function prozentVon(betrag: Cents, prozent: number): Cents {
  return roundCents((betrag * Math.round(prozent * 100)) / 10000);
}

const TAG_MS = 86_400_000;
const tage = (von: string, bis: string) => Math.round((Date.parse(bis) - Date.parse(von)) / TAG_MS);

/** The booking date lies in the discount's validity (spec 002 §4: immer, zeitraum or seminarbezogen). */
function gueltig(regel: RabattRegel, buchung: RabattBuchung): boolean {
  const tag = buchung.buchungsdatum;
  if (regel.gueltigSeminarbezogen) {
    // From gueltigVonTageVorSeminar days before the seminar until gueltigBisTageVorSeminar days before it.
    const vorher = tage(tag, buchung.seminar.datum);
    return vorher <= regel.gueltigVonTageVorSeminar && vorher >= regel.gueltigBisTageVorSeminar;
  }
  return (!regel.gueltigVon || tag >= regel.gueltigVon) && (!regel.gueltigBis || tag <= regel.gueltigBis);
}

function seminarPasst(regel: RabattRegel, seminar: RabattBuchung['seminar']): boolean {
  if (regel.seminareVon && seminar.datum < regel.seminareVon) return false;
  if (regel.seminareBis && seminar.datum > regel.seminareBis) return false;
  if (regel.seminarAuswahlTyp === 'einzelne') return regel.seminarIds.includes(seminar.id);
  if (regel.seminarAuswahlTyp === 'typen')
    return seminar.typId !== null && regel.seminarTypIds.includes(seminar.typId);
  return true;
}

function teilnehmerPasst(regel: RabattRegel, teilnehmer: RabattBuchung['teilnehmer']): boolean {
  return (
    regel.benutzerAuswahlTyp !== 'gruppen' ||
    teilnehmer.gruppenIds.some((id) => regel.gruppenIds.includes(id))
  );
}

/** The per-participant and per-seminar limits and every X-th booking of the seminar. */
function grenzenErlauben(regel: RabattRegel, buchung: RabattBuchung): boolean {
  const { frueher, teilnehmer, seminar } = buchung;
  const mitRabatt = frueher.filter((b) => b.rabattIds.includes(regel.id));
  if (
    regel.maxTeilnehmerBuchungen > 0 &&
    mitRabatt.filter((b) => b.teilnehmerId === teilnehmer.id).length >= regel.maxTeilnehmerBuchungen
  )
    return false;
  if (
    regel.maxSeminarBuchungen > 0 &&
    mitRabatt.filter((b) => b.seminarId === seminar.id).length >= regel.maxSeminarBuchungen
  )
    return false;
  if (regel.jederXte > 0) {
    const nummer = frueher.filter((b) => b.seminarId === seminar.id).length + 1;
    return nummer % regel.jederXte === 0;
  }
  return true;
}

/** What the discount takes off `preis` (spec 002 §9), never below minPreis nor below 0. */
export function rabattAbzug(regel: Pick<RabattRegel, 'typ' | 'wert' | 'minPreis'>, preis: Cents): Cents {
  if (regel.typ === 'full') return Math.max(0, preis - regel.wert);
  const abzug = regel.typ === 'percent' ? prozentVon(preis, regel.wert) : regel.wert;
  const untergrenze = Math.max(0, regel.minPreis ?? 0);
  return Math.max(0, Math.min(abzug, preis - untergrenze));
}

/** Whether `regel` applies to the booking at all, amounts aside. */
export function rabattTrifftZu(regel: RabattRegel, buchung: RabattBuchung): boolean {
  return (
    regel.aktiv &&
    gueltig(regel, buchung) &&
    seminarPasst(regel, buchung.seminar) &&
    teilnehmerPasst(regel, buchung.teilnehmer) &&
    grenzenErlauben(regel, buchung)
  );
}

export function rabatteBerechnen(regeln: RabattRegel[], buchung: RabattBuchung): RabattErgebnis {
  const rabatte = regeln
    .filter((regel) => rabattTrifftZu(regel, buchung))
    .map((regel) => {
      const abzug = rabattAbzug(regel, buchung.preis);
      return { id: regel.id, titel: regel.titel, abzug, betrag: buchung.preis - abzug };
    })
    .filter((rabatt) => rabatt.abzug > 0)
    .sort((a, b) => b.abzug - a.abzug || a.id - b.id);
  const gewaehlt = rabatte[0] ?? null;
  return { rabatte, gewaehlt, betrag: gewaehlt?.betrag ?? buchung.preis };
}
