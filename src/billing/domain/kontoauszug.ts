/**
 * Reading a bank statement in camt.053.001.08 (../shared/standards/camt, issue 28): each booked
 * entry (Ntry) with what reconciliation needs. Pure: the XML text in, the entries out; a file that
 * is not well-formed XML or not a camt.053.001.08 statement is refused with a German message.
 */
import { SaxesParser } from 'saxes';
import { DomainError } from '../../shared/domain-error';
import type { Cents } from '../../shared/money';

export const CAMT_053_NS = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

export interface Kontobuchung {
  /** The bank's reference (AcctSvcrRef), else statement id and entry reference or position. */
  referenz: string;
  /** Stmt/Id. */
  auszug: string;
  /** Booking date, YYYY-MM-DD. */
  datum: string | null;
  /** Always positive. */
  betrag: Cents;
  /** CRDT: money in; DBIT: money out. */
  gutschrift: boolean;
  /** A returned direct debit: a return reason, a reversal or the bank transaction code of a return. */
  ruecklastschrift: boolean;
  rueckgabegrund: string | null;
  /** The bank's fee on the entry (charges), 0 when none. */
  gebuehr: Cents;
  /** Batch and payment information ids (Btch/PmtInfId, Refs/PmtInfId, …): a collected SEPA file. */
  zahlungsIds: string[];
  endToEndIds: string[];
  /** The remittance texts (Ustrd), joined. */
  verwendungszweck: string;
  /** The other party: debtor of a credit, of a returned debit too (the member). */
  name: string | null;
  iban: string | null;
}

interface Knoten {
  name: string;
  kinder: Knoten[];
  text: string;
  attribute: Record<string, string>;
}

const ungueltig = (grund: string) =>
  DomainError.invalid('KONTOAUSZUG', `Die Datei ist kein Kontoauszug im Format camt.053.001.08: ${grund}.`);

function baum(xml: string): Knoten {
  const parser = new SaxesParser({ xmlns: true });
  const stapel: Knoten[] = [];
  let wurzel: Knoten | null = null;
  parser.on('opentag', (tag) => {
    const knoten: Knoten = {
      name: tag.local ?? tag.name,
      kinder: [],
      text: '',
      attribute: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [
          typeof a === 'string' ? '' : a.local,
          typeof a === 'string' ? a : a.value,
        ]),
      ),
    };
    if (stapel.length === 0) {
      if (tag.uri !== CAMT_053_NS) throw ungueltig(`Namensraum „${tag.uri || 'keiner'}“`);
      wurzel = knoten;
    } else stapel[stapel.length - 1].kinder.push(knoten);
    stapel.push(knoten);
  });
  parser.on('text', (text) => {
    if (stapel.length > 0) stapel[stapel.length - 1].text += text;
  });
  parser.on('closetag', () => stapel.pop());
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw ungueltig('kein gültiges XML');
  }
  if (!wurzel) throw ungueltig('leer');
  return wurzel;
}

const kinder = (k: Knoten | undefined, name: string) => k?.kinder.filter((c) => c.name === name) ?? [];

/** The node at the path below `k` (first match at each step). */
function pfad(k: Knoten | undefined, ...namen: string[]): Knoten | undefined {
  return namen.reduce<Knoten | undefined>((n, name) => kinder(n, name)[0], k);
}

/** All nodes at the path below `k`. */
function alle(k: Knoten | undefined, ...namen: string[]): Knoten[] {
  return namen.reduce<Knoten[]>((ns, name) => ns.flatMap((n) => kinder(n, name)), k ? [k] : []);
}

const text = (k: Knoten | undefined) => k?.text.trim() || null;

/** "123.45" (EUR) → 12345; other currencies or amounts are refused. */
function cents(k: Knoten | undefined, wo: string): Cents {
  const wert = text(k);
  if (!wert || !/^\d{1,15}(\.\d{1,2})?$/.test(wert)) throw ungueltig(`kein Betrag in ${wo}`);
  if (k!.attribute.Ccy !== 'EUR') throw ungueltig(`${wo} ist nicht in Euro`);
  const [euro, cent = ''] = wert.split('.');
  return Number(euro) * 100 + Number(cent.padEnd(2, '0'));
}

const eindeutig = (werte: (string | null)[]) => [...new Set(werte.filter((w): w is string => !!w))];

/** Bank transaction sub-families of returned direct debits (UPDD unpaid, RDDT returned). */
const RUECKGABE_CODES = ['UPDD', 'RDDT'];

