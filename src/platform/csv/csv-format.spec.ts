import iconv from 'iconv-lite';
import { DomainError } from '../../shared/domain-error';
import {
  csvFileName,
  detectDelimiter,
  detectEncoding,
  formatCell,
  parseCsv,
  protectFormula,
  stringifyCsv,
} from './csv-format';

const BOM = '\uFEFF';

async function expectInvalid(run: () => unknown, message: RegExp) {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('invalid');
    expect((error as DomainError).message).toMatch(message);
    return;
  }
  throw new Error('expected a DomainError');
}

describe('CSV encoding and delimiter detection', () => {
  it('reads UTF-8 with and without BOM and Windows-1252', () => {
    const text = 'Name;Ort\r\nMüller;Straße\r\n';
    expect(detectEncoding(Buffer.from(BOM + text))).toBe('utf-8');
    expect(detectEncoding(Buffer.from(text))).toBe('utf-8');
    expect(detectEncoding(iconv.encode(text, 'win1252'))).toBe('windows-1252');
  });

  it('decodes each encoding, the BOM removed', async () => {
    const rows = [{ Name: 'Müller', Ort: 'Straße' }];
    const text = 'Name;Ort\r\nMüller;Straße\r\n';
    expect(await parseCsv(Buffer.from(BOM + text))).toEqual(rows);
    expect(await parseCsv(iconv.encode(text, 'win1252'))).toEqual(rows);
    expect(await parseCsv(iconv.encode('Preis\n€ 5\n', 'win1252'))).toEqual([{ Preis: '€ 5' }]);
    expect(await parseCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]))).toEqual(
      rows,
    );
  });

  it('detects the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,5;3')).toBe(';');
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('"Name; Vorname",Ort,PLZ\n')).toBe(',');
    expect(detectDelimiter('\n\nName;Ort\n')).toBe(';');
    expect(detectDelimiter('a\tb\n')).toBe('\t');
    expect(detectDelimiter('Email\nx@y.de,z\n')).toBe(';');
  });
});

describe('parseCsv', () => {
  it('parses `;` files in Windows-1252 with umlauts', async () => {
    const bytes = iconv.encode(
      'Name;Größe;Straße\r\nMüller;1,85;Hauptstraße 1\r\nÖzdemir;1,70;Ährenweg\r\n',
      'win1252',
    );
    expect(await parseCsv(bytes)).toEqual([
      { Name: 'Müller', Größe: '1,85', Straße: 'Hauptstraße 1' },
      { Name: 'Özdemir', Größe: '1,70', Straße: 'Ährenweg' },
    ]);
  });

  it('parses `,` files in UTF-8 with BOM, trims header names and skips empty lines', async () => {
    const bytes = Buffer.from(`${BOM} Name , E-Mail \n\nMüller,m@example.de\n   \n,\nSchulz,s@example.de\n`);
    expect(await parseCsv(bytes)).toEqual([
      { Name: 'Müller', 'E-Mail': 'm@example.de' },
      { Name: 'Schulz', 'E-Mail': 's@example.de' },
    ]);
  });

  it('keeps quoted delimiters, quotes and line breaks inside fields', async () => {
    const bytes = Buffer.from(
      'Name;Notiz\r\n"Müller; Hans";"Er sagte ""Hallo""\r\nund ging"\r\nSchmidt "Jr.";x\r\n',
    );
    expect(await parseCsv(bytes)).toEqual([
      { Name: 'Müller; Hans', Notiz: 'Er sagte "Hallo"\r\nund ging' },
      { Name: 'Schmidt "Jr."', Notiz: 'x' },
    ]);
  });

  it('fills missing fields with "" and names empty header cells', async () => {
    expect(await parseCsv(Buffer.from('a;;c\n1\n1;2;3;\n'))).toEqual([
      { a: '1', 'Spalte 2': '', c: '' },
      { a: '1', 'Spalte 2': '2', c: '3' },
    ]);
  });

  it('answers a header-only file with no rows', async () => {
    expect(await parseCsv(Buffer.from('Name;Ort\r\n'))).toEqual([]);
  });

  it('refuses empty, binary and malformed files with German messages', async () => {
    await expectInvalid(() => parseCsv(Buffer.alloc(0)), /keine lesbaren Zeilen/);
    await expectInvalid(() => parseCsv(Buffer.from(' \r\n\r\n')), /keine lesbaren Zeilen/);
    await expectInvalid(() => parseCsv(Buffer.from(BOM)), /keine lesbaren Zeilen/);
    expectInvalid(
      () => parseCsv(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0xff, 0x00])),
      /Binärdaten/,
    );
    await expectInvalid(
      () => parseCsv(Buffer.from('a;b\n"offen;2\n')),
      /Anführungszeichen wird nicht geschlossen/,
    );
    await expectInvalid(() => parseCsv(Buffer.from('a;b\n1;2\n1;2;3\n')), /Zeile 3.*3 Spalten.*nur 2/);
    await expectInvalid(() => parseCsv(Buffer.from('a;b;a\n1;2;3\n')), /"a" kommt .* mehrfach vor/);
  });
});

