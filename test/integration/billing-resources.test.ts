import type request from 'supertest';
import { createRecord, crudRoundTrip, insertRecord } from '../support/crud';
import { expectForeignKeysResolve } from '../support/integrity';
import { RwTransaction } from '../../src/billing/adapters/persistence/rw-transaction.entity';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Migrations (and the seed) on MariaDB take longer than Jest's default 5 s hook timeout. */
const STARTUP_TIMEOUT = 180_000;

/** Tables of the billing migration with their foreign keys, as the database reports them. */
const BILLING_TABLES = [
  'rw_kreis',
  'rw_debitor_kreis',
  'rw_vorlage',
  'rw_text',
  'rw_abrechnung',
  'rw_abrechnung_log',
  'rw_rechnung',
  'rw_transaction',
  'rw_bezahloption',
  'gastanmeldung',
];

describe.each(databases())('billing resources on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.kanzlei = await post('benutzer', {
      firma: 'Müller & Partner Steuerberater',
      kennnummer: '200417',
    });
    ids.mitarbeiterin = await post('benutzer', {
      vorname: 'Bärbel',
      nachname: 'Schäfer',
      kennnummer: '200418',
      parent_id: ids.kanzlei,
    });
    ids.adresse = await post('benutzer-adresse', {
      benutzer_id: ids.kanzlei,
      bezeichnung: 'Kanzlei',
      strasse: 'Königsallee 12',
      plz: '40213',
      ort: 'Düsseldorf',
    });
    ids.konto = await post('benutzer-konto', {
      benutzer_id: ids.kanzlei,
      bezeichnung: 'Geschäftskonto',
      inhaber: 'Müller & Partner Steuerberater',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bank: 'Commerzbank',
    });
    ids.erstattungskonto = await post('benutzer-konto', {
      benutzer_id: ids.kanzlei,
      bezeichnung: 'Erstattungen',
      inhaber: 'Müller & Partner Steuerberater',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      bank: 'Deutsche Kreditbank',
    });
    ids.veranstaltung = await post('veranstaltung', {
      lg_id: 'S-2026-014',
      titel: 'Umsatzsteuer aktuell – Frühjahrstagung',
    });
    ids.event = await post('veranstaltung-event', {
      veranstaltung_id: ids.veranstaltung,
      titel: 'Tag 1: Leistungsort und Steuersatz',
      datum: '2026-03-10',
      beginn: '09:00',
      ende: '17:00',
    });
    ids.abo = await post('wb-abo', { titel: 'Fortbildungs-Abo Steuerrecht' });
    ids.turnus = await post('wb-abo-turnus', {
      wb_abo_id: ids.abo,
      von: '2026-01-01',
      bis: '2026-12-31',
      preis: 480,
    });
    ids.buchung = await post('wb-abo-buchung', {
      benutzer_id: ids.kanzlei,
      teilnehmer_id: ids.mitarbeiterin,
      wb_abo_id: ids.abo,
      first_turnus_id: ids.turnus,
    });
    ids.bundle = await post('wb-bundle', { titel: 'Lohn kompakt (3 Webinare)', preis: 590 });
    ids.produkt = await post('produkt', { titel: 'Tabellenbuch Steuerrecht 2026', preis: 39.9 });
    ids.warenkorb = await post('warenkorb', {
      benutzer_id: ids.kanzlei,
      gekauftAm: '2026-02-03T10:15:00.000Z',
      status: 'gekauft',
    });
    ids.kreis = await post('rw-kreis', { titel: 'Seminarrechnungen', template: 'RE-{YYYY}-{NR:5}' });
    // Summaries and invoices are written by invoice runs only, never through the generic API.
    ids.abrechnung = await insertRecord(t, 'rw-abrechnung', {
      category: 'seminare',
      veranstaltung_id: ids.veranstaltung,
      data: { betrag: 0, all: 0, created: 0, storno: 0 },
    });
    ids.rechnung = await insertRecord(t, 'rw-rechnung', {
      rw_abrechnung_id: ids.abrechnung,
      rechnungs_nr: 'RE-2026-00001',
      betrag: 595,
      netto: 500,
      mwst: 95,
      rw_kreis_id: ids.kreis,
      benutzer_id: ids.kanzlei,
      category: 'seminare',
      veranstaltung_id: ids.veranstaltung,
      bezahloption_typ: 'debit',
    });
    // An invoiced transaction as an invoice run leaves it (link and lock are no fields of a save).
    ids.transaction = await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.veranstaltung,
      benutzer_id: ids.kanzlei,
      betrag: 595,
      verifiziert: true,
      titel: 'S-2026-014 - Umsatzsteuer aktuell',
    });
    await t.dataSource
      .getRepository(RwTransaction)
      .update(ids.transaction, { rw_rechnung_id: ids.rechnung, locked: true });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('rw-kreis: a number circle with template and counters', async () => {
    const created = await crudRoundTrip(agent, {
      resource: 'rw-kreis',
      create: { titel: 'Abo-Rechnungen', template: 'AB-{YYYY}-{NR:5}', offset_nr: 1000 },
      update: { titel: 'Abo-Rechnungen (ab 2027)', current_nr: 17 },
    });
    expect(created.current_nr).toBe(0);
  });

  it('rw-debitor-kreis', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-debitor-kreis',
      create: { titel: 'Debitoren Seminare', current_nr: 0, offset_nr: 10000 },
      update: { offset_nr: 20000 },
    });
  });

  it('rw-vorlage with its circle', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-vorlage',
      create: {
        titel: 'Seminarrechnung Standard',
        rw_kreis_id: ids.kreis,
        datei: 'rechnung-seminar.html',
        storno_datei: 'storno-seminar.html',
      },
      update: { titel: 'Seminarrechnung mit Lastschrifthinweis' },
      include: ['RW_Kreis'],
    });
  });

  it('rw-text', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-text',
      create: {
        titel: 'Zahlungsziel 14 Tage',
        beschreibung: 'Standardtext für Überweisungen',
        text: '<p>Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.</p>',
      },
      update: { text: '<p>Bitte überweisen Sie den Betrag innerhalb von 30 Tagen.</p>' },
    });
  });

  it('rw-transaction with all its associations; a new chain starts at itself', async () => {
    const created = await crudRoundTrip(agent, {
      resource: 'rw-transaction',
      create: {
        category: 'seminare',
        betrag: 349,
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.mitarbeiterin,
        veranstaltung_id: ids.veranstaltung,
        veranstaltung_event_id: ids.event,
        buchung_typ: 'online',
        titel: 'S-2026-014 - Umsatzsteuer aktuell – Frühjahrstagung',
      },
      update: { verifiziert: true },
      include: [
        'Benutzer',
        'Teilnehmer',
        'Veranstaltung',
        'Veranstaltung_Event',
        'WB_Abo',
        'RW_Rechnung',
        'Child',
      ],
    });
    expect(created.first_id).toBe(created.id);
    expect(created).toMatchObject({ verifiziert: false, storno: false, locked: false });
  });

  it('rw-transaction for an Abo period, a bundle and a shop order', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-transaction',
      create: {
        category: 'abos',
        betrag: 480,
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.mitarbeiterin,
        wb_abo_id: ids.abo,
        wb_abo_turnus_id: ids.turnus,
        wb_abo_buchung_id: ids.buchung,
        titel: 'Fortbildungs-Abo Steuerrecht 2026',
      },
      update: { verifiziert: true },
      include: ['WB_Abo', 'WB_Abo_Turnus', 'WB_Abo_Buchung'],
    });
    await crudRoundTrip(agent, {
      resource: 'rw-transaction',
      create: { category: 'bundle', betrag: 590, benutzer_id: ids.kanzlei, wb_bundle_id: ids.bundle },
      update: { verifiziert: true },
      include: ['WB_Bundle'],
    });
    await crudRoundTrip(agent, {
      resource: 'rw-transaction',
      create: {
        category: 'produkte',
        betrag: 39.9,
        benutzer_id: ids.kanzlei,
        warenkorb_id: ids.warenkorb,
        produkt_id: ids.produkt,
      },
      update: { storno: true },
      include: ['Warenkorb', 'Produkt'],
    });
  });

  it('refuses to verify a cancelled transaction with 409', async () => {
    const id = await post('rw-transaction', {
      category: 'seminare',
      benutzer_id: ids.kanzlei,
      veranstaltung_id: ids.veranstaltung,
      betrag: 100,
    });
    await agent.put(`/node/api/rw-transaction/${id}`).send({ storno: true }).expect(200);
    const response = await agent.put(`/node/api/rw-transaction/${id}`).send({ verifiziert: true });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Eine stornierte Buchung kann nicht verifiziert werden.');
  });

  it('refuses an unknown category with 400 and a German message', async () => {
    const response = await agent.post('/node/api/rw-transaction').send({ category: 'kurse', betrag: 10 });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Bereich“ hat einen unzulässigen Wert (erlaubt: Seminare, Abos, Bundle, Produkte).',
    );
    const typ = await agent
      .post('/node/api/rw-bezahloption')
      .send({ benutzer_id: ids.kanzlei, category: 'seminare', typ: 'bar' });
    expect(typ.status).toBe(400);
    expect(typ.body.errors).toEqual({
      typ: 'hat einen unzulässigen Wert (erlaubt: Einzugsermächtigung, Überweisung)',
    });
  });

  it('rw-rechnung with its transactions, member and summary; never deleted', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-rechnung',
      app: t,
      create: {
        rechnungs_nr: 'RE-2026-00002',
        betrag: 1190,
        netto: 1000,
        mwst: 190,
        rw_kreis_id: ids.kreis,
        benutzer_id: ids.kanzlei,
        category: 'seminare',
        veranstaltung_id: ids.veranstaltung,
        bezahloption_typ: 'transfer',
        data: {
          empfaenger: 'Müller & Partner Steuerberater',
          positionen: [{ titel: 'Frühjahrstagung', betrag: 1190 }],
        },
      },
      update: {
        bezahloption_typ: 'debit',
        storno_bezahloption_typ: 'debit',
        storno_benutzer_konto_id: ids.konto,
      },
      include: ['RW_Transactions', 'Benutzer', 'RW_Abrechnung', 'RW_Kreis', 'Storno', 'Storno_Parent'],
    });
    const read = await agent
      .get(`/node/api/rw-rechnung/${ids.rechnung}`)
      .query({ include: JSON.stringify(['RW_Transactions']) });
    expect(read.body.RW_Transactions.map((r: { id: number }) => r.id)).toContain(ids.transaction);
  });

  it('keeps invoice numbers unique; the generic API issues no invoices (409)', async () => {
    const invoice = {
      rechnungs_nr: 'RE-2026-00001',
      betrag: 10,
      rw_kreis_id: ids.kreis,
      category: 'seminare',
    };
    await expect(insertRecord(t, 'rw-rechnung', invoice)).rejects.toThrow();
    const response = await agent
      .post('/node/api/rw-rechnung')
      .send({ ...invoice, rechnungs_nr: 'RE-2026-09999' });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'Rechnungen entstehen in Abrechnungsläufen und können nicht über die allgemeine Bearbeitung angelegt werden.',
    );
    const [{ n }] = await t.dataSource.query(
      "SELECT COUNT(*) AS n FROM rw_rechnung WHERE rechnungs_nr = 'RE-2026-09999'",
    );
    expect(Number(n)).toBe(0);
  });

  it('never changes nor deletes an issued invoice (409)', async () => {
    const before = (await agent.get(`/node/api/rw-rechnung/${ids.rechnung}`)).body;
    const response = await agent.put(`/node/api/rw-rechnung/${ids.rechnung}`).send({ betrag: 1 });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'Rechnungen können nicht über die allgemeine Bearbeitung geändert werden; bitte stornieren.',
    );
    // Not even the stored values sent back unchanged: the form offers no Speichern.
    const same = await agent.put(`/node/api/rw-rechnung/${ids.rechnung}`).send(before);
    expect(same.status).toBe(409);
    const geloescht = await agent.delete(`/node/api/rw-rechnung/${ids.rechnung}`);
    expect(geloescht.status).toBe(409);
    expect(geloescht.body.message).toBe(
      'Eine ausgestellte Rechnung kann nicht gelöscht werden; bitte stornieren.',
    );
    expect((await agent.get(`/node/api/rw-rechnung/${ids.rechnung}`)).body).toEqual(before);
  });

  it('rw-abrechnung with its admin logs, both read-only', async () => {
    const created = await crudRoundTrip(agent, {
      resource: 'rw-abrechnung',
      app: t,
      create: {
        category: 'abos',
        wb_abo_id: ids.abo,
        data: {
          betrag: 960,
          all: 2,
          created: 2,
          storno: 0,
          sepa_debit: { anzahl: 2, betrag: 960 },
          sepa_transfer: null,
          rechnungenEmail: 0,
        },
      },
      update: { data: { betrag: 960, all: 2, created: 2, storno: 0, rechnungenEmail: 2 } },
      include: ['RW_Abrechnung_Logs', 'RW_Rechnungs', 'WB_Abo'],
    });
    expect(created.id).toEqual(expect.any(Number));
    await crudRoundTrip(agent, {
      resource: 'rw-abrechnung-log',
      app: t,
      create: { rw_abrechnung_id: created.id, type: 'sepaDebit', admin_name: 'Sabine Krüger' },
      update: { type: 'rechnungenEmail' },
      include: ['RW_Abrechnung'],
    });
    const log = await insertRecord(t, 'rw-abrechnung-log', {
      rw_abrechnung_id: ids.abrechnung,
      type: 'sepaTransfer',
      admin_name: 'Jörg Lehmann',
    });
    const read = await agent
      .get(`/node/api/rw-abrechnung/${ids.abrechnung}`)
      .query({ include: JSON.stringify(['RW_Abrechnung_Logs']) });
    expect(read.body.RW_Abrechnung_Logs).toEqual([
      expect.objectContaining({
        id: log,
        type: 'sepaTransfer',
        admin_name: 'Jörg Lehmann',
        createdAt: expect.any(String),
      }),
    ]);
  });

  it('rw-bezahloption with address and accounts', async () => {
    await crudRoundTrip(agent, {
      resource: 'rw-bezahloption',
      create: {
        benutzer_id: ids.kanzlei,
        category: 'seminare',
        veranstaltung_id: ids.veranstaltung,
        typ: 'debit',
        benutzer_adresse_id: ids.adresse,
        benutzer_konto_id: ids.konto,
        neg_typ: 'transfer',
        neg_benutzer_konto_id: ids.erstattungskonto,
        skript_per_post: true,
      },
      update: { typ: 'transfer', benutzer_konto_id: null, skript_per_post: false },
      include: ['Benutzer', 'Benutzer_Adresse', 'Benutzer_Konto', 'Neg_Benutzer_Konto'],
    });
  });

  it('gastanmeldung', async () => {
    const created = await crudRoundTrip(agent, {
      resource: 'gastanmeldung',
      create: {
        vorname: 'Jördis',
        nachname: 'Öztürk',
        firma: 'Steuerkanzlei Öztürk',
        email: 'joerdis.oeztuerk@kanzlei-oeztuerk.de',
        veranstaltung_id: ids.veranstaltung,
        veranstaltung_event_id: ids.event,
        data: { strasse: 'Goethestraße 5', plz: '04109', ort: 'Leipzig' },
      },
      update: { status: 'uebernommen', benutzer_id: ids.mitarbeiterin },
      include: ['Veranstaltung', 'Veranstaltung_Event', 'Benutzer'],
    });
    expect(created.status).toBe('offen');
    expect(created.createdAt).toEqual(expect.any(String));
  });

  it('finds transactions of a seminar per category and includes the booking overview associations', async () => {
    const response = await agent.get('/node/api/rw-transaction').query({
      where: JSON.stringify({ category: 'seminare', veranstaltung_id: ids.veranstaltung }),
      include: JSON.stringify([
        { association: 'Veranstaltung', attributes: ['id', 'titel', 'beginn'] },
        { association: 'WB_Abo', attributes: ['id', 'titel'] },
      ]),
    });
    expect(response.status).toBe(200);
    expect(response.body.map((r: { id: number }) => r.id)).toContain(ids.transaction);
    expect(response.body[0].Veranstaltung).toMatchObject({ id: ids.veranstaltung });
  });

  it('lists the current bookings (scope=aktuell) and the latest versions (scope=neueste) by name', async () => {
    const mitglied = await post('benutzer', { vorname: 'Jörg', nachname: 'Weiß', kennnummer: '200419' });
    const buchung = { category: 'seminare', benutzer_id: mitglied, veranstaltung_id: ids.veranstaltung };
    const geaendert = await post('rw-transaction', { ...buchung, betrag: 100 });
    const neu = (await agent.put(`/node/api/rw-transaction/${geaendert}`).send({ betrag: 120 }).expect(200))
      .body.id as number;
    const storniert = await post('rw-transaction', { ...buchung, betrag: 80 });
    await agent.put(`/node/api/rw-transaction/${storniert}`).send({ storno: true }).expect(200);
    const andere = await post('rw-transaction', {
      ...buchung,
      veranstaltung_event_id: ids.event,
      betrag: 50,
    });
    expect(new Set([geaendert, neu, storniert, andere]).size).toBe(4);

    const liste = async (query: Record<string, unknown>) => {
      const response = await agent.get('/node/api/rw-transaction').query({
        where: JSON.stringify({ benutzer_id: mitglied }),
        order: JSON.stringify([['id', 'ASC']]),
        ...query,
      });
      expect(response.status).toBe(200);
      return response.body.map((r: { id: number }) => r.id);
    };
    expect(await liste({})).toEqual([geaendert, neu, storniert, andere]);
    expect(await liste({ scope: 'aktuell' })).toEqual([neu, andere]);
    expect(await liste({ scope: 'neueste' })).toEqual([neu, storniert, andere]);
    // ANDed with the request's where, also when that names the scope's own fields.
    expect(
      await liste({
        scope: 'aktuell',
        where: JSON.stringify({ benutzer_id: mitglied, veranstaltung_event_id: null }),
      }),
    ).toEqual([neu]);
    expect(
      await liste({ scope: 'neueste', where: JSON.stringify({ benutzer_id: mitglied, storno: true }) }),
    ).toEqual([storniert]);
    // The count is the scope's too.
    const seite = await agent.get('/node/api/rw-transaction').query({
      scope: 'aktuell',
      where: JSON.stringify({ benutzer_id: mitglied }),
      order: JSON.stringify([['id', 'ASC']]),
      count: 'true',
      limit: '1',
    });
    expect(seite.body).toEqual({ count: 2, rows: [expect.objectContaining({ id: neu })] });

    // One record: the scope decides whether it is found.
    await agent.get(`/node/api/rw-transaction/${neu}`).query({ scope: 'aktuell' }).expect(200);
    await agent.get(`/node/api/rw-transaction/${geaendert}`).query({ scope: 'aktuell' }).expect(404);
    await agent.get(`/node/api/rw-transaction/${storniert}`).query({ scope: 'neueste' }).expect(200);
  });

  it('refuses an unknown scope with 400 naming it', async () => {
    const unbekannt = await agent.get('/node/api/rw-transaction').query({ scope: 'offen' });
    expect(unbekannt.status).toBe(400);
    expect(unbekannt.body.message).toBe(
      'Unbekannter Filter „offen“ für „Vorgänge“ (bekannt: aktuell, neueste, seminar:Nummer).',
    );
    const ohne = await agent.get('/node/api/rw-rechnung').query({ scope: 'aktuell' });
    expect(ohne.status).toBe(400);
    expect(ohne.body.message).toBe('„Rechnungen“ hat keine benannten Filter; „aktuell“ ist unbekannt.');
  });

  it('adds the foreign keys of seminar types and Abos to invoice templates (SET NULL)', async () => {
    const vorlage = await post('rw-vorlage', { titel: 'Abo-Rechnung', rw_kreis_id: ids.kreis });
    const kreis = await post('rw-debitor-kreis', { titel: 'Debitoren Akademie' });
    const typ = await post('veranstaltung-typ', {
      bezeichnung: 'Fachtagung',
      rw_vorlage_id: vorlage,
      rw_debitor_kreis_id: kreis,
    });
    const abo = await agent.put(`/node/api/wb-abo/${ids.abo}`).send({ rw_vorlage_id: vorlage });
    expect(abo.status).toBe(200);
    const dangling = await agent
      .post('/node/api/veranstaltung-typ')
      .send({ bezeichnung: 'X', rw_vorlage_id: 999999 });
    expect(dangling.status).toBe(409);
    expect((await agent.delete(`/node/api/rw-vorlage/${vorlage}`)).status).toBe(200);
    expect((await agent.delete(`/node/api/rw-debitor-kreis/${kreis}`)).status).toBe(200);
    expect((await agent.get(`/node/api/veranstaltung-typ/${typ}`)).body).toMatchObject({
      rw_vorlage_id: null,
      rw_debitor_kreis_id: null,
    });
    expect((await agent.get(`/node/api/wb-abo/${ids.abo}`)).body.rw_vorlage_id).toBeNull();
  });
});

describe.each(databases())('billing demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 200 });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('seeds every billing table, with all foreign keys resolving', async () => {
    for (const table of BILLING_TABLES) {
      const [{ n }] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
      expect({ table, filled: Number(n) > 0 }).toEqual({ table, filled: true });
    }
    const checked = await expectForeignKeysResolve(t, BILLING_TABLES, ['rw_vorlage', 'rw_debitor_kreis']);
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});
