/**
 * A new booking (rw-transaction, issue 13; spec 002 §3–§4, spec 003 §4): who takes part, which
 * price tier applies, and how list price, discount, voucher and a manual amount make the booked
 * amount, to the cent. Pure: the application loads member, participant and booked object, and
 * promotions' Preisfindung evaluates discounts and vouchers.
 */
import { PREIS_STUFEN, beschreibungGesetzt } from '../../../common/seminar';
import { labelFor } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { eurosToCents, roundCents, type Cents } from '../../shared/money';
import type { Kategorie } from './kategorie';
import { pruefeBetrag } from './vorgang';

/** Whom a seminar's price tiers distinguish (the Preisbezeichnungen of the seminar's tiers). */
export type Teilnehmerart = 'mitglied' | 'mitarbeiter' | 'nichtmitglied';

export interface Person {
  id: number;
  parent_id: number | null;
  atr_mitglied: boolean;
  anzeigename: string | null;
}

/** How a booking came in: staff, the shop, the fax form, or the seminar's or one date's booking. */
export const BUCHUNGS_TYPEN = ['backoffice', 'online', 'fax', 'seminar', 'event'] as const;

export type BuchungsTyp = (typeof BUCHUNGS_TYPEN)[number];

/**
 * A booking request as its body schema let it through (adapters/http/billing.schemas.ts): each
 * field of its type, ids as numbers; fields of other names still in it for `buchungsanfrage`.
 */
export interface BuchungsEingabe {
  category: Kategorie;
  benutzer_id?: number | null;
  teilnehmer_id?: number | null;
  veranstaltung_id?: number | null;
  veranstaltung_event_id?: number | null;
  wb_bundle_id?: number | null;
  produkt_id?: number | null;
  warenkorb_id?: number | null;
  wb_abo_id?: number | null;
  wb_abo_turnus_id?: number | null;
  wb_abo_buchung_id?: number | null;
  buchung_typ?: BuchungsTyp | null;
  titel?: string | null;
  preis?: (typeof PREIS_STUFEN)[number] | null;
  /** 0: explicitly no discount. */
  wb_rabatt_id?: number | null;
  voucher_code?: string | null;
  /** Euros. */
  betrag?: number | null;
  verifiziert?: boolean | null;
  [feld: string]: unknown;
}

/** The booking request after its shape was checked; ids still unresolved. */
export interface Buchungsanfrage {
  benutzer_id: number;
  teilnehmer_id: number;
  category: Kategorie;
  veranstaltung_id: number | null;
  veranstaltung_event_id: number | null;
  wb_bundle_id: number | null;
  produkt_id: number | null;
  wb_abo_id: number | null;
  warenkorb_id: number | null;
  wb_abo_turnus_id: number | null;
  wb_abo_buchung_id: number | null;
  buchung_typ: string | null;
  /** A booking text of its own; null: the object's title. */
  titel: string | null;
  /** The tier chosen explicitly (1..6); null: by the participant. */
  preis: number | null;
  /** undefined: the best applicable discount; null: none (0 in the request); else that one. */
  wb_rabatt_id: number | null | undefined;
  voucher_code: string | null;
  /** A manual amount in cents replacing the computed one. */
  betrag: Cents | null;
  verifiziert: boolean;
}

const FELDER = [
  'benutzer_id',
  'teilnehmer_id',
  'category',
  'veranstaltung_id',
  'veranstaltung_event_id',
  'wb_bundle_id',
  'produkt_id',
  'warenkorb_id',
  'wb_abo_id',
  'wb_abo_turnus_id',
  'wb_abo_buchung_id',
  'buchung_typ',
  'titel',
  'preis',
  'wb_rabatt_id',
  'voucher_code',
  'betrag',
  'verifiziert',
];

/** Which object ids each category books; others must stay empty (a seminar is no bundle). */
const OBJEKT_FELDER: Record<Kategorie, string[]> = {
  seminare: ['veranstaltung_id', 'veranstaltung_event_id'],
  abos: ['wb_abo_id', 'wb_abo_turnus_id', 'wb_abo_buchung_id'],
  bundle: ['wb_bundle_id'],
  produkte: ['produkt_id', 'warenkorb_id'],
};

const ungueltig = (code: string, message: string) => DomainError.invalid(code, message);

