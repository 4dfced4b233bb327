/** German IBANs with a correct ISO 7064 mod-97 check (the numbers are invented, the checksum is real). */
function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

const letterDigits = (s: string) =>
  [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

export function germanIban(bankleitzahl: string, kontonummer: string): string {
  const bban = bankleitzahl.padStart(8, '0') + kontonummer.padStart(10, '0');
  const check = 98 - mod97(letterDigits(`${bban}DE00`));
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

export function isValidIbanChecksum(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return mod97(letterDigits(compact.slice(4) + compact.slice(0, 4))) === 1;
}
