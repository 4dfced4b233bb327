/**
 * Payments of an invoice (issue 28): what came in, went back or was netted, and the payment
 * status derived from them. Pure: the one home of the status rule and of how a storno splits
 * into netting and refund.
 */
import { DomainError } from '../../shared/domain-error';
import { formatEuro, type Cents } from '../../shared/money';
import { istKalendertag } from '../../shared/kalendertag';

export const ZAHL_STATUS = ['offen', 'bezahlt', 'teilweise_bezahlt', 'zurueckgebucht', 'erstattet'] as const;
export type Zahlstatus = (typeof ZAHL_STATUS)[number];

/**
 * eingang: money received; ruecklastschrift: a collected debit returned by the bank (negative);
 * erstattung: a refund paid out (negative); verrechnung: the part of a cancelled invoice settled
 * by its storno invoice instead of money.
 */
export const ZAHLUNGS_ARTEN = ['eingang', 'ruecklastschrift', 'erstattung', 'verrechnung'] as const;
export type Zahlungsart = (typeof ZAHLUNGS_ARTEN)[number];

/** Where a payment was learnt from. */
export const ZAHLUNGS_QUELLEN = ['kontoauszug', 'sepa_sammler', 'manuell', 'storno'] as const;
export type Zahlungsquelle = (typeof ZAHLUNGS_QUELLEN)[number];

export interface Zahlungsbetrag {
  art: Zahlungsart;
  /** Signed: positive received or settled, negative returned or refunded. */
  betrag: Cents;
}

const summe = (zahlungen: readonly Zahlungsbetrag[], arten?: readonly Zahlungsart[]) =>
  zahlungen.filter((z) => !arten || arten.includes(z.art)).reduce((s, z) => s + z.betrag, 0);

/**
 * The payment status of an invoice of `betrag` (gross cents) with its payments in the order they
 * were booked; null for a storno invoice (no claim of its own: its effect is booked on the
 * original as netting or refund).
 */
export function zahlstatus(betrag: Cents, zahlungen: readonly Zahlungsbetrag[]): Zahlstatus | null {
  if (betrag <= 0) return null;
  const bezahlt = summe(zahlungen);
  if (zahlungen.some((z) => z.art === 'erstattung')) return 'erstattet';
  if (zahlungen.at(-1)?.art === 'ruecklastschrift' && bezahlt < betrag) return 'zurueckgebucht';
  if (bezahlt >= betrag) return 'bezahlt';
  return bezahlt > 0 ? 'teilweise_bezahlt' : 'offen';
}

/** Money actually received for an invoice (returned debits and refunds deducted, netting not counted). */
export const eingegangen = (zahlungen: readonly Zahlungsbetrag[]): Cents =>
  summe(zahlungen, ['eingang', 'ruecklastschrift', 'erstattung']);

/**
 * A storno of an invoice of `betrag`: what was not received is netted against it, only what was
 * received is refunded (never more than the invoice).
 */
export function stornoAusgleich(
  betrag: Cents,
  zahlungen: readonly Zahlungsbetrag[],
): { verrechnet: Cents; erstattung: Cents } {
  const erhalten = Math.min(Math.max(eingegangen(zahlungen), 0), Math.max(betrag, 0));
  return { verrechnet: Math.max(betrag, 0) - erhalten, erstattung: erhalten };
}

/** Manual "bezahlt": only an invoice with an open claim, dated not in the future. */
export function pruefeManuellBezahlt(
  rechnung: {
    rechnungs_nr: string;
    betrag: Cents;
    storno_parent_id: number | null;
    storno_id: number | null;
  },
  zahlungen: readonly Zahlungsbetrag[],
  datum: string,
  heute: string,
): Cents {
  if (!istKalendertag(datum)) throw DomainError.invalid('DATUM', '„Bezahlt am“ muss ein Datum sein.');
  if (datum > heute) throw DomainError.invalid('DATUM', '„Bezahlt am“ darf nicht in der Zukunft liegen.');
  if (rechnung.storno_parent_id != null)
    throw DomainError.conflict('STORNO', 'Eine Storno-Rechnung kann nicht als bezahlt markiert werden.');
  if (rechnung.storno_id != null)
    throw DomainError.conflict(
      'STORNIERT',
      `Die Rechnung ${rechnung.rechnungs_nr} ist storniert und kann nicht als bezahlt markiert werden.`,
    );
  const offen = rechnung.betrag - summe(zahlungen);
  if (offen <= 0)
    throw DomainError.conflict('BEZAHLT', `Die Rechnung ${rechnung.rechnungs_nr} ist bereits bezahlt.`);
  return offen;
}

/**
 * A returned debit staff assign by hand to an invoice: the entry's amount holds the bank's fee on
 * top of the debit returned, so the fee must be less than the amount, and no more can come back
 * than was received for the invoice. Answers the cents returned.
 */
export function pruefeRuecklastschrift(
  rechnung: { rechnungs_nr: string },
  zahlungen: readonly Zahlungsbetrag[],
  posten: { betrag: Cents; gebuehr: Cents },
): Cents {
  const zurueck = posten.betrag - posten.gebuehr;
  if (zurueck <= 0)
    throw DomainError.invalid(
      'RUECKLASTSCHRIFT_GEBUEHR',
      `Die Bankgebühr der Rücklastschrift (${formatEuro(posten.gebuehr)}) ist nicht kleiner als ihr Betrag (${formatEuro(posten.betrag)}); der Posten kann so keiner Rechnung zugeordnet werden.`,
    );
  const erhalten = eingegangen(zahlungen);
  if (zurueck > erhalten)
    throw DomainError.invalid(
      'RUECKLASTSCHRIFT_BETRAG',
      `Die Rücklastschrift gibt ${formatEuro(zurueck)} zurück, auf die Rechnung ${rechnung.rechnungs_nr} sind aber nur ${formatEuro(Math.max(erhalten, 0))} eingegangen; bitte die Rechnung prüfen.`,
    );
  return zurueck;
}
