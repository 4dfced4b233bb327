/** Number input rule of spec 000 §5: non-numeric text becomes empty, then clamp, then round. */
export interface NumberRule {
  min?: number;
  max?: number;
  /** Decimal places to round to; undefined keeps the value as typed. */
  decimals?: number;
  /** Amounts: shown with thousands dots (1.234,50), and a dot before three digits is read as one. */
  grouping?: boolean;
  /** Values are multiples of it (hours in steps of 0,05): the typed value goes to the nearest. */
  step?: number;
}

/** Rounds half away from zero; toFixed(6) first strips binary noise (1.005 → "1.005000"). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toFixed(6));
  return (Math.sign(value) * Math.round(scaled)) / factor || 0;
}

export function clampNumber(value: number, { min, max }: NumberRule): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/** Parses what staff type (German decimal comma or dot); null means empty. */
export function parseNumberInput(text: string, rule: NumberRule = {}): number | null {
  const spaced = text.trim().replace(/\s/g, '');
  const trimmed = rule.grouping ? spaced.replace(/\.(?=\d{3}(\D|$))/g, '') : spaced;
  if (trimmed === '') return null;
  // "1.234,5" (German grouping) and "1234.5" are both accepted.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalized)) return null;
  const typed = Number(normalized);
  const stepped = rule.step ? Math.round(typed / rule.step) * rule.step : typed;
  const clamped = clampNumber(stepped, rule);
  return rule.decimals === undefined ? clamped : roundTo(clamped, rule.decimals);
}

/** The text shown in a number input: German decimal comma; thousands dots only with `grouping`. */
export function formatNumberInput(
  value: number | null | undefined,
  decimals?: number,
  grouping = false,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const [whole, fraction] = (decimals === undefined ? String(value) : value.toFixed(decimals)).split('.');
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole;
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}
