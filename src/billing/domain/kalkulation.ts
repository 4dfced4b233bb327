/**
 * The sums of the billing overview (spec 002 §2, §7 `POST /api/rw-calculation/calcCategory`):
 * per category object the latest versions of its transactions by state, its invoices and storno
 * invoices, the members the next invoice run would report for a missing payment option, and the
 * Abo bookings. Pure summing in integer cents; euros only at the edge (`inEuro`).
 */
import { DomainError } from '../../shared/domain-error';
import { centsToEuros, eurosToCents, type Cents } from '../../shared/money';
import { isKategorie, KATEGORIE_ID_FELD, type Kategorie, type KategorieIdFeld } from './kategorie';

/** More objects than one overview page shows are refused before any query. */
export const MAX_KATEGORIE_IDS = 1000;

export interface KalkulationsAnfrage {
  category: Kategorie;
  feld: KategorieIdFeld;
  ids: number[];
  transactions: boolean;
  rechnungen: boolean;
  abos: boolean;
}

/** The overview's request, its fields' types checked at the edge (adapters/http/billing.schemas.ts). */
export interface Kalkulationskoerper {
  category?: string;
  category_ids?: number[];
  transactions?: boolean;
  rechnungen?: boolean;
  abos?: boolean;
}

/** 400 'bad category' for an unknown category, `CATEGORY_IDS` for none or too many objects. */
export function kalkulationsAnfrage(werte: Kalkulationskoerper): KalkulationsAnfrage {
  if (!isKategorie(werte.category)) throw DomainError.invalid('BAD_CATEGORY', 'bad category');
  const ids = werte.category_ids ?? [];
  if (ids.length === 0 || ids.length > MAX_KATEGORIE_IDS) {
    throw DomainError.invalid(
      'CATEGORY_IDS',
      `„category_ids“ muss eine Liste von 1 bis ${MAX_KATEGORIE_IDS} IDs abzurechnender Einträge sein.`,
    );
  }
  return {
    category: werte.category,
    feld: KATEGORIE_ID_FELD[werte.category],
    ids: [...new Set(ids)],
    transactions: werte.transactions === true,
    rechnungen: werte.rechnungen === true,
    // Abo bookings exist only for Abos.
    abos: werte.abos === true && werte.category === 'abos',
  };
}

/** The latest version of a transaction (child_id null), as far as the sums need it. */
export interface KalkulationsVorgang {
  objekt_id: number;
  benutzer_id: number | null;
  /** Euros as stored. */
  betrag: number | null;
  verifiziert: boolean;
  storno: boolean;
  rw_rechnung_id: number | null;
}

export interface KalkulationsRechnung {
  objekt_id: number;
  /** Gross euros as stored; negative on storno invoices. */
  betrag: number | null;
  storno_parent_id: number | null;
}

export interface KalkulationsAboBuchung {
  objekt_id: number;
  /** 'YYYY-MM-DD' from which the booking is cancelled, or null. */
  storno_valid_from: string | null;
}

export interface Posten {
  anzahl: number;
  betrag: Cents;
}

export interface VorgangsSummen {
  /** Current (spec 000 §4), not invoiced, not verified. */
  offen: Posten;
  /** Current, not invoiced, verified: what a run with only_verified takes. */
  verifiziert: Posten;
  /** Current and on an invoice. */
  abgerechnet: Posten;
  /** Latest version cancelled. */
  storniert: Posten;
  /** All current ones (offen + verifiziert + abgerechnet). */
  aktuell: Posten;
  /** Members with current transactions. */
  mitglieder: number;
  /** Members with current transactions not yet invoiced but no payment option: the run reports them. */
  ohne_bezahloption: number[];
}

export interface RechnungsSummen {
  rechnungen: Posten;
  storno: Posten;
  /** Invoices minus storno invoices, gross. */
  saldo: Cents;
}

export interface AboSummen {
  buchungen: number;
  aktiv: number;
  gekuendigt: number;
}

export interface Kategoriesummen {
  category_id: number;
  transactions?: VorgangsSummen;
  rechnungen?: RechnungsSummen;
  abos?: AboSummen;
}

const leer = (): Posten => ({ anzahl: 0, betrag: 0 });

function zaehle(posten: Posten, betrag: number | null): void {
  posten.anzahl += 1;
  posten.betrag += eurosToCents(betrag ?? 0);
}

