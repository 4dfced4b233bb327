import { DomainError } from '../../shared/domain-error';
import {
  bicGueltig,
  einzugsdatum,
  glaeubigerIdGueltig,
  ibanGueltig,
  sepaBetrag,
  sepaLastschrift,
  sepaPosten,
  sepaUeberweisung,
  sepaZeichen,
  xmlText,
  type SepaDatei,
} from './sepa';

const glaeubiger = {
  id: 'DE98ZZZ09999999999',
  name: 'Steuerberaterverband Düsseldorf e. V.',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
};
const zahlung = {
  name: 'Müller & Partner',
  referenz: 'RE-2026-01001',
  betrag: 66310,
  inhaber: 'Müller & Partner <Kanzlei>',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  verwendungszweck: 'Rechnung RE-2026-01001',
  mandat: 'MANDAT-7',
  mandatsdatum: '2025-01-15',
};
const datei = (zahlungen: SepaDatei['zahlungen']): SepaDatei => ({
  nachrichtId: 'ABR-3-DEBIT',
  erstellt: new Date('2026-11-23T10:00:00Z'),
  ausfuehrung: '2026-12-07',
  glaeubiger,
  zahlungen,
});
const fehler = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return (e as DomainError).message;
  }
  throw new Error('keine Ablehnung');
};

