/** The Turnus timeline's warnings and messages (spec 003 §4, §7), kept apart from the screen to be specced. */

export interface Zeitraum {
  von: string | null;
  bis: string | null;
}

/** A seminar's or event's dates lie (partly) outside the period: the timeline warns. Unknown dates do not. */
export function ausserhalb(periode: Zeitraum, termin: Zeitraum): boolean {
  if (!periode.von || !termin.von) return false;
  const ende = termin.bis ?? termin.von;
  return termin.von < periode.von || (periode.bis !== null && ende > periode.bis);
}

/** Spec 003 §7: '{n} Vorgang wurde / Vorgänge wurden angepasst!'. */
export const vorgaengeAngepasst = (n: number) =>
  n === 1 ? '1 Vorgang wurde angepasst!' : `${n} Vorgänge wurden angepasst!`;
