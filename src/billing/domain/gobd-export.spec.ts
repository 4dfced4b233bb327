import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { domainError } from '../../shared/domain-error.testing';
import { TABELLEN, csvZeile, indexXml, kopfzeile, zeitraum } from './gobd-export';

const tabelle = (art: string) => TABELLEN.find((t) => t.art === art)!;

/** xmllint against the GDPdU structure written down in the test fixtures; throws its report. */
function gegenDtd(xml: string): void {
  execFileSync(
    'xmllint',
    ['--noout', '--dtdvalid', join(__dirname, '../../../test/support/gdpdu/gdpdu-01-08-2002.dtd'), '-'],
    {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}

describe('GoBD Z3 export (issue 29)', () => {
  it('takes the period as Berlin calendar days, both included, and refuses others in German', () => {
    expect(zeitraum('2026-01-01', '2026-06-30')).toEqual({
      vonTag: '2026-01-01',
      bisTag: '2026-06-30',
      von: new Date('2025-12-31T23:00:00.000Z'),
      bis: new Date('2026-06-30T22:00:00.000Z'),
    });
    expect(domainError(() => zeitraum('2026-02-30', '2026-03-01'))).toMatchObject({ kind: 'invalid' });
    expect(domainError(() => zeitraum(undefined, '2026-03-01')).message).toContain('„von“ und „bis“');
    expect(domainError(() => zeitraum('2026-03-02', '2026-03-01')).message).toBe(
      'Das Datum „von“ liegt nach dem Datum „bis“.',
    );
  });

  it('writes German heads and cells with decimal comma, German dates and quoted texts', () => {
    const t = tabelle('zahlungen');
    expect(kopfzeile(t)).toBe(
      '"ID";"Rechnung";"Datum";"Betrag";"Art";"Quelle";"Bankreferenz";"Bankgebühr";"Rückgabegrund";"Erfasst von";"Erstellt am"\r\n',
    );
    expect(
      csvZeile(t, {
        id: 7,
        rw_rechnung_id: 3,
        datum: '2026-03-01',
        betrag: -1234.5,
        art: 'ruecklastschrift',
        quelle: 'kontoauszug',
        bank_referenz: 'REF;"1"',
        gebuehr: 3,
        rueckgabegrund: null,
        admin_name: 'Müller',
        createdAt: new Date('2026-03-01T23:30:00Z'),
      }),
    ).toBe(
      '7;3;01.03.2026;-1234,50;"Rücklastschrift";"Kontoauszug";"REF;""1""";3,00;;"Müller";"02.03.2026 00:30:00"\r\n',
    );
    expect(
      csvZeile(tabelle('rechnungen'), { id: 1, data: { datum: '2026-05-31T22:30:00.000Z' }, betrag: 0.1 }),
    ).toMatch(/^1;"?[^;]*"?;01\.06\.2026;/);
  });

  it('describes every table in an index.xml valid against the GDPdU DTD', () => {
    const xml = indexXml(zeitraum('2026-01-01', '2026-12-31'), { name: 'Verband <Köln> & Co', ort: 'Köln' });
    expect(xml).toContain('<!DOCTYPE DataSet SYSTEM "gdpdu-01-08-2002.dtd">');
    gegenDtd(xml);
    for (const t of TABELLEN) {
      expect(xml).toContain(`<URL>${t.datei}</URL>`);
      for (const s of t.spalten) expect(xml).toContain(`<Name>${s.titel}</Name>`);
    }
    expect(xml).toContain(
      '<Name>Betrag (brutto)</Name><Description>betrag</Description><Numeric><Accuracy>2</Accuracy></Numeric>',
    );
    expect(xml).toContain('<Name>Verband &lt;Köln&gt; &amp; Co</Name>');
    expect(() => gegenDtd(xml.replace('<Version>1.0</Version>', ''))).toThrow();
  });
});
