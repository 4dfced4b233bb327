/**
 * Issue 29, the DATEV master data through HTTP on both databases: the Debitoren/Kreditoren export
 * of every Benutzer with a debtor number (administrators only, decoded from Windows-1252 and read
 * cell by cell), and `POST /node/datev-import` of a hand-made file: new debtors created, addresses
 * and accounts updated, a debtor missing from a full export deactivated, creditors skipped; the
 * same file again changes nothing; broken files, another category, UTF-8 and staff without the
 * admin right change nothing; a large file runs as long work with its progress.
 */
import iconv from 'iconv-lite';
import type request from 'supertest';
import { DEBITOREN_KREDITOREN_SPALTEN } from '../../src/shared/datev/debitoren-kreditoren';
import { bisZumEnde } from '../support/auftrag';
import { createRecord } from '../support/crud';
import { datevEinstellungen, zellen } from '../support/datev';
import { binary } from '../support/pdf-text';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;
type Row = Record<string, unknown>;

const KOPF =
  '"EXTF";700;16;"Debitoren/Kreditoren";5;20261101120000000;;"RE";"";"";29098;55003;20260101;4;;;"";"";;;;"";;"";;;"03";;;"";""';

/** One record as a hand-made file holds it: every column, text quoted, the given ones filled. */
function satz(felder: Record<string, string | number>): string {
  return DEBITOREN_KREDITOREN_SPALTEN.map((spalte, i) => {
    const wert = felder[spalte];
    if (typeof wert === 'number') return String(wert);
    if (i === 0) return '';
    return `"${(wert ?? '').replace(/"/g, '""')}"`;
  }).join(';');
}

/** `anzahl` natural persons from debtor number `ab` on, named `name 0…`, living in `ort`. */
const personen = (anzahl: number, ab: number, name: string, ort: string) =>
  Array.from({ length: anzahl }, (_, i) =>
    satz({ Konto: ab + i, 'Name (Adressattyp natürl. Person)': `${name} ${i}`, Adressattyp: '1', Ort: ort }),
  );

const datei = (saetze: string[], kopf = KOPF) =>
  iconv.encode(
    [kopf, DEBITOREN_KREDITOREN_SPALTEN.join(';'), ...saetze].map((z) => `${z}\r\n`).join(''),
    'win1252',
  );

