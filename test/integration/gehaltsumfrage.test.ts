/**
 * Issue 8: the salary survey administration of verband 2 (spec 002 §2, §7, §8) through HTTP:
 * import of an access file, the list without passwords, the export, resetting all access.
 */
import iconv from 'iconv-lite';
import type request from 'supertest';
import { createRecord } from '../support/crud';
import { databases, startTestApp, type TestApp } from '../support/test-app';

describe.each(databases())('Gehaltsumfrage on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  const id: Record<string, number> = {};

  const hochladen = (inhalt: string | Buffer, name = 'zugang.csv') =>
    api.post('/node/gehaltsumfrage').attach('file', Buffer.from(inhalt), name);
  const liste = (query: Record<string, string> = {}) => api.get('/node/api/gehaltsumfrage').query(query);
  const daten = async (key: string) => (await api.get(`/node/api/benutzer/${id[key]}`)).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    for (const [key, kennnummer, vorname, nachname] of [
      ['anna', '1001', 'Anna', 'Adler'],
      ['bernd', '1002', 'Bernd', 'Bach'],
      ['cora', '1003', 'Cora', 'Clausen'],
    ]) {
      id[key] = (
        await createRecord(api, 'benutzer', { kennnummer, vorname, nachname, data: { tlms_user_id: key } })
      ).id;
    }
  });

  afterAll(() => t.close());

  it('imports an access file in one go and answers updated, set and unknown Kennnummern', async () => {
    const datei = [
      'Kennnummer;Link;Passwort',
      '1001;https://umfrage.example/a;Geheim-1',
      '1002;https://umfrage.example/b;Geheim-2',
      '9999;https://umfrage.example/x;Geheim-x',
      ';https://umfrage.example/ohne;x',
    ].join('\r\n');
    const response = await hochladen(datei);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 2, set: 3, unbekannt: ['9999'] });
    expect(await daten('anna')).toEqual({
      tlms_user_id: 'anna',
      gehaltsumfrage_link: 'https://umfrage.example/a',
      gehaltsumfrage_passwort: 'Geheim-1',
    });
    // The same file again changes nothing.
    expect((await hochladen(datei)).body).toEqual({ updated: 0, set: 3, unbekannt: ['9999'] });
  });

  it('reads `,` files in Windows-1252 with lower-case headers', async () => {
    const datei = iconv.encode(
      'kennnummer,link,passwort\r\n1003,https://umfrage.example/c,Größe-3\r\n',
      'win1252',
    );
    expect((await hochladen(datei)).body).toEqual({ updated: 1, set: 1, unbekannt: [] });
    expect((await daten('cora')).gehaltsumfrage_passwort).toBe('Größe-3');
  });

  it('lists Benutzer with access, 13 a page, showing whether a password is set but never the password', async () => {
    const response = await liste();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      count: 3,
      rows: [
        {
          id: id.anna,
          kennnummer: '1001',
          name: 'Anna Adler',
          link: 'https://umfrage.example/a',
          passwort_gesetzt: true,
        },
        {
          id: id.bernd,
          kennnummer: '1002',
          name: 'Bernd Bach',
          link: 'https://umfrage.example/b',
          passwort_gesetzt: true,
        },
        {
          id: id.cora,
          kennnummer: '1003',
          name: 'Cora Clausen',
          link: 'https://umfrage.example/c',
          passwort_gesetzt: true,
        },
      ],
    });
    expect(response.text).not.toMatch(/Geheim/);
    const seite = await liste({ limit: '1', offset: '2' });
    expect(seite.body.count).toBe(3);
    expect(seite.body.rows.map((r: { id: number }) => r.id)).toEqual([id.cora]);
    expect((await liste({ limit: 'alle' })).status).toBe(400);
  });

  it('clears a password with an empty cell, and a Benutzer without access leaves the list', async () => {
    expect((await hochladen('Kennnummer;Passwort\n1002;\n')).body).toEqual({
      updated: 1,
      set: 1,
      unbekannt: [],
    });
    expect(await daten('bernd')).toEqual({
      tlms_user_id: 'bernd',
      gehaltsumfrage_link: 'https://umfrage.example/b',
    });
    expect((await liste()).body.rows[1]).toMatchObject({ kennnummer: '1002', passwort_gesetzt: false });
    expect((await hochladen('Kennnummer;Link\n1002;\n')).body.updated).toBe(1);
    expect((await liste()).body.rows.map((r: { kennnummer: string }) => r.kennnummer)).toEqual([
      '1001',
      '1003',
    ]);
  });

  it('exports the list as CSV for German Excel, with the passwords for the letters', async () => {
    const response = await api.get('/node/gehaltsumfrage');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/Gehaltsumfrage\.csv/);
    expect(response.text).toBe(
      '\uFEFFKennnummer;Name;Link;Passwort\r\n' +
        '1001;Anna Adler;https://umfrage.example/a;Geheim-1\r\n' +
        '1003;Cora Clausen;https://umfrage.example/c;Größe-3\r\n',
    );
  });

  it('refuses files without readable rows with 400 in German, changing nothing', async () => {
    const ohneZeilen = await hochladen('Kennnummer;Link;Passwort\r\n');
    expect(ohneZeilen.status).toBe(400);
    expect(ohneZeilen.body.message).toBe('Die Datei enthält keine lesbaren Zeilen.');
    const fremd = await hochladen('Name;Ort\nMüller;Köln\n');
    expect(fremd.status).toBe(400);
    expect(fremd.body.message).toMatch(/^Die Datei enthält keine lesbaren Zeilen: erwartet werden/);
    const leer = await hochladen('');
    expect(leer.status).toBe(400);
    expect(leer.body.message).toBe('Die Datei enthält keine lesbaren Zeilen.');
    const ohneDatei = await api.post('/node/gehaltsumfrage').field('data', '{}');
    expect(ohneDatei.status).toBe(400);
    expect(ohneDatei.body.message).toBe('Keine Datei hochgeladen (erwartet im Feld "file").');
    expect((await liste()).body.count).toBe(2);
  });

  it('needs the request marker and a session', async () => {
    const ohneKopf = await t.anonymous().delete('/node/gehaltsumfrage');
    expect(ohneKopf.status).toBe(403);
    const ohneSitzung = await t.anonymous().set('X-Api-Request', '1').get('/node/api/gehaltsumfrage');
    expect(ohneSitzung.status).toBe(403);
  });

  it('resets all access and answers how many', async () => {
    const response = await api.delete('/node/gehaltsumfrage');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ count: 2 });
    expect(await daten('anna')).toEqual({ tlms_user_id: 'anna' });
    expect((await liste()).body).toEqual({ count: 0, rows: [] });
    expect((await api.delete('/node/gehaltsumfrage')).body).toEqual({ count: 0 });
  });

  it('applies a file in the background when asked to, reporting its progress in German', async () => {
    const unbekannt = Array.from({ length: 1200 }, (_, i) => String(50_000 + i));
    const datei = ['Kennnummer;Link;Passwort', '1002;https://umfrage.example/neu;Neu-2']
      .concat(unbekannt.map((n) => `${n};https://umfrage.example/${n};x`))
      .join('\r\n');
    const gestartet = await hochladen(datei).set('Prefer', 'respond-async');
    expect(gestartet.status).toBe(202);
    const { name, id: auftrag } = gestartet.body.auftrag as { name: string; id: string };
    let stand;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stand = (await api.get(`/node/api/auftraege/${name}/${auftrag}`).expect(200)).body;
    } while (stand.zustand !== 'completed' && stand.zustand !== 'failed');
    expect(stand).toEqual({
      name: 'gehaltsumfrage-import',
      id: auftrag,
      zustand: 'completed',
      fortschritt: { erledigt: 1201, gesamt: 1201, schritt: 'Zugänge werden eingetragen' },
      ergebnis: { updated: 1, set: 1201, unbekannt },
    });
    expect((await daten('bernd')).gehaltsumfrage_passwort).toBe('Neu-2');
  });
});
