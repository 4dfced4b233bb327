/**
 * Which VAT rate and which invoice template apply to a booking (spec 002 §4): the one place that
 * decides it. The candidates are what the booking names — its seminar, or the seminar of its event,
 * its bundle, product, Abo and Abo period; the first that has a value wins, in a fixed order.
 */
import { REGELSATZ } from './rechnungslauf';

/** One record a booking names, with what it may contribute (null: it has no value for it). */
export interface Steuerquelle {
  titel?: string | null;
  /** VAT rate in percent. */
  mwst?: number | null;
  /** The invoice template (for a seminar: its type's). */
  rw_vorlage_id?: number | null;
}

export interface Steuerquellen {
  seminar?: Steuerquelle | null;
  /** The seminar of the booked event. */
  eventSeminar?: Steuerquelle | null;
  bundle?: Steuerquelle | null;
  produkt?: Steuerquelle | null;
  abo?: Steuerquelle | null;
  turnus?: Steuerquelle | null;
}

export interface Steuerregel {
  /** The rate: seminar, event's seminar, bundle, product (issue 28), Abo period — else the standard rate. */
  satz: number;
  /** The template: seminar type, event's seminar type, bundle, product, Abo — null when none has one. */
  rw_vorlage_id: number | null;
  /** What the booking is for, to name it when something is missing. */
  objekt: string;
}

const erster = <T>(werte: (T | null | undefined)[]): T | null => werte.find((w) => w != null) ?? null;

export function steuerregel(q: Steuerquellen): Steuerregel {
  return {
    satz:
      erster([q.seminar?.mwst, q.eventSeminar?.mwst, q.bundle?.mwst, q.produkt?.mwst, q.turnus?.mwst]) ??
      REGELSATZ,
    rw_vorlage_id: erster([
      q.seminar?.rw_vorlage_id,
      q.eventSeminar?.rw_vorlage_id,
      q.bundle?.rw_vorlage_id,
      q.produkt?.rw_vorlage_id,
      q.abo?.rw_vorlage_id,
    ]),
    objekt:
      erster([q.seminar?.titel, q.eventSeminar?.titel, q.bundle?.titel, q.produkt?.titel, q.abo?.titel]) ??
      '',
  };
}
