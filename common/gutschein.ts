/**
 * Voucher rules shared by the voucher screens and the server (spec 003 §4, §5, §9): the code, the
 * bulk creation's limits and how a voucher's value is shown.
 */

export const GUTSCHEIN_CODE_LAENGE = 10;

/** Letters and digits without the easily confused O/0 and I/1, so that printed codes are typed right. */
export const GUTSCHEIN_ZEICHEN = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** At most this many vouchers are created by one request. */
export const GUTSCHEINE_MAX = 10000;

/** The relation of a seminar's vouchers; vouchers for 'Alle' have none. */
export const GUTSCHEIN_RELATION = 'Veranstaltung';

/** Typing a code uppercases it (spec 003 §4). */
export const codeNormalisieren = (code: string) => code.trim().toUpperCase();

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });
const euro = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec 003 §4: a percent voucher as "− 10 %", a reduction as "− 25,00 €", a fixed price as "99,00 €". */
export function gutscheinWertText(typ: unknown, wert: unknown): string {
  const betrag = Number(wert ?? 0);
  if (typ === 'percent') return `− ${zahl.format(betrag)} %`;
  if (typ === 'reduction') return `− ${euro.format(betrag)} €`;
  return `${euro.format(betrag)} €`;
}

/** The fixed query of the voucher table: one seminar's vouchers, or those for all ('alle'). */
export interface GutscheinBezug {
  relation: string | null;
  relation_id: number | null;
}

/**
 * The relation of the voucher table's query (`relation=alle` or `relation=Veranstaltung&relation_id=5`);
 * null when none was chosen (then nothing can be created, spec 003 §5).
 */
export function gutscheinBezug(relation: unknown, relationId: unknown): GutscheinBezug | null {
  if (relation === 'alle') return { relation: null, relation_id: null };
  const id = Number(relationId);
  if (relation === GUTSCHEIN_RELATION && Number.isInteger(id) && id > 0)
    return { relation: GUTSCHEIN_RELATION, relation_id: id };
  return null;
}