/**
 * The booking request of `POST …/rw-transaction` and `…/preis`, its fields' types checked by its
 * schema, before anything is read: only a booking's fields, a member, the object ids of its
 * category and no others, an amount of whole cents, not negative. Refusals are 400 with a German
 * sentence.
 */
export function buchungsanfrage(werte: BuchungsEingabe): Buchungsanfrage {
  const fremd = Object.keys(werte).filter((feld) => !FELDER.includes(feld));
  if (fremd.length > 0)
    throw ungueltig(
      'BUCHUNG_FELDER',
      `Eine Buchung nimmt diese Angaben nicht an: ${fremd.join(', ')}. Teilnehmername, Buchungszeit und Preisangaben ergeben sich aus der Buchung.`,
    );
  const { category, benutzer_id } = werte;
  if (benutzer_id == null) throw ungueltig('BUCHUNG_MITGLIED', 'Bitte wählen Sie das buchende Mitglied.');
  const erlaubt = OBJEKT_FELDER[category];
  const falsch = Object.values(OBJEKT_FELDER)
    .flat()
    .filter((feld) => !erlaubt.includes(feld) && werte[feld] != null);
  if (falsch.length > 0)
    throw ungueltig(
      'BUCHUNG_FALSCHER_BEREICH',
      `Eine Buchung im Bereich „${category}“ kann nicht auf ${falsch.join(', ')} lauten.`,
    );
  let betrag: Cents | null = null;
  if (werte.betrag != null) {
    try {
      pruefeBetrag(werte.betrag);
    } catch (e) {
      // The vocabulary's label, as the generic writer would name the field.
      if (e instanceof DomainError && e.errors)
        throw DomainError.fields(e.errors, (feld) => labelFor('rw-transaction', feld));
      throw e;
    }
    betrag = eurosToCents(werte.betrag);
  }
  const titel = werte.titel?.trim() || null;
  const code = werte.voucher_code;
  return {
    benutzer_id,
    teilnehmer_id: werte.teilnehmer_id ?? benutzer_id,
    category,
    veranstaltung_id: werte.veranstaltung_id ?? null,
    veranstaltung_event_id: werte.veranstaltung_event_id ?? null,
    wb_bundle_id: werte.wb_bundle_id ?? null,
    produkt_id: werte.produkt_id ?? null,
    wb_abo_id: werte.wb_abo_id ?? null,
    warenkorb_id: werte.warenkorb_id ?? null,
    wb_abo_turnus_id: werte.wb_abo_turnus_id ?? null,
    wb_abo_buchung_id: werte.wb_abo_buchung_id ?? null,
    buchung_typ: werte.buchung_typ ?? null,
    titel,
    preis: werte.preis ?? null,
    // Not chosen (absent or null): the best applicable; 0: explicitly none.
    wb_rabatt_id:
      werte.wb_rabatt_id == null ? undefined : werte.wb_rabatt_id === 0 ? null : werte.wb_rabatt_id,
    voucher_code: code == null || code.trim() === '' ? null : code,
    betrag,
    verifiziert: werte.verifiziert === true,
  };
}

/**
 * The participant is the member itself or one of its employees (a Benutzer whose parent is the
 * member); anyone else is refused.
 */
export function pruefeTeilnehmer(mitglied: Person, teilnehmer: Person): void {
  if (teilnehmer.id !== mitglied.id && teilnehmer.parent_id !== mitglied.id)
    throw ungueltig(
      'BUCHUNG_TEILNEHMER',
      `${teilnehmer.anzeigename ?? `Benutzer ${teilnehmer.id}`} ist weder das Mitglied selbst noch ein Mitarbeiter von ${mitglied.anzeigename ?? `Benutzer ${mitglied.id}`}.`,
    );
}

/**
 * Members pay the member price; a participant whose employer (parent) is a member the price for
 * employees of members; everyone else the non-member price.
 */
export function teilnehmerart(
  teilnehmer: Person,
  arbeitgeber: Pick<Person, 'atr_mitglied'> | null,
): Teilnehmerart {
  if (teilnehmer.atr_mitglied) return 'mitglied';
  if (arbeitgeber?.atr_mitglied) return 'mitarbeiter';
  return 'nichtmitglied';
}

/**
 * Which participants a Preisbezeichnung names: 'Mitglied(er)', 'Nichtmitglied(er)' (also
 * 'Nicht-Mitglieder'), 'Mitarbeiter von Mitgliedern'; other names (Frühbucher, Auszubildende)
 * are chosen explicitly only.
 */
