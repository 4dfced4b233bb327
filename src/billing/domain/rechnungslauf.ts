/**
 * An invoice run's pure part (spec 002 §4, §7): the open current transactions of one category
 * object become one invoice per member and payment option (and invoice template); a member without
 * payment option, or whose payment option names no full address, is reported, not silently skipped. A storno invoice repeats the lines of the
 * invoice it cancels with negated amounts.
 */
import { centsToEuros, eurosToCents, type Cents } from '../../shared/money';
import type { BezahlTyp } from './kategorie';
import { rechnungssummen, stornoSummen, type Rechnungssummen } from './rechnungsbetraege';

/** The German standard rate, for products and Abo periods without a rate of their own. */
export const REGELSATZ = 19;

export interface OffenerVorgang {
  id: number;
  benutzer_id: number | null;
  /** The member's display name, for the report. */
  benutzer_name: string | null;
  brutto: Cents;
  satz: number;
  titel: string | null;
  teilnehmer: string | null;
  /** The invoice template of its seminar type / bundle / product / Abo, and that template's circle. */
  rw_vorlage_id: number;
  rw_kreis_id: number;
}

/** The recipient's address as the payment option names it. */
export interface Anschrift {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
}

export interface Bezahloption {
  id: number;
  typ: BezahlTyp | null;
  /** Where the invoice goes; null when the payment option names no address. */
  adresse: Anschrift | null;
}

const gefuellt = (wert: string | null) => wert != null && wert.trim() !== '';

/** § 14 Abs. 4 Nr. 1 UStG: an invoice names the recipient's full address — street, postcode and town. */
export const anschriftVollstaendig = (a: Anschrift | null): boolean =>
  a != null && gefuellt(a.strasse) && gefuellt(a.plz) && gefuellt(a.ort);

export const fehlendeAnschrift = (name: string) =>
  `Für ${name} wurde keine Rechnung ausgestellt: die Anschrift der Zahlungsart ist unvollständig (Straße, PLZ und Ort sind nach § 14 UStG nötig)`;

export interface Rechnungsposition {
  vorgang_id: number;
  titel: string | null;
  teilnehmer: string | null;
  brutto: Cents;
  satz: number;
}

export interface Rechnungsentwurf {
  benutzer_id: number;
  rw_vorlage_id: number;
  rw_kreis_id: number;
  bezahloption: Bezahloption;
  positionen: Rechnungsposition[];
  summen: Rechnungssummen;
}

export interface Lauf {
  entwuerfe: Rechnungsentwurf[];
  /** Members with open transactions, each of whom should get an invoice. */
  mitglieder: number;
  /** German notes on what could not be invoiced. */
  fehler: string[];
}

export const fehlendeZahlungsart = (name: string) => `Für ${name} fehlt eine Zahlungsart`;

/**
 * Groups the open transactions by member and invoice template, in member then transaction order;
 * `bezahloptionen` maps a member to their payment option for this category object.
 */
export function rechnungsentwuerfe(
  vorgaenge: readonly OffenerVorgang[],
  bezahloptionen: ReadonlyMap<number, Bezahloption>,
): Lauf {
  const fehler: string[] = [];
  const gruppen = new Map<string, Rechnungsentwurf & { vorgaenge: OffenerVorgang[] }>();
  const mitglieder = new Set<number>();
  const ohneOption = new Set<number>();
  const ohneAnschrift = new Set<number>();
  const sortiert = [...vorgaenge].sort((a, b) => (a.benutzer_id ?? 0) - (b.benutzer_id ?? 0) || a.id - b.id);
  for (const v of sortiert) {
    if (v.benutzer_id == null) {
      fehler.push(`Der Vorgang „${v.titel ?? v.id}“ ist keinem Mitglied zugeordnet`);
      continue;
    }
    mitglieder.add(v.benutzer_id);
    const bezahloption = bezahloptionen.get(v.benutzer_id);
    if (!bezahloption) {
      if (!ohneOption.has(v.benutzer_id))
        fehler.push(fehlendeZahlungsart(v.benutzer_name ?? `#${v.benutzer_id}`));
      ohneOption.add(v.benutzer_id);
      continue;
    }
    if (!anschriftVollstaendig(bezahloption.adresse)) {
      if (!ohneAnschrift.has(v.benutzer_id))
        fehler.push(fehlendeAnschrift(v.benutzer_name ?? `#${v.benutzer_id}`));
      ohneAnschrift.add(v.benutzer_id);
      continue;
    }
    const key = `${v.benutzer_id}/${v.rw_vorlage_id}`;
    const gruppe = gruppen.get(key) ?? {
      benutzer_id: v.benutzer_id,
      rw_vorlage_id: v.rw_vorlage_id,
      rw_kreis_id: v.rw_kreis_id,
      bezahloption,
      positionen: [],
      summen: rechnungssummen([]),
      vorgaenge: [],
    };
    gruppe.positionen.push({
      vorgang_id: v.id,
      titel: v.titel,
      teilnehmer: v.teilnehmer,
      brutto: v.brutto,
      satz: v.satz,
    });
    gruppen.set(key, gruppe);
  }
  const entwuerfe = [...gruppen.values()].map(({ vorgaenge: _v, ...entwurf }) => ({
    ...entwurf,
    summen: rechnungssummen(entwurf.positionen),
  }));
  return { entwuerfe, mitglieder: mitglieder.size, fehler };
}

/** How an invoice's content is stored (`data`, in euros like every amount of the API). */
export interface Rechnungsinhalt {
  positionen: {
    vorgang_id: number;
    titel: string | null;
    teilnehmer: string | null;
    betrag: number;
    mwst: number;
  }[];
  steuern: { satz: number; brutto: number; netto: number; mwst: number }[];
  [weitere: string]: unknown;
}

export function rechnungsinhalt(
  positionen: readonly Rechnungsposition[],
  summen: Rechnungssummen,
): Rechnungsinhalt {
  return {
    positionen: positionen.map((p) => ({
      vorgang_id: p.vorgang_id,
      titel: p.titel,
      teilnehmer: p.teilnehmer,
      betrag: centsToEuros(p.brutto),
      mwst: p.satz,
    })),
    steuern: summen.steuern.map((z) => ({
      satz: z.satz,
      brutto: centsToEuros(z.brutto),
      netto: centsToEuros(z.netto),
      mwst: centsToEuros(z.mwst),
    })),
  };
}

/** The lines and totals of the storno of an invoice with content `inhalt`: every amount negated. */
export function stornoInhalt(inhalt: Rechnungsinhalt): { inhalt: Rechnungsinhalt; summen: Rechnungssummen } {
  const cent = (euro: number) => eurosToCents(euro);
  const summen = stornoSummen({
    brutto: inhalt.steuern.reduce((s, z) => s + cent(z.brutto), 0),
    netto: inhalt.steuern.reduce((s, z) => s + cent(z.netto), 0),
    mwst: inhalt.steuern.reduce((s, z) => s + cent(z.mwst), 0),
    steuern: inhalt.steuern.map((z) => ({
      satz: z.satz,
      brutto: cent(z.brutto),
      netto: cent(z.netto),
      mwst: cent(z.mwst),
    })),
  });
  const positionen = inhalt.positionen.map((p) => ({
    vorgang_id: p.vorgang_id,
    titel: p.titel,
    teilnehmer: p.teilnehmer,
    brutto: -cent(p.betrag) || 0,
    satz: p.mwst,
  }));
  return { inhalt: rechnungsinhalt(positionen, summen), summen };
}
