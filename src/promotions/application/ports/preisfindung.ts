/**
 * Port: what a booking costs after discounts and a voucher — the read port promotions exports
 * (PromotionsModule) for billing's bookings and its own price check. The arithmetic is promotions'
 * pure rules (domain/rabatt-berechnung.ts, domain/gutschein.ts); the adapter loads what they need.
 */
import type { RabattTyp } from '../../../../common/rabatt';
import type { Transaktion } from '../../../platform/database/transaktion';
import type { GutscheinWirkung } from '../../domain/gutschein';
import type { RabattBuchung, RabattErgebnis } from '../../domain/rabatt-berechnung';

/** A voucher as stored (its other columns travel along). */
export interface Gutschein {
  id: number;
  code: string;
  typ: RabattTyp;
  /** Percent, or euros as typed. */
  wert: number;
  valid: boolean;
}

export interface GutscheinBuchung {
  /** The price before the voucher, in cents. */
  preis: number;
  seminarId: number;
}

export type { RabattBuchung, RabattErgebnis };

/** The discount rules as loaded once, applied to one booking after another. */
export type Rabattrechner = (buchung: RabattBuchung) => RabattErgebnis;

export abstract class Preisfindung {
  /** The active discounts, loaded now, as a calculator for many bookings (billing's batches). */
  abstract rabattRechner(): Promise<Rabattrechner>;

  /** The active discounts that apply to the booking, and its amount with the best of them. */
  async rabatte(buchung: RabattBuchung): Promise<RabattErgebnis> {
    return (await this.rabattRechner())(buchung);
  }

  /** The voucher with `code` on the booking's price; refused in German when it cannot be used. */
  abstract gutschein(
    code: string,
    buchung: GutscheinBuchung,
  ): Promise<GutscheinWirkung & { gutschein: Gutschein }>;
  /**
   * Redeems the voucher in the booking's transaction `tx`: read with its row locked, applied by the
   * same rules, then no longer valid — a code is used once, so a second booking with it is refused
   * as 'Gutschein ist ungültig!'.
   */
  abstract gutscheinEinloesen(
    tx: Transaktion,
    code: string,
    buchung: GutscheinBuchung,
  ): Promise<GutscheinWirkung & { gutschein: Gutschein }>;
}