describe('parseCsv in pieces', () => {
  // 3 000 lines of about 40 bytes: some 15 pieces of 8 KB, with umlauts and quoted line breaks
  // falling across their borders.
  const zeilen = Array.from({ length: 3000 }, (_, i) => `${i};"Müller\nÄrger ${i}";Straße ${i}`);
  const text = ['Nr;Notiz;Ort', ...zeilen].join('\r\n');

  it.each([
    ['UTF-8', Buffer.from(text)],
    ['Windows-1252', iconv.encode(text, 'win1252')],
  ])('reads a %s file of many pieces, pausing between them', async (_name, bytes) => {
    let pausen = 0;
    const rows = await parseCsv(bytes, async () => {
      pausen += 1;
    });
    expect(pausen).toBeGreaterThanOrEqual(Math.ceil(bytes.length / 8192));
    expect(rows).toHaveLength(3000);
    expect(rows[2999]).toEqual({ Nr: '2999', Notiz: 'Müller\nÄrger 2999', Ort: 'Straße 2999' });
  });

  it('reads a record the same wherever a piece ends in it', async () => {
    // A quote pair, a quoted line break, a delimiter and a CRLF each fall on the border of 8 KB once.
    const schwierig = '"a""b";"x\r\ny";\r\n3;"4"';
    for (let verschoben = 0; verschoben < schwierig.length + 2; verschoben++) {
      const kopf = `a;b;c\r\n${'f'.repeat(8192 - 11 - schwierig.length + verschoben)};;\r\n`;
      const rows = await parseCsv(Buffer.from(kopf + schwierig));
      expect(rows.slice(1)).toEqual([
        { a: 'a"b', b: 'x\r\ny', c: '' },
        { a: '3', b: '4', c: '' },
      ]);
    }
  });

  it('reads a quoted field far longer than a piece, and counts the lines after it', async () => {
    const lang = 'Zeile\n'.repeat(50_000);
    const rows = await parseCsv(Buffer.from(`a;b\r\n"${lang}";1\r\n2;2\r\n"z"w;3`)).catch((e: Error) => e);
    expect((rows as Error).message).toMatch(/\(Zeile 50004\)/);
    const gut = await parseCsv(Buffer.from(`a;b\r\n"${lang}";1\r\n2;2`));
    expect(gut).toEqual([
      { a: lang, b: '1' },
      { a: '2', b: '2' },
    ]);
  });

  it('names the line a broken record starts on', async () => {
    await expectInvalid(
      () => parseCsv(Buffer.from('a;b\r\n"x\r\ny";2\r\n"z"w;1\r\n')),
      /\(Zeile 4\): nach einem schließenden Anführungszeichen folgt ein unerwartetes Zeichen/,
    );
    await expectInvalid(
      () => parseCsv(Buffer.from('a;b\r\n1;2\r\n"offen;2\r\n3;4\r\n')),
      /\(Zeile 3\): ein Anführungszeichen wird nicht geschlossen/,
    );
    expect(await parseCsv(Buffer.from('a;b\r1;"2"\r;\r3;'))).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '' },
    ]);
  });

  it('names the line of a fault in a later piece', async () => {
    const kaputt = Buffer.from(`${text}\r\n1;2;3;4\r\n`);
    await expectInvalid(() => parseCsv(kaputt), /Zeile 6002.*4 Spalten.*nur 3/);
    await expectInvalid(
      () => parseCsv(Buffer.from(`${text}\r\n"offen;2\r\n`)),
      /Anführungszeichen wird nicht geschlossen/,
    );
  });
});

