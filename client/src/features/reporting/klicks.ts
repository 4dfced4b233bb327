/**
 * The dashboard chart (spec 003 §2, §3): newsletter clicks of the last 6 months. The clicks come
 * from statistik-newsletter, only those of a dispatch (dispatcher_id set), counted per day by the
 * generic list's `group`; here they become one bar per calendar month, the current one last.
 */
import { monateZurueck } from '../../../../common/kalender';

export const MONATE = 6;

/** The first day of the oldest month shown: the current month and the five before it. */
export const klickBeginn = (heute: string): string => monateZurueck(`${heute.slice(0, 8)}01`, MONATE - 1);

/** The query of the chart: clicks of dispatches since klickBeginn, counted per day. */
export const klickQuery = (heute: string) => ({
  where: { dispatcher_id: { $ne: null }, datum: { $gte: klickBeginn(heute) } },
  group: ['datum'],
});

export interface KlickMonat {
  /** 'YYYY-MM'. */
  monat: string;
  klicks: number;
}

/** One entry per month of the period, months without clicks with 0. */
export function klicksJeMonat(
  tage: { datum: string; count: number | string }[],
  heute: string,
): KlickMonat[] {
  const beginn = klickBeginn(heute);
  const monate = Array.from({ length: MONATE }, (_, i) => monateZurueck(beginn, -i).slice(0, 7));
  const summe = new Map(monate.map((monat) => [monat, 0]));
  for (const { datum, count } of tage) {
    const monat = String(datum).slice(0, 7);
    if (summe.has(monat)) summe.set(monat, summe.get(monat)! + Number(count));
  }
  return monate.map((monat) => ({ monat, klicks: summe.get(monat)! }));
}
