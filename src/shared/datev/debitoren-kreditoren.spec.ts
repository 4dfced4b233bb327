import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { zellen } from '../../../test/support/datev';
import { standardsDir } from '../../../test/support/standards';
import { domainError } from '../domain-error.testing';
import {
  DEBITOREN_KREDITOREN_SPALTEN,
  debitorenKreditoren,
  kontoart,
  lesePersonenkonten,
  personenkontoZeile,
  type Personenkonto,
} from './debitoren-kreditoren';
import { leseExtf, zeile } from './extf';

const samples = join(standardsDir(), 'datev/samples');
const officialSample = () => readFileSync(join(samples, 'datev-official-v13/EXTF_DebKred_Stamm.csv'));
const ledermannSample = () => readFileSync(join(samples, 'ledermann-v9/EXTF_Stammdaten.csv'));

const mandant = {
  beraternummer: 29098,
  mandantennummer: 55003,
  wjBeginn: '2024-01-01',
  sachkontenlaenge: 4,
  kontenrahmen: '03',
};

const hans: Personenkonto = {
  konto: 30000,
  art: 'person',
  unternehmen: null,
  nachname: 'Mustermeier',
  vorname: 'Hans',
  anrede: 'Herr',
  titel: null,
  strasse: 'Musterweg 14b',
  plz: '90489',
  ort: 'Nürnberg',
  land: null,
  email: null,
  telefon: null,
  iban: 'DE49100102220002222222',
  bic: 'GENODEF1S12',
  kontoinhaber: 'Herr Testmüller',
  sepaMandatsreferenz: null,
};

/** A file as DATEV writes it, from the official sample's header and headings and the given records. */
function datei(records: string[], kopf?: string): Buffer {
  const [sampleKopf, spalten] = iconv.decode(officialSample(), 'win1252').split('\n');
  return iconv.encode([kopf ?? sampleKopf, spalten, ...records].map((z) => `${z}\r\n`).join(''), 'win1252');
}
const record = (p: Partial<Personenkonto>) => zeile(personenkontoZeile({ ...hans, ...p }));

