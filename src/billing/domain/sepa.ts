/**
 * SEPA files of a summary (spec 002 §7 sepaDebit / sepaTransfer): pain.008.001.08 direct debits
 * of the debit invoices and pain.001.001.09 credit transfers of the refunds (the 2009 versions on
 * request), within the German banks' restrictions (../shared/standards/sepa: the SEPA character
 * set, DK identifiers, SLEV, NOTPROVIDED without BIC, structured addresses). Pure: the caller hands
 * in the creditor and the payments; a payment whose account or mandate is missing is left out and
 * named, the others make the file. Dates are TARGET2 business days.
 */
import { berlinDatum } from '../../../common/kalender';
import type { SepaAuslassung } from '../../../common/sepa';
import { bicFehler, ibanFehler, mod97 } from '../../shared/bankverbindung';
import { DomainError } from '../../shared/domain-error';
import type { Cents } from '../../shared/money';
import { VORABANKUENDIGUNG_TAGE } from './rechnungsdokument';

export interface Glaeubiger {
  /** Gläubiger-Identifikationsnummer, e.g. DE98ZZZ09999999999. */
  id: string;
  name: string;
  iban: string;
  bic?: string | null;
}

export interface SepaZahlung {
  /** Whom the refusal names: the member. */
  name: string;
  /** End-to-end reference: the invoice number. */
  referenz: string;
  betrag: Cents;
  inhaber: string | null | undefined;
  iban: string | null | undefined;
  bic?: string | null;
  verwendungszweck: string;
  /** Direct debit only: the mandate and the date it was signed (YYYY-MM-DD). */
  mandat?: string | null;
  mandatsdatum?: string | null;
  /** The invoice's address: the debtor's (creditor's) postal address when complete. */
  adresse?: SepaAdresse | null;
}

export interface SepaAdresse {
  strasse: string | null;
  plz: string | null;
  ort: string | null;
}

export interface SepaDatei {
  /** MsgId and PmtInfId (sepaKennungen). */
  nachrichtId: string;
  zahlungsId: string;
  erstellt: Date;
  /** Collection date (debit) or execution date (transfer), YYYY-MM-DD. */
  ausfuehrung: string;
  glaeubiger: Glaeubiger;
  zahlungen: SepaZahlung[];
}

const normal = (wert: string) => wert.replace(/\s+/g, '').toUpperCase();

/** A valid IBAN (country length and checksum, the rules of the members' bank details). */
export const ibanGueltig = (iban: string | null | undefined): boolean => !!iban && ibanFehler(iban) === null;

export const bicGueltig = (bic: string | null | undefined): boolean => !!bic && bicFehler(bic) === null;

/** The creditor identifier: country, check digits, a business code (ignored by the check), national id. */
export function glaeubigerIdGueltig(id: string | null | undefined): boolean {
  if (!id) return false;
  const wert = normal(id);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(wert)) return false;
  return mod97(wert.slice(7) + wert.slice(0, 4)) === 1;
}

