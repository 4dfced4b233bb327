/**
 * Port: what the DATEV export (issue 29) reads of billing's records — the issued invoices of a
 * calendar month or of a summary, the payments booked in a month or to a summary's invoices — and
 * where it notes which month or summary was exported when and by whom.
 */
import type { GespeicherteDatevRechnung } from '../../domain/datev-buchungen';
import type { Zahlungsart } from '../../domain/zahlung';
import type { Cents } from '../../../shared/money';

export type DatevBereich = { monat: string } | { abrechnungId: number };

export interface DatevRechnungsquelle extends GespeicherteDatevRechnung {
  benutzer_id: number | null;
}

export interface DatevZahlungsquelle {
  rechnungs_nr: string;
  /** YYYY-MM-DD. */
  datum: string;
  betrag: Cents;
  art: Zahlungsart;
  benutzer_id: number | null;
  name: string;
}

export interface DatevExportVermerk {
  monat: string | null;
  rw_abrechnung_id: number | null;
  buchungen: number;
  admin_name: string | null;
  createdAt: Date;
}

export abstract class DatevQuellen {
  /**
   * A month: the invoices issued from the day before to the day after it (the caller keeps those
   * whose Berlin date lies in it); a summary: its invoices.
   */
  abstract rechnungen(bereich: DatevBereich): Promise<DatevRechnungsquelle[]>;
  /** A month: the payments dated in it; a summary: the payments of its invoices. */
  abstract zahlungen(bereich: DatevBereich): Promise<DatevZahlungsquelle[]>;
  abstract abrechnungVorhanden(id: number): Promise<boolean>;
  /**
   * How many invoices were issued in each of these months (Berlin, `monatsZeitraum`), counted by
   * the database: a year can hold 100 000 invoices, and reading their times grew the server by 2 GB.
   */
  abstract rechnungenJeMonat(monate: string[]): Promise<Map<string, number>>;
  abstract exporte(bereich: { monate: string[] } | { abrechnungId: number }): Promise<DatevExportVermerk[]>;
  abstract vermerken(vermerke: Omit<DatevExportVermerk, 'createdAt'>[]): Promise<void>;
}
