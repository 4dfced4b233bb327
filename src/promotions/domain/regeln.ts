/**
 * Save rules of the promotions context (spec 003 §4, §5, §9; spec 002 §5). Each adjusts the values
 * to be stored in place or throws a DomainError with a German message; only fields being saved are
 * checked, against the stored record (`previous`) on updates.
 */
import { stichmonatFolgt } from '../../../common/abo';
import { titelFolgt } from '../../../common/angebot';
import {
  codeNormalisieren,
  gutscheinBezug,
  GUTSCHEIN_CODE_LAENGE,
  type GutscheinBezug,
} from '../../../common/gutschein';
import { rabattFehler, rabattFolgt, type RabattTyp } from '../../../common/rabatt';
import { matchesCondition, type RecordCondition } from '../../../common/resource-meta';
import { labelFor, quotedLabels } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import { moneyRangeViolation } from '../../shared/money';

type Values = Record<string, unknown>;

class Pruefung {
  readonly errors: Record<string, string> = {};
  constructor(
    /** The resource whose German labels name other fields in a message. */
    private readonly resource: string,
    private readonly values: Values,
    private readonly previous?: Values,
  ) {}

  /** The value after the save. */
  wert(name: string): unknown {
    return name in this.values ? this.values[name] : this.previous?.[name];
  }

  bereich(name: string, min: number, max = Infinity): this {
    const value = this.values[name];
    if (typeof value !== 'number') return this;
    if (value < min || value > max)
      this.errors[name] =
        max === Infinity ? `muss mindestens ${min} sein` : `muss zwischen ${min} und ${max} liegen`;
    return this;
  }

  /** Amounts and rates of spec 003 §5 have at most two decimals (the column would round silently). */
  zweiNachkommastellen(name: string): this {
    const value = this.values[name];
    if (
      typeof value === 'number' &&
      !this.errors[name] &&
      Math.abs(Math.round(value * 100) - value * 100) > 1e-6
    )
      this.errors[name] = 'darf höchstens zwei Nachkommastellen haben';
    return this;
  }

  reihenfolge(von: string, bis: string): this {
    const a = this.wert(von);
    const b = this.wert(bis);
    if (typeof a === 'string' && typeof b === 'string' && b < a)
      this.errors[bis] = `darf nicht vor „${labelFor(this.resource, von)}“ liegen`;
    return this;
  }

  prozent(typ: string, wert: string): this {
    const value = this.values[wert];
    if (this.wert(typ) === 'percent' && typeof value === 'number' && value > 100)
      this.errors[wert] = 'darf als Prozentsatz höchstens 100 sein';
    return this;
  }

  ende(): void {
    if (Object.keys(this.errors).length > 0) throw DomainError.fields(this.errors);
  }
}

/** Fixed once the Abo exists: the periods already created depend on them. */
export const ABO_FESTE_FELDER = ['turnustyp', 'stichtag', 'stichmonat', 'abrechnungsintervall'] as const;

export function pruefeAbo(values: Values, previous?: Values): void {
  Object.assign(values, titelFolgt(previous ?? {}, values));
  if (previous) {
    const geaendert = ABO_FESTE_FELDER.filter(
      (name) => name in values && (values[name] ?? null) !== (previous[name] ?? null),
    );
    if (geaendert.length > 0) {
      const verb = geaendert.length === 1 ? 'kann' : 'können';
      throw DomainError.conflict(
        'ABO_FESTE_FELDER',
        `${quotedLabels('wb-abo', geaendert)} ${verb} nach dem Anlegen des Abos nicht mehr geändert werden.`,
      );
    }
  } else Object.assign(values, stichmonatFolgt(values.turnustyp));
  new Pruefung('wb-abo', values, previous)
    .bereich('stichtag', 1, 28)
    .bereich('stichmonat', 1, 12)
    .bereich('turn_offset_days', 0)
    .bereich('abrechnungsintervall', 1)
    .ende();
}

export function pruefeTurnus(values: Values, previous?: Values): void {
  new Pruefung('wb-abo-turnus', values, previous)
    .bereich('preis', 0)
    .zweiNachkommastellen('preis')
    .bereich('mwst', 0, 100)
    .zweiNachkommastellen('mwst')
    .bereich('preisgarantie', 1)
    .bereich('verlaengerung', 1)
    .bereich('kuendigungsfrist', 0)
    .reihenfolge('von', 'bis')
    .ende();
}