describe('DATEV Debitoren/Kreditoren (EXTF 700, category 16, version 5)', () => {
  const sampleZeilen = iconv.decode(officialSample(), 'win1252').split('\n');

  it('names the 254 columns as DATEV’s sample does', () => {
    expect(DEBITOREN_KREDITOREN_SPALTEN).toHaveLength(254);
    expect(DEBITOREN_KREDITOREN_SPALTEN.join(';')).toBe(sampleZeilen[1]);
  });

  it('writes the header as the sample, and the record of „Mustermeier, Hans“ cell by cell as DATEV does', () => {
    const text = iconv.decode(
      debitorenKreditoren({ ...mandant, erzeugtAm: new Date('2024-01-30T14:06:59.583Z') }, [hans]),
      'win1252',
    );
    const [kopf, spalten, satz, ende] = text.split('\r\n');
    expect(kopf).toBe(sampleZeilen[0]);
    expect(spalten).toBe(sampleZeilen[1]);
    expect(ende).toBe('');
    const geschrieben = zellen(satz);
    const sample = zellen(sampleZeilen.find((z) => z.startsWith('30000;'))!);
    expect(geschrieben).toHaveLength(254);
    // Every column quoted or bare as DATEV's sample writes it.
    expect(geschrieben.map((z) => z.quoted)).toEqual(sample.map((z) => z.quoted));
    const gefuellt = Object.fromEntries(
      geschrieben.flatMap((z, i) => (z.wert ? [[DEBITOREN_KREDITOREN_SPALTEN[i], z.wert]] : [])),
    );
    expect(gefuellt).toEqual({
      Konto: '30000',
      'Name (Adressattyp natürl. Person)': 'Mustermeier',
      'Vorname (Adressattyp natürl. Person)': 'Hans',
      Adressattyp: '1',
      Anrede: 'Herr',
      Adressart: 'STR',
      Straße: 'Musterweg 14b',
      Postleitzahl: '90489',
      Ort: 'Nürnberg',
      'Länderkennzeichen 1': 'DE',
      'IBAN-Nr. 1': 'DE49100102220002222222',
      'SWIFT-Code 1': 'GENODEF1S12',
      'Abw. Kontoinhaber 1': 'Herr Testmüller',
      'Kennz. Hauptbankverb. 1': '1',
    });
    // Each of these as the sample holds it.
    for (const [spalte, wert] of Object.entries(gefuellt))
      expect({ spalte, wert }).toEqual({
        spalte,
        wert: sample[DEBITOREN_KREDITOREN_SPALTEN.indexOf(spalte)].wert,
      });
  });

  it('keeps DATEV’s field lengths and writes a company by its name', () => {
    const [cells] = [
      zellen(record({ art: 'unternehmen', unternehmen: 'S'.repeat(80), nachname: null, vorname: null })),
    ];
    expect(cells[1].wert).toHaveLength(50);
    expect(cells[3].wert).toBe('');
    expect(cells[6].wert).toBe('2');
  });

  it('tells debtors from creditors by the length of the ledger accounts', () => {
    expect(kontoart(10000, 4)).toBe('debitor');
    expect(kontoart(69999, 4)).toBe('debitor');
    expect(kontoart(70000, 4)).toBe('kreditor');
    expect(kontoart(9999, 4)).toBeNull();
    expect(kontoart(100000, 4)).toBeNull();
    expect(kontoart(100000, 5)).toBe('debitor');
  });

  it('reads DATEV’s own sample: four debtors with name, address and bank account', () => {
    const gelesen = lesePersonenkonten(leseExtf(officialSample()));
    expect(gelesen.map((g) => [g.zeile, g.art, g.konto.konto])).toEqual([
      [3, 'debitor', 10000],
      [4, 'debitor', 20000],
      [5, 'debitor', 30000],
      [6, 'debitor', 40000],
    ]);
    expect(gelesen[0].konto).toMatchObject({
      art: 'unternehmen',
      unternehmen: 'Möbel Testgruber',
      strasse: 'Nelkenteststraße 125',
      plz: '90482',
      ort: 'Nürnberg',
    });
    expect(gelesen[2].konto).toEqual({ ...hans, land: null });
  });

  it('reads another program’s file with its own headings by position: one debtor, three creditors', () => {
    const gelesen = lesePersonenkonten(leseExtf(ledermannSample()));
    expect(gelesen.map((g) => [g.art, g.konto.konto])).toEqual([
      ['debitor', 10000],
      ['kreditor', 70001],
      ['kreditor', 70002],
      ['kreditor', 70003],
    ]);
    expect(gelesen[0].konto).toMatchObject({
      nachname: 'Mustermann',
      vorname: 'Sabine',
      titel: 'Dr.',
      email: 'sabine@mustermann.de',
      land: 'DE',
      iban: 'DE12500105170648489890',
    });
  });

  it('reads back what it writes', () => {
    const file = debitorenKreditoren({ ...mandant, erzeugtAm: new Date() }, [
      {
        ...hans,
        titel: 'Dr.',
        email: 'h@example.de',
        telefon: '0911 1',
        land: 'DE',
        sepaMandatsreferenz: 'M-1',
        anrede: 'Herr "Hansi"',
      },
    ]);
    expect(lesePersonenkonten(leseExtf(file))[0].konto).toEqual({
      ...hans,
      titel: 'Dr.',
      email: 'h@example.de',
      telefon: '0911 1',
      land: 'DE',
      sepaMandatsreferenz: 'M-1',
      anrede: 'Herr "Hansi"',
    });
  });

  describe('refuses a file it cannot take whole, naming why and where', () => {
    const grund = (bytes: Buffer) => domainError(() => lesePersonenkonten(leseExtf(bytes))).message;

    it('another category', () => {
      const stapel = readFileSync(join(samples, 'datev-official-v13/EXTF_Buchungsstapel.cp1252-crlf.csv'));
      expect(grund(stapel)).toBe(
        'Die Datei ist Buchungsstapel (Kategorie 21). Importiert werden Debitoren/Kreditoren (Kategorie 16).',
      );
    });

    it('a file saved as UTF-8, or in an encoding Windows-1252 does not have', () => {
      const utf8 = Buffer.from(iconv.decode(officialSample(), 'win1252'), 'utf8');
      expect(grund(utf8)).toMatch(/^Die Datei ist UTF-8-kodiert\./);
      const luecke = Buffer.concat([officialSample(), Buffer.from([0x81])]);
      expect(grund(luecke)).toMatch(/nicht Windows-1252 \(ANSI\) kodiert.*0x81/);
      expect(grund(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]))).toBe('Die Datei ist keine Textdatei.');
    });

    it('no DATEV header, an empty file', () => {
      expect(grund(Buffer.from('Konto;Name\r\n10000;"A"\r\n'))).toMatch(/keine DATEV-Datei/);
      expect(grund(Buffer.alloc(0))).toBe('Die Datei ist leer.');
      expect(grund(Buffer.from('\r\n\r\n'))).toBe('Die Datei ist leer.');
    });

    it('a record with too few fields, an open quote', () => {
      expect(grund(datei([record({}), '10001;"Kurz"']))).toBe(
        'Zeile 4 hat 2 Felder, die Überschriften nennen 254.',
      );
      expect(grund(datei([record({}).replace('"Mustermeier"', '"Mustermeier')]))).toMatch(
        /^Zeile 3: (ein Anführungszeichen wird nicht geschlossen|nach einem Text in Anführungszeichen folgt kein Semikolon)\.$/,
      );
    });

    it('an account that is no Personenkonto, the same account twice, a wrong IBAN, no name', () => {
      expect(
        grund(
          datei([
            record({ konto: 1200 }),
            record({}),
            record({ iban: 'DE49100102220002222223' }),
            record({ nachname: null, vorname: null }),
          ]),
        ),
      ).toBe(
        'Die Datei wurde nicht importiert. Zeile 3: „1200“ ist kein Personenkonto bei Sachkontenlänge 4. ' +
          'Zeile 5: Konto 30000 steht schon in Zeile 4. Zeile 5: IBAN ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?). ' +
          'Zeile 6: Konto 30000 steht schon in Zeile 5. Zeile 6: Konto 30000 hat keinen Namen.',
      );
    });
  });
});
