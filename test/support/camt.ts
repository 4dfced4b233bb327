/**
 * Hand-made bank statements in camt.053.001.08 for tests (issue 28): what a German bank sends
 * for a collected SEPA file (one batch entry), a transfer, a returned debit with its fee, and
 * anything else. Tests validate what this builds against ../shared/standards/camt with xmllint.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CamtEintrag {
  referenz: string;
  betrag: string;
  richtung?: 'CRDT' | 'DBIT';
  datum?: string;
  /** Bank transaction code: family and sub-family within PMNT. */
  code?: [string, string];
  sammler?: { pmtInfId: string; anzahl: number };
  endToEnd?: string;
  verwendungszweck?: string;
  name?: string;
  iban?: string;
  rueckgabegrund?: string;
  gebuehr?: string;
  status?: 'BOOK' | 'PDNG';
}

const KONTO = 'DE89370400440532013000';

/** The shared standards beside the checkout (../shared), also from a worktree one level deeper. */
const SCHEMA = ['../../../shared', '../../../../shared']
  .map((oben) => join(__dirname, oben, 'standards/camt/camt.053.001.08.xsd'))
  .find((datei) => existsSync(datei));

function eintrag(e: CamtEintrag): string {
  const richtung = e.richtung ?? 'CRDT';
  const [familie, unterfamilie] = e.code ?? (richtung === 'CRDT' ? ['RCDT', 'ESCT'] : ['IDDT', 'UPDD']);
  const partei = richtung === 'CRDT' || e.rueckgabegrund ? 'Dbtr' : 'Cdtr';
  const tx =
    e.endToEnd || e.verwendungszweck || e.name || e.rueckgabegrund
      ? '<TxDtls>' +
        (e.endToEnd ? `<Refs><EndToEndId>${e.endToEnd}</EndToEndId></Refs>` : '') +
        (e.name || e.iban
          ? '<RltdPties>' +
            (e.name ? `<${partei}><Pty><Nm>${e.name}</Nm></Pty></${partei}>` : '') +
            (e.iban ? `<${partei}Acct><Id><IBAN>${e.iban}</IBAN></Id></${partei}Acct>` : '') +
            '</RltdPties>'
          : '') +
        (e.verwendungszweck ? `<RmtInf><Ustrd>${e.verwendungszweck}</Ustrd></RmtInf>` : '') +
        (e.rueckgabegrund ? `<RtrInf><Rsn><Cd>${e.rueckgabegrund}</Cd></Rsn></RtrInf>` : '') +
        '</TxDtls>'
      : '';
  const btch = e.sammler
    ? `<Btch><PmtInfId>${e.sammler.pmtInfId}</PmtInfId><NbOfTxs>${e.sammler.anzahl}</NbOfTxs>` +
      `<TtlAmt Ccy="EUR">${e.betrag}</TtlAmt><CdtDbtInd>${richtung}</CdtDbtInd></Btch>`
    : '';
  return (
    `<Ntry><Amt Ccy="EUR">${e.betrag}</Amt><CdtDbtInd>${richtung}</CdtDbtInd>` +
    `<Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>` +
    `<BookgDt><Dt>${e.datum ?? '2026-04-02'}</Dt></BookgDt><ValDt><Dt>${e.datum ?? '2026-04-02'}</Dt></ValDt>` +
    `<AcctSvcrRef>${e.referenz}</AcctSvcrRef>` +
    `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${familie}</Cd><SubFmlyCd>${unterfamilie}</SubFmlyCd></Fmly></Domn></BkTxCd>` +
    (e.gebuehr
      ? `<Chrgs><TtlChrgsAndTaxAmt Ccy="EUR">${e.gebuehr}</TtlChrgsAndTaxAmt>` +
        `<Rcrd><Amt Ccy="EUR">${e.gebuehr}</Amt><CdtDbtInd>DBIT</CdtDbtInd><ChrgInclInd>true</ChrgInclInd></Rcrd></Chrgs>`
      : '') +
    (btch || tx ? `<NtryDtls>${btch}${tx}</NtryDtls>` : '') +
    '</Ntry>'
  );
}

export function camt053(id: string, eintraege: CamtEintrag[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">' +
    `<BkToCstmrStmt><GrpHdr><MsgId>MSG-${id}</MsgId><CreDtTm>2026-04-02T18:00:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${id}</Id><CreDtTm>2026-04-02T18:00:00</CreDtTm>` +
    `<Acct><Id><IBAN>${KONTO}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    '<Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-04-01</Dt></Dt></Bal>' +
    '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-04-02</Dt></Dt></Bal>' +
    eintraege.map(eintrag).join('') +
    '</Stmt></BkToCstmrStmt></Document>'
  );
}

/** xmllint's verdict against the camt.053.001.08 schema: '' when valid, else its messages. */
export function camtFehler(xml: string): string {
  if (!SCHEMA) throw new Error('camt.053.001.08.xsd nicht gefunden (../shared/standards/camt)');
  const ordner = mkdtempSync(join(tmpdir(), 'camt-'));
  const datei = join(ordner, 'auszug.xml');
  writeFileSync(datei, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', SCHEMA, datei], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}