export function preisbezeichnungArt(beschreibung: string | null): Teilnehmerart | null {
  const name = (beschreibung ?? '').toLowerCase().replace(/[^a-zäöüß]/g, '');
  if (/^mitglied(er)?$/.test(name)) return 'mitglied';
  if (/^nichtmitglied(er)?$/.test(name)) return 'nichtmitglied';
  if (/^mitarbeiter(innen)?vonmitglied(ern)?$/.test(name)) return 'mitarbeiter';
  return null;
}

/** A seminar's or event's up to six tiers (prices in euros as stored). */
export type Preisstaffel = Record<string, unknown>;

export interface Preisstufe {
  stufe: number;
  bezeichnung: string;
  preis: Cents;
}

/** The tiers that can be booked: a description and a price. */
export function preisstufen(staffel: Preisstaffel): Preisstufe[] {
  return PREIS_STUFEN.flatMap((n) => {
    const bezeichnung = staffel[`preis${n}_beschreibung`];
    const preis = staffel[`preis${n}`];
    if (!beschreibungGesetzt(bezeichnung) || preis === null || preis === undefined) return [];
    return [{ stufe: n, bezeichnung: String(bezeichnung).trim(), preis: eurosToCents(Number(preis)) }];
  });
}

/**
 * The tier of a booking: the one chosen, else the one named for the participant's kind. An
 * employee of a member pays the member price where the seminar has no tier of its own for them.
 * A seminar with one tier only charges it to everyone; one without prices is free (null).
 */
export function waehlePreisstufe(
  staffel: Preisstaffel,
  art: Teilnehmerart,
  gewaehlt: number | null,
): Preisstufe | null {
  const stufen = preisstufen(staffel);
  if (gewaehlt !== null) {
    const stufe = stufen.find((s) => s.stufe === gewaehlt);
    if (!stufe)
      throw ungueltig(
        'BUCHUNG_PREISSTUFE',
        `Die Preisstufe ${gewaehlt} ist für diese Veranstaltung nicht festgelegt.`,
      );
    return stufe;
  }
  if (stufen.length === 0) return null;
  if (stufen.length === 1) return stufen[0];
  const passend = (a: Teilnehmerart) => stufen.find((s) => preisbezeichnungArt(s.bezeichnung) === a);
  const stufe = passend(art) ?? (art === 'mitarbeiter' ? passend('mitglied') : undefined);
  if (!stufe)
    throw ungueltig(
      'BUCHUNG_PREISSTUFE',
      `Die Veranstaltung hat keinen Preis für ${ART_NAME[art]}; bitte wählen Sie eine Preisstufe.`,
    );
  return stufe;
}

const ART_NAME: Record<Teilnehmerart, string> = {
  mitglied: 'Mitglieder',
  mitarbeiter: 'Mitarbeiter von Mitgliedern',
  nichtmitglied: 'Nichtmitglieder',
};

/** A bundle's price as booked: gross, a net price with its VAT added (rounded once). */
export function bruttoPreis(preis: number, istNetto: boolean, mwst: number | null): Cents {
  const cents = eurosToCents(Number(preis));
  return istNetto ? roundCents((cents * (100 + Number(mwst ?? 0))) / 100) : cents;
}

export interface Betragsteile {
  /** The tier's or object's price. */
  listenpreis: Cents;
  /** What the discount applied takes off (0 without one). */
  rabattAbzug: Cents;
  /** What the voucher takes off the discounted price (0 without one). */
  gutscheinAbzug: Cents;
  /** A manual amount; replaces the computed one. */
  manuell: Cents | null;
}

/**
 * The booked amount: list price less discount less voucher, never below 0 — or the manual amount
 * staff entered, which stands as it is (it already passed the whole-cent, not-negative check).
 */
export function buchungsbetrag(teile: Betragsteile): Cents {
  if (teile.manuell !== null) return teile.manuell;
  return Math.max(0, teile.listenpreis - teile.rabattAbzug - teile.gutscheinAbzug);
}

/** The booking text: "{lg_id} - {titel}" as the invoice line shows it. */
export function buchungstitel(lgId: string | null | undefined, titel: string | null | undefined): string {
  return [lgId, titel]
    .filter((teil) => teil != null && String(teil).trim() !== '')
    .join(' - ')
    .slice(0, 255);
}
