/**
 * Which invoices a bank statement entry pays (issue 28). Pure: the entry and the candidate
 * invoices the caller read for it in, the payments to book out; null when nothing fits for sure,
 * and the entry waits in the reconciliation list for staff.
 *
 * Order of the rules: a collected SEPA file (one batch entry naming the summary's payment
 * information id) settles the debits of that summary; a returned debit names its invoice by the
 * end-to-end id; a credit names its invoice by the end-to-end id (the invoice number, see sepa.ts),
 * else by one invoice number in the remittance text, else by amount and the debtor's IBAN, each
 * only when exactly one open invoice fits. A credit naming by its end-to-end id an invoice that is
 * paid in full is not booked on it: it waits with that reason (paid twice, or meant for another).
 */
import type { Cents } from '../../shared/money';
import type { Kontobuchung } from './kontoauszug';
import { kennungDerAbrechnung } from './sepa';
import type { Zahlstatus, Zahlungsart } from './zahlung';

/** zugeordnet: booked as payments; offen: waits for staff; keine_rechnung: staff said it is none. */
export const KONTOAUSZUG_STATUS = ['zugeordnet', 'offen', 'keine_rechnung'] as const;
export type KontoauszugStatus = (typeof KONTOAUSZUG_STATUS)[number];

export interface Abgleichsrechnung {
  id: number;
  rechnungs_nr: string;
  /** Gross cents; storno invoices (≤ 0) are never candidates. */
  betrag: Cents;
  /** What is still owed: the amount less the payments booked so far. */
  offen: Cents;
  zahlstatus: Zahlstatus | null;
  /** The account the invoice was issued with (its debit account). */
  iban: string | null;
}

/**
 * The SEPA file of a summary as the bank books it: the debits' or refunds' invoices and amounts,
 * as the file is now and, where a storno netted a debit off after the file was downloaded, as it
 * was downloaded (the bank may have collected it anyway).
 */
export interface Sammelbuchung {
  abrechnung: number;
  art: 'lastschrift' | 'ueberweisung';
  varianten: { rechnung: number; betrag: Cents }[][];
}

/** Why an entry waits for staff although it names an invoice (shown in the reconciliation list). */
export interface Wartegrund {
  grund: string;
}

export interface Zuordnung {
  zahlungen: { rechnung: number; betrag: Cents; art: Zahlungsart }[];
  rw_rechnung_id: number | null;
  rw_abrechnung_id: number | null;
}

export const istZuordnung = (e: Zuordnung | Wartegrund | null): e is Zuordnung =>
  e != null && 'zahlungen' in e;

/** The summary a payment information id names (the ids Abrechnungen.sepa() gives its files). */
export function sammelId(id: string): { abrechnung: number; art: Sammelbuchung['art'] } | null {
  const kennung = kennungDerAbrechnung(id);
  return kennung
    ? { abrechnung: kennung.abrechnung, art: kennung.art === 'LS' ? 'lastschrift' : 'ueberweisung' }
    : null;
}

/** Words of a remittance text that could be invoice numbers (for the caller's lookup). */
export function nummernImText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;:()]+/)
        .map((w) => w.replace(/[.]+$/, ''))
        .filter((w) => w.length >= 3 && /\d/.test(w)),
    ),
  ].slice(0, 50);
}

const normal = (iban: string | null | undefined) => iban?.replace(/\s+/g, '').toUpperCase() ?? null;

const einzeln = (rechnung: number, betrag: Cents, art: Zahlungsart): Zuordnung => ({
  zahlungen: [{ rechnung, betrag, art }],
  rw_rechnung_id: rechnung,
  rw_abrechnung_id: null,
});

const einzige = <T>(liste: T[]): T | null => (liste.length === 1 ? liste[0] : null);

/**
 * gleicheAb's answer when `rechnungen` held only the invoices the entry names and the last rule
 * (amount and IBAN) is to decide: the caller reads the open invoices of the entry's amount and asks
 * again with them. Every earlier rule looks only at named invoices, so it decides the same either
 * way, and an entry that names its invoice costs no read by amount.
 */
export const BETRAG_FEHLT = 'betrag-fehlt';

export function gleicheAb(
  b: Kontobuchung,
  rechnungen: readonly Abgleichsrechnung[],
  sammler: Sammelbuchung | null,
): Zuordnung | Wartegrund | null;
export function gleicheAb(
  b: Kontobuchung,
  rechnungen: readonly Abgleichsrechnung[],
  sammler: Sammelbuchung | null,
  nurGenannte: true,
): Zuordnung | Wartegrund | null | typeof BETRAG_FEHLT;
export function gleicheAb(
  b: Kontobuchung,
  rechnungen: readonly Abgleichsrechnung[],
  sammler: Sammelbuchung | null,
  nurGenannte = false,
): Zuordnung | Wartegrund | null | typeof BETRAG_FEHLT {
  const kandidaten = rechnungen.filter((r) => r.betrag > 0);
  const perEndToEnd = einzige(kandidaten.filter((r) => b.endToEndIds.includes(r.rechnungs_nr)));
  if (b.ruecklastschrift) {
    // The entry's amount holds the bank's fee on top of the returned debit.
    return perEndToEnd && b.betrag > b.gebuehr
      ? einzeln(perEndToEnd.id, -(b.betrag - b.gebuehr), 'ruecklastschrift')
      : null;
  }
  if (sammler) {
    const posten =
      sammler.art === (b.gutschrift ? 'lastschrift' : 'ueberweisung')
        ? sammler.varianten.find((v) => v.length > 0 && v.reduce((s, p) => s + p.betrag, 0) === b.betrag)
        : undefined;
    if (!posten) return null;
    const art: Zahlungsart = b.gutschrift ? 'eingang' : 'erstattung';
    return {
      zahlungen: posten.map((p) => ({
        rechnung: p.rechnung,
        betrag: b.gutschrift ? p.betrag : -p.betrag,
        art,
      })),
      rw_rechnung_id: null,
      rw_abrechnung_id: sammler.abrechnung,
    };
  }
  if (!b.gutschrift) return null;
  if (perEndToEnd)
    return perEndToEnd.offen > 0
      ? einzeln(perEndToEnd.id, b.betrag, 'eingang')
      : { grund: `Rechnung ${perEndToEnd.rechnungs_nr} bereits bezahlt` };
  const offen = kandidaten.filter((r) => r.offen > 0);
  const worte = nummernImText(b.verwendungszweck);
  const perNummer = einzige(offen.filter((r) => worte.includes(r.rechnungs_nr)));
  if (perNummer) return einzeln(perNummer.id, b.betrag, 'eingang');
  const iban = normal(b.iban);
  if (nurGenannte && iban) return BETRAG_FEHLT;
  const perBetrag = einzige(offen.filter((r) => iban && r.offen === b.betrag && normal(r.iban) === iban));
  return perBetrag ? einzeln(perBetrag.id, b.betrag, 'eingang') : null;
}