function buchung(ntry: Knoten, auszug: string, position: number): Kontobuchung | null {
  const status = text(pfad(ntry, 'Sts', 'Cd')) ?? text(pfad(ntry, 'Sts', 'Prtry'));
  if (status !== 'BOOK') return null;
  const wo = `Buchung ${position}`;
  const richtung = text(pfad(ntry, 'CdtDbtInd'));
  if (richtung !== 'CRDT' && richtung !== 'DBIT') throw ungueltig(`${wo} ohne Soll/Haben-Kennzeichen`);
  const details = alle(ntry, 'NtryDtls');
  const tx = details.flatMap((d) => kinder(d, 'TxDtls'));
  const gutschrift = richtung === 'CRDT';
  const rueckgabegrund =
    eindeutig(
      tx.map((t) => text(pfad(t, 'RtrInf', 'Rsn', 'Cd')) ?? text(pfad(t, 'RtrInf', 'Rsn', 'Prtry'))),
    )[0] ?? null;
  const unterfamilie = [ntry, ...tx].map((k) => text(pfad(k, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd')));
  const ruecklastschrift =
    !gutschrift &&
    (rueckgabegrund != null ||
      text(pfad(ntry, 'RvslInd')) === 'true' ||
      unterfamilie.some((c) => c != null && RUECKGABE_CODES.includes(c)));
  const gebuehren = [ntry, ...tx].map((k) => pfad(k, 'Chrgs'));
  const gebuehr = gebuehren.reduce((s, c) => {
    if (!c) return s;
    const gesamt = pfad(c, 'TtlChrgsAndTaxAmt');
    if (gesamt) return s + cents(gesamt, `den Gebühren der ${wo}`);
    return s + kinder(c, 'Rcrd').reduce((t, r) => t + cents(pfad(r, 'Amt'), `den Gebühren der ${wo}`), 0);
  }, 0);
  const partei = gutschrift || ruecklastschrift ? 'Dbtr' : 'Cdtr';
  const datum =
    text(pfad(ntry, 'BookgDt', 'Dt')) ?? text(pfad(ntry, 'BookgDt', 'DtTm'))?.slice(0, 10) ?? null;
  return {
    referenz: text(pfad(ntry, 'AcctSvcrRef')) ?? `${auszug}/${text(pfad(ntry, 'NtryRef')) ?? position}`,
    auszug,
    datum,
    betrag: cents(pfad(ntry, 'Amt'), wo),
    gutschrift,
    ruecklastschrift,
    rueckgabegrund,
    gebuehr,
    zahlungsIds: eindeutig([
      ...details.flatMap((d) => [text(pfad(d, 'Btch', 'PmtInfId')), text(pfad(d, 'Btch', 'MsgId'))]),
      ...tx.flatMap((t) => [text(pfad(t, 'Refs', 'PmtInfId')), text(pfad(t, 'Refs', 'MsgId'))]),
    ]),
    endToEndIds: eindeutig(tx.map((t) => text(pfad(t, 'Refs', 'EndToEndId')))).filter(
      (id) => id !== 'NOTPROVIDED',
    ),
    verwendungszweck: [
      ...tx.flatMap((t) => alle(t, 'RmtInf', 'Ustrd').map(text)),
      text(pfad(ntry, 'AddtlNtryInf')),
    ]
      .filter(Boolean)
      .join(' '),
    name: eindeutig(tx.map((t) => text(pfad(t, 'RltdPties', partei, 'Pty', 'Nm'))))[0] ?? null,
    iban: eindeutig(tx.map((t) => text(pfad(t, 'RltdPties', `${partei}Acct`, 'Id', 'IBAN'))))[0] ?? null,
  };
}

/** The booked entries of every statement in the file; pending ones (PDNG) wait for a later statement. */
export function leseKontoauszug(xml: string): Kontobuchung[] {
  const dokument = baum(xml);
  const bericht = pfad(dokument, 'BkToCstmrStmt');
  if (dokument.name !== 'Document' || !bericht) throw ungueltig('kein Kontoauszug (BkToCstmrStmt)');
  const auszuege = kinder(bericht, 'Stmt');
  if (auszuege.length === 0) throw ungueltig('kein Auszug (Stmt)');
  return auszuege.flatMap((stmt) => {
    const id = text(pfad(stmt, 'Id'));
    if (!id) throw ungueltig('Auszug ohne Kennung (Stmt/Id)');
    return kinder(stmt, 'Ntry').flatMap((ntry, i) => buchung(ntry, id, i + 1) ?? []);
  });
}
