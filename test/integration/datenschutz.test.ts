/**
 * Issue 34, the Datenauskunft (Art. 15/20 DSGVO) through HTTP on both databases: an administrator
 * gets one ZIP for a Benutzer with bookings, an invoice, a group, an account and a newsletter click,
 * whose files hold every record the API lists about them; other staff are refused in German.
 */
import type request from 'supertest';
import { AufbewahrungJobs } from '../../src/billing/adapters/jobs/aufbewahrung.jobs';
import { RECHNUNGSARCHIV } from '../../src/billing/adapters/files/rechnungsarchiv.files';
import { FileStorage } from '../../src/platform/files/file-storage';
import { seminarMitBuchungen } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { binary, pdfText } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { zipLesen, type ZipEintrag } from '../support/zip-lesen';

const STARTUP_TIMEOUT = 180_000;

type Row = Record<string, unknown>;

describe.each(databases())('Datenauskunft on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mitarbeiter: request.Agent;
  let person: number;
  let seminar: number;
  let email: string;

  const post = async (resource: string, body: Row) =>
    (await createRecord(admin, resource, body)).id as number;
  const liste = async (resource: string, where: Row) =>
    (
      await admin
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where) })
        .expect(200)
    ).body as Row[];
  const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));

  async function auskunft(): Promise<ZipEintrag[]> {
    const antwort = await admin
      .post(`/node/api/benutzer/${person}/datenauskunft`)
      .set('Prefer', 'wait=25')
      .expect(200);
    const { auftrag } = antwort.body as { auftrag: { name: string; id: string } };
    const datei = await admin
      .get(`/node/api/auftraege/${auftrag.name}/${auftrag.id}/datei`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    return zipLesen(datei.body as Buffer);
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, mitarbeiter } = await mitarbeiterKonten(t, {
      nachname: 'Sorgfalt',
      vorname: 'Sabine',
      benutzername: 'sabine',
      password: 'Ein-langes-Passwort-9',
    }));
    let mitglieder: number[];
    ({ seminar, mitglieder } = await seminarMitBuchungen(admin, 2, { name: 'DS' }));
    person = mitglieder[0];
    await post('benutzer-konto', {
      benutzer_id: person,
      inhaber: 'Kanzlei Müßig',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    const gruppe = await post('benutzer-gruppe', { name: 'Datenschutz-Verteiler', typ: 'NWG' });
    const [adresse] = await liste('benutzer-email', { benutzer_id: person });
    email = adresse.email as string;
    await post('benutzer-email-gruppe', { benutzer_gruppe_id: gruppe, benutzer_email_id: adresse.id });
    const lauf = await admin
      .post('/node/api/rw-rechnung')
      .set('Prefer', 'wait=25')
      .send({ category: 'seminare', category_id: seminar });
    expect(lauf.body).toMatchObject({ created: 2, fehler: [] });
    // A click as the tracking link records it (newsletter-versand.test.ts covers the link itself).
    await t.dataSource
      .createQueryBuilder()
      .insert()
      .into('statistik_newsletter')
      .values({
        datum: '2026-11-02',
        uhrzeit: '10:15:00',
        benutzer_id: person,
        link: 'Seminare',
        url: 'https://stbv.test/seminare',
      })
      .execute();
  }, STARTUP_TIMEOUT);
  afterAll(() => t?.close());

  it('holds every record the API lists about the person, as JSON and German CSV, with the invoices and a cover letter', async () => {
    const dateien = await auskunft();
    const namen = dateien.map((d) => d.name);
    const daten = JSON.parse(dateien.find((d) => d.name === 'daten.json')!.inhalt.toString('utf8')) as Record<
      string,
      Row[]
    >;

    expect(ids(daten.stammdaten)).toEqual([person]);
    expect(daten.stammdaten[0]).not.toHaveProperty('password');
    expect(ids(daten.emails)).toEqual(ids(await liste('benutzer-email', { benutzer_id: person })));
    expect(ids(daten.adressen)).toEqual(ids(await liste('benutzer-adresse', { benutzer_id: person })));
    const konten = await liste('benutzer-konto', { benutzer_id: person });
    expect(ids(daten.konten)).toEqual(ids(konten));
    expect(daten.konten[0].iban).toBe('******************3000');
    const emails = await liste('benutzer-email', { benutzer_id: person });
    expect(ids(daten.gruppen.filter((g) => g.zuordnung === 'email'))).toEqual(
      ids(await liste('benutzer-email-gruppe', { benutzer_email_id: { $in: ids(emails) } })),
    );
    expect(daten.gruppen[0].gruppe).toBe('Datenschutz-Verteiler');
    const buchungen = await liste('rw-transaction', {
      $or: [{ benutzer_id: person }, { teilnehmer_id: person }],
    });
    expect(buchungen.length).toBeGreaterThan(0);
    expect(ids(daten.buchungen)).toEqual(ids(buchungen));
    const rechnungen = await liste('rw-rechnung', { benutzer_id: person });
    expect(rechnungen).toHaveLength(1);
    expect(ids(daten.rechnungen)).toEqual(ids(rechnungen));
    expect(ids(daten.zahlungswege)).toEqual(ids(await liste('rw-bezahloption', { benutzer_id: person })));
    const klicks = await liste('statistik-newsletter', { benutzer_id: person });
    expect(klicks).toHaveLength(1);
    expect(ids(daten.newsletter_klicks)).toEqual(ids(klicks));
    const ueber = [
      { resource: 'benutzer', record_id: person },
      { resource: 'benutzer-email', record_id: { $in: ids(emails) } },
      { resource: 'benutzer-adresse', record_id: { $in: ids(daten.adressen) } },
      { resource: 'benutzer-konto', record_id: { $in: ids(konten) } },
    ];
    expect(ids(daten.protokoll)).toEqual(ids(await liste('audit', { $or: ueber })));
    expect(daten.protokoll.length).toBeGreaterThan(3);

    const csv = dateien.find((d) => d.name === 'csv/rechnungen.csv')!.inhalt;
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.toString('utf8').split('\r\n')[0]).toContain(';rechnungs_nr;');
    expect(namen).toEqual(
      expect.arrayContaining(['Auskunftsschreiben.pdf', 'csv/stammdaten.csv', 'csv/newsletter_klicks.csv']),
    );
    const rechnungsPdf = dateien.find((d) => d.name.startsWith('rechnungen/'))!;
    expect(rechnungsPdf.name).toBe(`rechnungen/${String(rechnungen[0].rechnungs_nr)}.pdf`);
    expect(pdfText(rechnungsPdf.inhalt)).toContain(String(rechnungen[0].rechnungs_nr));

    const brief = pdfText(dateien.find((d) => d.name === 'Auskunftsschreiben.pdf')!.inhalt);
    expect(brief).toContain('Art. 15 DSGVO');
    expect(brief).toContain('Bankverbindungen und Zahlungswege');
    expect(brief).toContain('8 Jahre nach Ende des Kalenderjahres');
    expect(brief).toContain('Art. 21 DSGVO');
  });

  it('records who asked for it, and refuses staff without the admin right in German', async () => {
    const vorher = await liste('audit', { resource: 'benutzer', record_id: person, action: 'auskunft' });
    await auskunft();
    const nachher = await liste('audit', { resource: 'benutzer', record_id: person, action: 'auskunft' });
    expect(nachher).toHaveLength(vorher.length + 1);
    expect(nachher.at(-1)).toMatchObject({ user_name: expect.any(String) });

    const abgelehnt = await mitarbeiter.post(`/node/api/benutzer/${person}/datenauskunft`).expect(403);
    expect(abgelehnt.body.message).toBe('Eine Datenauskunft dürfen nur Administratoren veranlassen.');
    await admin.post('/node/api/benutzer/999999/datenauskunft').expect(404);
  });

  const loeschen = (agent: request.Agent, id: number) =>
    agent.post(`/node/api/benutzer/${id}/loeschen-auf-wunsch`);

  it('refuses the erasure while an invoice is unpaid or a booking not invoiced, and to staff without the admin right', async () => {
    const ohneRecht = await loeschen(mitarbeiter, person).expect(403);
    expect(ohneRecht.body.message).toBe('Eine Löschung dürfen nur Administratoren veranlassen.');
    const unbezahlt = await loeschen(admin, person).expect(409);
    expect(unbezahlt.body.message).toMatch(
      /^Der Benutzer kann noch nicht gelöscht werden: 1 unbezahlte Rechnung\./,
    );

    const kunde = await post('benutzer', { nachname: 'Offenbach', vorname: 'Olga' });
    await post('rw-bezahloption', {
      benutzer_id: kunde,
      category: 'seminare',
      veranstaltung_id: seminar,
      typ: 'transfer',
      benutzer_adresse_id: await post('benutzer-adresse', {
        benutzer_id: kunde,
        strasse: 'Weg 1',
        plz: '70173',
        ort: 'Stuttgart',
      }),
    });
    await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: seminar,
      benutzer_id: kunde,
      betrag: 100,
      titel: 'Seminar',
    });
    const offen = await loeschen(admin, kunde).expect(409);
    expect(offen.body.message).toMatch(/1 noch nicht abgerechnete Buchung/);
    expect((await admin.get(`/node/api/benutzer/${kunde}`).expect(200)).body).toMatchObject({
      aktiviert: true,
      geloescht_am: null,
    });
  });

  it('erases contacts, groups and clicks, keeps the paid invoice renderable with its retention end, and an address entered again stays unsubscribed', async () => {
    const [rechnung] = await liste('rw-rechnung', { benutzer_id: person });
    const heute = new Date().toISOString().slice(0, 10);
    await admin
      .post(`/node/api/rw-rechnung/${rechnung.id as number}/bezahlt`)
      .send({ datum: heute })
      .expect(200);
    const emails = ids(await liste('benutzer-email', { benutzer_id: person }));
    // The firm's name stays (the kept invoice names it); the helper books its members side by side.
    const { firma } = (await admin.get(`/node/api/benutzer/${person}`).expect(200)).body as { firma: string };
    expect(firma).toMatch(/^Kanzlei Müßig & Partner DS \d$/);

    const antwort = await loeschen(admin, person).expect(200);
    expect(antwort.body).toEqual({ geloescht_am: expect.any(String), rechnungen: 1 });

    expect(await liste('benutzer-email', { benutzer_id: person })).toEqual([]);
    expect(await liste('benutzer-email-gruppe', { benutzer_email_id: { $in: emails } })).toEqual([]);
    expect(await liste('statistik-newsletter', { benutzer_id: person })).toEqual([]);
    expect(await liste('benutzer-konto', { benutzer_id: person })).toEqual([]);
    // The billing address the kept payment option names stays; the invoice printed it.
    expect(await liste('benutzer-adresse', { benutzer_id: person })).toHaveLength(1);
    expect((await admin.get(`/node/api/benutzer/${person}`).expect(200)).body).toMatchObject({
      aktiviert: false,
      atr_kein_newsletter: true,
      geloescht_am: antwort.body.geloescht_am,
      primaeremail_id: null,
      data: null,
      firma,
    });
    const [behalten] = await liste('rw-rechnung', { benutzer_id: person });
    expect(behalten.aufbewahren_bis).toBe(`${Number(String(behalten.createdAt).slice(0, 4)) + 8}-12-31`);
    expect(await liste('rw-transaction', { rw_rechnung_id: behalten.id })).not.toEqual([]);
    const pdf = await admin
      .get(`/node/api/rw-rechnung/${behalten.id as number}/render`)
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(
      await liste('audit', { resource: 'benutzer', record_id: person, action: 'loeschung' }),
    ).toHaveLength(1);

    const neu = await post('benutzer', { nachname: 'Wiederkehr' });
    await post('benutzer-email', { benutzer_id: neu, email: email.toUpperCase() });
    expect((await admin.get(`/node/api/benutzer/${neu}`).expect(200)).body.atr_kein_newsletter).toBe(true);
    const anders = await post('benutzer', { nachname: 'Anders' });
    await post('benutzer-email', { benutzer_id: anders, email: 'anders@ds.test' });
    expect((await admin.get(`/node/api/benutzer/${anders}`).expect(200)).body.atr_kein_newsletter).toBe(
      false,
    );

    // A guest registering again with the address, taken over as a new member: still unsubscribed.
    const gast = await post('gastanmeldung', {
      vorname: 'Gerda',
      nachname: 'Wiederkehr',
      email,
      veranstaltung_id: seminar,
      data: { strasse: 'Ring 1', plz: '70173', ort: 'Stuttgart' },
    });
    const uebernommen = await admin.post(`/node/api/gastanmeldung/${gast}/uebernehmen`).send({}).expect(200);
    const gastBenutzer = (
      await admin.get(`/node/api/benutzer/${uebernommen.body.benutzer_id as number}`).expect(200)
    ).body;
    expect(gastBenutzer.atr_kein_newsletter).toBe(true);

    // The erasure changed and deleted rows through the product: the audit chain still holds.
    expect((await admin.get('/node/api/audit/verify').expect(200)).body).toMatchObject({ ok: true });

    const nochmal = await loeschen(admin, person).expect(409);
    expect(nochmal.body.message).toMatch(/bereits gelöscht/);
  });

  it('merges an erased Benutzer with no one, either way: its kept invoices stay its own', async () => {
    const anderer = await post('benutzer', { nachname: 'Zusammen' });
    for (const [staying_id, obsolete_id] of [
      [anderer, person],
      [person, anderer],
    ]) {
      const antwort = await admin
        .post('/node/api/benutzer/merge')
        .send({ staying_id, obsolete_id })
        .expect(409);
      expect(antwort.body.message).toMatch(
        new RegExp(
          `^Benutzer ${person} wurde am \\d{4}-\\d{2}-\\d{2} auf Wunsch gelöscht und kann nicht zusammengeführt werden`,
        ),
      );
    }
    expect(await liste('rw-rechnung', { benutzer_id: person })).toHaveLength(1);
    expect((await admin.get(`/node/api/benutzer/${anderer}`).expect(200)).body.nachname).toBe('Zusammen');
  });

  it('deletes a kept invoice with its bookings and payments only once its retention has passed', async () => {
    const [rechnung] = await liste('rw-rechnung', { benutzer_id: person });
    const bis = String(rechnung.aufbewahren_bis);
    // Its original was archived when the Datenauskunft above rendered it.
    const original = String(rechnung.original_datei);
    const archiv = t.app.get(FileStorage);
    expect(await archiv.exists(RECHNUNGSARCHIV, original)).toBe(true);
    const job = t.app.get(AufbewahrungJobs);
    expect(await job.abgelaufeneLoeschen(new Date(`${bis}T12:00:00Z`))).toEqual({ rechnungen: 0 });
    expect(await liste('rw-rechnung', { benutzer_id: person })).toHaveLength(1);
    expect(await job.abgelaufeneLoeschen(new Date(`${Number(bis.slice(0, 4)) + 1}-01-01T12:00:00Z`))).toEqual(
      {
        rechnungen: 1,
      },
    );
    expect(await liste('rw-rechnung', { benutzer_id: person })).toEqual([]);
    expect(await liste('rw-transaction', { rw_rechnung_id: rechnung.id })).toEqual([]);
    expect(await liste('rw-zahlung', { rw_rechnung_id: rechnung.id })).toEqual([]);
    expect(await archiv.exists(RECHNUNGSARCHIV, original)).toBe(false);
    // The person's last kept invoice went: so do the name, address, account and payment options kept for it.
    expect((await admin.get(`/node/api/benutzer/${person}`).expect(200)).body).toMatchObject({
      nachname: 'Gelöscht',
      firma: null,
      anzeigename: 'Gelöscht',
      re_adresse_id: null,
      re_konto_id: null,
    });
    expect(await liste('benutzer-adresse', { benutzer_id: person })).toEqual([]);
    expect(await liste('benutzer-konto', { benutzer_id: person })).toEqual([]);
    expect(await liste('rw-bezahloption', { benutzer_id: person })).toEqual([]);
    expect(await liste('audit', { resource: 'benutzer', record_id: person })).toContainEqual(
      expect.objectContaining({ action: 'retention-expired', user_id: null }),
    );
    expect(await liste('audit', { resource: 'rw-rechnung', record_id: rechnung.id })).toContainEqual(
      expect.objectContaining({ action: 'retention-expired', user_id: null }),
    );
    // Another member's invoice, never erased, stays.
    expect((await admin.get('/node/api/rw-rechnung').expect(200)).body).toHaveLength(1);
  });
});
