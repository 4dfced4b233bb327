/**
 * The DATEV settings (issue 29): the Steuerberater's Berater- and Mandantennummer, the fiscal year's
 * first month, the length of the ledger accounts, the chart of accounts (SKR03 / SKR04), the bank
 * account payments are booked to, the collective debtor of members without a debtor number, and per
 * billing category and VAT rate the revenue account with its BU key. The defaults are the Automatik-
 * konten of the SKR (they carry their VAT themselves, so no BU key); the Steuerberater decides.
 */
import { labelFor } from '../../../common/vocabulary';
import { DomainError } from '../../shared/domain-error';
import type { DatevMandant } from '../../shared/datev/extf';
import { KATEGORIEN, type Kategorie } from './kategorie';

export const KONTENRAHMEN = ['03', '04'] as const;
export type Kontenrahmen = (typeof KONTENRAHMEN)[number];

/** The VAT rates invoices carry (products: 19, 7, 0 %; seminars are mostly exempt). */
export const DATEV_STEUERSAETZE = ['19', '7', '0'] as const;
export type DatevSteuersatz = (typeof DATEV_STEUERSAETZE)[number];

export interface Erloeskonto {
  konto: number;
  /** DATEV BU-Schlüssel, digits; empty with an Automatikkonto. */
  bu: string;
}

export interface DatevEinstellungen {
  beraternummer: number | null;
  mandantennummer: number | null;
  /** First month of the fiscal year, 1–12. */
  wj_beginn_monat: number;
  sachkontenlaenge: number;
  kontenrahmen: Kontenrahmen;
  /** The bank account (Geldkonto) received and refunded payments are booked to. */
  geldkonto: number;
  /** The debtor account of invoices whose member has no debtor number. */
  sammeldebitor: number;
  erloeskonten: Record<Kategorie, Record<DatevSteuersatz, Erloeskonto>>;
}

/**
 * SKR03: 8400 Erlöse 19 % USt, 8300 Erlöse 7 % USt, 8100 steuerfreie Umsätze § 4 Nr. 8 ff. UStG,
 * Bank 1200. SKR04: 4400, 4300, 4100, Bank 1800. Debtors start at 10000 in both.
 */
export const KONTENRAHMEN_VORGABEN: Record<
  Kontenrahmen,
  { name: string; geldkonto: number; erloese: Record<DatevSteuersatz, number> }
> = {
  '03': { name: 'SKR03', geldkonto: 1200, erloese: { '19': 8400, '7': 8300, '0': 8100 } },
  '04': { name: 'SKR04', geldkonto: 1800, erloese: { '19': 4400, '7': 4300, '0': 4100 } },
};

export function standardErloeskonten(
  rahmen: Kontenrahmen,
): Record<Kategorie, Record<DatevSteuersatz, Erloeskonto>> {
  const erloese = KONTENRAHMEN_VORGABEN[rahmen].erloese;
  const jeSatz = () =>
    Object.fromEntries(DATEV_STEUERSAETZE.map((s) => [s, { konto: erloese[s], bu: '' }])) as Record<
      DatevSteuersatz,
      Erloeskonto
    >;
  return Object.fromEntries(KATEGORIEN.map((k) => [k, jeSatz()])) as Record<
    Kategorie,
    Record<DatevSteuersatz, Erloeskonto>
  >;
}

/** Nothing saved yet: SKR03 defaults, no Berater-/Mandantennummer (the export asks for them). */
export function standardDatevEinstellungen(rahmen: Kontenrahmen = '03'): DatevEinstellungen {
  return {
    beraternummer: null,
    mandantennummer: null,
    wj_beginn_monat: 1,
    sachkontenlaenge: 4,
    kontenrahmen: rahmen,
    geldkonto: KONTENRAHMEN_VORGABEN[rahmen].geldkonto,
    sammeldebitor: 10000,
    erloeskonten: standardErloeskonten(rahmen),
  };
}

export const datevFeld = (feld: string) => labelFor('datev-einstellungen', feld);

const ganz = (wert: unknown): wert is number => typeof wert === 'number' && Number.isSafeInteger(wert);

/** Checks the settings as a whole; every problem is named by field, nothing is stored on any error. */
export function pruefeDatevEinstellungen(werte: DatevEinstellungen): DatevEinstellungen {
  const fehler: Record<string, string> = {};
  const bereich = (feld: string, wert: unknown, von: number, bis: number) => {
    if (wert == null) fehler[feld] = 'ist ein Pflichtfeld';
    else if (!ganz(wert) || wert < von || wert > bis) fehler[feld] = `muss zwischen ${von} und ${bis} liegen`;
  };
  bereich('beraternummer', werte.beraternummer, 1001, 9_999_999);
  bereich('mandantennummer', werte.mandantennummer, 1, 99_999);
  bereich('wj_beginn_monat', werte.wj_beginn_monat, 1, 12);
  bereich('sachkontenlaenge', werte.sachkontenlaenge, 4, 8);
  if (!KONTENRAHMEN.includes(werte.kontenrahmen)) fehler.kontenrahmen = 'muss SKR03 oder SKR04 sein';
  const laenge = fehler.sachkontenlaenge ? 4 : werte.sachkontenlaenge;
  const sachkonto = (feld: string, wert: unknown) => bereich(feld, wert, 1, 10 ** laenge - 1);
  sachkonto('geldkonto', werte.geldkonto);
  // Personenkonten have one digit more than the ledger accounts (FORMAT.md §2 field 14).
  bereich('sammeldebitor', werte.sammeldebitor, 10 ** laenge, 10 ** (laenge + 1) - 1);
  for (const kategorie of KATEGORIEN) {
    for (const satz of DATEV_STEUERSAETZE) {
      const konto = werte.erloeskonten?.[kategorie]?.[satz];
      const feld = `erloeskonten.${kategorie}.${satz}`;
      sachkonto(feld, konto?.konto);
      if (konto && !/^\d{0,4}$/.test(konto.bu ?? '')) fehler[feld] = 'BU-Schlüssel: höchstens 4 Ziffern';
    }
  }
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler, datevFeld);
  return {
    ...werte,
    erloeskonten: Object.fromEntries(
      KATEGORIEN.map((k) => [
        k,
        Object.fromEntries(
          DATEV_STEUERSAETZE.map((s) => [
            s,
            { konto: werte.erloeskonten[k][s].konto, bu: werte.erloeskonten[k][s].bu ?? '' },
          ]),
        ),
      ]),
    ) as DatevEinstellungen['erloeskonten'],
  };
}

/** The header data of a file whose dates start on `tag` (YYYY-MM-DD); 409 while the numbers are missing. */
export function datevMandant(e: DatevEinstellungen, tag: string): DatevMandant {
  if (e.beraternummer == null || e.mandantennummer == null) {
    throw DomainError.conflict(
      'DATEV_EINSTELLUNGEN_FEHLEN',
      'Bitte zuerst Berater- und Mandantennummer in den DATEV-Einstellungen eintragen.',
    );
  }
  const jahr = Number(tag.slice(0, 4));
  const monat = Number(tag.slice(5, 7));
  const wjJahr = monat >= e.wj_beginn_monat ? jahr : jahr - 1;
  return {
    beraternummer: e.beraternummer,
    mandantennummer: e.mandantennummer,
    wjBeginn: `${wjJahr}-${String(e.wj_beginn_monat).padStart(2, '0')}-01`,
    sachkontenlaenge: e.sachkontenlaenge,
    kontenrahmen: e.kontenrahmen,
  };
}
