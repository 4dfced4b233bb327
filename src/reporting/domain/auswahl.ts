/**
 * What staff choose for an evaluation, read from the query string (spec 003 §4, §7). Anything
 * else answers 400 with a German message; nothing here reaches SQL unchecked.
 */
import { DomainError } from '../../shared/domain-error';
import { leseDatum, leseJahr, leseMonat, type Datum, type Monat } from './zeit';

function ungueltig(message: string): DomainError {
  return DomainError.invalid('AUSWAHL_UNGUELTIG', message);
}

function istObjekt(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON parameter (`where`, `months`) as sent by the client, or already parsed. */
export function leseJson(value: unknown, name: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw ungueltig(`Der Parameter „${name}“ ist kein gültiges JSON.`);
  }
}

function leseObjekt(value: unknown, name: string, erlaubt: string[]): Record<string, unknown> {
  const objekt = value === undefined || value === '' ? {} : leseJson(value, name);
  if (!istObjekt(objekt)) throw ungueltig(`Der Parameter „${name}“ muss ein Objekt sein.`);
  const fremd = Object.keys(objekt).filter((key) => !erlaubt.includes(key));
  if (fremd.length > 0) throw ungueltig(`Unbekannter Filter „${fremd[0]}“.`);
  return objekt;
}

const MAX_IDS = 1000;

function leseId(value: unknown, feld: string): number {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw ungueltig(`„${feld}“ muss eine gültige ID sein.`);
  }
  return id;
}

/** A list of record ids; absent or null is the empty list. */
export function leseIds(value: unknown, feld: string): number[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_IDS) {
    throw ungueltig(`„${feld}“ muss eine Liste von höchstens ${MAX_IDS} IDs sein.`);
  }
  return [...new Set(value.map((id) => leseId(id, feld)))];
}

export interface Zeitraum {
  /** First and last Berlin day, both included; null leaves that side open. */
  von: Datum | null;
  bis: Datum | null;
}

/** `datum: {from, to}` of spec 003 §7. */
export function leseZeitraum(value: unknown): Zeitraum {
  if (value === undefined || value === null) return { von: null, bis: null };
  if (!istObjekt(value) || Object.keys(value).some((key) => key !== 'from' && key !== 'to')) {
    throw ungueltig('„datum“ muss die Form {from, to} haben.');
  }
  const von =
    value.from === undefined || value.from === null || value.from === ''
      ? null
      : leseDatum(value.from, 'von');
  const bis =
    value.to === undefined || value.to === null || value.to === '' ? null : leseDatum(value.to, 'bis');
  if (von && bis && bis < von) throw ungueltig('Das Datum „bis“ liegt vor dem Datum „von“.');
  return { von, bis };
}

export interface SeminarAuswahl extends Zeitraum {
  veranstaltungIds: number[];
  typIds: number[];
}

/**
 * The seminar evaluation's `where` (spec 003 §7). All given conditions apply together; one at
 * least is needed (spec 003 §4), so that no call evaluates every seminar ever held.
 */
export function leseSeminarAuswahl(where: unknown): SeminarAuswahl {
  const w = leseObjekt(where, 'where', ['datum', 'veranstaltung_ids', 'veranstaltung_typ_ids']);
  const auswahl = {
    ...leseZeitraum(w.datum),
    veranstaltungIds: leseIds(w.veranstaltung_ids, 'veranstaltung_ids'),
    typIds: leseIds(w.veranstaltung_typ_ids, 'veranstaltung_typ_ids'),
  };
  if (!auswahl.von && !auswahl.bis && auswahl.veranstaltungIds.length === 0 && auswahl.typIds.length === 0) {
    throw ungueltig('Bitte wählen Sie einen Zeitraum, Seminare oder Seminar-Typen.');
  }
  return auswahl;
}

export const BENUTZER_FILTER = ['booking', 'no-booking', 'all'] as const;
export type BenutzerFilter = (typeof BENUTZER_FILTER)[number];

export interface BenutzerAuswahl extends Zeitraum {
  filter: BenutzerFilter;
  typIds: number[];
}

/** The Benutzer evaluation's `where`: with, without or regardless of bookings of these seminar types. */
export function leseBenutzerAuswahl(where: unknown): BenutzerAuswahl {
  const w = leseObjekt(where, 'where', ['benutzer_filter', 'veranstaltung_typ_ids', 'datum']);
  const filter = w.benutzer_filter ?? 'booking';
  if (!(BENUTZER_FILTER as readonly unknown[]).includes(filter)) {
    throw ungueltig('„benutzer_filter“ muss booking, no-booking oder all sein.');
  }
  return {
    filter: filter as BenutzerFilter,
    typIds: leseIds(w.veranstaltung_typ_ids, 'veranstaltung_typ_ids'),
    ...leseZeitraum(w.datum),
  };
}

/**
 * The four levels of the newsletter evaluation (spec 003 §2 routes, §7 parameters): a year's
 * months; one or more months per seminar; one seminar's dispatches (`single_seminar`, 0 for
 * newsletters without seminar); who clicked in one dispatch (`click_benutzer` = its id).
 */
export type NewsletterEbene =
  | { ebene: 'jahr'; jahr: number }
  | { ebene: 'seminare'; monate: Monat[] }
  | { ebene: 'dispatcher'; monate: Monat[]; veranstaltungId: number | null }
  | { ebene: 'benutzer'; monate: Monat[]; dispatcherId: number };

export function leseNewsletterAbfrage(query: Record<string, unknown>): NewsletterEbene {
  const fremd = Object.keys(query).filter(
    (key) => !['year', 'months', 'single_seminar', 'click_benutzer'].includes(key),
  );
  if (fremd.length > 0) throw ungueltig(`Unbekannter Parameter „${fremd[0]}“.`);
  const rohMonate = query.months === undefined ? [] : leseJson(query.months, 'months');
  const liste = Array.isArray(rohMonate) ? rohMonate : [rohMonate];
  if (liste.length > 12) throw ungueltig('„months“ darf höchstens 12 Monate nennen.');
  const monate = [...new Set(liste.map(leseMonat))].sort();
  if (query.click_benutzer !== undefined) {
    return { ebene: 'benutzer', monate, dispatcherId: leseId(query.click_benutzer, 'click_benutzer') };
  }
  if (query.single_seminar !== undefined) {
    if (monate.length === 0) throw ungueltig('Bitte wählen Sie mindestens einen Monat.');
    const ohne = query.single_seminar === '0' || query.single_seminar === 0;
    return {
      ebene: 'dispatcher',
      monate,
      veranstaltungId: ohne ? null : leseId(query.single_seminar, 'single_seminar'),
    };
  }
  if (monate.length > 0) return { ebene: 'seminare', monate };
  return { ebene: 'jahr', jahr: leseJahr(query.year) };
}
