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
export function gueltigkeitsText(b: {
  aktiv?: unknown;
  valid_from?: string | null;
  valid_to?: string | null;
}): string {
  if (!b.aktiv) return '–';
  if (b.valid_from && b.valid_to) return `${datum(b.valid_from)} – ${datum(b.valid_to)}`;
  if (b.valid_from) return `ab ${datum(b.valid_from)}`;
  if (b.valid_to) return `bis ${datum(b.valid_to)}`;
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
