/** Masked entry of spec 000 §5: dates ##.##.#### (German), times ##:## (24 h). */

/** Keeps the digits of `text` and lays them into `pattern` ('#' = digit), as far as they go. */
export function applyMask(text: string, pattern: string): string {
  const digits = text.replace(/\D/g, '');
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    if (slot === '#') out += digits[next++];
    else out += slot;
  }
  return out;
}

export const DATE_MASK = '##.##.####';
export const TIME_MASK = '##:##';

/** '31.12.2024' → '2024-12-31'; null unless it is a complete, real calendar date. */
export function parseGermanDate(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** '2024-12-31' (or a longer ISO string) → '31.12.2024'; empty for anything else. */
export function formatGermanDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** '7:5' is not accepted; '07:05' → '07:05'; hours 00–23, minutes 00–59. */
export function parseTime(text: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 ? text : null;
}
