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
import { Buchungen } from '../billing/application/buchungen';
import { Rechnungslauf, type Ausstellung } from '../billing/application/rechnungslauf';
import { Vorgaenge } from '../billing/application/vorgaenge';
import { kategorieObjekt } from '../billing/domain/kategorie';
import type { SeedContext } from './seed-context';

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
  private readonly buchungen: Buchungen;
  private readonly vorgaenge: Vorgaenge;
  private readonly lauf: Rechnungslauf;
  private readonly abrechnungen: Abrechnungen;

  constructor(private readonly ctx: SeedContext) {
    const get = <T>(type: new (...args: never[]) => T) => ctx.app.get(type, { strict: false });
    this.buchungen = get(Buchungen);
    this.vorgaenge = get(Vorgaenge);
    this.lauf = get(Rechnungslauf);
    this.abrechnungen = get(Abrechnungen);
  }

  /**
   * Books each request at its `datum` (`POST …/rw-transaction`, each body checked as there), in
   * this order and in one transaction (Buchungen.buchenStapel); answers each booking's id and
   * amount in euros.
   */
  async buchen(stapel: readonly { anfrage: Row; datum: Date }[]): Promise<{ id: number; betrag: number }[]> {
    return this.buchungen.buchenStapel(
      stapel.map(({ anfrage, datum }) => ({
        eingabe: pruefeKoerper(BuchungsKoerper, anfrage, BUCHUNG),
        jetzt: datum,
      })),
      null,
    );
  }

  /** Changes a booking (`PUT …/rw-transaction/{id}`): a new amount is a new version, `storno` cancels it. */
  async aendern(id: number, werte: Row): Promise<void> {
    await this.vorgaenge.aendern(id, werte, null);
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
