/**
 * The rules of the booking dialog 'Vorgang hinzufügen' (issue 13; spec 003 §4 voucher entry):
 * changing the booking's type resets participant, discount and voucher; a typed voucher code is
 * uppercased and looked up at 10 characters; a voucher shows as '-x %', '-x €' or a fixed price.
 */
import { enumLabel } from '../../../../common/vocabulary';
import { formatAmount } from '../../lib/format';

/** What a seminar booking books: the whole seminar or one of its events. */
export type BuchungsTyp = 'seminar' | 'event';

export const BUCHUNGS_TYPEN = (['seminar', 'event'] as const).map((value) => ({
  value,
  label: enumLabel('rw-transaction', 'buchung_typ', value),
}));

export const GUTSCHEIN_LAENGE = 10;

export interface BuchungsEingabe {
  buchung_typ: BuchungsTyp;
  veranstaltung_event_id: number | null;
  /** The member itself or one of its employees. */
  teilnehmer_id: number | null;
  /** undefined: the best applicable discount (the server's choice); 0: none; else that discount. */
  wb_rabatt_id: number | undefined;
  voucher_code: string;
}

export const neueBuchung = (): BuchungsEingabe => ({
  buchung_typ: 'seminar',
  veranstaltung_event_id: null,
  teilnehmer_id: null,
  wb_rabatt_id: undefined,
  voucher_code: '',
});

/** Spec 003 §4: changing the type resets the participant, the discount and the voucher. */
export function typWechseln(eingabe: BuchungsEingabe, typ: BuchungsTyp): BuchungsEingabe {
  if (typ === eingabe.buchung_typ) return eingabe;
  return { ...neueBuchung(), buchung_typ: typ };
}

/** Spec 003 §4: typing a code uppercases it; codes have 10 characters. */
export const gutscheinEingabe = (text: string) =>
  text.toUpperCase().replace(/\s+/g, '').slice(0, GUTSCHEIN_LAENGE);

/** Looked up only when complete (or when removed). */
export const gutscheinNachschlagen = (code: string) => code.length === 0 || code.length === GUTSCHEIN_LAENGE;

export interface Gutschein {
  code: string;
  typ: string;
  wert: number;
}

const prozent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** Spec 003 §4: percent '-10 %', reduction '-25,00 €', full the fixed price. */
export function gutscheinAnzeige(gutschein: Pick<Gutschein, 'typ' | 'wert'>): string {
  switch (gutschein.typ) {
    case 'percent':
      return `-${prozent.format(gutschein.wert)} %`;
    case 'reduction':
      return `-${formatAmount(gutschein.wert)}`;
    default:
      return formatAmount(gutschein.wert);
  }
}

export interface BuchungsKontext {
  benutzer_id: number;
  veranstaltung_id: number;
}

/**
 * The body of `POST /node/api/rw-transaction/preis` and `POST /node/api/rw-transaction`, or null
 * while the booking is incomplete (no participant, an event booking without event). An
 * incomplete voucher code is left out until it has its 10 characters.
 */
export function buchungsAnfrage(eingabe: BuchungsEingabe, kontext: BuchungsKontext) {
  if (eingabe.teilnehmer_id === null) return null;
  if (eingabe.buchung_typ === 'event' && eingabe.veranstaltung_event_id === null) return null;
  return {
    benutzer_id: kontext.benutzer_id,
    teilnehmer_id: eingabe.teilnehmer_id,
    category: 'seminare' as const,
    ...(eingabe.buchung_typ === 'event'
      ? { veranstaltung_event_id: eingabe.veranstaltung_event_id }
      : { veranstaltung_id: kontext.veranstaltung_id }),
    buchung_typ: eingabe.buchung_typ,
    ...(eingabe.wb_rabatt_id === undefined ? {} : { wb_rabatt_id: eingabe.wb_rabatt_id }),
    ...(eingabe.voucher_code.length === GUTSCHEIN_LAENGE ? { voucher_code: eingabe.voucher_code } : {}),
  };
}