describe('SEPA validation', () => {
  it('checks IBANs with mod 97, spaces and case aside', () => {
    expect(ibanGueltig('DE89370400440532013000')).toBe(true);
    expect(ibanGueltig('de89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanGueltig('DE88370400440532013000')).toBe(false);
    expect(ibanGueltig('DE8937040044053201300')).toBe(false);
    expect(ibanGueltig('GB82WEST12345698765432')).toBe(true);
    expect(ibanGueltig(null)).toBe(false);
  });
  it('checks BICs and creditor identifiers', () => {
    expect(bicGueltig('COBADEFFXXX')).toBe(true);
    expect(bicGueltig('COBADEFF')).toBe(true);
    expect(bicGueltig('COBA1EFF')).toBe(false);
    expect(glaeubigerIdGueltig('DE98ZZZ09999999999')).toBe(true);
    expect(glaeubigerIdGueltig('DE97ZZZ09999999999')).toBe(false);
  });
  it('writes cents as euros with a point and refuses non-positive amounts', () => {
    expect(sepaBetrag(12345)).toBe('123.45');
    expect(sepaBetrag(5)).toBe('0.05');
    expect(sepaBetrag(100)).toBe('1.00');
    expect(() => sepaBetrag(0)).toThrow(RangeError);
  });
  it('keeps to the SEPA character set and escapes XML', () => {
    expect(sepaZeichen('Müller & Söhne <GbR>', 70)).toBe('Mueller + Soehne GbR');
    expect(sepaZeichen("O'Brien", 70)).toBe('O&apos;Brien');
    expect(sepaZeichen('x'.repeat(50), 35)).toHaveLength(35);
  });
});

describe('SEPA files', () => {
  it('builds a pain.008.001.02 direct debit with count, control sum, mandate and accounts', () => {
    const xml = sepaLastschrift(datei([zahlung, { ...zahlung, referenz: 'RE-2026-01002', betrag: 5 }]));
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>663.15<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<MndtId>MANDAT-7</MndtId><DtOfSgntr>2025-01-15</DtOfSgntr>');
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toContain('<Id>DE98ZZZ09999999999</Id>');
    expect(xml).toContain('<Nm>Mueller + Partner Kanzlei</Nm>');
    expect(xml).toContain('<ReqdColltnDt>2026-12-07</ReqdColltnDt>');
  });
  it('builds a pain.001.001.03 credit transfer from the association’s account', () => {
    const xml = sepaUeberweisung(datei([{ ...zahlung, mandat: null, bic: null }]));
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>');
    expect(xml).toContain('<CtrlSum>663.10</CtrlSum>');
  });
  it('refuses missing mandates and invalid IBANs, naming the member', () => {
    expect(fehler(() => sepaLastschrift(datei([{ ...zahlung, mandat: null }])))).toBe(
      'Die SEPA-Lastschrift kann nicht erstellt werden: Müller & Partner (RE-2026-01001): kein SEPA-Lastschriftmandat mit Datum.',
    );
    expect(fehler(() => sepaUeberweisung(datei([{ ...zahlung, iban: 'DE00370400440532013000' }])))).toBe(
      'Die SEPA-Überweisung kann nicht erstellt werden: Müller & Partner (RE-2026-01001): keine gültige IBAN.',
    );
    expect(fehler(() => sepaLastschrift(datei([])))).toContain('keine Zahlungen');
  });
});

describe('SEPA details', () => {
  it('checks the creditor identifier: form, spaces and case aside, and its check digits', () => {
    expect(glaeubigerIdGueltig('de98 zzz0 9999 9999 99')).toBe(true);
    for (const falsch of [
      null,
      undefined,
      '',
      'DE98ZZZ',
      'D198ZZZ09999999999',
      'DE9XZZZ09999999999',
      'DE98ZZZ0999999999#',
    ])
      expect(glaeubigerIdGueltig(falsch)).toBe(false);
    // The business code (ZZZ) does not count for the check digits.
    expect(glaeubigerIdGueltig('DE98ABC09999999999')).toBe(true);
    expect(glaeubigerIdGueltig(`DE98ZZZ${'0'.repeat(29)}`)).toBe(false);
  });

  it('takes no IBAN or BIC that is absent', () => {
    expect(ibanGueltig('')).toBe(false);
    expect(ibanGueltig(undefined)).toBe(false);
    expect(bicGueltig(null)).toBe(false);
    expect(bicGueltig('')).toBe(false);
  });

  it('refuses amounts that are not whole positive cents', () => {
    expect(sepaBetrag(1)).toBe('0.01');
    expect(sepaBetrag(99)).toBe('0.99');
    expect(sepaBetrag(100000)).toBe('1000.00');
    expect(() => sepaBetrag(-100)).toThrow(new RangeError('kein SEPA-Betrag: -100'));
    expect(() => sepaBetrag(1.5)).toThrow(RangeError);
  });

  it('escapes the five XML characters', () => {
    expect(xmlText(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('transliterates umlauts and accents, and makes other characters single spaces', () => {
    expect(sepaZeichen('ÄÖÜ äöü ß', 70)).toBe('AeOeUe aeoeue ss');
    expect(sepaZeichen('Café Élysée', 70)).toBe('Cafe Elysee');
    expect(sepaZeichen('  a;;b  \n c€  ', 70)).toBe('a b c');
    expect(sepaZeichen("A/b-c?d:e(f)g.h,i'j+k", 70)).toBe('A/b-c?d:e(f)g.h,i&apos;j+k');
  });
});

describe('SEPA files in full', () => {
  const g = { id: 'de98 zzz0 9999 9999 99', name: 'Verband', iban: 'de02 1203 0000 0000 2020 51', bic: null };
  const z = {
    name: 'M',
    referenz: 'RE-1',
    betrag: 12345,
    inhaber: 'Anna Ärger',
    iban: 'DE89370400440532013000',
    bic: 'cobadeffxxx',
    verwendungszweck: 'Rechnung RE-1',
    mandat: 'M-1',
    mandatsdatum: '2025-01-15T00:00:00Z',
  };
  const d: SepaDatei = {
    nachrichtId: 'ABR-1',
    erstellt: new Date('2026-11-23T10:00:00.123Z'),
    ausfuehrung: '2026-12-07',
    glaeubiger: g,
    zahlungen: [z, { ...z, bic: null, betrag: 5 }],
  };
  const teile = (xml: string) => xml.split('><');
  const kopf = [
    '<GrpHdr',
    'MsgId>ABR-1</MsgId',
    'CreDtTm>2026-11-23T10:00:00</CreDtTm',
    'NbOfTxs>2</NbOfTxs',
    'CtrlSum>123.50</CtrlSum',
    'InitgPty',
    'Nm>Verband</Nm',
    '/InitgPty',
    '/GrpHdr',
  ];
  const ohneBic = ['FinInstnId', 'Othr', 'Id>NOTPROVIDED</Id', '/Othr', '/FinInstnId'];
  const konto = (iban: string) => ['Id', `IBAN>${iban}</IBAN`, '/Id'];

  it('writes a direct debit (pain.008.001.02, CORE, RCUR) with the creditor scheme id and one block per invoice', () => {
    const posten = (betrag: string, bic: string[]) => [
      'DrctDbtTxInf',
      'PmtId',
      'EndToEndId>RE-1</EndToEndId',
      '/PmtId',
      `InstdAmt Ccy="EUR">${betrag}</InstdAmt`,
      'DrctDbtTx',
      'MndtRltdInf',
      'MndtId>M-1</MndtId',
      'DtOfSgntr>2025-01-15</DtOfSgntr',
      '/MndtRltdInf',
      '/DrctDbtTx',
      'DbtrAgt',
      ...bic,
      '/DbtrAgt',
      'Dbtr',
      'Nm>Anna Aerger</Nm',
      '/Dbtr',
      'DbtrAcct',
      ...konto('DE89370400440532013000'),
      '/DbtrAcct',
      'RmtInf',
      'Ustrd>Rechnung RE-1</Ustrd',
      '/RmtInf',
      '/DrctDbtTxInf',
    ];
    expect(teile(sepaLastschrift(d))).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?',
      'Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      'CstmrDrctDbtInitn',
      ...kopf.map((t, i) => (i === 0 ? t.slice(1) : t)),
      'PmtInf',
      'PmtInfId>ABR-1</PmtInfId',
      'PmtMtd>DD</PmtMtd',
      'BtchBookg>true</BtchBookg',
      'NbOfTxs>2</NbOfTxs',
      'CtrlSum>123.50</CtrlSum',
      'PmtTpInf',
      'SvcLvl',
      'Cd>SEPA</Cd',
      '/SvcLvl',
      'LclInstrm',
      'Cd>CORE</Cd',
      '/LclInstrm',
      'SeqTp>RCUR</SeqTp',
      '/PmtTpInf',
      'ReqdColltnDt>2026-12-07</ReqdColltnDt',
      'Cdtr',
      'Nm>Verband</Nm',
      '/Cdtr',
      'CdtrAcct',
      ...konto('DE02120300000000202051'),
      '/CdtrAcct',
      'CdtrAgt',
      ...ohneBic,
      '/CdtrAgt',
      'ChrgBr>SLEV</ChrgBr',
      'CdtrSchmeId',
      'Id',
      'PrvtId',
      'Othr',
      'Id>DE98ZZZ09999999999</Id',
      'SchmeNm',
      'Prtry>SEPA</Prtry',
      '/SchmeNm',
      '/Othr',
      '/PrvtId',
      '/Id',
      '/CdtrSchmeId',
      ...posten('123.45', ['FinInstnId', 'BIC>COBADEFFXXX</BIC', '/FinInstnId']),
      ...posten('0.05', ohneBic),
      '/PmtInf',
      '/CstmrDrctDbtInitn',
      '/Document>',
    ]);
  });

  it('writes a credit transfer (pain.001.001.03) with the creditor agent only where a BIC is known', () => {
    const posten = (betrag: string, bic: string[]) => [
      'CdtTrfTxInf',
      'PmtId',
      'EndToEndId>RE-1</EndToEndId',
      '/PmtId',
      'Amt',
      `InstdAmt Ccy="EUR">${betrag}</InstdAmt`,
      '/Amt',
      ...bic,
      'Cdtr',
      'Nm>Anna Aerger</Nm',
      '/Cdtr',
      'CdtrAcct',
      ...konto('DE89370400440532013000'),
      '/CdtrAcct',
      'RmtInf',
      'Ustrd>Rechnung RE-1</Ustrd',
      '/RmtInf',
      '/CdtTrfTxInf',
    ];
    expect(teile(sepaUeberweisung(d))).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?',
      'Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      'CstmrCdtTrfInitn',
      ...kopf.map((t, i) => (i === 0 ? t.slice(1) : t)),
      'PmtInf',
      'PmtInfId>ABR-1</PmtInfId',
      'PmtMtd>TRF</PmtMtd',
      'BtchBookg>true</BtchBookg',
      'NbOfTxs>2</NbOfTxs',
      'CtrlSum>123.50</CtrlSum',
      'PmtTpInf',
      'SvcLvl',
      'Cd>SEPA</Cd',
      '/SvcLvl',
      '/PmtTpInf',
      'ReqdExctnDt>2026-12-07</ReqdExctnDt',
      'Dbtr',
      'Nm>Verband</Nm',
      '/Dbtr',
      'DbtrAcct',
      ...konto('DE02120300000000202051'),
      '/DbtrAcct',
      'DbtrAgt',
      ...ohneBic,
      '/DbtrAgt',
      'ChrgBr>SLEV</ChrgBr',
      ...posten('123.45', ['CdtrAgt', 'FinInstnId', 'BIC>COBADEFFXXX</BIC', '/FinInstnId', '/CdtrAgt']),
      ...posten('0.05', []),
      '/PmtInf',
      '/CstmrCdtTrfInitn',
      '/Document>',
    ]);
  });

  it('names every missing detail of every member, joined, before writing anything', () => {
    const schlecht = {
      ...z,
      name: 'Bert Bach',
      referenz: 'RE-2',
      iban: null,
      bic: 'XX',
      inhaber: '  ',
      mandat: 'M-2',
      mandatsdatum: null,
      betrag: 0,
    };
    expect(
      fehler(() =>
        sepaLastschrift({ ...d, zahlungen: [z, schlecht, { ...z, referenz: 'RE-3', mandat: ' ' }] }),
      ),
    ).toBe(
      'Die SEPA-Lastschrift kann nicht erstellt werden: Bert Bach (RE-2): keine gültige IBAN; Bert Bach (RE-2): keine gültige BIC; ' +
        'Bert Bach (RE-2): kein Kontoinhaber; Bert Bach (RE-2): kein SEPA-Lastschriftmandat mit Datum; ' +
        'Bert Bach (RE-2): kein positiver Betrag; M (RE-3): kein SEPA-Lastschriftmandat mit Datum.',
    );
    // A transfer needs no mandate; a fraction of a cent is no amount.
    expect(
      fehler(() =>
        sepaUeberweisung({ ...d, zahlungen: [{ ...z, mandat: null, inhaber: undefined, betrag: 1.5 }] }),
      ),
    ).toBe(
      'Die SEPA-Überweisung kann nicht erstellt werden: M (RE-1): kein Kontoinhaber; M (RE-1): kein positiver Betrag.',
    );
    expect(() =>
      sepaUeberweisung({ ...d, zahlungen: [{ ...z, mandat: null, mandatsdatum: null }] }),
    ).not.toThrow();
  });

  it('refuses an empty file with its own code', () => {
    let error: unknown;
    try {
      sepaUeberweisung({ ...d, zahlungen: [] });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'SEPA_LEER',
      kind: 'conflict',
      message: 'Die Abrechnung enthält keine Zahlungen für diese SEPA-Datei.',
    });
  });
});

describe('SEPA payments of a summary', () => {
  const r = (id: number, betrag: number, extra: Partial<Parameters<typeof sepaPosten>[0][0]> = {}) => ({
    id,
    betrag,
    bezahloption_typ: 'debit',
    storno_id: null,
    storno_parent_id: null,
    ...extra,
  });
  it('debits debit invoices, refunds stornos of earlier summaries, nets out pairs within one', () => {
    const { lastschriften, erstattungen } = sepaPosten([
      r(1, 100),
      r(2, 50, { bezahloption_typ: 'transfer' }),
      r(3, 70, { storno_id: 4 }),
      r(4, -70, { storno_parent_id: 3 }),
      r(5, -30, { storno_parent_id: 99 }),
    ]);
    expect(lastschriften.map((x) => x.id)).toEqual([1]);
    expect(erstattungen.map((x) => x.id)).toEqual([5]);
  });

  it('debits an invoice whose storno lies in a later summary, and nothing of zero or unknown payment type', () => {
    const { lastschriften, erstattungen } = sepaPosten([
      r(1, 100, { storno_id: 77 }),
      r(2, 0),
      r(3, 100, { bezahloption_typ: null }),
      r(4, 0, { storno_parent_id: 98 }),
      r(5, -10, { bezahloption_typ: 'transfer', storno_parent_id: 97 }),
      r(6, -10),
    ]);
    expect(lastschriften.map((x) => x.id)).toEqual([1]);
    expect(erstattungen.map((x) => x.id)).toEqual([5]);
  });
});

describe('collection date', () => {
  it('is the latest pre-notified day of the invoices, and never before tomorrow in Berlin', () => {
    const jetzt = new Date('2026-03-20T23:30:00Z'); // already the 21st in Berlin
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-05T10:00:00Z'], jetzt)).toBe('2026-03-22');
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-19T10:00:00Z'], jetzt)).toBe('2026-04-02');
    expect(einzugsdatum([], jetzt)).toBe('2026-03-22');
  });
});
