/**
 * IBAN and BIC checks for Benutzer_Konto (issue 5): IBAN by country length and the ISO 7064
 * mod-97 checksum, BIC by its ISO 9362 shape. Messages are German and name the problem.
 */

/** IBAN lengths of the SEPA countries (and a few more staff meet), by ISO country code. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
  TR: 26,
  UA: 29,
};

export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over letters-as-numbers (IBAN, SEPA creditor id), piecewise: no big integers. */
export function mod97(value: string): number {
  let rest = 0;
  for (const ch of value) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** The German reason an IBAN is wrong, or null when it is valid. */
export function ibanFehler(raw: string): string | null {
  const iban = normaliseIban(raw);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) {
    return 'IBAN ist ungültig: sie beginnt mit Länderkennung und Prüfziffer (z. B. DE89…) und enthält nur Buchstaben und Ziffern.';
  }
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS[country];
  if (!length) return `IBAN ist ungültig: unbekannte Länderkennung „${country}“.`;
  if (iban.length !== length)
    return `IBAN ist ungültig: für ${country} sind ${length} Stellen nötig, nicht ${iban.length}.`;
  if (mod97(iban.slice(4) + iban.slice(0, 4)) !== 1)
    return 'IBAN ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?).';
  return null;
}

export function normaliseBic(bic: string): string {
  return bic.replace(/\s+/g, '').toUpperCase();
}

/** BIC: 4 letters bank, 2 letters country, 2 letters/digits location, optionally 3 for the branch. */
export function bicFehler(raw: string): string | null {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normaliseBic(raw))
    ? null
    : 'BIC ist ungültig: 8 oder 11 Zeichen (z. B. COBADEFFXXX).';
}

/** Completes a BBAN to an IBAN with correct check digits (used by the data generator). */
export function ibanMitPruefziffer(country: string, bban: string): string {
  const check = 98 - mod97(`${bban}${country}00`);
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** An IBAN as a Datenauskunft shows it (issue 34): only the last four characters readable. */
export function ibanMaskiert(iban: string | null): string | null {
  if (!iban) return iban;
  const rein = normaliseIban(iban);
  return `${'*'.repeat(Math.max(rein.length - 4, 0))}${rein.slice(-4)}`;
}
