/**
 * Certificate rules shared by the edit screen and the server (spec 001 §4, §5, §9): the validity
 * text of the list and the seminar-type filter that exists only with a variant.
 */
export const FILTER_VARIANTEN = ['include', 'exclude'] as const;
export type FilterVariante = (typeof FILTER_VARIANTEN)[number] | null;

export const FILTER_VARIANTEN_LABEL: Record<string, string> = {
  none: 'Keine',
  include: 'Einschluss',
  exclude: 'Ausschluss',
};

const datum = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.');

/** „immer“, „ab …“, „bis …“ or a range while active; a dash when inactive (spec 001 §4). */
export function gueltigkeitsText(b: Record<string, unknown>): string {
  if (!b.aktiv) return '–';
  const von = typeof b.valid_from === 'string' && b.valid_from ? b.valid_from : null;
  const bis = typeof b.valid_to === 'string' && b.valid_to ? b.valid_to : null;
  if (von && bis) return `${datum(von)} – ${datum(bis)}`;
  if (von) return `ab ${datum(von)}`;
  if (bis) return `bis ${datum(bis)}`;
  return 'immer';
}

/** The certificate's `data` after a change: no variant, no seminar types (spec 001 §5). */
export function bescheinigungsDatenFolgen(
  data: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const next = { ...(data ?? {}) };
  const variante = next.veranstaltungTypenFilterVariant;
  if (variante !== 'include' && variante !== 'exclude') {
    next.veranstaltungTypenFilterVariant = null;
    next.veranstaltungTypen = [];
  }
  return next;
}
