/**
 * Read port billing exports (issue 28): the VAT rate of a booking, for contexts that compute net
 * amounts from booked gross ones (reporting's revenue forecast and seminar evaluation). The rule
 * is billing's one rule (domain/steuerquellen.ts), the one the invoice run applies: the records the
 * booking names — seminar, event's seminar, bundle, product (0 / 7 / 19 %), Abo period — in that
 * order, else the standard rate. Asked, not copied.
 */
import type { Steuerquellen } from '../../domain/steuerquellen';

export type { Steuerquelle, Steuerquellen } from '../../domain/steuerquellen';

export abstract class Steuersaetze {
  /** The VAT rate in percent of a booking that names these records (their `mwst`). */
  abstract satz(quellen: Steuerquellen): number;
}
