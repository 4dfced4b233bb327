/**
 * SEPA files of a summary (spec 002 §7 sepaDebit / sepaTransfer): pain.008.001.02 direct debits
 * of the debit invoices and pain.001.001.03 credit transfers of the refunds. Pure: the caller hands
 * in the creditor (configuration) and the payments; every payment is checked first, so a file is
 * either complete and valid or refused with the members whose data is missing.
 */
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
}

export interface SepaDatei {
  /** MsgId and PmtInfId; at most 35 characters. */
  nachrichtId: string;
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

function pruefe(art: 'lastschrift' | 'ueberweisung', datei: SepaDatei): void {
  const fehler: string[] = [];
  for (const z of datei.zahlungen) {
    const wer = `${z.name} (${z.referenz})`;
    if (!ibanGueltig(z.iban)) fehler.push(`${wer}: keine gültige IBAN`);
    if (z.bic && !bicGueltig(z.bic)) fehler.push(`${wer}: keine gültige BIC`);
    if (!z.inhaber?.trim()) fehler.push(`${wer}: kein Kontoinhaber`);
    if (art === 'lastschrift' && (!z.mandat?.trim() || !z.mandatsdatum))
      fehler.push(`${wer}: kein SEPA-Lastschriftmandat mit Datum`);
    if (!Number.isSafeInteger(z.betrag) || z.betrag <= 0) fehler.push(`${wer}: kein positiver Betrag`);
  }
  if (fehler.length > 0) {
    const datei_ = art === 'lastschrift' ? 'Die SEPA-Lastschrift' : 'Die SEPA-Überweisung';
    throw DomainError.conflict('SEPA_DATEN', `${datei_} kann nicht erstellt werden: ${fehler.join('; ')}.`);
  }
  if (datei.zahlungen.length === 0)
    throw DomainError.conflict('SEPA_LEER', 'Die Abrechnung enthält keine Zahlungen für diese SEPA-Datei.');
}

const bicElement = (bic: string | null | undefined) =>
  bic
    ? `<FinInstnId><BIC>${normal(bic)}</BIC></FinInstnId>`
    : // IBAN-only: the German banks accept NOTPROVIDED instead of a BIC.
      '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';

const summe = (zahlungen: SepaZahlung[]) => zahlungen.reduce((s, z) => s + z.betrag, 0);

function kopf(datei: SepaDatei): string {
  const anzahl = datei.zahlungen.length;
  return (
    `<GrpHdr><MsgId>${sepaZeichen(datei.nachrichtId, 35)}</MsgId>` +
    `<CreDtTm>${datei.erstellt.toISOString().slice(0, 19)}</CreDtTm>` +
    `<NbOfTxs>${anzahl}</NbOfTxs><CtrlSum>${sepaBetrag(summe(datei.zahlungen))}</CtrlSum>` +
    `<InitgPty><Nm>${sepaZeichen(datei.glaeubiger.name, 70)}</Nm></InitgPty></GrpHdr>`
  );
}

/** pain.008.001.02, CORE, one payment information block. */
export function sepaLastschrift(datei: SepaDatei): string {
  pruefe('lastschrift', datei);
  const g = datei.glaeubiger;
  const posten = datei.zahlungen
    .map(
      (z) =>
        `<DrctDbtTxInf><PmtId><EndToEndId>${sepaZeichen(z.referenz, 35)}</EndToEndId></PmtId>` +
        `<InstdAmt Ccy="EUR">${sepaBetrag(z.betrag)}</InstdAmt>` +
        `<DrctDbtTx><MndtRltdInf><MndtId>${sepaZeichen(z.mandat!, 35)}</MndtId>` +
        `<DtOfSgntr>${z.mandatsdatum!.slice(0, 10)}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
        `<DbtrAgt>${bicElement(z.bic)}</DbtrAgt><Dbtr><Nm>${sepaZeichen(z.inhaber!, 70)}</Nm></Dbtr>` +
        `<DbtrAcct><Id><IBAN>${normal(z.iban!)}</IBAN></Id></DbtrAcct>` +
        `<RmtInf><Ustrd>${sepaZeichen(z.verwendungszweck, 140)}</Ustrd></RmtInf></DrctDbtTxInf>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<CstmrDrctDbtInitn>${kopf(datei)}` +
    `<PmtInf><PmtInfId>${sepaZeichen(datei.nachrichtId, 35)}</PmtInfId><PmtMtd>DD</PmtMtd><BtchBookg>true</BtchBookg>` +
    `<NbOfTxs>${datei.zahlungen.length}</NbOfTxs><CtrlSum>${sepaBetrag(summe(datei.zahlungen))}</CtrlSum>` +
    // RCUR: since the 2016 rulebook a first collection under a mandate may also be sent as RCUR.
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>CORE</Cd></LclInstrm><SeqTp>RCUR</SeqTp></PmtTpInf>' +
    `<ReqdColltnDt>${datei.ausfuehrung}</ReqdColltnDt>` +
    `<Cdtr><Nm>${sepaZeichen(g.name, 70)}</Nm></Cdtr>` +
    `<CdtrAcct><Id><IBAN>${normal(g.iban)}</IBAN></Id></CdtrAcct><CdtrAgt>${bicElement(g.bic)}</CdtrAgt>` +
    '<ChrgBr>SLEV</ChrgBr>' +
    `<CdtrSchmeId><Id><PrvtId><Othr><Id>${normal(g.id)}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>` +
    `${posten}</PmtInf></CstmrDrctDbtInitn></Document>`
  );
}

/** pain.001.001.03, one payment information block from the association's account. */
export function sepaUeberweisung(datei: SepaDatei): string {
  pruefe('ueberweisung', datei);
  const g = datei.glaeubiger;
  const posten = datei.zahlungen
    .map(
      (z) =>
        `<CdtTrfTxInf><PmtId><EndToEndId>${sepaZeichen(z.referenz, 35)}</EndToEndId></PmtId>` +
        `<Amt><InstdAmt Ccy="EUR">${sepaBetrag(z.betrag)}</InstdAmt></Amt>` +
        (z.bic ? `<CdtrAgt>${bicElement(z.bic)}</CdtrAgt>` : '') +
        `<Cdtr><Nm>${sepaZeichen(z.inhaber!, 70)}</Nm></Cdtr>` +
        `<CdtrAcct><Id><IBAN>${normal(z.iban!)}</IBAN></Id></CdtrAcct>` +
        `<RmtInf><Ustrd>${sepaZeichen(z.verwendungszweck, 140)}</Ustrd></RmtInf></CdtTrfTxInf>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<CstmrCdtTrfInitn>${kopf(datei)}` +
    `<PmtInf><PmtInfId>${sepaZeichen(datei.nachrichtId, 35)}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg>` +
    `<NbOfTxs>${datei.zahlungen.length}</NbOfTxs><CtrlSum>${sepaBetrag(summe(datei.zahlungen))}</CtrlSum>` +
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
    `<ReqdExctnDt>${datei.ausfuehrung}</ReqdExctnDt>` +
    `<Dbtr><Nm>${sepaZeichen(g.name, 70)}</Nm></Dbtr>` +
    `<DbtrAcct><Id><IBAN>${normal(g.iban)}</IBAN></Id></DbtrAcct><DbtrAgt>${bicElement(g.bic)}</DbtrAgt>` +
    '<ChrgBr>SLEV</ChrgBr>' +
    `${posten}</PmtInf></CstmrCdtTrfInitn></Document>`
  );
}

/** What a summary's invoices owe per SEPA file (spec 002 §4: the actions need sepa data). */
export interface AbrechnungsRechnung {
  id: number;
  betrag: Cents;
  bezahloption_typ: string | null;
  storno_id: number | null;
  storno_parent_id: number | null;
}

/**
 * Debits: debit invoices not cancelled within the same summary. Refunds: storno invoices whose
 * original was exported (and so collected or paid) in an earlier summary; a storno together with
 * its original in one summary cancels out and moves no money.
 */
export function sepaPosten<T extends AbrechnungsRechnung>(rechnungen: readonly T[]) {
  const ids = new Set(rechnungen.map((r) => r.id));
  const lastschriften = rechnungen.filter(
    (r) =>
      r.storno_parent_id == null &&
      r.bezahloption_typ === 'debit' &&
      r.betrag > 0 &&
      (r.storno_id == null || !ids.has(r.storno_id)),
  );
  const erstattungen = rechnungen.filter(
    (r) => r.storno_parent_id != null && r.betrag < 0 && !ids.has(r.storno_parent_id),
  );
  return { lastschriften, erstattungen };
}

const TAG = 86_400_000;
const berlinerTag = (zeit: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date(zeit));

/**
 * The collection date of a direct debit file (YYYY-MM-DD, Berlin): not before the day each
 * invoice's pre-notification announced (issue date + VORABANKUENDIGUNG_TAGE), and not before tomorrow.
 */
export function einzugsdatum(ausgestellt: readonly string[], jetzt: Date): string {
  return ausgestellt
    .map((datum) => berlinerTag(new Date(datum).getTime() + VORABANKUENDIGUNG_TAGE * TAG))
    .reduce((a, b) => (a > b ? a : b), berlinerTag(jetzt.getTime() + TAG));
}
