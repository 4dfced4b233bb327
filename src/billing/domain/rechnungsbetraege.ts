/**
 * The amounts of an invoice (DESIGN.md §4: integer cents, commercial rounding). Lines carry gross
 * amounts; net and VAT are stated per rate, the net of each rate's gross sum rounded once — not
 * per line, which would let the rounding differences of many lines add up.
 */
import { DomainError } from '../../shared/domain-error';
import type { Cents } from '../../shared/money';

export interface Position {
  /** Gross amount in cents. */
  brutto: Cents;
  /** VAT rate in percent, at most two decimals (19, 7, 0, 5.5). */
  satz: number;
}

export interface Steuerzeile {
  satz: number;
  brutto: Cents;
  netto: Cents;
  mwst: Cents;
}

export interface Rechnungssummen {
  brutto: Cents;
  netto: Cents;
  mwst: Cents;
  /** One row per rate, ascending. */
  steuern: Steuerzeile[];
}

/** A rate in hundredths of a percent (19 → 1900); refuses rates outside 0–100 or with more decimals. */
function hundertstelProzent(satz: number): number {
  const h = Math.round(satz * 100);
  if (!Number.isFinite(satz) || satz < 0 || satz > 100 || Math.abs(satz * 100 - h) > 1e-6) {
    throw DomainError.invalid('MWST_UNGUELTIG', `Ungültiger Mehrwertsteuersatz ${satz} %.`);
  }
  return h;
}

/** n / d rounded half away from zero, in integers (d > 0). */
function geteiltGerundet(n: number, d: number): number {
  return Math.sign(n) * Math.floor((2 * Math.abs(n) + d) / (2 * d)) || 0;
}

/** The net part of a gross amount at `satz` percent, rounded commercially to the cent. */
export function nettoAusBrutto(brutto: Cents, satz: number): Cents {
  if (!Number.isSafeInteger(brutto)) throw new RangeError(`kein Centbetrag: ${brutto}`);
  return geteiltGerundet(brutto * 10000, 10000 + hundertstelProzent(satz));
}

export function rechnungssummen(positionen: readonly Position[]): Rechnungssummen {
  const jeSatz = new Map<number, Cents>();
  for (const { brutto, satz } of positionen) {
    const h = hundertstelProzent(satz);
    jeSatz.set(h, (jeSatz.get(h) ?? 0) + brutto);
  }
  const steuern = [...jeSatz.entries()]
    .sort(([a], [b]) => a - b)
    .map(([h, brutto]) => {
      const netto = nettoAusBrutto(brutto, h / 100);
      return { satz: h / 100, brutto, netto, mwst: brutto - netto };
    });
  const summe = (feld: 'brutto' | 'netto' | 'mwst') => steuern.reduce((s, z) => s + z[feld], 0);
  return { brutto: summe('brutto'), netto: summe('netto'), mwst: summe('mwst'), steuern };
}

/** A storno states exactly the negated amounts of the invoice it cancels (no new rounding). */
export function stornoSummen(summen: Rechnungssummen): Rechnungssummen {
  const neg = (c: Cents) => -c || 0;
  return {
    brutto: neg(summen.brutto),
    netto: neg(summen.netto),
    mwst: neg(summen.mwst),
    steuern: summen.steuern.map((z) => ({
      satz: z.satz,
      brutto: neg(z.brutto),
      netto: neg(z.netto),
      mwst: neg(z.mwst),
    })),
  };
}
