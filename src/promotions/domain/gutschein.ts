/**
 * Vouchers applied to a booking and their codes (spec 003 §4, §8, §9). Pure: the random source is
 * passed in (the application uses a cryptographic one).
 */
import { GUTSCHEIN_CODE_LAENGE, GUTSCHEIN_RELATION, GUTSCHEIN_ZEICHEN } from '../../../common/gutschein';
import type { RabattTyp } from '../../../common/rabatt';
import { DomainError } from '../../shared/domain-error';
import type { Cents } from '../../shared/money';
import { prozentVon } from './rabatt-berechnung';

export interface Gutschein {
  code: string;
  typ: RabattTyp;
  /** Cents for full (the fixed price) and reduction; percent for percent. */
  wert: number;
  valid: boolean;
  relation: string | null;
  relation_id: number | null;
}

export interface GutscheinWirkung {
  /** What the voucher takes off the price; its booking line is the negative of it. */
  abzug: Cents;
  /** The price with the voucher. */
  betrag: Cents;
}

export const GUTSCHEIN_FEHLT = 'Gutschein existiert nicht!';
export const GUTSCHEIN_UNGUELTIG = 'Gutschein ist ungültig!';
export const GUTSCHEIN_NICHT_HIER = 'Der Gutschein ist hier nicht anwendbar!';

/**
 * A voucher on the price of a booking of seminar `seminarId`: full gives its fixed price (the
 * line is the fixed price minus the price), percent takes that share off, reduction a fixed amount;
 * never below 0. Refused when it does not exist, is not valid, or belongs to another seminar.
 */
export function gutscheinAnwenden(
  gutschein: Gutschein | null,
  buchung: { preis: Cents; seminarId: number },
): GutscheinWirkung {
  if (!gutschein) throw DomainError.notFound('GUTSCHEIN_FEHLT', GUTSCHEIN_FEHLT);
  if (!gutschein.valid) throw DomainError.conflict('GUTSCHEIN_UNGUELTIG', GUTSCHEIN_UNGUELTIG);
  const fuerAlle = gutschein.relation === null;
  const diesesSeminar =
    gutschein.relation === GUTSCHEIN_RELATION && gutschein.relation_id === buchung.seminarId;
  if (!fuerAlle && !diesesSeminar) throw DomainError.conflict('GUTSCHEIN_NICHT_HIER', GUTSCHEIN_NICHT_HIER);
  const { preis } = buchung;
  const abzug =
    gutschein.typ === 'full'
      ? preis - gutschein.wert
      : gutschein.typ === 'percent'
        ? prozentVon(preis, gutschein.wert)
        : gutschein.wert;
  const begrenzt = Math.max(0, Math.min(abzug, preis));
  return { abzug: begrenzt, betrag: preis - begrenzt };
}

/**
 * Which booking holds a voucher: `valid` is free; a used one names the booking that redeemed it by
 * the first version of its chain, or null when none is recorded (made invalid by staff, or used
 * before bookings were recorded).
 */
export interface Einloesung {
  valid: boolean;
  rw_transaction_id: number | null;
}

export const GUTSCHEIN_VERGEBEN =
  'Der Gutschein wurde inzwischen für eine andere Buchung eingelöst; die Buchung kann nicht wiederhergestellt werden.';

/**
 * Booking `vorgangId` was cancelled or deleted: its voucher is free again. Only the booking that
 * holds it releases it, so a second release, a voucher staff made invalid and one another booking
 * holds stay as they are (null: nothing changes).
 */
export function gutscheinFreigeben(gutschein: Einloesung, vorgangId: number): Einloesung | null {
  if (gutschein.valid || gutschein.rw_transaction_id !== vorgangId) return null;
  return { valid: true, rw_transaction_id: null };
}

/**
 * Booking `vorgangId` is active with the voucher (just booked, or its cancellation lifted): it holds
 * the voucher. A used one without a recorded holder becomes its; one held by another booking is
 * refused, since a code is used once (null: nothing changes).
 */
export function gutscheinBinden(gutschein: Einloesung, vorgangId: number): Einloesung | null {
  if (gutschein.rw_transaction_id === vorgangId && !gutschein.valid) return null;
  if (!gutschein.valid && gutschein.rw_transaction_id !== null)
    throw DomainError.conflict('GUTSCHEIN_VERGEBEN', GUTSCHEIN_VERGEBEN);
  return { valid: false, rw_transaction_id: vorgangId };
}

/**
 * `anzahl` codes of 10 characters from the unambiguous alphabet. Its 32 characters divide 256, so
 * each random byte picks one without bias. Codes repeated within the batch are drawn again.
 */
export function neueCodes(anzahl: number, zufall: (bytes: number) => Uint8Array): string[] {
  const codes = new Set<string>();
  while (codes.size < anzahl) {
    const fehlend = anzahl - codes.size;
    const bytes = zufall(fehlend * GUTSCHEIN_CODE_LAENGE);
    for (let i = 0; i < fehlend; i++) {
      let code = '';
      for (let k = 0; k < GUTSCHEIN_CODE_LAENGE; k++)
        code += GUTSCHEIN_ZEICHEN[bytes[i * GUTSCHEIN_CODE_LAENGE + k] % GUTSCHEIN_ZEICHEN.length];
      codes.add(code);
    }
  }
  return [...codes];
}
