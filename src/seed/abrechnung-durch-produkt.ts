/**
 * The seed's one door into billing's use cases: bookings, their changes, invoice runs, stornos and
 * exports go through the product's own code, so every seeded booking and invoice has exactly the
 * product's shape (numbers, VAT table, recipient, participant counts, audit trail). All the seed's
 * calls into billing live here, so a changed use-case signature is adapted in this file alone.
 * The seed acts as the system (no staff actor); dates are the demo's, not the clock's.
 */
import { pruefeKoerper } from '../platform/http/zod-body';
import type { Row } from '../platform/resources/resource-definition';
import { BUCHUNG, BuchungsKoerper } from '../billing/adapters/http/billing.schemas';
import { Buchungsstapel } from '../billing/application/buchungsstapel';
import { kategorieObjekt } from '../billing/domain/kategorie';
import type { SeedContext } from './seed-context';

/** A batch of billing as the seed makes it: requests as their HTTP bodies, objects as the verbs name them. */
export interface SeedStapel {
  /** Books at `datum`; answers the amount and the id (known once the batch inserted the booking). */
  buchen(anfrage: Row, datum: Date): Promise<{ betrag: number; id(): Promise<number> }>;
  aendern(id: number, werte: Row): Promise<void>;
  /** The invoice run of `objekt` at `datum` over its verified bookings; answers the invoices it issued. */
  laufen(objekt: Objekt, datum: Date): Promise<number[]>;
  /** Cancels an invoice at `datum` with its bookings, without re-opening copies. */
  stornieren(rechnungId: number, datum: Date): Promise<void>;
  /** The export of `objekt` at `datum`: its run, then a summary of its invoices not yet in one. */
  exportieren(objekt: Objekt, datum: Date): Promise<void>;
}

/** A billed object as the billing verbs name it. */
export interface Objekt {
  category: string;
  category_id: number;
}

const lauf = (objekt: Objekt) => ({ objekt: kategorieObjekt(objekt), nurVerifizierte: true });

export class AbrechnungDurchProdukt {
  private readonly stapel: Buchungsstapel;

  constructor(ctx: SeedContext) {
    this.stapel = ctx.app.get(Buchungsstapel, { strict: false });
  }

  /**
   * Steps of billing as one batch (Buchungsstapel), in the order `arbeit` makes them: each booking
   * at its `datum` (`POST …/rw-transaction`, its body checked as there), each change as `PUT
   * …/rw-transaction/{id}` (a new amount is a new version, `storno` cancels), runs, stornos and
   * exports at theirs. `vorab` are the batch's booking requests, read up front. Invoices are issued
   * without archiving their PDF originals, which are archived on first download, as for invoices
   * issued before archiving existed: rendering each at seeding would double its time.
   */
  async imStapel(vorab: readonly Row[], arbeit: (stapel: SeedStapel) => Promise<void>): Promise<void> {
    const eingabe = (anfrage: Row) => pruefeKoerper(BuchungsKoerper, anfrage, BUCHUNG);
    await this.stapel.ausfuehren(
      vorab.map(eingabe),
      null,
      (stapel) =>
        arbeit({
          buchen: (anfrage, datum) => stapel.buchen(eingabe(anfrage), datum),
          aendern: (id, werte) => stapel.aendern(id, werte),
          laufen: async (objekt, datum) => (await stapel.laufen(lauf(objekt), datum)).rechnungen,
          stornieren: async (id, datum) => void (await stapel.stornieren(id, false, datum)),
          exportieren: async (objekt, datum) => void (await stapel.exportieren(lauf(objekt), datum)),
        }),
      { archivieren: false },
    );
  }
}
