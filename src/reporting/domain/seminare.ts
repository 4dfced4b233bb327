/**
 * The seminar evaluation's figures (spec 003 §3 'Evaluation results'): participants (besucher)
 * and net revenue per seminar, and per participant across the chosen seminars.
 */
import type { Cents } from '../../shared/money';
import { nettoCents } from './umsatz';

export interface Betrag {
  bruttoCents: Cents;
  mwstSatz: number;
}

/** Net of several amounts: per VAT rate from the gross sum, so a group's net is rounded once per rate. */
export function nettoSumme(betraege: Betrag[]): Cents {
  const jeSatz = new Map<number, Cents>();
  for (const b of betraege) jeSatz.set(b.mwstSatz, (jeSatz.get(b.mwstSatz) ?? 0) + b.bruttoCents);
  let summe = 0;
  for (const [satz, brutto] of jeSatz) summe += nettoCents(brutto, satz);
  return summe;
}

/** Who a booking is for. */
export interface Teilnahme {
  id: number;
  /** The participant, when a Benutzer. */
  teilnehmerId: number | null;
  /** The booking person. */
  benutzerId: number | null;
  /** The participant's name as booked, for guests who are no Benutzer. */
  teilnehmerName: string | null;
}

/** One current seminar booking. */
export interface SeminarBuchung extends Teilnahme, Betrag {
  veranstaltungId: number;
}

const gastName = (t: Teilnahme) =>
  t.teilnehmerId === null ? t.teilnehmerName?.trim().toLocaleLowerCase('de-DE') || null : null;

/** The Benutzer who takes part: the participant, else the booking person unless a guest was named. */
export function teilnehmenderBenutzer(t: Teilnahme): number | null {
  return t.teilnehmerId ?? (gastName(t) ? null : t.benutzerId);
}

/**
 * Who a booking is for: the participating Benutzer; else a guest by name (per booking person, as
 * two members' guests may share a name); else the booking alone.
 */
export function teilnehmerSchluessel(t: Teilnahme): string {
  const benutzer = teilnehmenderBenutzer(t);
  if (benutzer !== null) return `b${benutzer}`;
  const gast = gastName(t);
  return gast ? `g${t.benutzerId ?? ''}:${gast}` : `t${t.id}`;
}

/** Distinct participants. */
export function besucherZahl(teilnahmen: Teilnahme[]): number {
  return new Set(teilnahmen.map(teilnehmerSchluessel)).size;
}

export interface Kennzahlen {
  besucher: number;
  buchungen: number;
  nettoCents: Cents;
}

function kennzahlen(buchungen: SeminarBuchung[]): Kennzahlen {
  return {
    besucher: besucherZahl(buchungen),
    buchungen: buchungen.length,
    nettoCents: nettoSumme(buchungen),
  };
}

export function gruppiere<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const gruppen = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const liste = gruppen.get(k);
    if (liste) liste.push(item);
    else gruppen.set(k, [item]);
  }
  return gruppen;
}

/** Per seminar: distinct participants, bookings, net revenue. */
export function kennzahlenJeSeminar(buchungen: SeminarBuchung[]): Map<number, Kennzahlen> {
  const ergebnis = new Map<number, Kennzahlen>();
  for (const [id, liste] of gruppiere(buchungen, (b) => b.veranstaltungId))
    ergebnis.set(id, kennzahlen(liste));
  return ergebnis;
}

/** Totals of the selection: participants counted once however many seminars they attend. */
export function gesamtKennzahlen(buchungen: SeminarBuchung[]): Kennzahlen {
  const jeSeminar = kennzahlenJeSeminar(buchungen);
  let netto = 0;
  for (const k of jeSeminar.values()) netto += k.nettoCents;
  return { ...kennzahlen(buchungen), nettoCents: netto };
}

export interface Besucher<T extends SeminarBuchung> {
  schluessel: string;
  /** A booking of the participant, to name them. */
  beispiel: T;
  seminare: number;
  buchungen: number;
  nettoCents: Cents;
}

/** Each participant with the number of chosen seminars they attend and their net revenue, most seminars first. */
export function besucherListe<T extends SeminarBuchung>(buchungen: T[]): Besucher<T>[] {
  return [...gruppiere(buchungen, teilnehmerSchluessel)]
    .map(([schluessel, liste]) => ({
      schluessel,
      beispiel: liste[0],
      seminare: new Set(liste.map((b) => b.veranstaltungId)).size,
      buchungen: liste.length,
      nettoCents: nettoSumme(liste),
    }))
    .sort(
      (a, b) =>
        b.seminare - a.seminare || b.nettoCents - a.nettoCents || a.schluessel.localeCompare(b.schluessel),
    );
}

/** The cost items of an event's `kosten` (spec 003 §3): amounts in euros; Sollbuchung and Referenzpreis are no costs. */
export const KOSTENARTEN = ['referenten', 'raum', 'catering', 'sonstige'] as const;

/**
 * A seminar's costs: the cost items of all its events (issue 32, the seminar result's margin).
 * Missing or unreadable items count as nothing, so a seminar without cost data costs 0 €.
 */
export function seminarKosten(kostenDerEvents: (Record<string, unknown> | null)[]): Cents {
  let summe = 0;
  for (const kosten of kostenDerEvents)
    for (const art of KOSTENARTEN) {
      const wert = Number(kosten?.[art] ?? 0);
      if (Number.isFinite(wert)) summe += Math.round(wert * 100);
    }
  return summe;
}
