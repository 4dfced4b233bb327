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
import { Abrechnungen } from '../billing/application/abrechnungen';
import { Buchungsstapel } from '../billing/application/buchungsstapel';
import { Rechnungslauf, type Ausstellung } from '../billing/application/rechnungslauf';
import { kategorieObjekt } from '../billing/domain/kategorie';
import type { SeedContext } from './seed-context';

/** A batch of bookings and changes as the seed makes it: requests as their HTTP bodies. */
export interface SeedStapel {
  buchen(anfrage: Row, datum: Date): Promise<{ id: number; betrag: number }>;
  aendern(id: number, werte: Row): Promise<void>;
}

/** A billed object as the billing verbs name it. */
export interface Objekt {
  category: string;
  category_id: number;
}

/**
 * Invoices issued at the demo's `datum`; their PDF originals are archived on first download, as
 * for invoices issued before archiving existed: rendering each at seeding would double its time.
 */
const ausstellung = (datum: Date): Ausstellung => ({ datum, archivieren: false });

export class AbrechnungDurchProdukt {
  private readonly stapel: Buchungsstapel;
  private readonly lauf: Rechnungslauf;
  private readonly abrechnungen: Abrechnungen;

  constructor(private readonly ctx: SeedContext) {
    const get = <T>(type: new (...args: never[]) => T) => ctx.app.get(type, { strict: false });
    this.stapel = get(Buchungsstapel);
    this.lauf = get(Rechnungslauf);
    this.abrechnungen = get(Abrechnungen);
  }

  /**
   * Bookings and their changes as one batch of billing (Buchungsstapel), in the order `arbeit`
   * makes them: each booking at its `datum` (`POST …/rw-transaction`, its body checked as there),
   * each change as `PUT …/rw-transaction/{id}` (a new amount is a new version, `storno` cancels).
   * `vorab` are the batch's booking requests, read up front.
   */
  async imStapel(vorab: readonly Row[], arbeit: (stapel: SeedStapel) => Promise<void>): Promise<void> {
    const eingabe = (anfrage: Row) => pruefeKoerper(BuchungsKoerper, anfrage, BUCHUNG);
    await this.stapel.ausfuehren(vorab.map(eingabe), null, (stapel) =>
      arbeit({
        buchen: (anfrage, datum) => stapel.buchen(eingabe(anfrage), datum),
        aendern: (id, werte) => stapel.aendern(id, werte),
      }),
    );
  }

  /** The invoice run of `objekt` at `datum` over its verified bookings; answers the invoices it issued. */
  async laufen(objekt: Objekt, datum: Date): Promise<number[]> {
    const anfrage = kategorieObjekt(objekt);
    const vorher = await this.letzteRechnung();
    await this.lauf.starte({ objekt: anfrage, nurVerifizierte: true }, null, undefined, ausstellung(datum));
    return this.neueRechnungen(vorher);
  }

  /** Cancels an invoice at `datum` with its bookings, without re-opening copies. */
  async stornieren(rechnungId: number, datum: Date): Promise<void> {
    await this.lauf.storniereRechnung(rechnungId, false, null, ausstellung(datum));
  }

  /** The export of `objekt` at `datum`: its run, then a summary of its invoices not yet in one. */
  async exportieren(objekt: Objekt, datum: Date): Promise<void> {
    await this.abrechnungen.erstelle(
      { objekt: kategorieObjekt(objekt), nurVerifizierte: true },
      null,
      undefined,
      ausstellung(datum),
    );
  }

  private async letzteRechnung(): Promise<number> {
    const [{ max }] = await this.ctx.rows('SELECT MAX(id) AS max FROM rw_rechnung');
    return Number(max ?? 0);
  }

  /** Invoices (not stornos) issued after invoice `nach`. */
  private async neueRechnungen(nach: number): Promise<number[]> {
    const zeilen = await this.ctx.rows(
      'SELECT id FROM rw_rechnung WHERE id > ? AND storno_parent_id IS NULL ORDER BY id',
      [nach],
    );
    return zeilen.map((z) => Number(z.id));
  }
}
