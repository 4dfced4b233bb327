/**
 * Abo rules the editor applies as staff type and the server on every save (spec 003 §4, §9).
 */

/** Spec 003 §9: what a new Abo's first period starts with (mwst: none, the booking's own rate). */
export const ERSTER_TURNUS_VORGABEN = {
  preis: 100,
  mwst: null,
  preisgarantie: 1,
  verlaengerung: 1,
  kuendigungsfrist: 14,
} as const;

/** Spec 003 §4: only yearly Abos have a cut-off month; any other Turnustyp clears it. */
export function stichmonatFolgt(turnustyp: unknown): { stichmonat: null } | Record<string, never> {
  return (turnustyp ?? 'jaehrlich') !== 'jaehrlich' ? { stichmonat: null } : {};
}
