import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { zellen } from '../../../test/support/datev';
import { standardsDir } from '../../../test/support/standards';
import {
  BUCHUNGSSTAPEL_SPALTEN,
  belegfeld,
  buchungsstapel,
  buchungszeile,
  type DatevBuchung,
} from './buchungsstapel';
import { datevBetrag, kopfzeile, zeile } from './extf';

/** DATEV's own v13 sample as we must write it: Windows-1252, CR/LF (FORMAT.md §8). */
const sample = () =>
  readFileSync(join(standardsDir(), 'datev/samples/datev-official-v13/EXTF_Buchungsstapel.cp1252-crlf.csv'));

const mandant = {
  beraternummer: 29098,
  mandantennummer: 55003,
  wjBeginn: '2024-01-01',
  sachkontenlaenge: 4,
  kontenrahmen: '03',
};

describe('DATEV Buchungsstapel (EXTF 700, category 21, version 13)', () => {
  const sampleZeilen = iconv.decode(sample(), 'win1252').split('\r\n');

  it('writes the 31 header fields exactly as DATEV’s sample', () => {
    const kopf = zeile(
      kopfzeile({
        ...mandant,
        format: 'buchungsstapel',
        erzeugtAm: new Date('2024-01-30T14:04:40.439Z'),
        datumVon: '2024-01-01',
        datumBis: '2024-08-31',
        bezeichnung: 'Buchungsstapel',
        diktatkuerzel: 'WD',
      }),
    );
    expect(zellen(kopf)).toHaveLength(31);
    expect(zellen(kopf)).toEqual(zellen(sampleZeilen[0]));
    expect(kopf).toBe(sampleZeilen[0]);
  });

  it('names the 125 columns as the sample does', () => {
    expect(BUCHUNGSSTAPEL_SPALTEN).toHaveLength(125);
    expect(BUCHUNGSSTAPEL_SPALTEN.join(';')).toBe(sampleZeilen[1]);
  });

  it('writes a posting cell by cell as the sample’s „Holzlieferung“, quoting as DATEV does', () => {
    const original = sampleZeilen.find((z) => z.includes('"Holzlieferung"'))!;
    const buchung: DatevBuchung = {
      betrag: 250000,
      konto: 10100,
      gegenkonto: 8400,
      buSchluessel: '',
      belegdatum: '2024-03-01',
      belegfeld1: 'AR-78/13',
      buchungstext: 'Holzlieferung',
    };
    const unsere = zellen(zeile(buchungszeile(buchung)));
    const ihre = zellen(original);
    expect(unsere).toHaveLength(125);
    // What the sample fills beyond our postings (due date, origin, lock) and our explicit currency.
    const anders = new Set(['WKZ Umsatz', 'Belegfeld 2', 'Herkunft-Kz', 'Festschreibung']);
    BUCHUNGSSTAPEL_SPALTEN.forEach((spalte, i) => {
      if (anders.has(spalte)) return;
      expect({ spalte, ...unsere[i] }).toEqual({ spalte, ...ihre[i] });
    });
    expect(unsere[2]).toEqual({ wert: 'EUR', quoted: true });
  });

  it('writes Haben for a negative amount, the Leistungsdatum as TTMMJJJJ and a BU key quoted', () => {
    const z = zellen(
      zeile(
        buchungszeile({
          betrag: -11900,
          konto: 10001,
          gegenkonto: 8400,
          buSchluessel: '3',
          belegdatum: '2024-05-30',
          belegfeld1: '2345',
          buchungstext: 'Storno "Seminar"\r\nzweite Zeile',
          leistungsdatum: '2018-05-10',
        }),
      ),
    );
    const feld = (name: string) => z[BUCHUNGSSTAPEL_SPALTEN.indexOf(name)];
    expect(feld('Umsatz (ohne Soll/Haben-Kz)')).toEqual({ wert: '119,00', quoted: false });
    expect(feld('Soll/Haben-Kennzeichen')).toEqual({ wert: 'H', quoted: true });
    expect(feld('BU-Schlüssel')).toEqual({ wert: '3', quoted: true });
    expect(feld('Belegdatum')).toEqual({ wert: '3005', quoted: false });
    expect(feld('Leistungsdatum')).toEqual({ wert: '10052018', quoted: false });
    expect(feld('Buchungstext')).toEqual({ wert: 'Storno "Seminar" zweite Zeile', quoted: true });
  });

  it('formats amounts with a decimal comma, no sign, no thousands separator', () => {
    expect(datevBetrag(123456789)).toBe('1234567,89');
    expect(datevBetrag(-5)).toBe('0,05');
    expect(datevBetrag(0)).toBe('0,00');
  });

  it('keeps Belegfeld 1 to DATEV’s characters and 36 places', () => {
    expect(belegfeld('RE 2026_0001#')).toBe('RE20260001');
    expect(belegfeld('X'.repeat(40))).toHaveLength(36);
  });

  it('writes Windows-1252 bytes with CR/LF after every line, € as 0x80', () => {
    const [datei] = buchungsstapel(
      { ...mandant, erzeugtAm: new Date(), datumVon: '2024-03-01', datumBis: '2024-03-31' },
      [
        {
          betrag: 100,
          konto: 10000,
          gegenkonto: 8100,
          buSchluessel: '',
          belegdatum: '2024-03-05',
          belegfeld1: 'R1',
          buchungstext: 'Gebühr 1 € – Müller',
        },
      ],
    );
    expect(datei.includes(Buffer.from([0x80]))).toBe(true);
    expect(datei.includes(Buffer.from('Geb\xfchr', 'latin1'))).toBe(true);
    const text = datei.toString('latin1');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(4);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(iconv.decode(datei, 'win1252').split('\r\n')[2]).toContain('"Gebühr 1 € – Müller"');
  });

  it('splits more postings than a file takes into several files, each with header and headings', () => {
    const b: DatevBuchung = {
      betrag: 100,
      konto: 10000,
      gegenkonto: 8100,
      buSchluessel: '',
      belegdatum: '2024-03-05',
      belegfeld1: 'R1',
      buchungstext: 'x',
    };
    const dateien = buchungsstapel(
      { ...mandant, erzeugtAm: new Date(), datumVon: '2024-03-01', datumBis: '2024-03-31' },
      [b, b, b, b, b],
      2,
    );
    expect(dateien.map((d) => d.toString('latin1').split('\r\n').length - 3)).toEqual([2, 2, 1]);
    expect(dateien.every((d) => d.toString('latin1').startsWith('"EXTF";700;21;'))).toBe(true);
  });
});