/** Cents as the XML amount: 12345 → "123.45". */
export function sepaBetrag(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`kein SEPA-Betrag: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function xmlText(wert: string): string {
  return wert
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The SEPA character set (Latin letters, digits, / - ? : ( ) . , ' + space): German umlauts are
 * transliterated, anything else becomes a space, cut to the field's length.
 */
export function sepaZeichen(wert: string, laenge: number): string {
  const ersetzt = wert
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/&/g, '+')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return xmlText(ersetzt.slice(0, laenge));
}

/**
 * The two generations of the SEPA formats: '2019' pain.008.001.08 / pain.001.001.09, what German
 * banks take since November 2023 (DFÜ-Abkommen Anlage 3 v3.7, GBIC_4); '2009' pain.008.001.02 /
 * pain.001.001.03 (GBIC_1..3) for banks that still need them, accepted at the latest until
 * 14 November 2026 (../shared/standards/sepa/SOURCES.md).
 */
export const SEPA_VERSIONEN = ['2019', '2009'] as const;
export type SepaVersion = (typeof SEPA_VERSIONEN)[number];

interface Format {
  lastschrift: string;
  ueberweisung: string;
  /** The element of an agent's BIC: BICFI since 2019. */
  bic: 'BIC' | 'BICFI';
  /** The transfer's execution date: a date-or-datetime choice since 2019. */
  ausfuehrung: (datum: string) => string;
  /** Structured postal addresses exist only in the 2019 schemas (the DK 2009 variant: AdrLine only). */
  adressen: boolean;
}

const FORMATE: Record<SepaVersion, Format> = {
  '2019': {
    lastschrift: 'pain.008.001.08',
    ueberweisung: 'pain.001.001.09',
    bic: 'BICFI',
    ausfuehrung: (datum) => `<Dt>${datum}</Dt>`,
    adressen: true,
  },
  '2009': {
    lastschrift: 'pain.008.001.02',
    ueberweisung: 'pain.001.001.03',
    bic: 'BIC',
    ausfuehrung: (datum) => datum,
    adressen: false,
  },
};

/** A payment left out of its file, with why (German, for staff). */
export type Auslassung = SepaAuslassung;

export interface SepaErgebnis {
  xml: string;
  /** The payments in the file. */
  zahlungen: SepaZahlung[];
  ausgelassen: Auslassung[];
}

function maengel(art: 'lastschrift' | 'ueberweisung', z: SepaZahlung): string[] {
  const gruende: string[] = [];
  if (!ibanGueltig(z.iban)) gruende.push('keine gültige IBAN');
  if (z.bic && !bicGueltig(z.bic)) gruende.push('keine gültige BIC');
  // Judged as written: a name of no Latin letters leaves nothing of the SEPA character set.
  if (!sepaZeichen(z.inhaber ?? '', 70)) gruende.push('kein Kontoinhaber');
  if (art === 'lastschrift' && (!sepaZeichen(z.mandat ?? '', 35) || !z.mandatsdatum))
    gruende.push('kein SEPA-Lastschriftmandat mit Datum');
  if (!Number.isSafeInteger(z.betrag) || z.betrag <= 0) gruende.push('kein positiver Betrag');
  return gruende;
}

/**
 * Splits the payments into those the file can carry and those left out with their reasons; one
 * member without IBAN or mandate does not hold back the others. Refused only when nothing remains.
 */
function aufteilen(art: 'lastschrift' | 'ueberweisung', datei: SepaDatei) {
  if (datei.zahlungen.length === 0)
    throw DomainError.conflict('SEPA_LEER', 'Die Abrechnung enthält keine Zahlungen für diese SEPA-Datei.');
  const zahlungen: SepaZahlung[] = [];
  const ausgelassen: Auslassung[] = [];
  for (const z of datei.zahlungen) {
    const gruende = maengel(art, z);
    if (gruende.length === 0) zahlungen.push(z);
    else ausgelassen.push({ name: z.name, rechnung: z.referenz, gruende });
  }
  if (zahlungen.length === 0) {
    const datei_ = art === 'lastschrift' ? 'Die SEPA-Lastschrift' : 'Die SEPA-Überweisung';
    const liste = ausgelassen.map((a) => `${a.name} (${a.rechnung}): ${a.gruende.join(', ')}`);
    throw DomainError.conflict(
      'SEPA_DATEN',
      `${datei_} kann nicht erstellt werden, keine Zahlung hat vollständige Daten: ${liste.join('; ')}.`,
    );
  }
  return { zahlungen, ausgelassen };
}

const agent = (format: Format, bic: string | null | undefined) =>
  bic
    ? `<FinInstnId><${format.bic}>${normal(bic)}</${format.bic}></FinInstnId>`
    : // IBAN-only: the German banks accept NOTPROVIDED instead of a BIC.
      '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';

/**
 * The member's postal address, structured (EPC: from November 2026 no address of AdrLine only).
 * Written only when the invoice names a German postcode and town — the addresses hold no country;
 * a debtor or creditor in the EEA needs no address at all, so an incomplete one is left off.
 */
function postanschrift(format: Format, adresse: SepaAdresse | null | undefined): string {
  if (!format.adressen || !adresse?.ort?.trim() || !/^\d{5}$/.test(adresse.plz?.trim() ?? '')) return '';
  const strasse = adresse.strasse?.trim() ?? '';
  const [, name, nummer] = /^(.*\S)\s+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$/.exec(strasse) ?? [
    '',
    strasse,
    '',
  ];
  return (
    '<PstlAdr>' +
    (name ? `<StrtNm>${sepaZeichen(name, 70)}</StrtNm>` : '') +
    (nummer ? `<BldgNb>${sepaZeichen(nummer, 16)}</BldgNb>` : '') +
    `<PstCd>${adresse.plz!.trim()}</PstCd><TwnNm>${sepaZeichen(adresse.ort, 35)}</TwnNm><Ctry>DE</Ctry>` +
    '</PstlAdr>'
  );
}

const summe = (zahlungen: SepaZahlung[]) => zahlungen.reduce((s, z) => s + z.betrag, 0);

/** GrpHdr, and the start of the one payment information block with its count and control sum. */
function kopf(datei: SepaDatei, zahlungen: SepaZahlung[], methode: 'DD' | 'TRF'): string {
  const anzahlUndSumme = `<NbOfTxs>${zahlungen.length}</NbOfTxs><CtrlSum>${sepaBetrag(summe(zahlungen))}</CtrlSum>`;
  return (
    `<GrpHdr><MsgId>${sepaZeichen(datei.nachrichtId, 35)}</MsgId>` +
    `<CreDtTm>${datei.erstellt.toISOString().slice(0, 19)}</CreDtTm>${anzahlUndSumme}` +
    `<InitgPty><Nm>${sepaZeichen(datei.glaeubiger.name, 70)}</Nm></InitgPty></GrpHdr>` +
    `<PmtInf><PmtInfId>${sepaZeichen(datei.zahlungsId, 35)}</PmtInfId><PmtMtd>${methode}</PmtMtd>` +
    `<BtchBookg>true</BtchBookg>${anzahlUndSumme}`
  );
}

const dokument = (namensraum: string, wurzel: string, inhalt: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${namensraum}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<${wurzel}>${inhalt}</PmtInf></${wurzel}></Document>`;

/** Direct debits (CORE, RCUR), one payment information block; pain.008.001.08 unless '2009'. */
export function sepaLastschrift(datei: SepaDatei, version: SepaVersion = '2019'): SepaErgebnis {
  const format = FORMATE[version];
  const { zahlungen, ausgelassen } = aufteilen('lastschrift', datei);
  const g = datei.glaeubiger;
  const posten = zahlungen
    .map(
      (z) =>
        `<DrctDbtTxInf><PmtId><EndToEndId>${sepaZeichen(z.referenz, 35)}</EndToEndId></PmtId>` +
        `<InstdAmt Ccy="EUR">${sepaBetrag(z.betrag)}</InstdAmt>` +
        `<DrctDbtTx><MndtRltdInf><MndtId>${sepaZeichen(z.mandat!, 35)}</MndtId>` +
        `<DtOfSgntr>${z.mandatsdatum!.slice(0, 10)}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
        `<DbtrAgt>${agent(format, z.bic)}</DbtrAgt>` +
        `<Dbtr><Nm>${sepaZeichen(z.inhaber!, 70)}</Nm>${postanschrift(format, z.adresse)}</Dbtr>` +
        `<DbtrAcct><Id><IBAN>${normal(z.iban!)}</IBAN></Id></DbtrAcct>` +
        `<RmtInf><Ustrd>${sepaZeichen(z.verwendungszweck, 140)}</Ustrd></RmtInf></DrctDbtTxInf>`,
    )
    .join('');
  const xml = dokument(
    format.lastschrift,
    'CstmrDrctDbtInitn',
    kopf(datei, zahlungen, 'DD') +
      // RCUR: since the 2016 rulebook a first collection under a mandate may also be sent as RCUR.
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>RCUR</SeqTp></PmtTpInf>' +
      `<ReqdColltnDt>${datei.ausfuehrung}</ReqdColltnDt>` +
      `<Cdtr><Nm>${sepaZeichen(g.name, 70)}</Nm></Cdtr>` +
      `<CdtrAcct><Id><IBAN>${normal(g.iban)}</IBAN></Id></CdtrAcct><CdtrAgt>${agent(format, g.bic)}</CdtrAgt>` +
      '<ChrgBr>SLEV</ChrgBr>' +
      `<CdtrSchmeId><Id><PrvtId><Othr><Id>${normal(g.id)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>` +
      posten,
  );
  return { xml, zahlungen, ausgelassen };
}

/** Credit transfers from the association's account, one block; pain.001.001.09 unless '2009'. */
export function sepaUeberweisung(datei: SepaDatei, version: SepaVersion = '2019'): SepaErgebnis {
  const format = FORMATE[version];
  const { zahlungen, ausgelassen } = aufteilen('ueberweisung', datei);
  const g = datei.glaeubiger;
  const posten = zahlungen
    .map(
      (z) =>
        `<CdtTrfTxInf><PmtId><EndToEndId>${sepaZeichen(z.referenz, 35)}</EndToEndId></PmtId>` +
        `<Amt><InstdAmt Ccy="EUR">${sepaBetrag(z.betrag)}</InstdAmt></Amt>` +
        (z.bic ? `<CdtrAgt>${agent(format, z.bic)}</CdtrAgt>` : '') +
        `<Cdtr><Nm>${sepaZeichen(z.inhaber!, 70)}</Nm>${postanschrift(format, z.adresse)}</Cdtr>` +
        `<CdtrAcct><Id><IBAN>${normal(z.iban!)}</IBAN></Id></CdtrAcct>` +
        `<RmtInf><Ustrd>${sepaZeichen(z.verwendungszweck, 140)}</Ustrd></RmtInf></CdtTrfTxInf>`,
    )
    .join('');
  const xml = dokument(
    format.ueberweisung,
    'CstmrCdtTrfInitn',
    kopf(datei, zahlungen, 'TRF') +
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
      `<ReqdExctnDt>${format.ausfuehrung(datei.ausfuehrung)}</ReqdExctnDt>` +
      `<Dbtr><Nm>${sepaZeichen(g.name, 70)}</Nm></Dbtr>` +
      `<DbtrAcct><Id><IBAN>${normal(g.iban)}</IBAN></Id></DbtrAcct><DbtrAgt>${agent(format, g.bic)}</DbtrAgt>` +
      '<ChrgBr>SLEV</ChrgBr>' +
      posten,
  );
  return { xml, zahlungen, ausgelassen };
}

/**
 * MsgId and PmtInfId of a summary's file: the same on every download of that summary (a bank
 * refuses a file it has seen, so a second upload cannot collect twice), never the same for two
 * summaries (their id, and their creation second against ids reused after a database reset).
 * At most 35 characters of the DK identifier set.
 */
export function sepaKennungen(
  abrechnung: { id: number; createdAt: Date },
  art: 'LS' | 'UE',
): { nachrichtId: string; zahlungsId: string } {
  const stempel = abrechnung.createdAt.toISOString().slice(0, 19).replace(/\D/g, '');
  const nachrichtId = `A${abrechnung.id}-${stempel}-${art}`;
  return { nachrichtId, zahlungsId: `${nachrichtId}-1` };
}

/**
 * The summary and file an id of sepaKennungen names — how a bank statement's batch entry finds the
 * summary it collected or paid out; null for any other id.
 */
export function kennungDerAbrechnung(id: string): { abrechnung: number; art: 'LS' | 'UE' } | null {
  const treffer = /^A(\d+)-\d{14}-(LS|UE)(?:-1)?$/.exec(id.trim());
  return treffer ? { abrechnung: Number(treffer[1]), art: treffer[2] as 'LS' | 'UE' } : null;
}

/** What a summary's invoices owe per SEPA file (spec 002 §4: the actions need sepa data). */
export interface AbrechnungsRechnung {
  id: number;
  betrag: Cents;
  bezahloption_typ: string | null;
  storno_id: number | null;
  storno_parent_id: number | null;
  /** Of an invoice: the part its storno netted off (issue 28); such a debit is not collected. */
  verrechnet: Cents;
  /**
   * Of a storno invoice: what is refunded, only what was received (issue 28); null for stornos
   * issued before that rule, which refund everything unless their original is in the same summary.
   */
  erstattung: Cents | null;
}

/**
 * Debits: debit invoices not netted off by a storno. Refunds: storno invoices with an amount to
 * refund, each with `betrag` the (negative) refund. Before netting existed, a storno together with
 * its original in one summary cancelled out and moved no money; those keep doing so.
 */
export function sepaPosten<T extends AbrechnungsRechnung>(rechnungen: readonly T[]) {
  const ids = new Set(rechnungen.map((r) => r.id));
  const alteAufhebung = new Set(
    rechnungen
      .filter((r) => r.storno_parent_id != null && r.erstattung == null && ids.has(r.storno_parent_id))
      .map((r) => r.storno_parent_id),
  );
  const lastschriften = rechnungen.filter(
    (r) =>
      r.storno_parent_id == null &&
      r.bezahloption_typ === 'debit' &&
      r.betrag > 0 &&
      r.verrechnet === 0 &&
      !alteAufhebung.has(r.id),
  );
  const erstattungen = rechnungen
    .filter((r) => r.storno_parent_id != null && r.betrag < 0)
    .map((r) => ({ ...r, betrag: -(r.erstattung ?? (ids.has(r.storno_parent_id!) ? 0 : -r.betrag)) }))
    .filter((r) => r.betrag < 0);
  return { lastschriften, erstattungen };
}

const TAG = 86_400_000;
/** A calendar day (YYYY-MM-DD) plus `tage` days. */
const plusTage = (tag: string, tage: number) =>
  new Date(Date.parse(`${tag}T00:00:00Z`) + tage * TAG).toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher), YYYY-MM-DD. */
export function ostersonntag(jahr: number): string {
  const a = jahr % 19;
  const b = Math.floor(jahr / 100);
  const c = jahr % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monat = Math.floor((h + l - 7 * m + 114) / 31);
  const tag = ((h + l - 7 * m + 114) % 31) + 1;
  return `${jahr}-${String(monat).padStart(2, '0')}-${String(tag).padStart(2, '0')}`;
}

/**
 * Whether SEPA payments settle on this day: TARGET2 is closed on Saturdays, Sundays, 1 January,
 * Good Friday, Easter Monday, 1 May, 25 and 26 December.
 */
export function target2Geschaeftstag(tag: string): boolean {
  const wochentag = new Date(`${tag}T00:00:00Z`).getUTCDay();
  if (wochentag === 0 || wochentag === 6) return false;
  const ostern = ostersonntag(Number(tag.slice(0, 4)));
  const geschlossen = ['01-01', '05-01', '12-25', '12-26'].map((md) => `${tag.slice(0, 4)}-${md}`);
  return ![...geschlossen, plusTage(ostern, -2), plusTage(ostern, 1)].includes(tag);
}

/** The first TARGET2 business day on or after `tag`. */
export function naechsterGeschaeftstag(tag: string): string {
  let datum = tag;
  while (!target2Geschaeftstag(datum)) datum = plusTage(datum, 1);
  return datum;
}

/**
 * The collection date of a direct debit file (YYYY-MM-DD, Berlin), a TARGET2 business day: not
 * before the day each invoice's pre-notification announced (issue date + VORABANKUENDIGUNG_TAGE),
 * and at least one business day after the file reaches the bank (CORE D-1; a file sent on a
 * closing day counts from the next business day).
 */
export function einzugsdatum(ausgestellt: readonly string[], jetzt: Date): string {
  const frueheste = plusTage(naechsterGeschaeftstag(berlinDatum(jetzt)), 1);
  return naechsterGeschaeftstag(
    ausgestellt
      .map((datum) => berlinDatum(new Date(new Date(datum).getTime() + VORABANKUENDIGUNG_TAGE * TAG)))
      .reduce((a, b) => (a > b ? a : b), frueheste),
  );
}

/** The execution date of a transfer file: the next TARGET2 business day after today in Berlin. */
export function ausfuehrungsdatum(jetzt: Date): string {
  return naechsterGeschaeftstag(plusTage(berlinDatum(jetzt), 1));
}
