/**
 * The revenue forecast (Umsatzprognose, spec 003 §2): net revenue of current bookings per Berlin
 * month. Seminars count in the month they take place, Abos in the month their period (Turnus)
 * starts, bundles and products in the month they were booked. Cancelled bookings count as 0
 * (spec 000 §9) and are left out by the caller, as are replaced versions (child_id set).
 */
import type { Cents } from '../../shared/money';
import { berlinDatum } from '../../../common/kalender';
import { monateDesJahres, monatVon, type Datum, type Monat } from './zeit';

export const KATEGORIEN = ['seminare', 'abos', 'bundle', 'produkte'] as const;
export type Kategorie = (typeof KATEGORIEN)[number];

/** One current booking with what decides its month and its VAT. */
export interface UmsatzBuchung {
  kategorie: Kategorie;
  /** The booked amount, gross. */
  bruttoCents: Cents;
  /** VAT rate in percent (19, 7, 0 …), as billing decides it for the booking (its Steuersaetze port). */
  mwstSatz: number;
  buchungZeit: Date | null;
  /** Seminars: the booked event's date, else the seminar's start. */
  eventDatum: Datum | null;
  seminarBeginn: Date | null;
  /** Abos: the first day of the booked period. */
  turnusVon: Datum | null;
  /** What was booked: the seminar, Abo, bundle or product (id and title); Abos also the period. */
  posten: Posten;
}

export interface Posten {
  id: number | null;
  titel: string;
  turnusId?: number | null;
  von?: Datum | null;
  bis?: Datum | null;
}

/** The Berlin date whose month the booking's revenue belongs to; null when the booking has none. */
export function umsatzDatum(b: UmsatzBuchung): Datum | null {
  const gebucht = b.buchungZeit ? berlinDatum(b.buchungZeit) : null;
  switch (b.kategorie) {
    case 'seminare':
      return b.eventDatum ?? (b.seminarBeginn ? berlinDatum(b.seminarBeginn) : gebucht);
    case 'abos':
      return b.turnusVon ?? gebucht;
    default:
      return gebucht;
  }
}

/** Commercial rounding of the integer quotient a / b (b > 0): halves away from zero. */
function teileGerundet(a: number, b: number): number {
  const betrag = Math.abs(a);
  let q = Math.floor(betrag / b);
  let r = betrag - q * b;
  // Float division of large integers can be off by one; the remainder settles it exactly.
  if (r < 0) {
    q -= 1;
    r += b;
  } else if (r >= b) {
    q += 1;
    r -= b;
  }
  return Math.sign(a) * (2 * r >= b ? q + 1 : q) || 0;
}

/** Net from gross at a VAT rate in percent (two decimals at most): 119,00 € at 19 % → 100,00 €. */
export function nettoCents(bruttoCents: Cents, mwstSatz: number): Cents {
  const satzHundertstel = Math.round(mwstSatz * 100);
  if (satzHundertstel <= 0) return bruttoCents;
  return teileGerundet(bruttoCents * 10000, 10000 + satzHundertstel);
}

export interface Summen {
  seminare: Cents;
  abos: Cents;
  bundle: Cents;
  produkte: Cents;
  /** Net, all categories. */
  gesamt: Cents;
  buchungen: number;
}

export interface PostenUmsatz {
  kategorie: Kategorie;
  posten: Posten;
  /** The earliest date that placed a booking in this month (the seminar's or event's day, the period start …). */
  datum: Datum;
  mwstSatz: number;
  buchungen: number;
  bruttoCents: Cents;
  nettoCents: Cents;
}

const leer = (): Summen => ({ seminare: 0, abos: 0, bundle: 0, produkte: 0, gesamt: 0, buchungen: 0 });

function addiere(summen: Summen, p: PostenUmsatz): void {
  summen[p.kategorie] += p.nettoCents;
  summen.gesamt += p.nettoCents;
  summen.buchungen += p.buchungen;
}

/**
 * The bookings grouped per month, category, booked object (Abos per period) and VAT rate. Net is
 * computed once per group from its gross sum, so the month's lines add up exactly to its totals.
 */
export function postenJeMonat(buchungen: UmsatzBuchung[]): Map<Monat, PostenUmsatz[]> {
  const gruppen = new Map<string, PostenUmsatz & { monat: Monat }>();
  for (const b of buchungen) {
    const datum = umsatzDatum(b);
    if (!datum) continue;
    const monat = monatVon(datum);
    const schluessel = [monat, b.kategorie, b.posten.id, b.posten.turnusId ?? '', b.mwstSatz].join('|');
    const gruppe = gruppen.get(schluessel);
    if (gruppe) {
      gruppe.buchungen += 1;
      gruppe.bruttoCents += b.bruttoCents;
      if (datum < gruppe.datum) gruppe.datum = datum;
    } else {
      gruppen.set(schluessel, {
        monat,
        kategorie: b.kategorie,
        posten: b.posten,
        datum,
        mwstSatz: b.mwstSatz,
        buchungen: 1,
        bruttoCents: b.bruttoCents,
        nettoCents: 0,
      });
    }
  }
  const jeMonat = new Map<Monat, PostenUmsatz[]>();
  for (const { monat, ...posten } of gruppen.values()) {
    posten.nettoCents = nettoCents(posten.bruttoCents, posten.mwstSatz);
    jeMonat.set(monat, [...(jeMonat.get(monat) ?? []), posten]);
  }
  for (const liste of jeMonat.values()) {
    liste.sort(
      (a, b) =>
        KATEGORIEN.indexOf(a.kategorie) - KATEGORIEN.indexOf(b.kategorie) ||
        a.datum.localeCompare(b.datum) ||
        a.posten.titel.localeCompare(b.posten.titel, 'de'),
    );
  }
  return jeMonat;
}

export interface Jahresumsatz {
  monate: (Summen & { monat: Monat })[];
  summe: Summen;
}

/** The twelve months of a year (empty ones too) with their net revenue per category. */
export function umsatzJahr(jahr: number, buchungen: UmsatzBuchung[]): Jahresumsatz {
  const jeMonat = postenJeMonat(buchungen);
  const summe = leer();
  const monate = monateDesJahres(jahr).map((monat) => {
    const summen = leer();
    for (const posten of jeMonat.get(monat) ?? []) {
      addiere(summen, posten);
      addiere(summe, posten);
    }
    return { monat, ...summen };
  });
  return { monate, summe };
}

/** One month's lines (seminars, Abo periods, bundles, products) and its totals. */
export function umsatzMonat(
  monat: Monat,
  buchungen: UmsatzBuchung[],
): { posten: PostenUmsatz[]; summe: Summen } {
  const posten = postenJeMonat(buchungen).get(monat) ?? [];
  const summe = leer();
  posten.forEach((p) => addiere(summe, p));
  return { posten, summe };
}
