/**
 * Billing categories and payment types (spec 002 §3, §9). Every billing record names its object
 * through a category and the id field that category uses.
 */
import { enumLabel } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';

export const KATEGORIEN = ['seminare', 'abos', 'bundle', 'produkte'] as const;
export type Kategorie = (typeof KATEGORIEN)[number];

/** Spec 002 §3: the category → id-field mapping. */
export const KATEGORIE_ID_FELD = {
  seminare: 'veranstaltung_id',
  abos: 'wb_abo_id',
  bundle: 'wb_bundle_id',
  produkte: 'warenkorb_id',
} as const satisfies Record<Kategorie, string>;

export type KategorieIdFeld = (typeof KATEGORIE_ID_FELD)[Kategorie];

export function isKategorie(value: unknown): value is Kategorie {
  return typeof value === 'string' && (KATEGORIEN as readonly string[]).includes(value);
}

/** The id field of a category; an unknown category is the spec's 'bad category' error. */
export function kategorieIdFeld(category: string): KategorieIdFeld {
  if (!isKategorie(category)) throw new RangeError('bad category');
  return KATEGORIE_ID_FELD[category];
}

/** Payment types of a payment option and of an invoice. */
export const BEZAHL_TYPEN = ['debit', 'transfer'] as const;
export type BezahlTyp = (typeof BEZAHL_TYPEN)[number];

/** What was done with a summary (its log): made, exported as SEPA debit or transfer, invoices e-mailed. */
export const ABRECHNUNG_LOG_ARTEN = ['create', 'sepaDebit', 'sepaTransfer', 'rechnungenEmail'] as const;
export type AbrechnungLogArt = (typeof ABRECHNUNG_LOG_ARTEN)[number];

/** The German label of a payment type (the spec's label helper); unknown values are shown as they are. */
export function bezahlTypLabel(typ: string | null | undefined): string {
  return typ ? enumLabel('rw-bezahloption', 'typ', typ) : '';
}

/** One billed object: a seminar, an Abo, a bundle or a shop order, named by category and id. */
export interface KategorieObjekt {
  category: Kategorie;
  feld: KategorieIdFeld;
  id: number;
}

/**
 * The `{category, category_id}` of the billing verbs (their bodies, or a query's strings); 400
 * 'bad category' for an unknown one (spec 002 §8).
 */
export function kategorieObjekt({
  category,
  category_id,
}: {
  category?: unknown;
  category_id?: unknown;
}): KategorieObjekt {
  if (!isKategorie(category)) throw DomainError.invalid('BAD_CATEGORY', 'bad category');
  const id = typeof category_id === 'string' && /^\d+$/.test(category_id) ? Number(category_id) : category_id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw DomainError.invalid('CATEGORY_ID', '„category_id“ muss die ID des abzurechnenden Eintrags sein.');
  }
  return { category, feld: KATEGORIE_ID_FELD[category], id };
}