describe.each(databases())('DATEV Debitoren/Kreditoren on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mitarbeiter: request.Agent;
  const ids: Record<string, number> = {};
  const post = async (resource: string, body: Row) =>
    (await createRecord(admin, resource, body)).id as number;
  const benutzer = async (id: number) =>
    (await admin.get(`/node/api/benutzer/${id}`).expect(200)).body as Row;
  const nachDebitor = async (debitor_nr: number) =>
    (
      await admin
        .get('/node/api/benutzer')
        .query({ where: JSON.stringify({ debitor_nr }) })
        .expect(200)
    ).body as Row[];
  const liste = async (resource: string, benutzer_id: number) =>
    (
      await admin
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify({ benutzer_id }), order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Row[];
  const anzahl = async () =>
    (await admin.get('/node/api/benutzer').query({ count: 'true', limit: '1' }).expect(200)).body
      .count as number;
  const importieren = (agent: request.Agent, bytes: Buffer, vollstaendig = false) =>
    agent
      .post('/node/datev-import')
      .set('Prefer', 'wait=25')
      .field('vollstaendig', String(vollstaendig))
      .attach('file', bytes, 'EXTF_DebKred.csv');
  /** An import started as long work from the start (202 with its job). */
  const alsAuftrag = (agent: request.Agent, bytes: Buffer) =>
    agent
      .post('/node/datev-import')
      .set('Prefer', 'respond-async')
      .attach('file', bytes, 'EXTF_DebKred.csv')
      .expect(202);

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, mitarbeiter } = await mitarbeiterKonten(t, {
      nachname: 'Stamm',
      vorname: 'Stefan',
      benutzername: 'stefan-s',
      password: 'Debitoren-Stamm-Linde-29',
    }));
    await admin
      .put('/node/api/datev-einstellungen')
      .send({ ...(await datevEinstellungen(admin)), beraternummer: 29098, mandantennummer: 55003 })
      .expect(200);
    ids.anna = await post('benutzer', {
      vorname: 'Anna',
      nachname: 'Alt',
      gender: 'female',
      debitor_nr: 10001,
    });
    const adresse = await post('benutzer-adresse', {
      benutzer_id: ids.anna,
      strasse: 'Altweg 1',
      plz: '10115',
      ort: 'Berlin',
    });
    const konto = await post('benutzer-konto', {
      benutzer_id: ids.anna,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      inhaber: 'Anna Alt',
      sepa_referenz: 'MANDAT-1',
    });
    const email = await post('benutzer-email', { benutzer_id: ids.anna, email: 'anna@alt.example' });
    await admin
      .put(`/node/api/benutzer/${ids.anna}`)
      .send({ re_adresse_id: adresse, mi_adresse_id: adresse, re_konto_id: konto, primaeremail_id: email })
      .expect(200);
    ids.berg = await post('benutzer', { firma: 'Berg Steuerberatung GmbH', debitor_nr: 10002 });
    ids.carl = await post('benutzer', { vorname: 'Carl', nachname: 'Clean', debitor_nr: 10003 });
    ids.ohne = await post('benutzer', { vorname: 'Olga', nachname: 'Ohne' });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('exports every Benutzer with a debtor number for the Steuerberater, to administrators only', async () => {
    const verweigert = await mitarbeiter.get('/node/datev/debitoren').expect(403);
    expect(verweigert.body.message).toBe(
      'Die Debitoren mit Anschrift und Bankverbindung dürfen nur Administratoren exportieren.',
    );
    const antwort = await admin.get('/node/datev/debitoren').buffer(true).parse(binary).expect(200);
    expect(antwort.headers['content-type']).toContain('text/csv');
    expect(antwort.headers['content-disposition']).toMatch(/EXTF_DebKred_\d{4}-\d{2}-\d{2}\.csv/);
    const text = iconv.decode(antwort.body as Buffer, 'win1252');
    expect(text.endsWith('\r\n')).toBe(true);
    const [kopf, spalten, ...saetze] = text.slice(0, -2).split('\r\n');
    expect(
      zellen(kopf)
        .slice(0, 5)
        .map((z) => z.wert),
    ).toEqual(['EXTF', '700', '16', 'Debitoren/Kreditoren', '5']);
    expect(zellen(kopf)).toHaveLength(31);
    expect(spalten).toBe(DEBITOREN_KREDITOREN_SPALTEN.join(';'));
    const feld = (z: { wert: string }[], name: string) => z[DEBITOREN_KREDITOREN_SPALTEN.indexOf(name)].wert;
    const rows = saetze.map((s) => {
      const z = zellen(s);
      expect(z).toHaveLength(254);
      return z;
    });
    expect(rows.map((z) => feld(z, 'Konto'))).toEqual(['10001', '10002', '10003']);
    const [anna, berg] = rows;
    expect(
      Object.fromEntries(
        [
          'Name (Adressattyp natürl. Person)',
          'Vorname (Adressattyp natürl. Person)',
          'Adressattyp',
          'Anrede',
          'Straße',
          'Postleitzahl',
          'Ort',
          'Land',
          'E-Mail',
          'IBAN-Nr. 1',
          'SWIFT-Code 1',
          'Abw. Kontoinhaber 1',
          'SEPA-Mandatsreferenz 1',
        ].map((s) => [s, feld(anna, s)]),
      ),
    ).toEqual({
      'Name (Adressattyp natürl. Person)': 'Alt',
      'Vorname (Adressattyp natürl. Person)': 'Anna',
      Adressattyp: '1',
      Anrede: 'Frau',
      Straße: 'Altweg 1',
      Postleitzahl: '10115',
      Ort: 'Berlin',
      Land: 'DE',
      'E-Mail': 'anna@alt.example',
      'IBAN-Nr. 1': 'DE89370400440532013000',
      'SWIFT-Code 1': 'COBADEFFXXX',
      'Abw. Kontoinhaber 1': 'Anna Alt',
      'SEPA-Mandatsreferenz 1': 'MANDAT-1',
    });
    expect([feld(berg, 'Name (Adressattyp Unternehmen)'), feld(berg, 'Adressattyp')]).toEqual([
      'Berg Steuerberatung GmbH',
      '2',
    ]);
  });

  const voll = () =>
    datei([
      satz({
        Konto: 10001,
        'Name (Adressattyp natürl. Person)': 'Alt',
        Adressattyp: '1',
        Straße: 'Neuer Weg 7',
        Postleitzahl: '10117',
        Ort: 'Berlin',
        'IBAN-Nr. 1': 'DE89370400440532013000',
      }),
      satz({
        Konto: 10002,
        'Name (Adressattyp Unternehmen)': 'Berg StB',
        Adressattyp: '2',
        'IBAN-Nr. 1': 'DE02120300000000202051',
        'SWIFT-Code 1': 'BYLADEM1001',
      }),
      satz({
        Konto: 10004,
        'Name (Adressattyp natürl. Person)': 'Neu',
        'Vorname (Adressattyp natürl. Person)': 'Dora',
        Adressattyp: '1',
        Anrede: 'Frau',
        Straße: 'Dorfstraße 4',
        Postleitzahl: '80331',
        Ort: 'München',
        'E-Mail': 'dora@neu.example',
        Telefon: '089 123',
        'IBAN-Nr. 1': 'DE02100100100006820101',
        'SEPA-Mandatsreferenz 1': 'M-10004',
      }),
      satz({ Konto: 70001, 'Name (Adressattyp Unternehmen)': 'Papier Lieferant KG', Adressattyp: '2' }),
    ]);

  it('takes a full export from DATEV: creates, updates, deactivates, skips creditors, deletes nothing', async () => {
    const vorher = await anzahl();
    const antwort = await importieren(admin, voll(), true).expect(200);
    expect(antwort.body).toEqual({
      success: true,
      csvType: 'Debitoren/Kreditoren',
      message:
        'Debitoren: 1 angelegt, 2 aktualisiert, 1 deaktiviert, 0 unverändert. 1 Kreditorenkonten wurden übersprungen: Kreditoren werden nicht als Benutzer geführt.',
      result: { insert_datensatz: 1, update_datensatz: 2, delete_datensatz: 1 },
    });
    expect(await anzahl()).toBe(vorher + 1);

    const [dora] = await nachDebitor(10004);
    expect(dora).toMatchObject({
      vorname: 'Dora',
      nachname: 'Neu',
      gender: 'female',
      tel1: '089 123',
      aktiviert: true,
    });
    const doraAdresse = (await liste('benutzer-adresse', dora.id as number))[0];
    expect(doraAdresse).toMatchObject({ strasse: 'Dorfstraße 4', plz: '80331', ort: 'München' });
    expect(dora.re_adresse_id).toBe(doraAdresse.id);
    const [doraEmail] = await liste('benutzer-email', dora.id as number);
    expect([doraEmail.email, dora.primaeremail_id]).toEqual(['dora@neu.example', doraEmail.id]);
    const [doraKonto] = await liste('benutzer-konto', dora.id as number);
    expect(doraKonto).toMatchObject({
      iban: 'DE02100100100006820101',
      inhaber: 'Dora Neu',
      sepa_referenz: 'M-10004',
    });
    expect(dora.re_konto_id).toBe(doraKonto.id);

    // Anna: the address changed in place, the account she has kept; her name stays.
    const anna = await benutzer(ids.anna);
    expect(anna).toMatchObject({ vorname: 'Anna', nachname: 'Alt', aktiviert: true });
    expect(await liste('benutzer-adresse', ids.anna)).toEqual([
      expect.objectContaining({ id: anna.re_adresse_id, strasse: 'Neuer Weg 7', plz: '10117' }),
    ]);
    expect(await liste('benutzer-konto', ids.anna)).toHaveLength(1);
    // Berg: a new account for the invoices; the name is the association's, not DATEV's short one.
    const berg = await benutzer(ids.berg);
    expect(berg.firma).toBe('Berg Steuerberatung GmbH');
    const bergKonten = await liste('benutzer-konto', ids.berg);
    expect(bergKonten.map((k) => [k.iban, k.bic])).toEqual([['DE02120300000000202051', 'BYLADEM1001']]);
    expect(berg.re_konto_id).toBe(bergKonten[0].id);
    // Carl is missing from the full export: deactivated, not deleted; Olga has no debtor number.
    expect((await benutzer(ids.carl)).aktiviert).toBe(false);
    expect((await benutzer(ids.ohne)).aktiviert).toBe(true);
    expect(await nachDebitor(70001)).toEqual([]);
  });

  it('changes nothing when the same file comes again', async () => {
    const antwort = await importieren(admin, voll(), true).expect(200);
    expect(antwort.body.result).toEqual({ insert_datensatz: 0, update_datensatz: 0, delete_datensatz: 0 });
    expect(antwort.body.message).toContain('0 angelegt, 0 aktualisiert, 0 deaktiviert, 3 unverändert');
  });

  it('refuses a broken file, another category, UTF-8, no file and staff without the admin right, changing nothing', async () => {
    const vorher = await anzahl();
    const neu = satz({ Konto: 10005, 'Name (Adressattyp natürl. Person)': 'Eve', Adressattyp: '1' });
    const kaputt = await importieren(
      admin,
      datei([
        neu,
        satz({
          Konto: 10001,
          'Name (Adressattyp natürl. Person)': 'Alt',
          Adressattyp: '1',
          'IBAN-Nr. 1': 'DE89370400440532013001',
        }),
      ]),
    ).expect(400);
    expect(kaputt.body.message).toBe(
      'Die Datei wurde nicht importiert. Zeile 4: IBAN ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?).',
    );
    const kurz = await importieren(admin, datei([neu, '10006;"Kurz"'])).expect(400);
    expect(kurz.body.message).toBe('Zeile 4 hat 2 Felder, die Überschriften nennen 254.');
    const stapel = await importieren(
      admin,
      datei([neu], KOPF.replace('16;"Debitoren/Kreditoren";5', '21;"Buchungsstapel";13')),
    ).expect(400);
    expect(stapel.body.message).toBe(
      'Die Datei ist Buchungsstapel (Kategorie 21). Importiert werden Debitoren/Kreditoren (Kategorie 16).',
    );
    const utf8 = await importieren(
      admin,
      Buffer.from(iconv.decode(datei([neu.replace('Eve', 'Ève')]), 'win1252')),
    ).expect(400);
    expect(utf8.body.message).toMatch(/^Die Datei ist UTF-8-kodiert\./);
    const ohneDatei = await admin.post('/node/datev-import').field('vollstaendig', 'true').expect(400);
    expect(ohneDatei.body.message).toContain('DATEV-Datei');
    const leer = await importieren(
      admin,
      datei([satz({ Konto: 70002, 'Name (Adressattyp Unternehmen)': 'Nur Kreditor' })]),
      true,
    ).expect(400);
    expect(leer.body.message).toContain('keine Debitoren');
    const falschesFeld = await admin
      .post('/node/datev-import')
      .field('vollstaendig', 'vielleicht')
      .attach('file', datei([neu]), 'x.csv')
      .expect(400);
    expect(falschesFeld.body.message).toContain('Vollständiger Export');
    const verweigert = await importieren(mitarbeiter, datei([neu])).expect(403);
    expect(verweigert.body.message).toBe(
      'Den Datev-Import dürfen nur Administratoren ausführen: er legt Benutzer an, ändert und deaktiviert sie.',
    );
    expect(await anzahl()).toBe(vorher);
    expect(await nachDebitor(10005)).toEqual([]);
    expect((await benutzer(ids.carl)).aktiviert).toBe(false);
  });

  it('refuses a debtor number another Benutzer holds, in German, changing nothing', async () => {
    const vergeben = await admin
      .put(`/node/api/benutzer/${ids.ohne}`)
      .send({ debitor_nr: 10001 })
      .expect(400);
    expect(vergeben.body.message).toBe(
      `Bitte prüfen Sie die Eingaben: „Debitorennummer (DATEV)“ 10001 ist bereits an „Anna Alt“ (Nr. ${ids.anna}) vergeben.`,
    );
    expect(vergeben.body.errors).toHaveProperty('debitor_nr');
    expect((await benutzer(ids.ohne)).debitor_nr).toBeNull();
    const vorher = await anzahl();
    await admin.post('/node/api/benutzer').send({ firma: 'Zweite Berg GmbH', debitor_nr: 10002 }).expect(400);
    expect(await anzahl()).toBe(vorher);
    await admin
      .put(`/node/api/benutzer/${ids.anna}`)
      .send({ debitor_nr: 10001, vorname: 'Anna' })
      .expect(200);
    await admin.put(`/node/api/benutzer/${ids.ohne}`).send({ debitor_nr: 'zehn' }).expect(400);
  });

  it('runs two imports started at once in two processes one after the other: each debtor once', async () => {
    const zweiterProzess = await startTestApp(kind, { env: { DATABASE_URL: t.databaseUrl } });
    try {
      const daneben = await zweiterProzess.login();
      const saetze = personen(300, 30000, 'Doppelt', 'Bonn');
      const vorher = await anzahl();
      const [hier, dort] = await Promise.all([
        alsAuftrag(admin, datei(saetze)),
        alsAuftrag(daneben, datei(saetze)),
      ]);
      const enden = await Promise.all([
        bisZumEnde(admin, hier.body.auftrag),
        bisZumEnde(daneben, dort.body.auftrag),
      ]);
      const neu = enden.map((staende) => {
        const ende = staende[staende.length - 1];
        expect(ende.zustand).toBe('completed');
        return ((ende.ergebnis as Row).result as Row).insert_datensatz;
      });
      // The second saw the first's debtors and found nothing new.
      expect(neu.sort()).toEqual([0, 300]);
      expect(await anzahl()).toBe(vorher + 300);
      expect(await nachDebitor(30299)).toHaveLength(1);
    } finally {
      await zweiterProzess.close();
    }
  }, 120_000);

  it('imports a large file as long work, its progress counted', async () => {
    const start = await alsAuftrag(admin, datei(personen(400, 20000, 'Viel', 'Köln')));
    const staende = await bisZumEnde(admin, start.body.auftrag);
    const ende = staende[staende.length - 1];
    expect(ende.zustand).toBe('completed');
    expect((ende.ergebnis as Row).result).toEqual({
      insert_datensatz: 400,
      update_datensatz: 0,
      delete_datensatz: 0,
    });
    expect(staende.some((s) => s.fortschritt?.gesamt === 400)).toBe(true);
    expect((await nachDebitor(20399))[0]).toMatchObject({ nachname: 'Viel 399' });
  }, 120_000);
});
