/** Number input rule of spec 000 §5: non-numeric text becomes empty, then clamp, then round. */
export interface NumberRule {
  min?: number;
  max?: number;
  /** Decimal places to round to; undefined keeps the value as typed. */
  decimals?: number;
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
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  // "1.234,5" (German grouping) and "1234.5" are both accepted.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalized)) return null;
  const clamped = clampNumber(Number(normalized), rule);
  return rule.decimals === undefined ? clamped : roundTo(clamped, rule.decimals);
}

/** The text shown in a number input: German decimal comma, no grouping. */
export function formatNumberInput(value: number | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}
