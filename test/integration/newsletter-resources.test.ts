import type request from 'supertest';
import { createRecord, crudRoundTrip, insertRecord } from '../support/crud';
import { expectForeignKeysResolve } from '../support/integrity';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Migrations (and the seed) on MariaDB take longer than Jest's default 5 s hook timeout. */
const STARTUP_TIMEOUT = 180_000;

const NEWSLETTER_TABLES = [
  'newsletter_absender',
  'verband_website',
  'news',
  'newsletter_vorlagen',
  'newsletter',
  'newsletter_benutzer_gruppe',
  'newsletter_ausschluss_gruppe',
  'newsletter_dispatcher',
  'newsletter_versand',
  'statistik_newsletter',
];

describe.each(databases())('newsletter resources on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const linkIds = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
  /** A dispatch the workers finished (they alone write versendet). */
  const versendet = (id: number) =>
    t.dataSource
      .createQueryBuilder()
      .update('newsletter_dispatcher')
      .set({ versendet: true })
      .where('id = :id', { id })
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.benutzer = await post('benutzer', { vorname: 'Jürgen', nachname: 'Weiß', kennnummer: '300101' });
    ids.email = await post('benutzer-email', {
      benutzer_id: ids.benutzer,
      email: 'juergen.weiss@kanzlei-weiss.de',
    });
    ids.nwg = await post('benutzer-gruppe', { name: 'Newsletter Steuerrecht aktuell', typ: 'NWG' });
    ids.nwg2 = await post('benutzer-gruppe', { name: 'Newsletter Lohn und Gehalt', typ: 'NWG' });
    ids.intern = await post('benutzer-gruppe', { name: 'Vorstand', typ: 'Intern' });
    ids.typ = await post('veranstaltung-typ', { bezeichnung: 'Fachtagung' });
    ids.veranstaltung = await post('veranstaltung', { lg_id: 'S-2026-021', titel: 'Lohnsteuer kompakt' });
    ids.event = await post('veranstaltung-event', {
      veranstaltung_id: ids.veranstaltung,
      datum: '2026-09-15',
      beginn: '09:00',
      ende: '12:30',
    });
    ids.absender = await post('newsletter-absender', {
      name: 'Steuerberaterverband – Newsletter',
      email: 'newsletter@stbv-demo.de',
    });
    ids.vorlage = await post('newsletter-vorlagen', {
      titel: 'Standard-Newsletter',
      vorlage: 'standard.html',
      json_content_scheme: { einleitung: 'HTML' },
    });
    ids.newsletter = await post('newsletter', {
      titel: 'Steuerrecht aktuell 9/2026',
      betreff: 'Neues im September',
    });
    ids.dispatcher = await post('newsletter-dispatcher', {
      newsletter_id: ids.newsletter,
      versand_time: '2099-09-01T07:00:00.000Z',
    });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('newsletter-absender', async () => {
    await crudRoundTrip(agent, {
      resource: 'newsletter-absender',
      create: {
        name: 'Steuerakademie',
        email: 'info@akademie-demo.de',
        reply_to: 'anmeldung@akademie-demo.de',
      },
      update: { name: 'Steuerakademie – Seminare' },
    });
  });

  it('verband-website with its sender', async () => {
    await crudRoundTrip(agent, {
      resource: 'verband-website',
      create: {
        website: 'https://www.stbv-demo.de',
        sonstiges: 'Hauptseite des Verbands',
        newsletter_absender_id: ids.absender,
        data: { seminar_bescheinigung_template: 'bescheinigung-verband.html' },
      },
      update: { website: 'https://www.steuerberaterverband-demo.de' },
      include: ['Newsletter_Absender'],
    });
  });

  it('news', async () => {
    const website = await post('verband-website', { website: 'https://www.akademie-demo.de' });
    const created = await crudRoundTrip(agent, {
      resource: 'news',
      create: {
        titel: 'Grundsteuer: Einspruchsfristen beachten',
        aktiv: true,
        von: '2026-03-01',
        bis: '2026-04-30',
        verband_website_id: website,
        data: {
          detail_page: true,
          // Without a link there is no link title (spec 002 §5); it would be dropped on save.
          link: null,
          preview_image: 'grundsteuer.jpg',
          theme: 'green',
          description: 'Was jetzt für Bescheide gilt',
          teaser_image: 'grundsteuer-teaser.jpg',
          content: '<p>Für Einsprüche gilt die Monatsfrist.</p>',
        },
      },
      update: { aktiv: false, bis: '2026-05-31' },
      include: ['Verband_Website'],
    });
    expect(created.typ).toBe('News');
  });

  it('keeps a news item to the colour themes of the saving staff member’s verband (spec 002 §6, issue 31)', async () => {
    // The test admin is staff of verband 3; a member of staff of verband 2 saves the academy's themes.
    const akademie = await post('benutzer', {
      vorname: 'Anja',
      nachname: 'Akademie',
      benutzername: 'anja-akademie',
      verband: 2,
      atr_verband_mitarbeiter: true,
    });
    await agent
      .post(`/node/api/benutzer/${akademie}/password`)
      .send({ password: 'Farbschema-Akademie-31' })
      .expect(200);
    const verband2 = await t.login('anja-akademie', 'Farbschema-Akademie-31');
    const news = (theme: string) => ({ titel: `Thema ${theme}`, von: '2026-03-01', data: { theme } });
    const falsch = await agent.post('/node/api/news').send(news('lila')).expect(400);
    expect(falsch.body.errors).toEqual({
      'data.theme': expect.stringMatching(
        /^muss eines der Farbschemata Ihres Verbands sein \(Standard \(grün\), Hellgrün/,
      ),
    });
    const fremd = await verband2.post('/node/api/news').send(news('red')).expect(400);
    expect(fremd.body.message).toContain(
      '„Farbschema“ muss eines der Farbschemata Ihres Verbands sein (Akademie, Verband)',
    );
    const eigen = await verband2.post('/node/api/news').send(news('akademie')).expect(201);
    // Another edit of the item does not ask again; changing the theme does.
    await agent.put(`/node/api/news/${eigen.body.id}`).send({ titel: 'Umbenannt' }).expect(200);
    await agent
      .put(`/node/api/news/${eigen.body.id}`)
      .send({ data: { theme: 'verband' } })
      .expect(400);
    await agent.post('/node/api/news').send(news('red')).expect(201);
  });

  it('newsletter-vorlagen with automation settings in data', async () => {
    await crudRoundTrip(agent, {
      resource: 'newsletter-vorlagen',
      create: {
        titel: 'Seminareinladung (automatisch)',
        beschreibung: 'Wird vor Seminarbeginn verschickt',
        vorlage: 'seminareinladung.html',
        veranstaltung_typ_id: ids.typ,
        automatik: true,
        auto_typ: 'seminar',
        json_content_scheme: { einleitung: 'HTML|140', artikel: [{ titel: 'String', datum: 'Date' }] },
        external_data_type: 'StBdirekt',
        data: {
          auto_titel: '{lg_id} - {titel} - {datum}',
          auto_betreff: '{titel}',
          auto_vortage: 20,
          auto_day_time: '12:00',
          newsletter_absender_id: ids.absender,
          auto_teilnehmer_group: 'exclude',
          versand_gruppen: [ids.nwg],
          ausschluss_gruppen: [ids.intern],
        },
      },
      update: { automatik: false, data: { auto_titel: '{titel}', auto_nachtage: 0, auto_vortage: 14 } },
      include: ['Veranstaltung_Typ'],
    });
  });

  it('refuses an unknown auto_typ with 400 and a German message', async () => {
    const response = await agent
      .post('/node/api/newsletter-vorlagen')
      .send({ titel: 'X', auto_typ: 'woche' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Automatik-Art“ hat einen unzulässigen Wert (erlaubt: Seminar, Veranstaltung).',
    );
  });

  it('newsletter with sender, template and seminar', async () => {
    await crudRoundTrip(agent, {
      resource: 'newsletter',
      create: {
        titel: 'S-2026-021 - Lohnsteuer kompakt - 15.09.2026',
        betreff: 'Einladung: Lohnsteuer kompakt',
        newsletter_absender_id: ids.absender,
        newsletter_vorlagen_id: ids.vorlage,
        veranstaltung_id: ids.veranstaltung,
        veranstaltung_event_id: ids.event,
        manual_versanddatum: '2026-08-26',
        manual_versanduhrzeit: '09:00',
        allow_duplicate_email: false,
        json_content: { einleitung: '<p>Sehr geehrte Damen und Herren,</p>' },
        body: '<h1>Lohnsteuer kompakt</h1>',
      },
      update: { freigabe: true, betreff: 'Letzte Plätze: Lohnsteuer kompakt' },
      include: [
        'Newsletter_Absender',
        'Newsletter_Vorlage',
        'Veranstaltung',
        'Veranstaltung_Event',
        'Newsletter_Dispatchers',
      ],
    });
  });

  it('saves send and exclusion groups as id lists', async () => {
    const created = await agent.post('/node/api/newsletter').send({
      titel: 'Lohn und Gehalt 10/2026',
      Benutzer_Gruppes: [ids.nwg, ids.nwg2],
      Ausschluss_Gruppes: [{ id: ids.intern }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const include = JSON.stringify(['Benutzer_Gruppes', 'Ausschluss_Gruppes']);
    let read = await agent.get(`/node/api/newsletter/${id}`).query({ include });
    expect(linkIds(read.body.Benutzer_Gruppes)).toEqual([ids.nwg, ids.nwg2].sort((a, b) => a - b));
    expect(linkIds(read.body.Ausschluss_Gruppes)).toEqual([ids.intern]);

    const updated = await agent
      .put(`/node/api/newsletter/${id}`)
      .send({ Benutzer_Gruppes: [ids.nwg2], Ausschluss_Gruppes: [] });
    expect(updated.status).toBe(200);
    read = await agent.get(`/node/api/newsletter/${id}`).query({ include });
    expect(linkIds(read.body.Benutzer_Gruppes)).toEqual([ids.nwg2]);
    expect(read.body.Ausschluss_Gruppes).toEqual([]);

    // Omitted lists stay as they are; filters on the groups work.
    await agent.put(`/node/api/newsletter/${id}`).send({ titel: 'Lohn und Gehalt 10/2026 (korrigiert)' });
    const list = await agent.get('/node/api/newsletter').query({
      include: JSON.stringify([{ association: 'Benutzer_Gruppes', where: { id: ids.nwg2 }, required: true }]),
    });
    expect(list.body.map((n: { id: number }) => n.id)).toEqual([id]);

    const invalid = await agent.put(`/node/api/newsletter/${id}`).send({ Benutzer_Gruppes: ['abc'] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Bitte prüfen Sie die Eingaben: „Gruppen“ enthält eine ungültige ID.');
    expect(invalid.body.errors).toEqual({ Benutzer_Gruppes: 'enthält eine ungültige ID' });

    expect((await agent.delete(`/node/api/newsletter/${id}`)).status).toBe(200);
    const [{ n }] = await t.dataSource.query(
      'SELECT COUNT(*) AS n FROM newsletter_benutzer_gruppe WHERE newsletter_id = ?',
      [id],
    );
    expect(Number(n)).toBe(0);
  });

  it('starts bearbeitungsstatus as offen and never writes it through a generic save', async () => {
    const created = await agent
      .post('/node/api/newsletter')
      .send({ titel: 'Kanzleiorganisation 11/2026', bearbeitungsstatus: 'versendet' });
    expect(created.status).toBe(201);
    expect(created.body.bearbeitungsstatus).toBe('offen');
    const updated = await agent
      .put(`/node/api/newsletter/${created.body.id}`)
      .send({ bearbeitungsstatus: 'versendet', titel: 'Kanzleiorganisation 11/2026 – final' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      bearbeitungsstatus: 'offen',
      titel: 'Kanzleiorganisation 11/2026 – final',
    });
  });

  it('newsletter-dispatcher with progress counters; a sent one stays as it is', async () => {
    const created = await crudRoundTrip(agent, {
      resource: 'newsletter-dispatcher',
      create: {
        newsletter_id: ids.newsletter,
        versand_time: '2099-09-01T07:00:00.000Z',
        auto_dispatcher: false,
        typ: 'manuell',
        typ_data: { gruppen: [ids.nwg] },
      },
      update: { versand_time: '2099-09-02T07:00:00.000Z', error: 'Absender fehlte' },
      include: ['Newsletter', 'Newsletter_Versands'],
    });
    // The Info is the server's (issue 32): staff's is not taken.
    expect(created).toMatchObject({
      versendet: false,
      total: 0,
      sent: 0,
      failed: 0,
      info: 'Versand geplant für 01.09.2099 09:00 Uhr',
    });
    // Progress and completion are written by the dispatch workers only (issue 15).
    const geplant = await post('newsletter-dispatcher', {
      newsletter_id: ids.newsletter,
      versand_time: '2099-09-01T07:00:00.000Z',
    });
    await agent
      .put(`/node/api/newsletter-dispatcher/${geplant}`)
      .send({ versendet: true, total: 1250, sent: 1248, failed: 2 })
      .expect(200);
    expect((await agent.get(`/node/api/newsletter-dispatcher/${geplant}`)).body).toMatchObject({
      versendet: false,
      total: 0,
      sent: 0,
      failed: 0,
    });
    await versendet(geplant);
    const locked = await agent.put(`/node/api/newsletter-dispatcher/${geplant}`).send({ info: 'neu' });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('Ein bereits versendeter Versand kann nicht mehr geändert werden.');
  });

  it('newsletter-versand: a read-only log, at most once per dispatcher and address', async () => {
    await crudRoundTrip(agent, {
      resource: 'newsletter-versand',
      app: t,
      create: {
        newsletter_dispatcher_id: ids.dispatcher,
        newsletter_id: ids.newsletter,
        benutzer_id: ids.benutzer,
        benutzer_email_id: ids.email,
        email: 'juergen.weiss@kanzlei-weiss.de',
        versandflag: true,
        versanddatum: '2026-09-01',
        versanduhrzeit: '09:00:03',
        status: 'gesendet',
      },
      update: { status: 'fehler', versandflag: false },
      include: ['Newsletter_Dispatcher', 'Newsletter', 'Benutzer', 'Benutzer_Email'],
    });
    // Per Benutzer too: with allow_duplicate_email two Benutzer sharing an address each get one.
    const first = {
      newsletter_dispatcher_id: ids.dispatcher,
      benutzer_id: ids.benutzer,
      email: 'info@kanzlei-weiss.de',
      status: 'gesendet',
    };
    await insertRecord(t, 'newsletter-versand', first);
    await expect(insertRecord(t, 'newsletter-versand', first)).rejects.toThrow();
    // Another dispatch of the same newsletter may reach the address again.
    const zweiter = await post('newsletter-dispatcher', { newsletter_id: ids.newsletter });
    expect(
      await insertRecord(t, 'newsletter-versand', { ...first, newsletter_dispatcher_id: zweiter }),
    ).toEqual(expect.any(Number));
  });

  it('statistik-newsletter, read-only', async () => {
    await crudRoundTrip(agent, {
      resource: 'statistik-newsletter',
      app: t,
      create: {
        datum: '2026-09-02',
        uhrzeit: '10:17:45',
        newsletter_id: ids.newsletter,
        dispatcher_id: ids.dispatcher,
        benutzer_id: ids.benutzer,
        link: 'Zur Anmeldung',
        url: 'https://www.stbv-demo.de/seminare/anmeldung',
      },
      update: { link: 'Seminarprogramm' },
      include: ['Newsletter', 'Newsletter_Dispatcher', 'Benutzer'],
    });
  });

  it('refuses to delete a newsletter that was sent (409), and deletes an unsent one with its plans', async () => {
    const sent = await post('newsletter', { titel: 'Versendet' });
    await versendet(await post('newsletter-dispatcher', { newsletter_id: sent }));
    const refused = await agent.delete(`/node/api/newsletter/${sent}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Ein Newsletter, dessen Versand begonnen hat oder abgeschlossen ist, kann nicht gelöscht werden.',
    );

    const planned = await post('newsletter', { titel: 'Geplant' });
    const dispatcher = await post('newsletter-dispatcher', { newsletter_id: planned });
    expect((await agent.delete(`/node/api/newsletter/${planned}`)).status).toBe(200);
    expect((await agent.get(`/node/api/newsletter-dispatcher/${dispatcher}`)).status).toBe(404);
  });

  it('sets a seminar type’s website to null when the website goes', async () => {
    const website = await post('verband-website', { website: 'https://alt.stbv-demo.de' });
    const typ = await post('veranstaltung-typ', { bezeichnung: 'Webinar', verband_website_id: website });
    expect((await agent.delete(`/node/api/verband-website/${website}`)).status).toBe(200);
    expect((await agent.get(`/node/api/veranstaltung-typ/${typ}`)).body.verband_website_id).toBeNull();
  });
});

describe.each(databases())('newsletter demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 200, seedHeute: '2026-11-01' });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('seeds every newsletter table, with all foreign keys resolving', async () => {
    for (const table of NEWSLETTER_TABLES) {
      const [{ n }] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
      expect({ table, filled: Number(n) > 0 }).toEqual({ table, filled: true });
    }
    const checked = await expectForeignKeysResolve(t, NEWSLETTER_TABLES, ['verband_website']);
    expect(checked).toBeGreaterThanOrEqual(20);
  });

  it('reaches each address at most once per dispatch and counts the progress', async () => {
    const [{ n }] = await t.dataSource.query(
      `SELECT COUNT(*) AS n FROM (SELECT newsletter_dispatcher_id, email FROM newsletter_versand
       GROUP BY newsletter_dispatcher_id, email HAVING COUNT(*) > 1) d`,
    );
    expect(Number(n)).toBe(0);
    const mismatches = await t.dataSource.query(
      `SELECT d.id FROM newsletter_dispatcher d
       WHERE d.versendet = 1 AND d.total <> (SELECT COUNT(*) FROM newsletter_versand v WHERE v.newsletter_dispatcher_id = d.id)`,
    );
    expect(mismatches).toEqual([]);
  });

  it("has clicks with a dispatcher in the year before the seed's today only (issue 32)", async () => {
    const [{ n, von, bis }] = await t.dataSource.query(
      'SELECT COUNT(*) AS n, MIN(datum) AS von, MAX(datum) AS bis FROM statistik_newsletter WHERE dispatcher_id IS NOT NULL',
    );
    expect(Number(n)).toBeGreaterThan(0);
    const day = (value: unknown) =>
      (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
    expect(day(von) >= '2025-11-01').toBe(true);
    expect(day(bis) < '2026-11-01').toBe(true);
  });
});
