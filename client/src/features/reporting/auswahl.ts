/** Pure rules of the evaluation screens: the selector of spec 003 §4, route parameters, periods. */
import { berlinDateTime } from '../../lib/format';
import { timeFilterRange, type TimeFilter } from '../../lib/time-filter';
import type { SeminarWhere } from './api';

/** The selector's three kinds: all seminars of a period, single seminars, seminar types. */
export type AuswahlTyp = 'all' | 'single' | 'types';

export interface Auswahl {
  typ: AuswahlTyp;
  von: string | null;
  bis: string | null;
  veranstaltungIds: number[];
  typIds: number[];
  /** Results split by seminar type. */
  split: boolean;
}

/** Spec 003 §4: all with a from or to date; single with a seminar; types with a seminar type. */
export function startErlaubt(a: Auswahl): boolean {
  if (a.typ === 'all') return Boolean(a.von || a.bis);
  if (a.typ === 'single') return a.veranstaltungIds.length > 0;
  return a.typIds.length > 0;
}

/** The result route's query (spec 003 §2): from, to, split, veranstaltung_ids, veranstaltung_typ_ids. */
export function ergebnisPfad(a: Auswahl): string {
  const query = new URLSearchParams();
  const mitDatum = a.typ !== 'single';
  if (mitDatum && a.von) query.set('from', a.von);
  if (mitDatum && a.bis) query.set('to', a.bis);
  if (a.split) query.set('split', 'true');
  if (a.typ === 'single') query.set('veranstaltung_ids', JSON.stringify(a.veranstaltungIds));
  if (a.typ === 'types') query.set('veranstaltung_typ_ids', JSON.stringify(a.typIds));
  return `/auswertung/seminare/selection?${query.toString()}`;
}

function ids(text: string | null): number[] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((id): id is number => Number.isSafeInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** The calc call's where from the result route's query; null when it selects nothing. */
export function whereAusQuery(query: URLSearchParams): SeminarWhere | null {
  const where: SeminarWhere = {};
  const from = query.get('from');
  const to = query.get('to');
  if (from || to) where.datum = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const veranstaltungIds = ids(query.get('veranstaltung_ids'));
  const typIds = ids(query.get('veranstaltung_typ_ids'));
  if (veranstaltungIds.length) where.veranstaltung_ids = veranstaltungIds;
  if (typIds.length) where.veranstaltung_typ_ids = typIds;
  return Object.keys(where).length ? where : null;
}

/** '2026-03' ↔ the route's '202603' (detail routes take numbers). */
export const monatsParam = (monat: string) => monat.replace('-', '');
export const monatAusParam = (param: number | string) => {
  const text = String(param);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}`;
};

/** The first and last Berlin day of a list time filter, for evaluations that take {from, to}. */
export function zeitraum(filter: TimeFilter, now: Date): { from?: string; to?: string } | undefined {
  const range = timeFilterRange(filter, now);
  if (!range) return undefined;
  return {
    from: berlinDateTime(range.from)[0],
    ...(range.to ? { to: berlinDateTime(new Date(range.to.getTime() - 1))[0] } : {}),
  };
}

/** The years a year selector offers: those of the list time filter ('Jahr {year}'). */
export function jahrAusFilter(filter: TimeFilter): number | null {
  return /^y\d{4}$/.test(filter) ? Number(filter.slice(1)) : null;
}