/** Spec 002 §4–§5, §9: the transitions of the Rabatt window (common/rabatt.ts), then its checks. */
export function pruefeRabatt(values: Values, previous?: Values): void {
  const vorher = previous ?? {};
  Object.assign(values, rabattFolgt(vorher, values));
  const fehler = rabattFehler(vorher, values);
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler);
}

/** Bundles and products: the titles follow the internal title; prices and VAT rates are not negative. */
export function pruefeVerkauf(resource: 'wb-bundle' | 'produkt', values: Values, previous?: Values): void {
  Object.assign(values, titelFolgt(previous ?? {}, values));
  new Pruefung(resource, values, previous).bereich('preis', 0).bereich('mwst', 0, 100).ende();
}

/** Codes are typed in upper case and are exactly 10 letters or digits (spec 003 §4, §9). */
export function pruefeVoucher(values: Values, previous?: Values): void {
  const pruefung = new Pruefung('wb-voucher', values, previous).bereich('wert', 0).prozent('typ', 'wert');
  if (typeof values.code === 'string') {
    values.code = codeNormalisieren(values.code);
    if (!/^[A-Z0-9]{10}$/.test(values.code as string))
      pruefung.errors.code = `muss genau ${GUTSCHEIN_CODE_LAENGE} Buchstaben oder Ziffern lang sein`;
  }
  pruefung.ende();
}

/** What one bulk creation makes: `num` vouchers alike but for their codes (spec 003 §3, §5). */
export interface GutscheinSerie extends GutscheinBezug {
  num: number;
  titel: string | null;
  typ: RabattTyp;
  /** Euros for full and reduction, percent for percent. */
  wert: number;
  valid: boolean;
}

/** A bulk creation's request as the HTTP schema let it through (adapters/http/promotions.schemas.ts). */
export interface GutscheinSerieAnfrage {
  num: number;
  relation?: unknown;
  relation_id?: unknown;
  typ: RabattTyp;
  wert: number;
  titel?: string | null;
  valid: boolean;
}

/**
 * The rules of a bulk creation over its checked request: the relation chosen ('alle' or a
 * seminar), a percentage at most 100, an amount the money columns hold. German messages naming
 * the field.
 */
export function gutscheinSerie(anfrage: GutscheinSerieAnfrage): GutscheinSerie {
  const { relation, relation_id, ...felder } = anfrage;
  const fehler: Record<string, string> = {};
  const bezug = gutscheinBezug(relation, relation_id);
  if (!bezug) fehler.relation = 'muss „alle“ oder ein Seminar sein';
  if (felder.typ === 'percent' && felder.wert > 100) fehler.wert = 'darf als Prozentsatz höchstens 100 sein';
  else {
    // Inserted as they are (application/gutschein-serie.ts), without the generic writer's bounds.
    const zuViel = moneyRangeViolation(felder.wert);
    if (zuViel) fehler.wert = zuViel;
  }
  if (Object.keys(fehler).length > 0 || !bezug)
    throw DomainError.fields(fehler, (feld) => labelFor('wb-voucher', feld));
  return { ...bezug, ...felder, titel: felder.titel ?? null };
}

/** The Turnus timeline can only shrink from its latest end (spec 003 §4). */
export function pruefeTurnusloeschung(spaetereTurnusse: number): void {
  if (spaetereTurnusse > 0) {
    throw DomainError.conflict(
      'TURNUS_NICHT_LETZTER',
      'Nur der letzte Turnus eines Abos kann gelöscht werden.',
    );
  }
}

/** A bought cart is a record of a sale (spec 003 §4): only carts never bought may be deleted. */
export const WARENKORB_LOESCHBAR: RecordCondition = { gekauftAm: null };

export function pruefeWarenkorbloeschung(warenkorb: Record<string, unknown>): void {
  if (!matchesCondition(warenkorb, WARENKORB_LOESCHBAR)) {
    throw DomainError.conflict(
      'WARENKORB_GEKAUFT',
      'Ein bereits gekaufter Warenkorb kann nicht gelöscht werden.',
    );
  }
}
