/**
 * A SEPA download of a summary (spec 002 §7 sepaDebit / sepaTransfer) answers the file and, in the
 * header SEPA_AUSGELASSEN, the invoices it had to leave out: JSON percent-encoded, since a header
 * carries no umlauts. The server writes it, the summary screen lists it.
 */
export const SEPA_AUSGELASSEN = 'X-SEPA-Ausgelassen';

/** An invoice left out of its SEPA file: the member, the invoice number and why (German). */
export interface SepaAuslassung {
  name: string;
  rechnung: string;
  gruende: string[];
}

export const sepaAusgelassenSchreiben = (ausgelassen: readonly SepaAuslassung[]): string =>
  encodeURIComponent(JSON.stringify(ausgelassen));

export const sepaAusgelassenLesen = (kopf: string | null | undefined): SepaAuslassung[] =>
  kopf ? (JSON.parse(decodeURIComponent(kopf)) as SepaAuslassung[]) : [];
