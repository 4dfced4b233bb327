import iconv from 'iconv-lite';
import type { Response } from 'supertest';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Keeps a response body as bytes (to see the BOM and the encoding as sent). */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe.each(databases())('CSV import and export on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
  });
  afterAll(() => t.close());

  const parse = (bytes: Buffer, name = 'liste.csv') =>
    agent.post('/node/csv/parse').attach('file', bytes, name);

  it('parses a Windows-1252 file with `;` and umlauts into rows keyed by the header', async () => {
    const text =
      'Kennnummer;Name;Straße;Betrag\r\n' +
      '4711;Müller;"Große Straße 5; Hinterhaus";1.234,50\r\n' +
      '\r\n' +
      '4712;Weiß;Fußweg 1;-0,99\r\n';
    const response = await parse(iconv.encode(text, 'win1252'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { Kennnummer: '4711', Name: 'Müller', Straße: 'Große Straße 5; Hinterhaus', Betrag: '1.234,50' },
      { Kennnummer: '4712', Name: 'Weiß', Straße: 'Fußweg 1', Betrag: '-0,99' },
    ]);
  });

  it('parses a UTF-8 file with BOM and `,`, with quoted line breaks and trimmed header names', async () => {
    const text =
      ' E-Mail ,Name,Notiz\n' + 'a@example.de,Jörg,"Zeile 1\nZeile 2, mit Komma"\n' + 'b@example.de,Ärzte,\n';
    const response = await parse(Buffer.concat([BOM, Buffer.from(text)]));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { 'E-Mail': 'a@example.de', Name: 'Jörg', Notiz: 'Zeile 1\nZeile 2, mit Komma' },
      { 'E-Mail': 'b@example.de', Name: 'Ärzte', Notiz: '' },
    ]);
  });

  it('answers bad uploads with 400 and a German message', async () => {
    const cases: [request.Test, RegExp][] = [
      [agent.post('/node/csv/parse').field('data', '{}'), /Keine CSV-Datei hochgeladen/],
      [agent.post('/node/csv/parse').send({ file: 'a;b' }), /Keine CSV-Datei hochgeladen/],
      [agent.post('/node/csv/parse').attach('datei', Buffer.from('a;b\n1;2\n'), 'x.csv'), /Feld "file"/],
      [parse(Buffer.alloc(0)), /^Die Datei enthält keine lesbaren Zeilen\.$/],
      [parse(Buffer.from('\r\n \r\n')), /^Die Datei enthält keine lesbaren Zeilen\.$/],
      [
        parse(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x00, 0xff, 0xfe, 0x00]), 'x.pdf'),
        /keine CSV-Datei/,
      ],
      [parse(Buffer.from('Name;Ort\n"Müller;Köln\n')), /Anführungszeichen wird nicht geschlossen/],
      [parse(Buffer.from('a;b\n1;2;3\n')), /Zeile 2.*3 Spalten/],
    ];
    for (const [call, message] of cases) {
      const response = await call;
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: expect.stringMatching(message),
        code: expect.any(String),
      });
    }
  });

  it('refuses a file over 10 MB with 400', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const response = await parse(big);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Die CSV-Datei ist zu groß (höchstens 10 MB).');
    // The server is fine afterwards.
    expect((await parse(Buffer.from('a\n1\n'))).body).toEqual([{ a: '1' }]);
  });

  it('writes CSV for German Excel: BOM, `;`, CRLF, decimal comma, ja/nein, umlauts intact', async () => {
    const rows = [
      { Name: 'Müller', Größe: 1.85, Straße: 'Große Straße 5', Betrag: 1234.5, Anzahl: 3, Mitglied: true },
      {
        Name: 'Weiß; Jürgen',
        Straße: 'Am "Öltank"',
        Betrag: -0.99,
        Mitglied: false,
        Notiz: null,
        Formel: '=1+1',
      },
    ];
    const response = await agent.post('/node/csv/stringify').send(rows).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    const bytes = response.body as Buffer;
    expect(bytes.subarray(0, 3)).toEqual(BOM);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Name;Größe;Straße;Betrag;Anzahl;Mitglied;Notiz;Formel\r\n' +
        'Müller;1,85;Große Straße 5;1234,5;3;ja;;\r\n' +
        '"Weiß; Jürgen";;"Am ""Öltank""";-0,99;;nein;;\'=1+1\r\n',
    );

    // parse(stringify(x)) gives the rows back as German cell texts.
    const parsed = await parse(bytes, 'export.csv');
    expect(parsed.status).toBe(200);
    expect(parsed.body).toEqual([
      {
        Name: 'Müller',
        Größe: '1,85',
        Straße: 'Große Straße 5',
        Betrag: '1234,5',
        Anzahl: '3',
        Mitglied: 'ja',
        Notiz: '',
        Formel: '',
      },
      {
        Name: 'Weiß; Jürgen',
        Größe: '',
        Straße: 'Am "Öltank"',
        Betrag: '-0,99',
        Anzahl: '',
        Mitglied: 'nein',
        Notiz: '',
        Formel: "'=1+1",
      },
    ]);
  });

  it('names the file after the query `filename`, sanitized', async () => {
    const response = await agent
      .post('/node/csv/stringify')
      .query({ filename: 'Buchungsübersicht Müller/../x' })
      .send([{ a: 1 }]);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Buchungsuebersicht Mueller_.._x.csv"; filename*=UTF-8''Buchungs%C3%BCbersicht%20M%C3%BCller_.._x.csv`,
    );
  });

  it('refuses a body that is not a list of objects', async () => {
    for (const body of [{ a: 1 }, [1, 2], 'x']) {
      const response = await agent.post('/node/csv/stringify').send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(
        /„Zeilen“ muss eine Liste sein|„Zeilen › Eintrag 1“ muss aus Feldern mit Werten bestehen|JSON/,
      );
    }
  });

  it('needs a session and X-Api-Request', async () => {
    expect((await t.anonymous().post('/node/csv/stringify').set('X-Api-Request', '1').send([])).status).toBe(
      403,
    );
    expect(
      (
        await agent
          .post('/node/csv/parse')
          .unset('X-Api-Request')
          .attach('file', Buffer.from('a\n1'), 'a.csv')
      ).status,
    ).toBe(403);
  });
});
