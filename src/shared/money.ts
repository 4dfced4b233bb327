/**
 * Money in code is integer cents (DESIGN.md §4); euros appear only at the edges (JSON, DECIMAL).
 * Rounding is commercial: halves away from zero.
 */
export type Cents = number;

/**
 * The largest amount a money field takes: 99.999.999,99 €. Money columns are DECIMAL(12,2) and
 * hold a hundred times more, so that sums of such amounts (an invoice, a summary) still fit.
 */
export const MONEY_MAX_CENTS: Cents = 9_999_999_999;

export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`kein Geldbetrag: ${euros}`);
  // toFixed(6) strips binary noise (1.005 → "1.005000") before rounding half away from zero.
  const scaled = Number((Math.abs(euros) * 100).toFixed(6));
  return Math.sign(euros) * Math.round(scaled) || 0;
}

export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

/** Commercial rounding of a (fractional) cent amount to whole cents. */
export function roundCents(cents: number): Cents {
  return Math.sign(cents) * Math.round(Math.abs(cents)) || 0;
}

const euroFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** German display: 1.234,50 € */
export function formatEuro(cents: Cents): string {
  return `${euroFormat.format(centsToEuros(cents))} €`;
}

/**
 * Why `euros` is no amount a money field takes (beyond ±MONEY_MAX_CENTS once rounded to cents), in
 * German, or undefined.
 */
export function moneyRangeViolation(euros: number): string | undefined {
  const cents = Number.isFinite(euros) ? Math.abs(eurosToCents(euros)) : Infinity;
  if (cents <= MONEY_MAX_CENTS) return undefined;
  return euros > 0
    ? `darf höchstens ${formatEuro(MONEY_MAX_CENTS)} betragen`
    : `darf nicht kleiner als ${formatEuro(-MONEY_MAX_CENTS)} sein`;
}
