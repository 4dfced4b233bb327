/**
 * The association as issuer of its invoices (§ 14 Abs. 4 UStG, issue 28): name and address, its
 * Steuernummer and/or USt-IdNr, the bank account members pay to, the SEPA Gläubiger-ID, and per
 * billing category the reason printed on invoices without VAT. One set per installation: invoices
 * carry no verband (spec 002 names none), every invoice is issued by the one association.
 */
import { labelFor } from '../../../common/vocabulary';
import { bicFehler, ibanFehler, normaliseBic, normaliseIban } from '../../shared/bankverbindung';
import { emailFehler } from '../../../common/email';
import { DomainError } from '../../shared/domain-error';
import { KATEGORIEN, type Kategorie } from './kategorie';
import type { Rechnungsaussteller } from '../../../common/verbandsdaten';
import { STANDARD_BEFREIUNGSGRUND } from './rechnungsdokument';
import { glaeubigerIdGueltig, type Glaeubiger } from './sepa';

export interface Verbandsdaten extends Rechnungsaussteller {
  /** The reason printed on 0 % invoices and lines, per billing category. */
  befreiungsgruende: Record<Kategorie, string>;
}

export const standardBefreiungsgruende = (): Record<Kategorie, string> =>
  Object.fromEntries(KATEGORIEN.map((k) => [k, STANDARD_BEFREIUNGSGRUND])) as Record<Kategorie, string>;

/** Nothing entered yet: what the settings screen starts from (the SEPA creditor of the configuration fills in). */
export function leereVerbandsdaten(sepa?: {
  name: string;
  iban: string;
  bic: string | null;
  id: string;
}): Verbandsdaten {
  return {
    name: sepa?.name ?? '',
    strasse: '',
    plz: '',
    ort: '',
    steuernummer: null,
    ust_idnr: null,
    iban: sepa?.iban ?? '',
    bic: sepa?.bic ?? null,
    bank: null,
    glaeubiger_id: sepa?.id ?? null,
    kontakt_name: null,
    kontakt_telefon: null,
    kontakt_email: null,
    befreiungsgruende: standardBefreiungsgruende(),
  };
}

/** The shared IBAN/BIC reasons end a sentence; the field message is continued by DomainError.fields. */
const ohneSchlusspunkt = (text: string) => text.replace(/\.$/, '');
const leer = (wert: string | null | undefined) => !wert || wert.trim() === '';
const getrimmt = (wert: string | null | undefined) => (leer(wert) ? null : wert!.trim());

/** USt-IdNr of a German business: DE and nine digits (spaces are ignored). */
export function ustIdNrFehler(raw: string): string | null {
  return /^DE\d{9}$/.test(raw.replace(/\s+/g, '').toUpperCase())
    ? null
    : 'ist ungültig: „DE“ und 9 Ziffern (z. B. DE123456789)';
}

/**
 * Steuernummer as German tax offices write it: the Länder formats, 10 or 11 digits in two or three
 * groups separated by slashes or spaces (21/815/08150, 181/815/08155, 93815/08152, 013 815 08153),
 * or the 13-digit nationwide ELSTER format (9181081508155).
 */
