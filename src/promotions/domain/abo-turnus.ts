/**
 * The period engine of an Abo (spec 003 §3–§5, §9; issue 30), pure: dates are calendar days
 * written YYYY-MM-DD, amounts integer cents.
 *
 * - A period (Turnus) runs from the cut-off day (stichtag, 1–28, so every month has it; yearly
 *   Abos also in stichmonat) to the day before the next one.
 * - A period is billed `turn_offset_days` before it starts; `abrechnungsintervall` periods are
 *   billed together, counted from the booking's first period, all when the first of them is due.
 * - Price guarantee: a booking pays the price of its first period for that period's
 *   `preisgarantie` periods, afterwards the price of each period.
 * - Renewal: a booking runs in terms of its first period's `verlaengerung` periods; it can end
 *   with a term's last period when notice came `kuendigungsfrist` days before that period's end.
 *   With `dyn_kuend_frist` every period end is a possible end, `kuendigungsfrist` days after the
 *   notice.
 * - A paused period (pause) is owed by nobody.
 */
import { DomainError } from '../../shared/domain-error';
import type { Cents } from '../../shared/money';

export type Turnustyp = 'jaehrlich' | 'monatlich';

/** The Abo's fields that shape its periods. */
export interface AboTakt {
  turnustyp: Turnustyp;
  stichtag: number;
  stichmonat: number | null;
  turn_offset_days: number;
  abrechnungsintervall: number;
  instant_storno: boolean;
  dyn_kuend_frist: boolean;
}

export interface Periode {
  von: string;
  bis: string;
}

/** A stored period with its conditions. */
export interface Turnus extends Periode {
  id: number;
  preis: Cents;
  preisgarantie: number;
  verlaengerung: number;
  kuendigungsfrist: number;
  pause: boolean;
}

/** A booking as the engine sees it: its first and, once cancelled, last period. */
export interface AboBuchungsLauf {
  first_turnus_id: number;
  last_turnus_id: number | null;
}

/** What a booking owes for one period. */
export interface Periodenschuld {
  turnus_id: number;
  betrag: Cents;
}

const TAG_MS = 86_400_000;

function alsZeit(tag: string): number {
  return Date.parse(`${tag}T00:00:00Z`);
}

function alsTag(zeit: number): string {
  return new Date(zeit).toISOString().slice(0, 10);
}

export function plusTage(tag: string, tage: number): string {
  return alsTag(alsZeit(tag) + tage * TAG_MS);
}

function tagIm(jahr: number, monat: number, tag: number): string {
  // Date.UTC rolls month 13 into the next year, month 0 into the previous one.
  return alsTag(Date.UTC(jahr, monat - 1, tag));
}

function beginnVor(takt: AboTakt, jahr: number, monat: number, schritte: number): string {
  return takt.turnustyp === 'monatlich'
    ? tagIm(jahr, monat + schritte, takt.stichtag)
    : tagIm(jahr + schritte, takt.stichmonat ?? 1, takt.stichtag);
}

/** The period `tag` lies in. */
export function periodeAm(takt: AboTakt, tag: string): Periode {
  const [jahr, monat] = tag.split('-').map(Number);
  let von = beginnVor(takt, jahr, monat, 0);
  if (von > tag) von = beginnVor(takt, jahr, monat, -1);
  return periodeAb(takt, von);
}

/** The period starting on `von` (a cut-off day). */
export function periodeAb(takt: AboTakt, von: string): Periode {
  const [jahr, monat] = von.split('-').map(Number);
  return { von, bis: plusTage(beginnVor(takt, jahr, monat, 1), -1) };
}

export function naechstePeriode(takt: AboTakt, vorige: Periode): Periode {
  return periodeAb(takt, plusTage(vorige.bis, 1));
}

/** The day a period is billed on: `turn_offset_days` before it starts. */
export function faelligAm(takt: AboTakt, periode: Periode): string {
  return plusTage(periode.von, -takt.turn_offset_days);
}

/**
 * The periods to add after the latest one (`letzte`) so that every period due by `heute` exists,
 * with the rest of its billing interval: the periods of one bill are billed at once.
 */
export function fehlendePerioden(takt: AboTakt, letzte: Periode, heute: string): Periode[] {
  const neu: Periode[] = [];
  let naechste = naechstePeriode(takt, letzte);
  while (faelligAm(takt, naechste) <= heute) {
    neu.push(naechste);
    naechste = naechstePeriode(takt, naechste);
  }
  for (let i = 1; i < takt.abrechnungsintervall && neu.length > 0; i++) {
    neu.push(naechste);
    naechste = naechstePeriode(takt, naechste);
  }
  return neu;
}

/** The booking's periods in time order: from its first to its last (or the latest) period. */
export function buchungsPerioden(turni: Turnus[], buchung: AboBuchungsLauf): Turnus[] {
  const sortiert = [...turni].sort((a, b) => (a.von < b.von ? -1 : a.von > b.von ? 1 : 0));
  const erster = sortiert.findIndex((t) => t.id === buchung.first_turnus_id);
  if (erster < 0) return [];
  const letzter =
    buchung.last_turnus_id == null ? -1 : sortiert.findIndex((t) => t.id === buchung.last_turnus_id);
  return sortiert.slice(erster, letzter >= erster ? letzter + 1 : undefined);
}

