/**
 * The batch e-mail of a summary (issue 28): each invoice is mailed at most once, a second click
 * sends only those not yet sent, and the answer says how many went and how many had gone before.
 */

/** What one batch did: invoices mailed now, mailed before, and those that could not be sent. */
export interface Versandbilanz {
  versendet: number;
  bereits: number;
  fehler: string[];
}

const rechnungen = (n: number) => `${n} ${n === 1 ? 'Rechnung' : 'Rechnungen'}`;

/** The invoices a batch still has to mail: those no batch has claimed yet. */
export const nochZuVersenden = <R extends { email_versendet_am?: Date | null }>(alle: R[]): R[] =>
  alle.filter((r) => r.email_versendet_am == null);

/**
 * The German answer: "3 Rechnungen versendet, 6 waren bereits versendet"; a first batch that sent
 * everything keeps the spec's 'Email erfolgreich versendet' (spec 002 §8).
 */
export function versandMeldung({ versendet, bereits }: Versandbilanz, erfolg: string): string {
  if (bereits === 0) return erfolg;
  return `${rechnungen(versendet)} versendet, ${bereits} ${bereits === 1 ? 'war' : 'waren'} bereits versendet`;
}

/** The refusal when some could not be sent (after the others went out), naming each. */
export function versandFehler({ versendet, bereits, fehler }: Versandbilanz): string {
  const bereitsText = bereits > 0 ? `, ${bereits} ${bereits === 1 ? 'war' : 'waren'} bereits versendet` : '';
  return `${versendet} von ${versendet + fehler.length} Rechnungen versendet${bereitsText}; nicht versendet: ${fehler.join(' ')}`;
}
