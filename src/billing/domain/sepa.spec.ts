import { DomainError } from '../../shared/domain-error';
import {
  ausfuehrungsdatum,
  bicGueltig,
  einzugsdatum,
  naechsterGeschaeftstag,
  ostersonntag,
  sepaKennungen,
  target2Geschaeftstag,
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
  zahlungsId: 'ABR-3-DEBIT-1',
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
  it('builds a pain.008.001.08 direct debit with count, control sum, mandate and accounts', () => {
    const { xml } = sepaLastschrift(datei([zahlung, { ...zahlung, referenz: 'RE-2026-01002', betrag: 5 }]));
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>663.15<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<MndtId>MANDAT-7</MndtId><DtOfSgntr>2025-01-15</DtOfSgntr>');
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toContain('<Id>DE98ZZZ09999999999</Id>');
    expect(xml).toContain('<Nm>Mueller + Partner Kanzlei</Nm>');
    expect(xml).toContain('<ReqdColltnDt>2026-12-07</ReqdColltnDt>');
  });
  it('builds a pain.001.001.09 credit transfer from the association’s account', () => {
    const { xml } = sepaUeberweisung(datei([{ ...zahlung, mandat: null, bic: null }]));
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toContain('<DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct>');
    expect(xml).toContain('<CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>');
    expect(xml).toContain('<CtrlSum>663.10</CtrlSum>');
  });
  it('leaves out a member without mandate or IBAN, naming why, and builds the file of the others', () => {
    const ohneMandat = { ...zahlung, name: 'Weber', referenz: 'RE-2', mandat: null };
    const ergebnis = sepaLastschrift(datei([ohneMandat, zahlung]));
    expect(ergebnis.ausgelassen).toEqual([
      { name: 'Weber', rechnung: 'RE-2', gruende: ['kein SEPA-Lastschriftmandat mit Datum'] },
    ]);
    expect(ergebnis.zahlungen).toEqual([zahlung]);
    expect(ergebnis.xml.match(/<NbOfTxs>1<\/NbOfTxs>/g)).toHaveLength(2);
    expect(ergebnis.xml.match(/<CtrlSum>663.10<\/CtrlSum>/g)).toHaveLength(2);
    expect(ergebnis.xml).not.toContain('RE-2<');
    const ueberweisung = sepaUeberweisung(
      datei([{ ...zahlung, iban: 'DE00370400440532013000' }, ohneMandat]),
    );
    expect(ueberweisung.ausgelassen).toEqual([
      { name: 'Müller & Partner', rechnung: 'RE-2026-01001', gruende: ['keine gültige IBAN'] },
    ]);
    expect(ueberweisung.zahlungen).toEqual([ohneMandat]);
  });
  it('refuses a file none of whose payments is complete, naming each, and an empty one', () => {
    expect(fehler(() => sepaLastschrift(datei([{ ...zahlung, mandat: null }])))).toBe(
      'Die SEPA-Lastschrift kann nicht erstellt werden, keine Zahlung hat vollständige Daten: Müller & Partner (RE-2026-01001): kein SEPA-Lastschriftmandat mit Datum.',
    );
    expect(fehler(() => sepaUeberweisung(datei([{ ...zahlung, iban: 'DE00370400440532013000' }])))).toBe(
      'Die SEPA-Überweisung kann nicht erstellt werden, keine Zahlung hat vollständige Daten: Müller & Partner (RE-2026-01001): keine gültige IBAN.',
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
    zahlungsId: 'ABR-1-P',
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

  it('writes a direct debit (pain.008.001.08, CORE, RCUR) with the creditor scheme id and one block per invoice', () => {
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
    expect(teile(sepaLastschrift(d).xml)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?',
      'Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      'CstmrDrctDbtInitn',
      ...kopf.map((t, i) => (i === 0 ? t.slice(1) : t)),
      'PmtInf',
      'PmtInfId>ABR-1-P</PmtInfId',
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
      ...posten('123.45', ['FinInstnId', 'BICFI>COBADEFFXXX</BICFI', '/FinInstnId']),
      ...posten('0.05', ohneBic),
      '/PmtInf',
      '/CstmrDrctDbtInitn',
      '/Document>',
    ]);
  });

  it('writes a credit transfer (pain.001.001.09) with the creditor agent only where a BIC is known', () => {
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
    expect(teile(sepaUeberweisung(d).xml)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?',
      'Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      'CstmrCdtTrfInitn',
      ...kopf.map((t, i) => (i === 0 ? t.slice(1) : t)),
      'PmtInf',
      'PmtInfId>ABR-1-P</PmtInfId',
      'PmtMtd>TRF</PmtMtd',
      'BtchBookg>true</BtchBookg',
      'NbOfTxs>2</NbOfTxs',
      'CtrlSum>123.50</CtrlSum',
      'PmtTpInf',
      'SvcLvl',
      'Cd>SEPA</Cd',
      '/SvcLvl',
      '/PmtTpInf',
      'ReqdExctnDt',
      'Dt>2026-12-07</Dt',
      '/ReqdExctnDt',
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
      ...posten('123.45', ['CdtrAgt', 'FinInstnId', 'BICFI>COBADEFFXXX</BICFI', '/FinInstnId', '/CdtrAgt']),
      ...posten('0.05', []),
      '/PmtInf',
      '/CstmrCdtTrfInitn',
      '/Document>',
    ]);
  });

  it('writes the 2009 versions on request: pain.008.001.02 / pain.001.001.03 with BIC and a plain date', () => {
    const mitAdresse = {
      ...d,
      zahlungen: [{ ...z, adresse: { strasse: 'Hauptstr. 1', plz: '40212', ort: 'Düsseldorf' } }],
    };
    const lastschrift = sepaLastschrift(mitAdresse, '2009').xml;
    expect(lastschrift).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');
    expect(lastschrift).toContain('<FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId>');
    // The DK 2009 schemas know no structured address.
    expect(lastschrift).not.toContain('PstlAdr');
    const ueberweisung = sepaUeberweisung(mitAdresse, '2009').xml;
    expect(ueberweisung).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"');
    expect(ueberweisung).toContain('<ReqdExctnDt>2026-12-07</ReqdExctnDt>');
    expect(ueberweisung).toContain('<CdtrAgt><FinInstnId><BIC>COBADEFFXXX</BIC></FinInstnId></CdtrAgt>');
  });

  it('writes a complete German address structured, street and number apart, and none otherwise', () => {
    const anschrift = (adresse: Record<string, string | null> | null) => {
      const zahlung = { ...z, adresse: adresse as SepaDatei['zahlungen'][0]['adresse'] };
      const xml = sepaLastschrift({ ...d, zahlungen: [zahlung] }).xml;
      return /<PstlAdr>.*<\/PstlAdr>/.exec(xml)?.[0] ?? null;
    };
    expect(anschrift({ strasse: 'Königsallee 12 a', plz: '40212', ort: 'Düsseldorf' })).toBe(
      '<PstlAdr><StrtNm>Koenigsallee</StrtNm><BldgNb>12 a</BldgNb><PstCd>40212</PstCd>' +
        '<TwnNm>Duesseldorf</TwnNm><Ctry>DE</Ctry></PstlAdr>',
    );
    expect(anschrift({ strasse: 'Am Markt 3-5', plz: ' 50667 ', ort: 'Köln' })).toBe(
      '<PstlAdr><StrtNm>Am Markt</StrtNm><BldgNb>3-5</BldgNb><PstCd>50667</PstCd><TwnNm>Koeln</TwnNm><Ctry>DE</Ctry></PstlAdr>',
    );
    expect(anschrift({ strasse: 'Postfach', plz: '50667', ort: 'Köln' })).toBe(
      '<PstlAdr><StrtNm>Postfach</StrtNm><PstCd>50667</PstCd><TwnNm>Koeln</TwnNm><Ctry>DE</Ctry></PstlAdr>',
    );
    expect(anschrift({ strasse: null, plz: '50667', ort: 'Köln' })).toBe(
      '<PstlAdr><PstCd>50667</PstCd><TwnNm>Koeln</TwnNm><Ctry>DE</Ctry></PstlAdr>',
    );
    // No country in the data: a foreign postcode or a missing town writes no address (EEA: none needed).
    expect(anschrift({ strasse: 'Rue 1', plz: '1000', ort: 'Bruxelles' })).toBeNull();
    expect(anschrift({ strasse: 'Hauptstr. 1', plz: '40212', ort: ' ' })).toBeNull();
    expect(anschrift(null)).toBeNull();
  });

  it('names every missing detail of every member left out', () => {
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
      sepaLastschrift({ ...d, zahlungen: [z, schlecht, { ...z, referenz: 'RE-3', mandat: ' ' }] })
        .ausgelassen,
    ).toEqual([
      {
        name: 'Bert Bach',
        rechnung: 'RE-2',
        gruende: [
          'keine gültige IBAN',
          'keine gültige BIC',
          'kein Kontoinhaber',
          'kein SEPA-Lastschriftmandat mit Datum',
          'kein positiver Betrag',
        ],
      },
      { name: 'M', rechnung: 'RE-3', gruende: ['kein SEPA-Lastschriftmandat mit Datum'] },
    ]);
    // Nothing of the SEPA character set left: no holder, no mandate.
    expect(
      sepaLastschrift({ ...d, zahlungen: [z, { ...z, inhaber: 'Иван Петров', mandat: '№ ✓' }] }).ausgelassen,
    ).toEqual([
      {
        name: 'M',
        rechnung: 'RE-1',
        gruende: ['kein Kontoinhaber', 'kein SEPA-Lastschriftmandat mit Datum'],
      },
    ]);
    // A transfer needs no mandate; a fraction of a cent is no amount.
    expect(
      sepaUeberweisung({ ...d, zahlungen: [z, { ...z, mandat: null, inhaber: undefined, betrag: 1.5 }] })
        .ausgelassen,
    ).toEqual([{ name: 'M', rechnung: 'RE-1', gruende: ['kein Kontoinhaber', 'kein positiver Betrag'] }]);
    expect(
      sepaUeberweisung({ ...d, zahlungen: [{ ...z, mandat: null, mandatsdatum: null }] }).ausgelassen,
    ).toEqual([]);
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

/** A summary's invoice as sepaPosten reads it. */
const r = (id: number, betrag: number, extra: Partial<Parameters<typeof sepaPosten>[0][0]> = {}) => ({
  id,
  betrag,
  bezahloption_typ: 'debit',
  storno_id: null,
  storno_parent_id: null,
  verrechnet: 0,
  erstattung: null,
  ...extra,
});

describe('SEPA payments of a summary', () => {
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

describe('SEPA identifiers of a summary', () => {
  const abrechnung = { id: 42, createdAt: new Date('2026-11-23T10:15:30.999Z') };
  it('are the same on every download and within the DK identifier set of 35 characters', () => {
    expect(sepaKennungen(abrechnung, 'LS')).toEqual({
      nachrichtId: 'A42-20261123101530-LS',
      zahlungsId: 'A42-20261123101530-LS-1',
    });
    expect(sepaKennungen({ ...abrechnung }, 'LS')).toEqual(sepaKennungen(abrechnung, 'LS'));
    const lang = sepaKennungen({ id: 9_999_999_999, createdAt: abrechnung.createdAt }, 'UE');
    for (const id of Object.values(lang)) expect(id).toMatch(/^[A-Za-z0-9+?/\-:().,' ]{1,35}$/);
  });
  it('differ between summaries, files, and a summary id reused after a reset', () => {
    const ids = [
      sepaKennungen(abrechnung, 'LS'),
      sepaKennungen(abrechnung, 'UE'),
      sepaKennungen({ ...abrechnung, id: 43 }, 'LS'),
      sepaKennungen({ ...abrechnung, id: 4 }, 'LS'),
      sepaKennungen({ ...abrechnung, createdAt: new Date('2026-11-23T10:15:31Z') }, 'LS'),
    ].flatMap((k) => [k.nachrichtId, k.zahlungsId]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('TARGET2 business days', () => {
  it('computes Easter Sunday', () => {
    expect(ostersonntag(2024)).toBe('2024-03-31');
    expect(ostersonntag(2025)).toBe('2025-04-20');
    expect(ostersonntag(2026)).toBe('2026-04-05');
    expect(ostersonntag(2027)).toBe('2027-03-28');
    expect(ostersonntag(2038)).toBe('2038-04-25');
    expect(ostersonntag(2285)).toBe('2285-03-22');
    expect(ostersonntag(2000)).toBe('2000-04-23');
  });
  it('closes on weekends, New Year, Good Friday, Easter Monday, 1 May and at Christmas', () => {
    for (const tag of [
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-12-25',
      '2026-12-26',
      '2026-11-28',
      '2026-11-29',
      '2025-04-18',
      '2025-04-21',
    ])
      expect([tag, target2Geschaeftstag(tag)]).toEqual([tag, false]);
    // Other German holidays are TARGET2 business days.
    for (const tag of [
      '2026-01-02',
      '2026-04-02',
      '2026-04-07',
      '2026-05-14',
      '2025-10-03',
      '2026-12-24',
      '2026-12-31',
      '2026-11-27',
    ])
      expect([tag, target2Geschaeftstag(tag)]).toEqual([tag, true]);
  });
  it('rolls forward to the next business day', () => {
    expect(naechsterGeschaeftstag('2026-11-27')).toBe('2026-11-27');
    expect(naechsterGeschaeftstag('2026-11-28')).toBe('2026-11-30');
    expect(naechsterGeschaeftstag('2026-04-03')).toBe('2026-04-07');
    expect(naechsterGeschaeftstag('2026-12-25')).toBe('2026-12-28');
    expect(naechsterGeschaeftstag('2027-12-25')).toBe('2027-12-27');
  });
});

describe('SEPA payments after payments were recorded (issue 28)', () => {
  it('does not collect an invoice its storno netted off, and refunds only what was received', () => {
    const { lastschriften, erstattungen } = sepaPosten([
      r(1, 100, { storno_id: 2, verrechnet: 100 }),
      r(2, -100, { storno_parent_id: 1, erstattung: 0 }),
      r(3, 70, { storno_id: 4 }),
      r(4, -70, { storno_parent_id: 3, erstattung: 70 }),
      r(5, -30, { storno_parent_id: 99, erstattung: 10 }),
    ]);
    expect(lastschriften.map((x) => x.id)).toEqual([3]);
    expect(erstattungen.map((x) => [x.id, x.betrag])).toEqual([
      [4, -70],
      [5, -10],
    ]);
  });
});

describe('collection date', () => {
  it('is the latest pre-notified day of the invoices on a business day, one business day after sending', () => {
    const jetzt = new Date('2026-03-19T23:30:00Z'); // already Friday the 20th in Berlin
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-05T10:00:00Z'], jetzt)).toBe('2026-03-23');
    // 19 March + 14 days: Thursday 2 April.
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-19T10:00:00Z'], jetzt)).toBe('2026-04-02');
    // 20 March + 14 days: Good Friday, then Easter Monday: Tuesday 7 April.
    expect(einzugsdatum(['2026-03-20T10:00:00Z'], jetzt)).toBe('2026-04-07');
    expect(einzugsdatum([], jetzt)).toBe('2026-03-23');
    // Sent on a Saturday, the file counts from Monday: collected Tuesday at the earliest.
    expect(einzugsdatum([], new Date('2026-03-21T10:00:00Z'))).toBe('2026-03-24');
    expect(einzugsdatum([], new Date('2026-12-23T10:00:00Z'))).toBe('2026-12-24');
    expect(einzugsdatum([], new Date('2026-12-24T10:00:00Z'))).toBe('2026-12-28');
  });
  it('executes a transfer on the next business day', () => {
    expect(ausfuehrungsdatum(new Date('2026-11-26T10:00:00Z'))).toBe('2026-11-27');
    expect(ausfuehrungsdatum(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-30');
    expect(ausfuehrungsdatum(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-04');
  });
});
