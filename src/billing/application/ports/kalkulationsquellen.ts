/**
 * Port: what the billing overview sums for a set of category objects (spec 002 §7 calcCategory),
 * each read in one query: the latest versions of their transactions, the payment options, the
 * invoices and the Abo bookings.
 */
import type {
  KalkulationsAboBuchung,
  KalkulationsAnfrage,
  KalkulationsRechnung,
  KalkulationsVorgang,
} from '../../domain/kalkulation';

export abstract class Kalkulationsquellen {
  /** The latest versions, cancelled ones too; a seminar's include its events'. */
  abstract vorgaenge(anfrage: KalkulationsAnfrage): Promise<KalkulationsVorgang[]>;
  /** Per object: the members with a payment option for it. */
  abstract bezahloptionen(anfrage: KalkulationsAnfrage): Promise<Map<number, Set<number>>>;
  abstract rechnungen(anfrage: KalkulationsAnfrage): Promise<KalkulationsRechnung[]>;
  abstract aboBuchungen(anfrage: KalkulationsAnfrage): Promise<KalkulationsAboBuchung[]>;
}
