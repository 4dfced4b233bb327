import type request from 'supertest';
import { seminarsTables } from '../../migrations/1732000001000-seminars-and-promotions';
import { createRecord, crudRoundTrip, readRecord } from '../support/crud';
import { expectForeignKeysResolve } from '../support/integrity';
import { databases, startTestApp, TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

describe.each(databases())('seminar resources on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;

  const create = (resource: string, body: Record<string, unknown>) => createRecord(agent, resource, body);
  const read = (resource: string, id: number, include: string[] = []) =>
    readRecord(agent, resource, id, include);
  const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 200 });
    agent = await t.login();
  });
  afterAll(() => t.close());

  it('round-trips the lookups', async () => {
    await crudRoundTrip(agent, {
      resource: 'veranstaltung-typ',
      create: {
        bezeichnung: 'Tagesseminar Steuerrecht',
        kategorie: 'Seminar',
        beschreibung: 'Eintägige Fortbildung',
        url: 'https://www.verband.example/seminare',
        urlmenue: 'Seminare',
        ringseminar: false,
        multitermin: true,
        mwst: 19,
        rw_vorlage_id: 3,
        rw_debitor_kreis_id: 2,
        verband_website_id: 1,
      },
      update: { bezeichnung: 'Tagesseminar Steuerrecht (Präsenz)', mwst: 7, ringseminar: true },
    });
    await crudRoundTrip(agent, {
      resource: 'veranstaltung-referent',
      create: {
        kennnummer: 'R-4711',
        titel: 'Dr.',
        berufsbezeichnung: 'StB/WP/-in',
        vorname: 'Jürgen',
        nachname: 'Müller-Lüdenscheidt',
        arbeitsstaette: 'Müller & Kollegen Steuerberatung',
        anrede_name: 'Herr Dr. Müller-Lüdenscheidt',
      },
      update: { arbeitsstaette: 'Müller Treuhand GmbH' },
    });
    await crudRoundTrip(agent, {
      resource: 'veranstaltung-ort',
      create: {
        raum_id: 'R-12',
        bezeichnung: 'Hotel am Römerberg, Frankfurt',
        strasse: 'Römerberg 8',
        plz: '60311',
        ort: 'Frankfurt am Main',
      },
      update: { bezeichnung: 'Hotel am Römerberg, Saal Goethe' },
    });
    await crudRoundTrip(agent, {
      resource: 'preisbezeichnung',
      create: { titel: 'Mitarbeiter von Mitgliedern' },
      update: { titel: 'Mitarbeitende von Mitgliedern' },
    });
    await crudRoundTrip(agent, {
      resource: 'storno-option',
      create: { titel: 'Bis 14 Tage vorher kostenfrei', betrag: 0, hours_to: 336, titel_rechnung: 'Storno' },
      update: { betrag: 25.5, hours_to: 168 },
    });
    await crudRoundTrip(agent, {
      resource: 'fachberatermarke',
      create: { bezeichnung: 'Fachberater für Internationales Steuerrecht', kennzeichen: 'IStR' },
      update: { kennzeichen: 'FB-IStR' },
    });
  });

  it('round-trips a seminar, its contents and events with their associations', async () => {
    const typ = await create('veranstaltung-typ', { bezeichnung: 'Ringseminar', ringseminar: true });
    const marke = await create('fachberatermarke', { bezeichnung: 'Fachberater Unternehmensnachfolge' });
    const seminar = await crudRoundTrip(agent, {
      resource: 'veranstaltung',
      create: {
        veranstaltung_typ_id: typ.id,
        lg_id: '2026-101',
        titel: 'Umsatzsteuer aktuell 2026',
        beschreibung: 'Aktuelle Rechtsprechung und BMF-Schreiben',
        variant: 'seminar',
        beginn: '2026-03-10T08:00:00.000Z',
        ende: '2026-03-10T15:30:00.000Z',
        anmeldeschluss: '2026-03-01',
        ringseminar: true,
        teilnahmebedingungen: 'Es gelten die AGB des Verbandes.',
        link_extern: 'https://www.verband.example/ust-2026',
        fachberater: true,
        fachberatermarke_id: marke.id,
        fachberater_stunden: 3.5,
        fortbildungspass_stunden: 6.5,
        freigabe: true,
        mwst: 19,
        debitor: 10042,
        preis1: 290,
        preis1_beschreibung: 'Mitglieder',
        preis2: 390.5,
        preis2_beschreibung: 'Nichtmitglieder',
        zusatz_beschreibung: 'inkl. Skript und Mittagessen',
        data: { lehrgang: false, textfeld1: 'Bitte Laptop mitbringen', image_url: null },
      },
      update: {
        titel: 'Umsatzsteuer aktuell 2026 – Frühjahr',
        ausgebucht: true,
        freigabe_teilnahme_bescheinigung: true,
      },
      include: [
        'Veranstaltung_Typ',
        'Veranstaltung_Events',
        'Veranstaltung_Inhalts',
        'Storno_Options',
        'Fachberatermarke',
      ],
    });
    expect(seminar).toMatchObject({
      atr_in_seminaruebersicht: true,
      teilnehmer_count: 0,
      nicht_gesamt_buchbar: false,
    });

    const parent = await create('veranstaltung', {
      veranstaltung_typ_id: typ.id,
      titel: 'Jahresabschluss nach HGB',
    });
    await crudRoundTrip(agent, {
      resource: 'veranstaltung-inhalt',
      create: {
        veranstaltung_id: parent.id,
        isKorpus: false,
        titel: 'Bewertung von Rückstellungen',
        einfuehrung: 'Ansatz und Bewertung nach § 249 und § 253 HGB.',
        themenuebersicht: '<ul><li>Pensionsrückstellungen</li></ul>',
      },
      update: { titel: 'Rückstellungen im Jahresabschluss' },
      include: ['Veranstaltung'],
    });
    const inhalt = await create('veranstaltung-inhalt', {
      veranstaltung_id: parent.id,
      titel: 'Anlagevermögen',
    });
    const ort = await create('veranstaltung-ort', { bezeichnung: 'Haus der Steuerberater, Düsseldorf' });
    const event = await crudRoundTrip(agent, {
      resource: 'veranstaltung-event',
      create: {
        veranstaltung_id: parent.id,
        lg_id: '2026-102/1',
        veranstaltung_inhalt_id: inhalt.id,
        titel: 'Anlagevermögen',
        einzeln_buchbar: true,
        datum: '2026-11-17',
        beginn: '09:00',
        ende: '16:30',
        veranstaltung_ort_id: ort.id,
        sonstiges: 'Parkplätze im Hof',
        platzzahl: 40,
        fachberater_stunden: 0,
        fortbildungspass_stunden: 6.5,
        anmeldeschluss: '2026-11-10',
        preis1: 120,
        preis1_beschreibung: 'Mitglieder',
        kosten: {
          sollbuchung: 10,
          referenz_preis: 290,
          referenten: 800,
          raum: 450,
          catering: 320.5,
          sonstige: 0,
        },
        data: { webinar_url: null, rw_feld1: 'KST 4711' },
      },
      update: { beginn: '09:30', platzzahl: 45, ausgebucht: true },
      include: [
        'Veranstaltung',
        'Veranstaltung_Ort',
        'Veranstaltung_Inhalt',
        'Veranstaltung_Referents',
        'Storno_Options',
      ],
    });
    expect(event.teilnehmer_count).toBe(0);
  });

  it('round-trips PDF templates and certificates (downloads: download-upload.test.ts); non-attendance only through its verbs', async () => {
    const seminar = await create('veranstaltung', { titel: 'Lohnsteuer und Sozialversicherung' });
    await crudRoundTrip(agent, {
      resource: 'pdf-vorlage',
      create: {
        titel: 'Seminareinladung Frühjahr 2026',
        typ: 'Seminareinladung-Vorlage',
        template_file: 'seminareinladung.html',
        data: { veranstaltung_ids: [seminar.id], seminar_titel: 'Frühjahrsprogramm' },
      },
      update: { titel: 'Seminareinladung Frühjahr 2026 (neu)' },
    });
    await crudRoundTrip(agent, {
      resource: 'bescheinigung',
      create: {
        titel: 'Teilnahmebescheinigung Fortbildung',
        typ: 'eventSpan_teilnehmer',
        template_file: 'teilnahmebescheinigung.docx',
        aktiv: true,
        valid_from: '2026-01-01',
        valid_to: '2026-12-31',
        data: { veranstaltungTypenFilterVariant: 'include', veranstaltungTypen: [1], fortbildungspass: true },
      },
      update: { aktiv: false, valid_to: '2027-06-30' },
    });
    // Non-attendance is written by the participation verbs of the participant list (covered in
    // seminar-dokumente.test.ts); the generic update and delete are refused.
    const [benutzer] = (await agent.get('/node/api/benutzer').query({ limit: 1 })).body as Row[];
    const abwesend = await agent
      .post('/node/api/veranstaltung-nicht-teilnahme')
      .send({ benutzer_id: benutzer.id, veranstaltung_id: seminar.id });
    expect([abwesend.status, abwesend.body.message]).toEqual([
      404,
      `Benutzer ${benutzer.id} ist für dieses Seminar nicht angemeldet.`,
    ]);
    for (const answer of [
      await agent.put('/node/api/veranstaltung-nicht-teilnahme/1').send({ veranstaltung_event_id: null }),
      await agent.delete('/node/api/veranstaltung-nicht-teilnahme/1'),
    ]) {
      expect([answer.status, answer.body.message]).toEqual([
        409,
        'Die Teilnahme wird in der Teilnehmerliste umgeschaltet.',
      ]);
    }
  });

  it('replaces many-to-many links on save', async () => {
    const a = await create('storno-option', {
      titel: 'Kostenfrei bis 14 Tage vorher',
      betrag: 0,
      hours_to: 336,
    });
    const b = await create('storno-option', { titel: '50 % bis 2 Tage vorher', betrag: 95, hours_to: 48 });
    const seminar = await create('veranstaltung', {
      titel: 'Erbschaftsteuer in der Praxis',
      Storno_Options: [a.id, b.id],
    });
    expect(ids((await read('veranstaltung', seminar.id, ['Storno_Options'])).Storno_Options)).toEqual([
      a.id,
      b.id,
    ]);
    await agent
      .put(`/node/api/veranstaltung/${seminar.id}`)
      .send({ Storno_Options: [b.id] })
      .expect(200);
    expect(ids((await read('veranstaltung', seminar.id, ['Storno_Options'])).Storno_Options)).toEqual([b.id]);
    // Saving without the list leaves the links alone; an empty list removes them.
    await agent
      .put(`/node/api/veranstaltung/${seminar.id}`)
      .send({ titel: 'Erbschaftsteuer 2026' })
      .expect(200);
    expect(ids((await read('veranstaltung', seminar.id, ['Storno_Options'])).Storno_Options)).toEqual([b.id]);

    const r1 = await create('veranstaltung-referent', { vorname: 'Sabine', nachname: 'Schäfer' });
    const r2 = await create('veranstaltung-referent', { vorname: 'Björn', nachname: 'Krüger' });
    const event = await create('veranstaltung-event', {
      veranstaltung_id: seminar.id,
      datum: '2026-06-02',
      Veranstaltung_Referents: [{ id: r1.id }, r2.id],
      Storno_Options: [a.id],
    });
    const loaded = await read('veranstaltung-event', event.id, ['Veranstaltung_Referents', 'Storno_Options']);
    expect(ids(loaded.Veranstaltung_Referents)).toEqual([r1.id, r2.id]);
    expect(ids(loaded.Storno_Options)).toEqual([a.id]);
    await agent
      .put(`/node/api/veranstaltung-event/${event.id}`)
      .send({ Veranstaltung_Referents: [] })
      .expect(200);
    expect(
      (await read('veranstaltung-event', event.id, ['Veranstaltung_Referents'])).Veranstaltung_Referents,
    ).toEqual([]);

    // Deleting a storno option removes it from the seminars that offered it.
    await agent.delete(`/node/api/storno-option/${b.id}`).expect(200);
    expect((await read('veranstaltung', seminar.id, ['Storno_Options'])).Storno_Options).toEqual([]);
  });

  it("keeps a seminar's beginn and ende at its events' first start and last end (Berlin time)", async () => {
    const seminar = await create('veranstaltung', { titel: 'Jahresabschluss nach HGB – Intensivkurs' });
    const erster = await create('veranstaltung-event', {
      veranstaltung_id: seminar.id,
      datum: '2026-03-10',
      beginn: '09:00',
      ende: '16:30',
    });
    const zweiter = await create('veranstaltung-event', {
      veranstaltung_id: seminar.id,
      datum: '2026-04-14',
      beginn: '13:00',
      ende: '17:00',
    });
    expect(await read('veranstaltung', seminar.id)).toMatchObject({
      beginn: '2026-03-10T08:00:00.000Z', // CET
      ende: '2026-04-14T15:00:00.000Z', // CEST
    });
    await agent.put(`/node/api/veranstaltung-event/${erster.id}`).send({ beginn: '08:30' }).expect(200);
    expect((await read('veranstaltung', seminar.id)).beginn).toBe('2026-03-10T07:30:00.000Z');
    await agent.delete(`/node/api/veranstaltung-event/${zweiter.id}`).expect(200);
    expect((await read('veranstaltung', seminar.id)).ende).toBe('2026-03-10T15:30:00.000Z');

    const bad = await agent
      .post('/node/api/veranstaltung-event')
      .send({ veranstaltung_id: seminar.id, datum: '2026-03-11', beginn: '9 Uhr' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/„Beginn \(Uhrzeit\)“ muss eine Uhrzeit sein/);
    const reversed = await agent
      .post('/node/api/veranstaltung-event')
      .send({ veranstaltung_id: seminar.id, datum: '2026-03-11', beginn: '17:00', ende: '09:00' });
    expect(reversed.status).toBe(400);
  });

  it('applies the save rules and defaults of the spec', async () => {
    const marke = await create('fachberatermarke', { bezeichnung: 'Fachberater Heilberufe' });
    const seminar = await create('veranstaltung', {
      titel: 'Gemeinnützigkeitsrecht',
      fachberatermarke_id: marke.id,
      fachberater_stunden: 4,
      preis1: 250,
      preis1_beschreibung: 'Mitglieder',
      preis2: 300,
      preis2_beschreibung: 'Nichtmitglieder',
      teilnehmer_count: 99,
    });
    expect(seminar).toMatchObject({
      teilnehmer_count: 0,
      mwst: 0,
      ringseminar: false,
      atr_in_seminaruebersicht: true,
      freigabe: false,
    });
    const saved = await agent
      .put(`/node/api/veranstaltung/${seminar.id}`)
      .send({ preis2_beschreibung: '', fachberatermarke_id: null });
    expect(saved.body).toMatchObject({
      preis1: 250,
      preis2: null,
      preis2_beschreibung: null,
      fachberatermarke_id: null,
      fachberater_stunden: 0,
    });
    const typ = await create('veranstaltung-typ', { bezeichnung: 'Webinar' });
    expect(typ).toMatchObject({ mwst: 19, ringseminar: false, multitermin: false });
    const bescheinigung = await create('bescheinigung', { titel: 'Fortbildungsnachweis' });
    expect(bescheinigung).toMatchObject({ typ: 'eventSpan_teilnehmer', aktiv: true });
  });

  it('refuses unknown enum values and missing required fields in German', async () => {
    const base = { real_name: 'Anfahrt.pdf', relation: 'Veranstaltung-Ort' };
    const wrong = await agent.post('/node/api/download').send({ ...base, category: 'Foto' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/„Kategorie“ hat einen unzulässigen Wert \(erlaubt: Skript, /);
    expect(wrong.body.errors).toHaveProperty('category');
    const relation = await agent.post('/node/api/download').send({ ...base, relation: 'Rechnung' });
    expect(relation.status).toBe(400);
    const missing = await agent.post('/node/api/veranstaltung').send({ lg_id: '2026-999' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/„Titel“ ist ein Pflichtfeld/);
  });

  it('protects history and removes owned children on delete', async () => {
    const typ = await create('veranstaltung-typ', { bezeichnung: 'Fachtagung' });
    const seminar = await create('veranstaltung', {
      veranstaltung_typ_id: typ.id,
      titel: 'Steuerberatertag 2027',
    });
    const event = await create('veranstaltung-event', { veranstaltung_id: seminar.id, datum: '2027-09-23' });
    const inhalt = await create('veranstaltung-inhalt', { veranstaltung_id: seminar.id, titel: 'Programm' });
    const typDelete = await agent.delete(`/node/api/veranstaltung-typ/${typ.id}`);
    expect(typDelete.status).toBe(409);
    expect(typDelete.body.message).toMatch(/verknüpft/);
    await agent.delete(`/node/api/veranstaltung/${seminar.id}`).expect(200);
    expect((await agent.get(`/node/api/veranstaltung-event/${event.id}`)).status).toBe(404);
    expect((await agent.get(`/node/api/veranstaltung-inhalt/${inhalt.id}`)).status).toBe(404);
    await agent.delete(`/node/api/veranstaltung-typ/${typ.id}`).expect(200);
  });

  it('seeds seminars whose every foreign key points at an existing row', async () => {
    expect(
      await expectForeignKeysResolve(
        t,
        seminarsTables.map((spec) => spec.name),
      ),
    ).toBeGreaterThan(0);
    const count = async (table: string) =>
      Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
    // Seminars are seeded before the tests above add theirs: count only the seeded range.
    const seeded = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM veranstaltung WHERE lg_id LIKE '20__-___' AND beginn >= '2022-01-01' AND beginn < '2028-01-01'",
    );
    expect(Number(seeded[0].n)).toBeGreaterThanOrEqual(8);
    for (const table of [
      'veranstaltung_typ',
      'veranstaltung_event',
      'veranstaltung_inhalt',
      'veranstaltung_referent',
      'veranstaltung_ort',
      'storno_option',
      'fachberatermarke',
      'veranstaltung_storno_option',
      'veranstaltung_event_referent',
    ]) {
      expect({ table, rows: (await count(table)) > 0 }).toEqual({ table, rows: true });
    }
    const [ohneZeitraum] = await t.dataSource.query(
      `SELECT COUNT(*) AS n FROM veranstaltung v WHERE v.beginn IS NULL
       AND EXISTS (SELECT 1 FROM veranstaltung_event e WHERE e.veranstaltung_id = v.id AND e.datum IS NOT NULL)`,
    );
    expect(Number(ohneZeitraum.n)).toBe(0);
  });
});
