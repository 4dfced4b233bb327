/**
 * Read port of the newsletter evaluation's figures (issue 32): the dispatches sent in a period
 * with their recipient and opt-out counts, their clicks, and the current bookings of the clicking
 * Benutzer; domain/newsletter-wirkung.ts computes from them.
 */
import type { Buchung, Klick, Versand } from '../../domain/newsletter-wirkung';

export abstract class NewsletterWirkungDaten {
  /** Dispatches finished at or after `von` and before `bis`. */
  abstract versande(von: Date, bis: Date): Promise<Versand[]>;
  /** The clicks of these dispatches, at their instant. */
  abstract klicks(dispatcherIds: number[]): Promise<Klick[]>;
  /** Current bookings from `von` to `bis` in which these Benutzer pay or take part. */
  abstract buchungen(benutzerIds: number[], von: Date, bis: Date): Promise<Buchung[]>;
}
