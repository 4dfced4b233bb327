/**
 * Paging parameters of the lists that are not generic resources (spec 000 §9): `limit` and
 * `offset` from the query string, refused in German when they are no whole number in range.
 */
import { DomainError } from './domain-error';

export const MAX_SEITENGROESSE = 1000;

/** A whole number from the query string, or null when absent. */
function ganzzahl(wert: unknown, name: string, min: number, max: number): number | null {
  if (wert === undefined || wert === '') return null;
  const n = typeof wert === 'string' && /^\d+$/.test(wert) ? Number(wert) : wert;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) {
    throw DomainError.invalid(
      'SEITE_UNGUELTIG',
      `„${name}“ muss eine ganze Zahl von ${min} bis ${max} sein.`,
    );
  }
  return n;
}

export interface Seite {
  /** null when absent: all rows (e.g. for a CSV export). */
  limit: number | null;
  offset: number;
}

export function leseSeite(limit: unknown, offset: unknown): Seite {
  return {
    limit: ganzzahl(limit, 'limit', 1, MAX_SEITENGROESSE),
    offset: ganzzahl(offset, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}