/** The price of the booking's `index`-th period (0: its first): price guarantee of its first. */
export function periodenpreis(perioden: Turnus[], index: number): Cents {
  const erste = perioden[0];
  return index < erste.preisgarantie ? erste.preis : perioden[index].preis;
}

/**
 * What the booking owes by `heute`: each of its unpaused periods whose bill is due (the first
 * period of its billing interval is due), at its price.
 */
export function faelligeSchulden(
  takt: AboTakt,
  turni: Turnus[],
  buchung: AboBuchungsLauf,
  heute: string,
): Periodenschuld[] {
  const perioden = buchungsPerioden(turni, buchung);
  const intervall = Math.max(1, takt.abrechnungsintervall);
  return perioden.flatMap((turnus, index) => {
    const rechnungsbeginn = perioden[index - (index % intervall)];
    if (turnus.pause || faelligAm(takt, rechnungsbeginn) > heute) return [];
    return [{ turnus_id: turnus.id, betrag: periodenpreis(perioden, index) }];
  });
}

/**
 * The earliest period a booking can end with when notice comes on `eingang` (renewal terms and
 * notice period, see above); null when no stored period is late enough.
 */
export function fruehestesEnde(
  takt: AboTakt,
  turni: Turnus[],
  buchung: AboBuchungsLauf,
  eingang: string,
): Turnus | null {
  const perioden = buchungsPerioden(turni, { ...buchung, last_turnus_id: null });
  if (perioden.length === 0) return null;
  const laufzeit = Math.max(1, perioden[0].verlaengerung);
  return (
    perioden.find((turnus, index) => {
      if (!takt.dyn_kuend_frist && (index + 1) % laufzeit !== 0) return false;
      return plusTage(turnus.bis, -turnus.kuendigungsfrist) >= eingang;
    }) ?? null
  );
}

/** A cancellation as staff chose it (spec 003 §7: storno_turnus_id, or a date). */
export interface Kuendigungswunsch {
  storno_turnus_id?: number | null;
  date?: string | null;
}

/** Its effect: the booking's last period and the day the cancellation is valid from. */
export interface Kuendigung {
  last_turnus_id: number;
  storno_valid_from: string;
  /** It reaches back to today or before: already past seminars may be affected (spec 003 §5). */
  warnung: string | null;
}

export const KUENDIGUNG_FEHLT = 'Bitte wählen Sie ein Kündigungsdatum!';
export const KUENDIGUNG_VOR_BEGINN = 'Achtung: Kündigung liegt vor Beginn der Abo-Buchung!';
export const KUENDIGUNG_ZU_WEIT = 'Achtung: Kündigung liegt zu weit in der Zukunft';
export const KUENDIGUNG_VERGANGEN =
  'Achtung: Die Kündigung liegt in der Vergangenheit, bereits vergangene Seminare können betroffen sein.';

const kuendigungsfehler = (message: string) => DomainError.invalid('KUENDIGUNG', message);

/**
 * The validations of spec 003 §5 and the end a cancellation picks: a period end, or with
 * instant_storno a date (the period it lies in is the last one).
 */
export function kuendigung(
  takt: AboTakt,
  turni: Turnus[],
  buchung: AboBuchungsLauf,
  wunsch: Kuendigungswunsch,
  heute: string,
): Kuendigung {
  const perioden = buchungsPerioden(turni, { ...buchung, last_turnus_id: null });
  if (perioden.length === 0) throw kuendigungsfehler(KUENDIGUNG_VOR_BEGINN);
  const beginn = perioden[0].von;
  const ende = perioden[perioden.length - 1].bis;
  let letzte: Turnus | undefined;
  let gueltigAb: string;
  if (takt.instant_storno) {
    if (!wunsch.date) throw kuendigungsfehler(KUENDIGUNG_FEHLT);
    if (wunsch.date < beginn) throw kuendigungsfehler(KUENDIGUNG_VOR_BEGINN);
    if (wunsch.date > ende) throw kuendigungsfehler(KUENDIGUNG_ZU_WEIT);
    letzte = perioden.find((t) => t.von <= wunsch.date! && wunsch.date! <= t.bis);
    gueltigAb = wunsch.date;
  } else {
    const gewaehlt =
      wunsch.storno_turnus_id != null
        ? turni.find((t) => t.id === wunsch.storno_turnus_id)
        : wunsch.date
          ? turni.find((t) => t.bis === wunsch.date)
          : undefined;
    if (!gewaehlt) throw kuendigungsfehler(KUENDIGUNG_FEHLT);
    if (gewaehlt.bis < beginn) throw kuendigungsfehler(KUENDIGUNG_VOR_BEGINN);
    if (gewaehlt.bis > ende) throw kuendigungsfehler(KUENDIGUNG_ZU_WEIT);
    letzte = perioden.find((t) => t.id === gewaehlt.id);
    gueltigAb = plusTage(gewaehlt.bis, 1);
  }
  if (!letzte) throw kuendigungsfehler(KUENDIGUNG_FEHLT);
  return {
    last_turnus_id: letzte.id,
    storno_valid_from: gueltigAb,
    warnung: gueltigAb <= heute ? KUENDIGUNG_VERGANGEN : null,
  };
}
