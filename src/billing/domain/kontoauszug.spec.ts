import { camt053, camtFehler } from '../../../test/support/camt';
import { leseKontoauszug } from './kontoauszug';

describe('reading a camt.053.001.08 statement (issue 28)', () => {
  const xml = camt053('2026-04-02-1', [
    {
      referenz: 'BANK-1',
      betrag: '238.00',
      sammler: { pmtInfId: 'A7-20260320101530-LS-1', anzahl: 2 },
      code: ['IDDT', 'ESDD'],
    },
    {
      referenz: 'BANK-2',
      betrag: '119.00',
      name: 'Kanzlei Müßig &amp; Partner',
      iban: 'DE02120300000000202051',
      verwendungszweck: 'Rechnung LA-2026-00003 Danke',
      endToEnd: 'NOTPROVIDED',
    },
    {
      referenz: 'BANK-3',
      betrag: '122.50',
      richtung: 'DBIT',
      endToEnd: 'LA-2026-00001',
      rueckgabegrund: 'AC04',
      gebuehr: '3.50',
      name: 'Kanzlei Eins',
      iban: 'DE02500105170137075030',
    },
    { referenz: 'BANK-4', betrag: '5.00', status: 'PDNG' },
  ]);

  it('is what the schema allows', () => {
    expect(camtFehler(xml)).toBe('');
  });

  it('gives each booked entry with amount, direction, references, remittance text, party, return and fee', () => {
    const [sammler, ueberweisung, rueck, ...rest] = leseKontoauszug(xml);
    expect(rest).toEqual([]);
    expect(sammler).toMatchObject({
      referenz: 'BANK-1',
      auszug: '2026-04-02-1',
      datum: '2026-04-02',
      betrag: 23800,
      gutschrift: true,
      ruecklastschrift: false,
      zahlungsIds: ['A7-20260320101530-LS-1'],
    });
    expect(ueberweisung).toMatchObject({
      betrag: 11900,
      endToEndIds: [],
      verwendungszweck: 'Rechnung LA-2026-00003 Danke',
      name: 'Kanzlei Müßig & Partner',
      iban: 'DE02120300000000202051',
      gebuehr: 0,
    });
    expect(rueck).toMatchObject({
      betrag: 12250,
      gutschrift: false,
      ruecklastschrift: true,
      rueckgabegrund: 'AC04',
      gebuehr: 350,
      endToEndIds: ['LA-2026-00001'],
      iban: 'DE02500105170137075030',
    });
  });

  it('refuses what is not a camt.053.001.08 statement, in German', () => {
    expect(() => leseKontoauszug('kein xml')).toThrow(
      /kein Kontoauszug im Format camt\.053\.001\.08: kein gültiges XML/,
    );
    expect(() => leseKontoauszug(xml.replace('camt.053.001.08', 'camt.053.001.02'))).toThrow(/Namensraum/);
    expect(() =>
      leseKontoauszug('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><X/></Document>'),
    ).toThrow(/BkToCstmrStmt/);
    expect(() => leseKontoauszug(xml.replace('<Amt Ccy="EUR">119.00', '<Amt Ccy="USD">119.00'))).toThrow(
      /nicht in Euro/,
    );
    expect(() => leseKontoauszug(xml.replace('<Amt Ccy="EUR">119.00', '<Amt Ccy="EUR">1,19'))).toThrow(
      /kein Betrag in Buchung 2/,
    );
  });
});
