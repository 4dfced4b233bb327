/**
 * Issue 8: the salary survey administration of verband 2 (spec 002 §2, §7, §8) through HTTP:
 * import of an access file, the list without passwords, the export, resetting all access.
 * Issue 32: only staff of verband 2 may (403 with the German reason otherwise); the export holds
 * the passwords only for staff with the admin right, and every export is audited.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type request from 'supertest';
import { bisZumEnde } from '../support/auftrag';
import { createRecord } from '../support/crud';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { databases, startTestApp, type TestApp } from '../support/test-app';

describe.each(databases())('Gehaltsumfrage on %s', (kind) => {
  let t: TestApp;
  /** The admin, moved to verband 2. */
  let api: request.Agent;
  /** Staff of verband 2 without the admin right. */
  let mitarbeiter: request.Agent;
  /** Staff of verband 3, with the admin right. */
  let fremd: request.Agent;
  const id: Record<string, number> = {};

  const hochladen = (inhalt: string | Buffer, name = 'zugang.csv') =>
    api.post('/node/gehaltsumfrage').attach('file', Buffer.from(inhalt), name);
  const liste = (query: Record<string, string> = {}) => api.get('/node/api/gehaltsumfrage').query(query);
  const daten = async (key: string) => (await api.get(`/node/api/benutzer/${id[key]}`)).body.data;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const konten = await mitarbeiterKonten(t, {
      vorname: 'Max',
      nachname: 'Mitarbeiter',
      benutzername: 'max-akademie',
      password: 'Akademie-Passwort-1',
    });
    for (const benutzerId of [konten.adminId, konten.mitarbeiterId])
      expect((await konten.admin.put(`/node/api/benutzer/${benutzerId}`).send({ verband: 2 })).status).toBe(
        200,
      );
    api = await t.login();
    const land = await createRecord(api, 'benutzer', {
      vorname: 'Lena',
      nachname: 'Land',
      benutzername: 'lena-land',
      atr_verband_mitarbeiter: true,
      atr_verband_admin: true,
    });
    await api.put(`/node/api/benutzer/${land.id}`).send({ verband: 3 }).expect(200);
    await api
      .post(`/node/api/benutzer/${land.id}/password`)
      .send({ password: 'Land-Passwort-1' })
      .expect(200);
    fremd = await t.login('lena-land', 'Land-Passwort-1');
    mitarbeiter = await t.login('max-akademie', 'Akademie-Passwort-1');
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
    expect(response.body).toEqual({ updated: 2, set: 3, unbekannt: ['9999'], unbekannt_anzahl: 1 });
    expect(await daten('anna')).toEqual({
      tlms_user_id: 'anna',
      gehaltsumfrage_link: 'https://umfrage.example/a',
      gehaltsumfrage_passwort: 'Geheim-1',
    });
    // The same file again changes nothing.
    expect((await hochladen(datei)).body).toEqual({
      updated: 0,
      set: 3,
      unbekannt: ['9999'],
      unbekannt_anzahl: 1,
    });
  });

  it('reads `,` files in Windows-1252 with lower-case headers', async () => {
    const datei = iconv.encode(
      'kennnummer,link,passwort\r\n1003,https://umfrage.example/c,Größe-3\r\n',
      'win1252',
    );
    expect((await hochladen(datei)).body).toEqual({ updated: 1, set: 1, unbekannt: [], unbekannt_anzahl: 0 });
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
      unbekannt_anzahl: 0,
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

  const exporte = async () =>
    (
      await api.get('/node/api/audit').query({
        where: JSON.stringify({ resource: 'gehaltsumfrage', action: 'export' }),
        order: '[["id","ASC"]]',
      })
    ).body as { user_id: number; changes: unknown }[];

  it('exports the list as CSV for German Excel, with the passwords for the letters to staff with the admin right', async () => {
    const response = await api.get('/node/gehaltsumfrage');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/Gehaltsumfrage\.csv/);
    expect(response.text).toBe(
      '\uFEFFKennnummer;Name;Link;Passwort\r\n' +
        '1001;Anna Adler;https://umfrage.example/a;Geheim-1\r\n' +
        '1003;Cora Clausen;https://umfrage.example/c;Größe-3\r\n',
    );
    const adminId = (await api.get('/node/loginInfo')).body.id;
    expect(await exporte()).toEqual([
      expect.objectContaining({
        user_id: adminId,
        changes: { zugaenge: { after: 2 }, passwoerter: { after: true } },
      }),
    ]);
  });

  it('exports the list without the passwords to other staff of verband 2, audited too', async () => {
    const response = await mitarbeiter.get('/node/gehaltsumfrage');
    expect(response.status).toBe(200);
    expect(response.text).toBe(
      '\uFEFFKennnummer;Name;Link;Passwort gesetzt\r\n' +
        '1001;Anna Adler;https://umfrage.example/a;ja\r\n' +
        '1003;Cora Clausen;https://umfrage.example/c;ja\r\n',
    );
    const mitarbeiterId = (await mitarbeiter.get('/node/loginInfo')).body.id;
    expect((await exporte()).at(-1)).toMatchObject({
      user_id: mitarbeiterId,
      changes: { zugaenge: { after: 2 }, passwoerter: { after: false } },
    });
  });

  it('refuses staff of other verbands every route with 403 and the German reason, changing nothing', async () => {
    const grund = 'Die Gehaltsumfrage steht nur Mitarbeitern des Verbands 2 zur Verfügung.';
    const vorher = (await exporte()).length;
    for (const response of [
      await fremd.get('/node/api/gehaltsumfrage'),
      await fremd.get('/node/gehaltsumfrage'),
      await fremd
        .post('/node/gehaltsumfrage')
        .attach('file', Buffer.from('Kennnummer;Passwort\n1001;x\n'), 'z.csv'),
      await fremd.delete('/node/gehaltsumfrage'),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(grund);
    }
    expect((await daten('anna')).gehaltsumfrage_passwort).toBe('Geheim-1');
    expect((await liste()).body.count).toBe(2);
    expect(await exporte()).toHaveLength(vorher);
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
    const auftrag = gestartet.body.auftrag as { name: string; id: string };
    const stand = (await bisZumEnde(api, auftrag)).at(-1);
    expect(stand).toEqual({
      name: 'gehaltsumfrage-import',
      id: auftrag.id,
      zustand: 'completed',
      fortschritt: { erledigt: 1201, gesamt: 1201, schritt: 'Zugänge werden eingetragen' },
      // The first hundred named, all counted: the result is copied on every poll and shown in a dialog.
      ergebnis: { updated: 1, set: 1201, unbekannt: unbekannt.slice(0, 100), unbekannt_anzahl: 1200 },
    });
    expect((await daten('bernd')).gehaltsumfrage_passwort).toBe('Neu-2');
  });

  it('ends a broken file in the background with its German reason, changing nothing and keeping no copy', async () => {
    const vorher = await liste();
    const zeilen = Array.from({ length: 3000 }, (_, i) => `${60_000 + i};https://umfrage.example/${i};x`);
    // Line 3002 has a fourth cell: the job reads the whole file before it changes anything.
    const datei = ['Kennnummer;Link;Passwort', '1001;https://umfrage.example/kaputt;K', ...zeilen, '1;2;3;4'];
    const gestartet = await hochladen(datei.join('\r\n')).set('Prefer', 'respond-async');
    expect(gestartet.status).toBe(202);
    const auftrag = gestartet.body.auftrag as { name: string; id: string };
    const stand = (await bisZumEnde(api, auftrag)).at(-1);
    expect(stand).toMatchObject({
      zustand: 'failed',
      fehler:
        'Die CSV-Datei kann nicht gelesen werden (Zeile 3003): die Zeile hat 4 Spalten, die Kopfzeile nur 3.',
    });
    expect((await liste()).body).toEqual(vorher.body);
    // The upload holds passwords: it is gone once the job has read it.
    expect(readdirSync(join(t.dir, 'files', 'auftraege')).filter((f) => !f.startsWith('.'))).toEqual([]);
  });
});
