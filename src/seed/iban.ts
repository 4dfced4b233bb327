import { ibanMitPruefziffer } from '../shared/bankverbindung';

/** A German IBAN for invented account numbers; the checksum is real, so the data passes validation. */
export function germanIban(bankleitzahl: string, kontonummer: string): string {
  return ibanMitPruefziffer('DE', bankleitzahl.padStart(8, '0') + kontonummer.padStart(10, '0'));
}