describe('stringifyCsv', () => {
  it('writes UTF-8 with BOM, `;`, CRLF and the columns in first-seen key order', () => {
    const csv = stringifyCsv([
      { Name: 'Müller', Ort: 'Köln' },
      { Ort: 'Bonn', PLZ: 53111 },
    ]);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.toString('utf8')).toBe(`${BOM}Name;Ort;PLZ\r\nMüller;Köln;\r\n;Bonn;53111\r\n`);
  });

  it('formats values for German Excel', () => {
    expect(formatCell(1234.5)).toBe('1234,5');
    expect(formatCell(-0.75)).toBe('-0,75');
    expect(formatCell(1234)).toBe('1234');
    expect(formatCell(Number.NaN)).toBe('');
    expect(formatCell(true)).toBe('ja');
    expect(formatCell(false)).toBe('nein');
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
    expect(formatCell('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(formatCell('2026-03-01')).toBe('2026-03-01');
    expect(formatCell(new Date('2026-03-01T10:00:00Z'))).toBe('2026-03-01T10:00:00.000Z');
    expect(formatCell({ a: 1, b: ['x'] })).toBe('{"a":1,"b":["x"]}');
  });

  it('quotes delimiters, quotes and line breaks', () => {
    const csv = stringifyCsv([{ a: 'x;y', b: 'er sagte "ja"', c: 'Zeile 1\nZeile 2' }]).toString('utf8');
    expect(csv).toBe(`${BOM}a;b;c\r\n"x;y";"er sagte ""ja""";"Zeile 1\nZeile 2"\r\n`);
  });

  it('protects against formula injection but leaves numbers as text alone', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '=HYPERLINK("x")', '\t=1', '-', '+49 30 123'])
      expect(protectFormula(text)).toBe(`'${text}`);
    for (const text of ['-12,50', '+3', '-1.234,50', '-12.5', 'Müller', '', '1-2', 'a=b'])
      expect(protectFormula(text)).toBe(text);
    const csv = stringifyCsv([{ '=Titel': '=cmd|x', Betrag: -12.5 }]).toString('utf8');
    expect(csv).toBe(`${BOM}'=Titel;Betrag\r\n'=cmd|x;-12,5\r\n`);
  });

  it('writes an empty list as an empty file with BOM', () => {
    expect(stringifyCsv([]).toString('utf8')).toBe(BOM);
  });

  it('round-trips umlauts and amounts through parseCsv', async () => {
    const rows = [
      { Name: 'Müller', Größe: 1.85, Straße: 'Große Straße 5', Betrag: 1234.5, Mitglied: true },
      { Name: 'Weiß; Jürgen', Größe: 2, Straße: 'Am "Öltank"\r\n2. Etage', Betrag: -0.99, Mitglied: false },
    ];
    expect(await parseCsv(stringifyCsv(rows))).toEqual([
      { Name: 'Müller', Größe: '1,85', Straße: 'Große Straße 5', Betrag: '1234,5', Mitglied: 'ja' },
      {
        Name: 'Weiß; Jürgen',
        Größe: '2',
        Straße: 'Am "Öltank"\r\n2. Etage',
        Betrag: '-0,99',
        Mitglied: 'nein',
      },
    ]);
  });
});

describe('csvFileName', () => {
  it('sanitizes the requested name', () => {
    expect(csvFileName(undefined)).toBe('export.csv');
    expect(csvFileName('')).toBe('export.csv');
    expect(csvFileName('Buchungsübersicht Müller')).toBe('Buchungsübersicht Müller.csv');
    expect(csvFileName('bericht.CSV')).toBe('bericht.csv');
    expect(csvFileName('../../etc/passwd')).toBe('etc_passwd.csv');
    expect(csvFileName('a"b\r\nc')).toBe('a_b_c.csv');
    expect(csvFileName(['x'])).toBe('export.csv');
  });
});