export function steuernummerFehler(raw: string): string | null {
  const wert = raw.trim().replace(/\s+/g, '/');
  const ziffern = wert.replace(/\//g, '').length;
  const laender = /^\d{2,5}(\/\d{3,5}){1,2}$/.test(wert) && (ziffern === 10 || ziffern === 11);
  const bundeseinheitlich = /^\d{13}$/.test(wert);
  return laender || bundeseinheitlich
    ? null
    : 'ist ungültig: wie vom Finanzamt vergeben, z. B. 21/815/08150, oder 13 Ziffern (9181081508155)';
}

/** A 5-digit German postcode. */
const plzFehler = (plz: string) => (/^\d{5}$/.test(plz) ? null : 'muss aus 5 Ziffern bestehen');

const LAENGEN: Partial<Record<keyof Verbandsdaten, number>> = {
  name: 140,
  strasse: 140,
  ort: 70,
  bank: 140,
  kontakt_name: 140,
  kontakt_telefon: 40,
  kontakt_email: 140,
};
const GRUND_LAENGE = 300;

/**
 * Checks what staff entered and answers it normalised (IBAN/BIC/IDs without spaces, upper case);
 * every problem is named by field, nothing is stored on any error.
 */
export function pruefeVerbandsdaten(werte: Verbandsdaten): Verbandsdaten {
  const fehler: Record<string, string> = {};
  const pflicht = (feld: 'name' | 'strasse' | 'plz' | 'ort' | 'iban') => {
    if (leer(werte[feld])) fehler[feld] = 'ist ein Pflichtfeld';
  };
  (['name', 'strasse', 'plz', 'ort', 'iban'] as const).forEach(pflicht);
  for (const [feld, laenge] of Object.entries(LAENGEN)) {
    const wert = werte[feld as keyof Verbandsdaten];
    if (typeof wert === 'string' && wert.trim().length > laenge!)
      fehler[feld] = `darf höchstens ${laenge} Zeichen lang sein`;
  }
  if (!fehler.plz && !leer(werte.plz)) {
    const f = plzFehler(werte.plz.trim());
    if (f) fehler.plz = f;
  }
  const steuernummer = getrimmt(werte.steuernummer);
  const ustIdNr = getrimmt(werte.ust_idnr);
  if (!steuernummer && !ustIdNr) {
    // § 14 Abs. 4 Nr. 2 UStG: one of the two is on every invoice.
    fehler.steuernummer = 'oder USt-IdNr. muss angegeben sein';
  }
  if (steuernummer) {
    const f = steuernummerFehler(steuernummer);
    if (f) fehler.steuernummer = f;
  }
  if (ustIdNr) {
    const f = ustIdNrFehler(ustIdNr);
    if (f) fehler.ust_idnr = f;
  }
  if (!fehler.iban) {
    const f = ibanFehler(werte.iban);
    if (f) fehler.iban = ohneSchlusspunkt(f.replace(/^IBAN /, ''));
  }
  const bic = getrimmt(werte.bic);
  if (bic) {
    const f = bicFehler(bic);
    if (f) fehler.bic = ohneSchlusspunkt(f.replace(/^BIC /, ''));
  }
  const glaeubigerId = getrimmt(werte.glaeubiger_id);
  if (glaeubigerId && !glaeubigerIdGueltig(glaeubigerId))
    fehler.glaeubiger_id = 'ist ungültig (Form DE98ZZZ09999999999, Prüfziffer)';
  const kontaktEmail = getrimmt(werte.kontakt_email);
  if (kontaktEmail && !fehler.kontakt_email) {
    const f = emailFehler(kontaktEmail);
    if (f) fehler.kontakt_email = 'ist keine gültige E-Mail-Adresse';
  }
  const kontaktTelefon = getrimmt(werte.kontakt_telefon);
  if (kontaktTelefon && !fehler.kontakt_telefon && !/^\+?[\d\s/()-]{5,}$/.test(kontaktTelefon))
    fehler.kontakt_telefon = 'enthält nur Ziffern, Leerzeichen und + / ( ) - (z. B. +49 30 123456)';
  for (const kategorie of KATEGORIEN) {
    const grund = werte.befreiungsgruende?.[kategorie];
    const feld = `befreiungsgruende.${kategorie}`;
    if (leer(grund)) fehler[feld] = 'ist ein Pflichtfeld';
    else if (grund.trim().length > GRUND_LAENGE)
      fehler[feld] = `darf höchstens ${GRUND_LAENGE} Zeichen lang sein`;
  }
  if (Object.keys(fehler).length > 0) throw DomainError.fields(fehler, verbandsdatenFeld);
  return {
    name: werte.name.trim(),
    strasse: werte.strasse.trim(),
    plz: werte.plz.trim(),
    ort: werte.ort.trim(),
    steuernummer: steuernummer && steuernummer.replace(/\s+/g, ' '),
    ust_idnr: ustIdNr && ustIdNr.replace(/\s+/g, '').toUpperCase(),
    iban: normaliseIban(werte.iban),
    bic: bic && normaliseBic(bic),
    bank: getrimmt(werte.bank),
    glaeubiger_id: glaeubigerId && glaeubigerId.replace(/\s+/g, '').toUpperCase(),
    kontakt_name: getrimmt(werte.kontakt_name),
    kontakt_telefon: kontaktTelefon,
    kontakt_email: kontaktEmail,
    befreiungsgruende: Object.fromEntries(
      KATEGORIEN.map((k) => [k, werte.befreiungsgruende[k].trim()]),
    ) as Record<Kategorie, string>,
  };
}

/** A field's German label from the one vocabulary (the screen shows the same ones). */
export const verbandsdatenFeld = (feld: string) => labelFor('verbandsdaten', feld);

/** The creditor of SEPA debits and refunds, or null while name, IBAN or Gläubiger-ID is missing. */
export function glaeubiger(daten: Verbandsdaten): Glaeubiger | null {
  if (leer(daten.name) || leer(daten.iban) || leer(daten.glaeubiger_id)) return null;
  return { id: daten.glaeubiger_id!, name: daten.name, iban: daten.iban, bic: daten.bic };
}
