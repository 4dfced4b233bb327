/**
 * Which postings the books get from billing (issue 29): per invoice one posting per VAT rate, the
 * gross amount from the member's debtor account (Soll) to the revenue account of the invoice's
 * category and rate; a storno invoice carries the negated amounts and so becomes the reversal
 * (Haben on the debtor); a payment that moved money (received, returned debit, refund — not the
 * netting of a storno, which moved none) is booked between the bank account and the debtor, with
 * the invoice number in Belegfeld 1 so that DATEV's OPOS clears the invoice.
 */
import { berlinDatum, berlinZeitpunkt } from '../../../common/kalender';
import { DomainError } from '../../shared/domain-error';
import { eurosToCents, type Cents } from '../../shared/money';
import type { DatevBuchung } from '../../shared/datev/buchungsstapel';
import { DATEV_STEUERSAETZE, type DatevEinstellungen, type DatevSteuersatz } from './datev-einstellungen';
import { isKategorie, type Kategorie } from './kategorie';
import type { Zahlungsart } from './zahlung';

export interface DatevRechnung {
  rechnungs_nr: string;
  /** The invoice date in Berlin, YYYY-MM-DD. */
  datum: string;
  category: Kategorie | null;
  /** Gross per rate, signed (negative on a storno). */
  steuern: { satz: number; brutto: Cents }[];
  /** The member's debtor number, or null (the collective debtor of the settings). */
  debitor: number | null;
  name: string;
  /** On a storno: the number of the invoice it cancels. */
  storno_zu?: string | null;
  leistungsdatum?: string | null;
}

export interface DatevZahlung {
  rechnungs_nr: string;
  datum: string;
  /** Signed: positive received, negative returned or refunded. */
  betrag: Cents;
  art: Zahlungsart;
  debitor: number | null;
  name: string;
}

const ZAHLUNGSTEXT: Record<Exclude<Zahlungsart, 'verrechnung'>, string> = {
  eingang: 'Zahlung',
  ruecklastschrift: 'Rücklastschrift',
  erstattung: 'Erstattung',
};

const steuersatz = (satz: number): DatevSteuersatz | undefined =>
  DATEV_STEUERSAETZE.find((s) => Number(s) === satz);

export function rechnungsbuchungen(r: DatevRechnung, e: DatevEinstellungen): DatevBuchung[] {
  // Invoices from before categories were stored are seminar invoices (the only kind there was).
  const konten = e.erloeskonten[r.category ?? 'seminare'];
  const text = r.storno_zu ? `Storno zu ${r.storno_zu} ${r.name}` : `Rechnung ${r.name}`;
  return r.steuern
    .filter((z) => z.brutto !== 0)
    .map((z) => {
      const satz = steuersatz(z.satz);
      if (!satz) {
        throw DomainError.conflict(
          'DATEV_STEUERSATZ',
          `Für den Steuersatz ${String(z.satz).replace('.', ',')} % (Rechnung ${r.rechnungs_nr}) ist kein Erlöskonto eingestellt.`,
        );
      }
      return {
        betrag: z.brutto,
        konto: r.debitor ?? e.sammeldebitor,
        gegenkonto: konten[satz].konto,
        buSchluessel: konten[satz].bu,
        belegdatum: r.datum,
        belegfeld1: r.rechnungs_nr,
        buchungstext: text,
        leistungsdatum: r.leistungsdatum ?? null,
      };
    });
}

/** The posting of a payment, or null for a netting (no money moved). */
export function zahlungsbuchung(z: DatevZahlung, e: DatevEinstellungen): DatevBuchung | null {
  if (z.art === 'verrechnung' || z.betrag === 0) return null;
  return {
    betrag: z.betrag,
    konto: e.geldkonto,
    gegenkonto: z.debitor ?? e.sammeldebitor,
    buSchluessel: '',
    belegdatum: z.datum,
    belegfeld1: z.rechnungs_nr,
    buchungstext: `${ZAHLUNGSTEXT[z.art]} ${z.name}`,
  };
}

/** The calendar months (YYYY-MM) from `von` to `bis`, both included; at most 24 (one file each). */
export function monate(von: string, bis: string): string[] {
  const gueltig = (m: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m);
  if (!gueltig(von) || !gueltig(bis) || von > bis) {
    throw DomainError.invalid(
      'DATEV_ZEITRAUM',
      'Der Zeitraum ist ungültig (von und bis als JJJJ-MM, von vor bis).',
    );
  }
  const liste: string[] = [];
  let [jahr, monat] = von.split('-').map(Number);
  for (let m = von; m <= bis; m = `${jahr}-${String(monat).padStart(2, '0')}`) {
    liste.push(m);
    monat += 1;
    if (monat > 12) [jahr, monat] = [jahr + 1, 1];
    if (liste.length > 24) {
      throw DomainError.invalid(
        'DATEV_ZEITRAUM',
        'Es können höchstens 24 Monate auf einmal exportiert werden.',
      );
    }
  }
  return liste;
}

/** First and last day of a month YYYY-MM. */
export function monatsgrenzen(monat: string): { von: string; bis: string } {
  const [jahr, m] = monat.split('-').map(Number);
  const letzter = new Date(Date.UTC(jahr, m, 0)).getUTCDate();
  return { von: `${monat}-01`, bis: `${monat}-${String(letzter).padStart(2, '0')}` };
}

/** The instants of a Berlin month: from its first midnight (`ab`) up to the next month's (`vor`). */
export function monatsZeitraum(monat: string): { ab: Date; vor: Date } {
  const [jahr, m] = monat.split('-').map(Number);
  const naechster = m === 12 ? `${jahr + 1}-01` : `${jahr}-${String(m + 1).padStart(2, '0')}`;
  return { ab: berlinZeitpunkt(`${monat}-01`, '00:00'), vor: berlinZeitpunkt(`${naechster}-01`, '00:00') };
}

/** What the export reads of an issued invoice: its stored row with the issued snapshot. */
export interface GespeicherteDatevRechnung {
  rechnungs_nr: string;
  category: string | null;
  betrag: number | null;
  netto: number | null;
  mwst: number | null;
  createdAt: Date;
  data: {
    datum?: string;
    steuern?: { satz: number; brutto: number }[];
    storno_zu?: string;
    empfaenger?: { name: string | null };
    leistungszeitraum?: { von: string } | null;
  } | null;
}

/**
 * The invoice as the books see it: its date in Berlin, gross per rate from the issued snapshot (an
 * invoice from before rates were stored: its total at the rate its VAT implies), the recipient.
 */
export function alsDatevRechnung(r: GespeicherteDatevRechnung, debitor: number | null): DatevRechnung {
  const datum = berlinDatum(r.data?.datum ? new Date(r.data.datum) : r.createdAt);
  const steuern = r.data?.steuern?.length
    ? r.data.steuern.map((z) => ({ satz: z.satz, brutto: eurosToCents(z.brutto) }))
    : [
        {
          satz: r.mwst && r.netto ? Math.round((r.mwst / r.netto) * 100) : 0,
          brutto: eurosToCents(r.betrag ?? 0),
        },
      ];
  return {
    rechnungs_nr: r.rechnungs_nr,
    datum,
    category: isKategorie(r.category) ? r.category : null,
    steuern,
    debitor,
    name: r.data?.empfaenger?.name ?? '',
    storno_zu: r.data?.storno_zu ?? null,
    leistungsdatum: r.data?.leistungszeitraum?.von ?? null,
  };
}
