import type request from 'supertest';
import { promotionsTables } from '../../migrations/1732000001000-seminars-and-promotions';
import { createRecord, crudRoundTrip, readRecord } from '../support/crud';
import { expectForeignKeysResolve } from '../support/integrity';
import { databases, startTestApp, TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

describe.each(databases())('promotion resources on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  let benutzer: Row[];
  let gruppen: Row[];
  let seminar: Row;
  let events: Row[];

  const create = (resource: string, body: Record<string, unknown>) => createRecord(agent, resource, body);
  const read = (resource: string, id: number, include: string[] = []) =>
    readRecord(agent, resource, id, include);
  const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 200 });
    agent = await t.login();
    benutzer = (await agent.get('/node/api/benutzer').query({ limit: 3 })).body;
    gruppen = (await agent.get('/node/api/benutzer-gruppe').query({ limit: 2 })).body;
    seminar = await create('veranstaltung', { titel: 'Umsatzsteuer aktuell 2026', lg_id: '2026-201' });
    events = [];
    for (const datum of ['2026-03-10', '2026-03-17', '2026-03-24'])
      events.push(await create('veranstaltung-event', { veranstaltung_id: seminar.id, datum }));
  });
  afterAll(() => t.close());

  it('round-trips discounts and vouchers', async () => {
    const typ = await create('veranstaltung-typ', { bezeichnung: 'Tagesseminar' });
    await crudRoundTrip(agent, {
      resource: 'wb-rabatt',
      create: {
        titel: 'Frühbucherrabatt 2026',
        titel_frontend: 'Frühbucher',
        titel_warenkorb: 'Frühbucherrabatt',
        titel_rechnung: 'Rabatt Frühbucher',
        beschreibung: '10 % bei Buchung bis 90 Tage vor Seminarbeginn',
        teilnahmebedingungen: 'Nicht mit anderen Rabatten kombinierbar.',
        aktiv: true,
        typ: 'percent',
        wert: 10,
        minPreis: 150,
        maxSeminarBuchungen: 50,
        gueltigSeminarbezogen: true,
        gueltigVonTageVorSeminar: 120,
        gueltigBisTageVorSeminar: 90,
        seminarAuswahlTyp: 'einzelne',
        seminareVon: '2026-01-01',
        seminareBis: '2026-12-31',
        benutzerAuswahlTyp: 'gruppen',
      },
      update: { wert: 12.5, aktiv: false, gueltigVon: '2026-01-01', gueltigBis: '2026-06-30' },
      include: ['Veranstaltungs', 'Veranstaltung_Typs', 'Benutzer_Gruppes'],
    });
    const rabatt = await create('wb-rabatt', {
      titel: 'Kanzleirabatt',
      Veranstaltungs: [seminar.id],
      Veranstaltung_Typs: [typ.id],
      Benutzer_Gruppes: gruppen.map((g) => g.id),
    });
    const loaded = await read('wb-rabatt', rabatt.id, [
      'Veranstaltungs',
      'Veranstaltung_Typs',
      'Benutzer_Gruppes',
    ]);
    expect(ids(loaded.Veranstaltungs)).toEqual([seminar.id]);
    expect(ids(loaded.Veranstaltung_Typs)).toEqual([typ.id]);
    expect(ids(loaded.Benutzer_Gruppes)).toEqual(ids(gruppen));

    await crudRoundTrip(agent, {
      resource: 'wb-voucher',
      create: {
        code: 'HERBST2026',
        titel: 'Gutschein Herbstaktion',
        relation: 'Veranstaltung',
        relation_id: seminar.id,
        typ: 'reduction',
        wert: 50,
      },
      update: { valid: false, wert: 75 },
    });
  });

  it('round-trips Abos with their periods and bookings', async () => {
    const abo = await crudRoundTrip(agent, {
      resource: 'wb-abo',
      create: {
        titel: 'Praktiker-Abo Steuerrecht',
        titel_frontend: 'Praktiker-Abo',
        titel_warenkorb: 'Praktiker-Abo Steuerrecht',
        titel_rechnung: 'Abonnement Praktiker',
        beschreibung: 'Alle Tagesseminare zum Steuerrecht',
        teilnahmebedingungen: 'Kündigung 6 Wochen zum Jahresende',
        rw_vorlage_id: 1,
        turnustyp: 'jaehrlich',
        stichtag: 15,
        stichmonat: 4,
        turn_offset_days: 14,
        abrechnungsintervall: 1,
        instant_storno: false,
        dyn_kuend_frist: true,
        benutzerAuswahlTyp: 'gruppen',
      },
      update: { titel: 'Praktiker-Abo Steuerrecht 2027', auslaufen_lassen: true, aktiv: false },
      include: ['Benutzer_Gruppes', 'WB_Abo_Turnuses'],
    });
    expect(abo.aktiv).toBe(true);

    const parent = await create('wb-abo', { titel: 'Mitarbeiter-Abo Steuerfachangestellte' });
    await crudRoundTrip(agent, {
      resource: 'wb-abo-turnus',
      create: {
        wb_abo_id: parent.id,
        von: '2026-01-01',
        bis: '2026-12-31',
        preis: 390,
        mwst: 19,
        preisgarantie: 2,
        verlaengerung: 1,
        kuendigungsfrist: 42,
        pause: false,
      },
      update: { preis: 410.5, mwst: null, pause: true },
      include: ['WB_Abo', 'Veranstaltungs', 'Events'],
    });
    const first = await create('wb-abo-turnus', {
      wb_abo_id: parent.id,
      von: '2026-01-01',
      bis: '2026-12-31',
    });
    const last = await create('wb-abo-turnus', {
      wb_abo_id: parent.id,
      von: '2027-01-01',
      bis: '2027-12-31',
    });
    await crudRoundTrip(agent, {
      resource: 'wb-abo-buchung',
      create: {
        benutzer_id: benutzer[0].id,
        teilnehmer_id: benutzer[1].id,
        wb_abo_id: parent.id,
        first_turnus_id: first.id,
        teilnehmer: 'Jördis Köhler',
      },
      update: { last_turnus_id: last.id, storno_valid_from: '2028-01-01', storno_datum: '2027-10-15' },
      include: ['Benutzer', 'Teilnehmer', 'WB_Abo', 'First_Turnus', 'Last_Turnus'],
    });
  });

  it('round-trips bundles, products and carts', async () => {
    await crudRoundTrip(agent, {
      resource: 'wb-bundle',
      create: {
        titel: 'Seminarpaket Umsatzsteuer',
        titel_frontend: 'Paket Umsatzsteuer',
        titel_warenkorb: 'Seminarpaket USt',
        titel_rechnung: 'Seminarpaket Umsatzsteuer',
        beschreibung: 'Drei Termine zum Paketpreis',
        preis: 549,
        is_netto: true,
        mwst: 19,
        benutzerAuswahlTyp: 'alle',
      },
      update: { preis: 499.99, is_netto: false },
      include: ['Veranstaltung_Events', 'Benutzer_Gruppes'],
    });
    await crudRoundTrip(agent, {
      resource: 'produkt',
      create: {
        titel: 'Steuerberater-Handbuch 2026',
        beschreibung: 'Aktuelle Auflage',
        preis: 89,
        aktiv: true,
      },
      update: { preis: 79.9, aktiv: false },
    });
    await crudRoundTrip(agent, {
      resource: 'warenkorb',
      create: {
        benutzer_id: benutzer[0].id,
        status: 'offen',
        data: { positionen: [{ produkt_id: 1, titel: 'Kanzleikalender 2027', menge: 2, preis: 12.5 }] },
      },
      update: { status: 'abgebrochen' },
      include: ['Benutzer'],
    });
  });

  it('gives new records the defaults of the spec', async () => {
    expect(await create('wb-abo', { titel: 'Lohn-Abo' })).toMatchObject({
      aktiv: true,
      auslaufen_lassen: false,
      turnustyp: 'jaehrlich',
      stichtag: 1,
      stichmonat: 1,
      turn_offset_days: 0,
      abrechnungsintervall: 1,
      instant_storno: false,
      benutzerAuswahlTyp: 'alle',
    });
    const abo = await create('wb-abo', { titel: 'Webinar-Flatrate', turnustyp: 'monatlich' });
    expect(abo.stichmonat).toBeNull();
    expect(await create('wb-abo-turnus', { wb_abo_id: abo.id, von: '2026-11-01' })).toMatchObject({
      preis: 100,
      mwst: null,
      preisgarantie: 1,
      verlaengerung: 1,
      kuendigungsfrist: 14,
      pause: false,
    });
    expect(await create('wb-rabatt', { titel: 'Neumitglieder-Aktion' })).toMatchObject({
      typ: 'full',
      wert: 0,
      aktiv: true,
      gueltigSeminarbezogen: false,
      gueltigVonTageVorSeminar: 90,
      gueltigBisTageVorSeminar: 20,
      seminarAuswahlTyp: 'alle',
      benutzerAuswahlTyp: 'alle',
      jederXte: 0,
    });
    expect(await create('wb-bundle', { titel: 'Lehrgangspaket' })).toMatchObject({
      preis: 500,
      is_netto: false,
    });
    expect(await create('produkt', { titel: 'Skript Lohnsteuer (Druck)' })).toMatchObject({
      preis: 20,
      aktiv: true,
    });
    expect(await create('wb-voucher', { code: 'WINTER2026' })).toMatchObject({
      typ: 'full',
      wert: 0,
      valid: true,
    });
  });

  it('replaces the events of a bundle and the groups of an Abo', async () => {
    const [e1, e2] = events;
    const bundle = await create('wb-bundle', {
      titel: 'Frühjahrspaket',
      Veranstaltung_Events: [e1.id, e2.id],
    });
    expect(ids((await read('wb-bundle', bundle.id, ['Veranstaltung_Events'])).Veranstaltung_Events)).toEqual([
      e1.id,
      e2.id,
    ]);
    await agent
      .put(`/node/api/wb-bundle/${bundle.id}`)
      .send({ Veranstaltung_Events: [e2.id] })
      .expect(200);
    expect(ids((await read('wb-bundle', bundle.id, ['Veranstaltung_Events'])).Veranstaltung_Events)).toEqual([
      e2.id,
    ]);

    const abo = await create('wb-abo', { titel: 'Gruppen-Abo', Benutzer_Gruppes: gruppen.map((g) => g.id) });
    await agent
      .put(`/node/api/wb-abo/${abo.id}`)
      .send({ Benutzer_Gruppes: [gruppen[1].id] })
      .expect(200);
    expect(ids((await read('wb-abo', abo.id, ['Benutzer_Gruppes'])).Benutzer_Gruppes)).toEqual([
      gruppen[1].id,
    ]);

    const turnus = await create('wb-abo-turnus', {
      wb_abo_id: abo.id,
      von: '2026-01-01',
      bis: '2026-12-31',
      Veranstaltungs: [seminar.id],
      Events: [e1.id, e2.id],
    });
    const loaded = await read('wb-abo-turnus', turnus.id, ['Veranstaltungs', 'Events']);
    expect(ids(loaded.Veranstaltungs)).toEqual([seminar.id]);
    expect(ids(loaded.Events)).toEqual([e1.id, e2.id]);
    await agent
      .put(`/node/api/wb-abo-turnus/${turnus.id}`)
      .send({ Events: [e1.id] })
      .expect(200);
    expect(ids((await read('wb-abo-turnus', turnus.id, ['Events'])).Events)).toEqual([e1.id]);
  });

  it('refuses unknown enum values and invalid ranges with German messages', async () => {
    const voucher = await agent.post('/node/api/wb-voucher').send({ code: 'GRATIS2026', typ: 'gratis' });
    expect(voucher.status).toBe(400);
    expect(voucher.body.message).toMatch(
      /„Gutscheinart“ hat einen unzulässigen Wert \(erlaubt: Festpreis, Prozent, Nachlass\)/,
    );
    const abo = await agent.post('/node/api/wb-abo').send({ titel: 'Wochen-Abo', turnustyp: 'woechentlich' });
    expect(abo.status).toBe(400);
    expect(abo.body.errors).toHaveProperty('turnustyp');
    const stichtag = await agent.post('/node/api/wb-abo').send({ titel: 'Abo', stichtag: 31 });
    expect(stichtag.status).toBe(400);
    expect(stichtag.body.message).toMatch(/„Stichtag“ muss zwischen 1 und 28 liegen/);
    const prozent = await agent
      .post('/node/api/wb-rabatt')
      .send({ titel: 'Zu viel', typ: 'percent', wert: 120 });
    expect(prozent.status).toBe(400);
  });

  it('keeps the period scheme of an existing Abo and only lets the latest period go', async () => {
    const abo = await create('wb-abo', { titel: 'Bilanz-Abo', stichmonat: 7 });
    const change = await agent.put(`/node/api/wb-abo/${abo.id}`).send({ turnustyp: 'monatlich' });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('„Turnus“ kann nach dem Anlegen des Abos nicht mehr geändert werden.');
    await agent
      .put(`/node/api/wb-abo/${abo.id}`)
      .send({ turnustyp: 'jaehrlich', stichmonat: 7, titel: 'Bilanz-Abo HGB' })
      .expect(200);

    const t2026 = await create('wb-abo-turnus', { wb_abo_id: abo.id, von: '2026-07-01', bis: '2027-06-30' });
    const t2027 = await create('wb-abo-turnus', { wb_abo_id: abo.id, von: '2027-07-01', bis: '2028-06-30' });
    const early = await agent.delete(`/node/api/wb-abo-turnus/${t2026.id}`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Nur der letzte Turnus eines Abos kann gelöscht werden.');
    await agent.delete(`/node/api/wb-abo-turnus/${t2027.id}`).expect(200);

    // A booked Abo keeps its history: neither the Abo nor its booked period can be deleted.
    await create('wb-abo-buchung', {
      benutzer_id: benutzer[2].id,
      wb_abo_id: abo.id,
      first_turnus_id: t2026.id,
    });
    expect((await agent.delete(`/node/api/wb-abo/${abo.id}`)).status).toBe(409);
    expect((await agent.delete(`/node/api/wb-abo-turnus/${t2026.id}`)).status).toBe(409);
    expect((await agent.get(`/node/api/wb-abo-turnus/${t2026.id}`)).status).toBe(200);
  });

  it('upper-cases voucher codes and keeps them unique', async () => {
    const voucher = await create('wb-voucher', { code: 'fruehling7', typ: 'percent', wert: 15 });
    expect(voucher.code).toBe('FRUEHLING7');
    const duplicate = await agent
      .post('/node/api/wb-voucher')
      .send({ code: 'FRUEHLING7', typ: 'full', wert: 99 });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('Ein Eintrag mit diesen Werten existiert bereits.');
    expect((await agent.post('/node/api/wb-voucher').send({ code: 'Fruehling7' })).status).toBe(409);
    const short = await agent.post('/node/api/wb-voucher').send({ code: 'KURZ' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/„Code“ muss genau 10 Buchstaben oder Ziffern lang sein/);
    const found = await agent
      .get('/node/api/wb-voucher')
      .query({ where: JSON.stringify({ code: 'FRUEHLING7' }) });
    expect(found.body.map((v: Row) => v.id)).toEqual([voucher.id]);
  });

  it('refuses to delete a bought cart', async () => {
    const bought = await create('warenkorb', {
      benutzer_id: benutzer[0].id,
      gekauftAm: '2026-10-05T09:15:00.000Z',
      status: 'gekauft',
      data: { positionen: [{ produkt_id: 1, titel: 'Steuerberater-Handbuch 2026', menge: 1, preis: 89 }] },
    });
    const refused = await agent.delete(`/node/api/warenkorb/${bought.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Ein bereits gekaufter Warenkorb kann nicht gelöscht werden.');
    expect((await agent.get(`/node/api/warenkorb/${bought.id}`)).status).toBe(200);
    const open = await create('warenkorb', { benutzer_id: benutzer[0].id, status: 'offen' });
    await agent.delete(`/node/api/warenkorb/${open.id}`).expect(200);
  });

  it('seeds promotions whose every foreign key points at an existing row', async () => {
    expect(
      await expectForeignKeysResolve(
        t,
        promotionsTables.map((spec) => spec.name),
      ),
    ).toBeGreaterThan(0);
    const count = async (sql: string) => Number((await t.dataSource.query(sql))[0].n);
    for (const table of [
      'wb_abo',
      'wb_abo_turnus',
      'wb_abo_buchung',
      'wb_abo_turnus_veranstaltung',
      'wb_rabatt',
      'wb_voucher',
      'wb_bundle',
      'wb_bundle_veranstaltung_event',
      'produkt',
      'warenkorb',
    ]) {
      expect({ table, rows: (await count(`SELECT COUNT(*) AS n FROM ${table}`)) > 0 }).toEqual({
        table,
        rows: true,
      });
    }
    // Every booking starts in a period of its own Abo, and seeded codes are 10 upper-case characters.
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM wb_abo_buchung b JOIN wb_abo_turnus f ON f.id = b.first_turnus_id
         WHERE f.wb_abo_id <> b.wb_abo_id`,
      ),
    ).toBe(0);
    const codes = (await t.dataSource.query('SELECT code FROM wb_voucher')) as { code: string }[];
    expect(codes.filter((c) => !/^[A-Z0-9]{10}$/.test(c.code))).toEqual([]);
  });
});
