/**
 * What a newsletter dispatch achieved (issue 32, spec 003 §2 newsletter evaluation): recipients,
 * unique clicking recipients, click rate, opt-outs and the bookings that followed a click within
 * 30 days, per dispatch, per month of dispatch and for the whole period. Pure: fed by the read
 * port NewsletterWirkungDaten.
 */
import { berlinDatum } from '../../../common/kalender';
import { monatVon, type Monat } from './zeit';

/** How long after a click a booking still counts as following it. */
export const NACHWIRKUNG_TAGE = 30;
const NACHWIRKUNG_MS = NACHWIRKUNG_TAGE * 24 * 60 * 60 * 1000;

export interface Versand {
  dispatcher_id: number;
  newsletter_id: number;
  titel: string;
  versendet_time: Date;
  /** Delivered mails. */
  empfaenger: number;
  /** Recipients who unsubscribed through this dispatch's link. */
  abmeldungen: number;
}

export interface Klick {
  dispatcher_id: number;
  /** Null: a click the recipient cannot be told of (counted as a click, not as a clicking recipient). */
  benutzer_id: number | null;
  zeit: Date;
}

/** A current booking of a Benutzer (as payer or participant). */
export interface Buchung {
  id: number;
  benutzer_ids: number[];
  zeit: Date;
}

export interface Wirkung {
  empfaenger: number;
  klicks: number;
  /** Distinct recipients (Benutzer) who clicked at least once. */
  klickende: number;
  /** klickende / empfaenger; 0 without recipients. */
  klickrate: number;
  abmeldungen: number;
  /** Bookings made within NACHWIRKUNG_TAGE after one of the clicking recipient's clicks. */
  buchungen: number;
}

export interface VersandWirkung extends Wirkung {
  dispatcher_id: number;
  newsletter_id: number;
  titel: string;
  versendet_time: Date;
  monat: Monat;
}

export interface NewsletterWirkung {
  versande: VersandWirkung[];
  monate: (Wirkung & { monat: Monat; versande: number })[];
  summe: Wirkung & { versande: number };
}

const rate = (klickende: number, empfaenger: number) => (empfaenger > 0 ? klickende / empfaenger : 0);

/** The bookings (ids) that followed one of these clicks within the window. */
function gefolgteBuchungen(klicks: Klick[], buchungenJeBenutzer: Map<number, Buchung[]>): Set<number> {
  const gefolgt = new Set<number>();
  for (const klick of klicks) {
    if (klick.benutzer_id === null) continue;
    for (const b of buchungenJeBenutzer.get(klick.benutzer_id) ?? []) {
      const abstand = b.zeit.getTime() - klick.zeit.getTime();
      if (abstand >= 0 && abstand <= NACHWIRKUNG_MS) gefolgt.add(b.id);
    }
  }
  return gefolgt;
}

interface Teil {
  empfaenger: number;
  abmeldungen: number;
  klicks: Klick[];
}

/** One figure set from dispatches' counts and clicks; a Benutzer clicking in two dispatches is a clicking recipient of each. */
function wirkung(teile: Teil[], buchungenJeBenutzer: Map<number, Buchung[]>): Wirkung {
  let empfaenger = 0;
  let abmeldungen = 0;
  let klicks = 0;
  let klickende = 0;
  const buchungen = new Set<number>();
  for (const teil of teile) {
    empfaenger += teil.empfaenger;
    abmeldungen += teil.abmeldungen;
    klicks += teil.klicks.length;
    klickende += new Set(teil.klicks.flatMap((k) => (k.benutzer_id === null ? [] : [k.benutzer_id]))).size;
    for (const id of gefolgteBuchungen(teil.klicks, buchungenJeBenutzer)) buchungen.add(id);
  }
  return {
    empfaenger,
    klicks,
    klickende,
    klickrate: rate(klickende, empfaenger),
    abmeldungen,
    buchungen: buchungen.size,
  };
}

/**
 * Per dispatch, per Berlin month of dispatch (in order) and in sum. A booking following clicks of
 * two dispatches counts for each, but once in a month and once in the sum.
 */
export function newsletterWirkung(
  versande: Versand[],
  klicks: Klick[],
  buchungen: Buchung[],
): NewsletterWirkung {
  const buchungenJeBenutzer = new Map<number, Buchung[]>();
  for (const b of buchungen)
    for (const id of new Set(b.benutzer_ids))
      buchungenJeBenutzer.set(id, [...(buchungenJeBenutzer.get(id) ?? []), b]);
  const klicksJeVersand = new Map<number, Klick[]>();
  for (const k of klicks)
    klicksJeVersand.set(k.dispatcher_id, [...(klicksJeVersand.get(k.dispatcher_id) ?? []), k]);
  const teil = (v: Versand): Teil => ({ ...v, klicks: klicksJeVersand.get(v.dispatcher_id) ?? [] });
  const geordnet = [...versande].sort(
    (a, b) => a.versendet_time.getTime() - b.versendet_time.getTime() || a.dispatcher_id - b.dispatcher_id,
  );
  const jeMonat = new Map<Monat, Versand[]>();
  const monatDes = (v: Versand) => monatVon(berlinDatum(v.versendet_time));
  for (const v of geordnet) jeMonat.set(monatDes(v), [...(jeMonat.get(monatDes(v)) ?? []), v]);
  return {
    versande: geordnet.map((v) => ({
      dispatcher_id: v.dispatcher_id,
      newsletter_id: v.newsletter_id,
      titel: v.titel,
      versendet_time: v.versendet_time,
      monat: monatDes(v),
      ...wirkung([teil(v)], buchungenJeBenutzer),
    })),
    monate: [...jeMonat].map(([monat, vs]) => ({
      monat,
      versande: vs.length,
      ...wirkung(vs.map(teil), buchungenJeBenutzer),
    })),
    summe: { versande: geordnet.length, ...wirkung(geordnet.map(teil), buchungenJeBenutzer) },
  };
}
