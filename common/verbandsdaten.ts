/**
 * The association's data as invoices print it (§ 14 Abs. 4 UStG, issue 28): the fields the settings
 * screen edits and billing's domain checks (src/billing/domain/verbandsdaten.ts) and prints.
 */
export interface Rechnungsaussteller {
  name: string;
  strasse: string;
  plz: string;
  ort: string;
  steuernummer: string | null;
  ust_idnr: string | null;
  iban: string;
  bic: string | null;
  bank: string | null;
  glaeubiger_id: string | null;
  /** Who answers questions about invoices: the seller contact of an XRechnung (BR-DE-2). */
  kontakt_name: string | null;
  kontakt_telefon: string | null;
  kontakt_email: string | null;
  /** The reason printed on 0 % invoices and lines, by billing category. */
  befreiungsgruende: Partial<Record<string, string>>;
}