/** Sums the latest versions of one object's transactions; `mitOption` are the members with a payment option. */
export function vorgangsSummen(vorgaenge: KalkulationsVorgang[], mitOption: Set<number>): VorgangsSummen {
  const summen: VorgangsSummen = {
    offen: leer(),
    verifiziert: leer(),
    abgerechnet: leer(),
    storniert: leer(),
    aktuell: leer(),
    mitglieder: 0,
    ohne_bezahloption: [],
  };
  const mitglieder = new Set<number>();
  const ohneOption = new Set<number>();
  for (const v of vorgaenge) {
    if (v.storno) {
      zaehle(summen.storniert, v.betrag);
      continue;
    }
    zaehle(summen.aktuell, v.betrag);
    if (v.rw_rechnung_id != null) zaehle(summen.abgerechnet, v.betrag);
    else zaehle(v.verifiziert ? summen.verifiziert : summen.offen, v.betrag);
    if (v.benutzer_id == null) continue;
    mitglieder.add(v.benutzer_id);
    if (v.rw_rechnung_id == null && !mitOption.has(v.benutzer_id)) ohneOption.add(v.benutzer_id);
  }
  summen.mitglieder = mitglieder.size;
  summen.ohne_bezahloption = [...ohneOption].sort((a, b) => a - b);
  return summen;
}

export function rechnungsSummen(rechnungen: KalkulationsRechnung[]): RechnungsSummen {
  const summen: RechnungsSummen = { rechnungen: leer(), storno: leer(), saldo: 0 };
  for (const r of rechnungen)
    zaehle(r.storno_parent_id == null ? summen.rechnungen : summen.storno, r.betrag);
  // Storno invoices carry negative amounts, so the balance is their plain sum.
  summen.saldo = summen.rechnungen.betrag + summen.storno.betrag;
  return summen;
}

/** `heute` 'YYYY-MM-DD' (Berlin): a booking cancelled from a later day is still active. */
export function aboSummen(buchungen: KalkulationsAboBuchung[], heute: string): AboSummen {
  const gekuendigt = buchungen.filter((b) => b.storno_valid_from != null).length;
  const aktiv = buchungen.filter((b) => b.storno_valid_from == null || b.storno_valid_from > heute).length;
  return { buchungen: buchungen.length, aktiv, gekuendigt };
}

export interface KalkulationsDaten {
  vorgaenge?: KalkulationsVorgang[];
  /** Per object: the members with a payment option. */
  bezahloptionen?: Map<number, Set<number>>;
  rechnungen?: KalkulationsRechnung[];
  aboBuchungen?: KalkulationsAboBuchung[];
  heute: string;
}

/** The sums per requested object, in the order asked; only the parts whose data was read. */
export function kategoriesummen(ids: number[], daten: KalkulationsDaten): Kategoriesummen[] {
  return ids.map((id) => {
    const summen: Kategoriesummen = { category_id: id };
    if (daten.vorgaenge) {
      summen.transactions = vorgangsSummen(
        daten.vorgaenge.filter((v) => v.objekt_id === id),
        daten.bezahloptionen?.get(id) ?? new Set(),
      );
    }
    if (daten.rechnungen)
      summen.rechnungen = rechnungsSummen(daten.rechnungen.filter((r) => r.objekt_id === id));
    if (daten.aboBuchungen) {
      summen.abos = aboSummen(
        daten.aboBuchungen.filter((b) => b.objekt_id === id),
        daten.heute,
      );
    }
    return summen;
  });
}

/** A posting's amount in euros, for the JSON answer. */
const postenInEuro = (p: Posten) => ({ anzahl: p.anzahl, betrag: centsToEuros(p.betrag) });

/** The answer's shape: every amount in euros (two decimals exact, since computed in cents). */
export function inEuro(summen: Kategoriesummen) {
  const { transactions: t, rechnungen: r } = summen;
  return {
    ...summen,
    ...(t && {
      transactions: {
        ...t,
        offen: postenInEuro(t.offen),
        verifiziert: postenInEuro(t.verifiziert),
        abgerechnet: postenInEuro(t.abgerechnet),
        storniert: postenInEuro(t.storniert),
        aktuell: postenInEuro(t.aktuell),
      },
    }),
    ...(r && {
      rechnungen: {
        rechnungen: postenInEuro(r.rechnungen),
        storno: postenInEuro(r.storno),
        saldo: centsToEuros(r.saldo),
      },
    }),
  };
}
