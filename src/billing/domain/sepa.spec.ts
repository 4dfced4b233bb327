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
});

describe('collection date', () => {
  it('is the latest pre-notified day of the invoices, and never before tomorrow in Berlin', () => {
    const jetzt = new Date('2026-03-20T23:30:00Z'); // already the 21st in Berlin
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-05T10:00:00Z'], jetzt)).toBe('2026-03-22');
    expect(einzugsdatum(['2026-03-02T10:00:00Z', '2026-03-19T10:00:00Z'], jetzt)).toBe('2026-04-02');
    expect(einzugsdatum([], jetzt)).toBe('2026-03-22');
  });
});
