/** The `?, ?, ?` of an `IN (…)` list with one placeholder per value, for plain SQL on either database. */
export const platzhalter = (werte: readonly unknown[]): string => werte.map(() => '?').join(', ');
