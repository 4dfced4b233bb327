/**
 * Port: payments of invoices and imported bank statement entries (issue 28), inside a unit of
 * work of the Abrechnungsspeicher (`in(tx.transaktion)`), so that a payment, the invoice's status
 * and the statement entry are written all or nothing. Rows carry the columns of their tables
 * (amounts in euros, as stored).
 */
import type { Transaktion } from '../../../platform/database/transaktion';
import type { Kontobuchung } from '../../domain/kontoauszug';
import type { Zahlungsart, Zahlungsquelle } from '../../domain/zahlung';
import type { KontoauszugStatus } from '../../domain/zahlungsabgleich';
import type { Rechnung } from './abrechnungsspeicher';

export interface Zahlung {
  id: number;
  rw_rechnung_id: number;
  datum: string | null;
  betrag: number;
  art: Zahlungsart;
  quelle: Zahlungsquelle;
  bank_referenz: string | null;
  gebuehr: number | null;
  rueckgabegrund: string | null;
  rw_kontoauszug_posten_id: number | null;
  admin_name: string | null;
}

export type NeueZahlung = Omit<Zahlung, 'id'>;

/** One imported statement entry (rw_kontoauszug_posten). */
export interface Kontoauszugsposten {
  id: number;
  referenz: string;
  datum: string | null;
  betrag: number;
  gutschrift: boolean;
  ruecklastschrift: boolean;
  gebuehr: number | null;
  rueckgabegrund: string | null;
  status: KontoauszugStatus;
  rw_rechnung_id: number | null;
  rw_abrechnung_id: number | null;
}

export type NeuerPosten = Pick<
  Kontobuchung,
  'referenz' | 'auszug' | 'datum' | 'gutschrift' | 'ruecklastschrift' | 'rueckgabegrund' | 'name' | 'iban'
> & {
  betrag: number;
  gebuehr: number | null;
  verwendungszweck: string | null;
  end_to_end_referenz: string | null;
  sammler_referenz: string | null;
  status: KontoauszugStatus;
  /** Why it waits although it names an invoice (null: nothing fits). */
  grund: string | null;
  rw_rechnung_id: number | null;
  rw_abrechnung_id: number | null;
  admin_name: string | null;
};

export interface ZahlungsTx {
  /** The payments of these invoices, in the order they were booked. */
  zahlungen(rechnungIds: number[]): Promise<Zahlung[]>;
  zahlungAnlegen(werte: NeueZahlung): Promise<number>;
  /** Which of these bank references were imported before. */
  bekannteReferenzen(referenzen: string[]): Promise<string[]>;
  postenAnlegen(werte: NeuerPosten): Promise<number>;
  postenGesperrt(id: number): Promise<Kontoauszugsposten | null>;
  postenAendern(
    id: number,
    werte: Partial<Pick<Kontoauszugsposten, 'status' | 'rw_rechnung_id'>> & { admin_name: string | null },
  ): Promise<void>;
  /** Invoices (not storno invoices) with one of these numbers. */
  rechnungenMitNummern(nummern: string[]): Promise<Rechnung[]>;
  /** Invoices (not storno invoices) of this gross amount that are not paid in full. */
  offeneRechnungenMitBetrag(betrag: number): Promise<Rechnung[]>;
  /** Whether the summary's debit file was downloaded (its log holds a sepaDebit). */
  lastschriftHeruntergeladen(abrechnungId: number): Promise<boolean>;
}

export abstract class Zahlungsspeicher {
  abstract in(tx: Transaktion): ZahlungsTx;
}
