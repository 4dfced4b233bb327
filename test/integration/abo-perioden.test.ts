/**
 * Abo bookings over their periods (issue 30; spec 003 §4–§5, §7; spec 002 §4) through HTTP on a
 * real database: a booking, the period run twice (no duplicates), cancellation at a period end
 * with and without deleting the unsettled transactions, its revocation, the amounts to the cent,
 * and the refusal to delete a booking an invoice settled.
 */
import type request from 'supertest';
import { anschrift } from '../support/abrechnung-daten';
import { bisZumEnde } from '../support/auftrag';
import { createRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

describe.each(databases())('Abo periods on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const liste = async (
    resource: string,
    where: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]), ...extra })
        .expect(200)
    ).body as Record<string, unknown>[];
  const lauf = (stichtag: string) =>
    agent.post('/node/api/wb-abo/perioden_abrechnen').set('Prefer', 'wait=25').send({ stichtag });
  /** The booking's current transactions as turnus id → euros. */
  const vorgaenge = async (buchung: number) =>
    Object.fromEntries(
      (await liste('rw-transaction', { wb_abo_buchung_id: buchung }, { scope: 'aktuell' })).map((v) => [
        v.wb_abo_turnus_id,
        v.betrag,
      ]),
    );
  const turnus = (abo: number, von: string, bis: string, preis: number, preisgarantie = 1) =>
    post('wb-abo-turnus', { wb_abo_id: abo, von, bis, preis, mwst: 19, preisgarantie });

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    // The run every start queues for its day: over before this suite's Abos exist.
    const heute = new Date().toISOString().slice(0, 10);
    await bisZumEnde(agent, { name: 'abo-perioden', id: `abo-perioden-start-${heute}` });
    for (const [name, firma] of [
      ['kanzlei', 'Müller & Partner'],
      ['praxis', 'Steuerbüro Schäfer'],
      ['dritte', 'Kanzlei Öztürk'],
    ])
      ids[name] = await post('benutzer', { firma, kennnummer: `AB-${name}` });
    ids.abo = await post('wb-abo', {
      titel: 'Lohn-Abo monatlich',
      turnustyp: 'monatlich',
      stichtag: 1,
      turn_offset_days: 0,
    });
    // January guarantees its price for two periods; February is dearer, the run copies it on.
    ids.januar = await turnus(ids.abo, '2025-01-01', '2025-01-31', 29.9, 2);
    ids.februar = await turnus(ids.abo, '2025-02-01', '2025-02-28', 34.5);
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('adds the periods due and books each booking’s once, at its price; a second run books nothing', async () => {
    ids.b1 = await post('wb-abo-buchung', {
      benutzer_id: ids.kanzlei,
      wb_abo_id: ids.abo,
      first_turnus_id: ids.januar,
    });
    ids.b2 = await post('wb-abo-buchung', {
      benutzer_id: ids.praxis,
      wb_abo_id: ids.abo,
      first_turnus_id: ids.februar,
    });

    const erster = await lauf('2025-04-15').expect(200);
    expect(erster.body).toMatchObject({ stichtag: '2025-04-15', turnusse: 2, buchungen: 2, vorgaenge: 7 });
    const turni = await liste('wb-abo-turnus', { wb_abo_id: ids.abo });
    expect(turni.map((x) => [x.von, x.bis, x.preis])).toEqual([
      ['2025-01-01', '2025-01-31', 29.9],
      ['2025-02-01', '2025-02-28', 34.5],
      ['2025-03-01', '2025-03-31', 34.5],
      ['2025-04-01', '2025-04-30', 34.5],
    ]);
    [, , ids.maerz, ids.april] = turni.map((x) => Number(x.id));
    expect(await vorgaenge(ids.b1)).toEqual({
      [ids.januar]: 29.9,
      [ids.februar]: 29.9,
      [ids.maerz]: 34.5,
      [ids.april]: 34.5,
    });
    expect(await vorgaenge(ids.b2)).toEqual({ [ids.februar]: 34.5, [ids.maerz]: 34.5, [ids.april]: 34.5 });

    // The Aufträge screen shows the run with its counts.
    const erledigt = await agent
      .get('/node/api/auftraege/abo-perioden')
      .query({ status: 'completed', offset: 0, limit: 10 })
      .expect(200);
    expect(erledigt.body.map((a: { progress: { schritt?: string } }) => a.progress.schritt)).toContain(
      'bis 2025-04-15: 2 Turnusse angelegt, 7 Vorgänge für 2 Abo-Buchungen gebucht',
    );

    const zweiter = await lauf('2025-04-15').expect(200);
    expect(zweiter.body).toMatchObject({ turnusse: 0, buchungen: 0, vorgaenge: 0 });
    expect(await liste('rw-transaction', { wb_abo_id: ids.abo })).toHaveLength(7);
  });

  it('refuses a cancellation without a choice, and one before the booking began', async () => {
    const ohne = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b2}/storno`)
      .send({ date: '' })
      .expect(400);
    expect(ohne.body.message).toBe('Bitte wählen Sie ein Kündigungsdatum!');
    const vorher = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b2}/storno`)
      .send({ storno_turnus_id: ids.januar })
      .expect(400);
    expect(vorher.body.message).toBe('Achtung: Kündigung liegt vor Beginn der Abo-Buchung!');
  });

  it('cancels at a period end, deleting the unsettled transactions after it, audited', async () => {
    const antwort = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b1}/storno`)
      .send({ admin: 'Frau Berger', storno_turnus_id: ids.februar, delete_unsettled_transactions: true })
      .expect(200);
    expect(antwort.body).toMatchObject({
      buchung: { last_turnus_id: ids.februar, storno_valid_from: '2025-03-01' },
      geloescht: 2,
      angelegt: 0,
    });
    expect(antwort.body.warnung).toMatch(/bereits vergangene Seminare/);
    expect(await vorgaenge(ids.b1)).toEqual({ [ids.januar]: 29.9, [ids.februar]: 29.9 });
    const eintraege = await liste('audit', {
      resource: 'wb-abo-buchung',
      record_id: ids.b1,
      action: 'cancel',
    });
    expect(eintraege).toHaveLength(1);
    expect(eintraege[0]).toMatchObject({ user_id: expect.any(Number), createdAt: expect.any(String) });
    // The run leaves a cancelled booking's later periods alone.
    expect((await lauf('2025-04-15').expect(200)).body.vorgaenge).toBe(0);
  });

  it('cancels without deleting: the later transactions stay', async () => {
    const antwort = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b2}/storno`)
      .send({ storno_turnus_id: ids.maerz })
      .expect(200);
    expect(antwort.body).toMatchObject({ buchung: { last_turnus_id: ids.maerz }, geloescht: 0 });
    expect(await vorgaenge(ids.b2)).toEqual({ [ids.februar]: 34.5, [ids.maerz]: 34.5, [ids.april]: 34.5 });
  });

  it('revokes a cancellation, booking the periods in between again, audited', async () => {
    const antwort = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b1}/cancel_storno`)
      .send({ admin: 'Frau Berger' })
      .expect(200);
    expect(antwort.body).toMatchObject({
      buchung: { last_turnus_id: null, storno_valid_from: null },
      angelegt: 2,
    });
    expect(await vorgaenge(ids.b1)).toEqual({
      [ids.januar]: 29.9,
      [ids.februar]: 29.9,
      [ids.maerz]: 34.5,
      [ids.april]: 34.5,
    });
    expect(
      await liste('audit', { resource: 'wb-abo-buchung', record_id: ids.b1, action: 'cancel-revoked' }),
    ).toHaveLength(1);
    const nochmal = await agent
      .delete(`/node/api/wb-abo-buchung/${ids.b1}/cancel_storno`)
      .send({})
      .expect(409);
    expect(nochmal.body.message).toBe('Die Abo-Buchung ist nicht gekündigt.');
  });

  it('a period saved with force_update_transactions adjusts the bookings’ transactions', async () => {
    const ohne = await agent.put(`/node/api/wb-abo-turnus/${ids.maerz}`).send({ preis: 37 }).expect(200);
    expect(ohne.body).toMatchObject({ preis: 37 });
    expect(ohne.body).not.toHaveProperty('rw_transactions_changed');
    expect((await vorgaenge(ids.b1))[ids.maerz]).toBe(34.5);

    const mit = await agent
      .put(`/node/api/wb-abo-turnus/${ids.maerz}`)
      .query({ force_update_transactions: true })
      .send({ preis: 36.1 })
      .expect(200);
    expect(mit.body).toMatchObject({ preis: 36.1, rw_transactions_changed: 2 });
    expect(await vorgaenge(ids.b1)).toEqual({
      [ids.januar]: 29.9,
      [ids.februar]: 29.9,
      [ids.maerz]: 36.1,
      [ids.april]: 34.5,
    });
    expect(await vorgaenge(ids.b2)).toEqual({ [ids.februar]: 34.5, [ids.maerz]: 36.1, [ids.april]: 34.5 });
    const falsch = await agent.put(`/node/api/wb-abo-turnus/${ids.maerz}`).send({ preis: 1.234 }).expect(400);
    expect(falsch.body.errors).toEqual({ preis: 'darf höchstens zwei Nachkommastellen haben' });
  });

  it('removes only the latest period, and seminars and events from a period', async () => {
    const frueher = await agent.delete(`/node/api/wb-abo-turnus/${ids.maerz}`).expect(409);
    expect(frueher.body.message).toBe('Nur der letzte Turnus eines Abos kann gelöscht werden.');

    const seminar = await post('veranstaltung', { titel: 'Lohnsteuer aktuell', lg_id: 'LOHN-25' });
    const event = await post('veranstaltung-event', {
      veranstaltung_id: seminar,
      titel: 'Tag 1',
      datum: '2025-03-12',
      beginn: '09:00',
      ende: '17:00',
    });
    await agent
      .put(`/node/api/wb-abo-turnus/${ids.maerz}`)
      .send({ Veranstaltungs: [seminar], Events: [event] })
      .expect(200);
    await agent
      .delete(`/node/api/wb-abo-turnus/${ids.maerz}/veranstaltung`)
      .send({ veranstaltung_id: seminar })
      .expect(200);
    await agent
      .delete(`/node/api/wb-abo-turnus/${ids.maerz}/event`)
      .send({ veranstaltung_id: seminar, veranstaltung_event_id: event })
      .expect(200);
    const gelesen = await agent
      .get(`/node/api/wb-abo-turnus/${ids.maerz}`)
      .query({ include: JSON.stringify(['Veranstaltungs', 'Events']) })
      .expect(200);
    expect(gelesen.body).toMatchObject({ Veranstaltungs: [], Events: [] });
    const nochmal = await agent
      .delete(`/node/api/wb-abo-turnus/${ids.maerz}/veranstaltung`)
      .send({ veranstaltung_id: seminar })
      .expect(404);
    expect(nochmal.body.message).toBe(`Das Seminar ${seminar} gehört nicht zu diesem Turnus.`);
  });

  it('deletes a wrong entry with its transactions, but refuses one an invoice settled (409)', async () => {
    const kreis = await post('rw-kreis', { titel: 'Abo-Rechnungen', template: 'AB-{yyyy}-{nr:5}' });
    const vorlage = await post('rw-vorlage', { titel: 'Abo-Rechnung', rw_kreis_id: kreis });
    const abo = await post('wb-abo', { titel: 'Praxis-Abo', turnustyp: 'jaehrlich', rw_vorlage_id: vorlage });
    const jahr = await turnus(abo, '2025-01-01', '2025-12-31', 480);
    const falsch = await post('wb-abo-buchung', {
      benutzer_id: ids.praxis,
      wb_abo_id: abo,
      first_turnus_id: jahr,
    });
    const richtig = await post('wb-abo-buchung', {
      benutzer_id: ids.dritte,
      wb_abo_id: abo,
      first_turnus_id: jahr,
    });
    expect((await lauf('2025-01-01').expect(200)).body.vorgaenge).toBe(2);

    await agent.delete(`/node/api/wb-abo-buchung/${falsch}?really=true`).expect(200);
    expect(await liste('rw-transaction', { wb_abo_id: abo, benutzer_id: ids.praxis })).toEqual([]);

    await post('rw-bezahloption', {
      benutzer_id: ids.dritte,
      category: 'abos',
      wb_abo_id: abo,
      typ: 'transfer',
      benutzer_adresse_id: await post('benutzer-adresse', anschrift(ids.dritte)),
    });
    await agent
      .post('/node/api/rw-transaction/setAllVerifiziert')
      .send({ category: 'abos', category_id: abo })
      .expect(200);
    const rechnungen = await agent
      .post('/node/api/rw-rechnung')
      .set('Prefer', 'wait=25')
      .send({ category: 'abos', category_id: abo })
      .expect(200);
    expect(rechnungen.body).toBeTruthy();
    expect(await liste('rw-rechnung', { category: 'abos', wb_abo_id: abo })).toHaveLength(1);

    const abgelehnt = await agent.delete(`/node/api/wb-abo-buchung/${richtig}?really=true`).expect(409);
    expect(abgelehnt.body.message).toBe(
      'Die Abo-Buchung wurde bereits abgerechnet und kann nicht gelöscht werden; bitte kündigen Sie sie.',
    );
    expect(await liste('wb-abo-buchung', { id: richtig })).toHaveLength(1);
  });

  it('stores a new Abo with its first period from the same form, or neither (spec 003 §3, §9)', async () => {
    const antwort = await agent
      .post('/node/api/wb-abo')
      .send({
        titel: 'Bilanz-Abo jährlich',
        turnustyp: 'jaehrlich',
        stichtag: 15,
        stichmonat: 3,
        erster_turnus: { preis: 249.5, mwst: 19, preisgarantie: 2, fromDate: '2026-11-27' },
      })
      .expect(201);
    const [erster] = await liste('wb-abo-turnus', { wb_abo_id: antwort.body.id });
    // The period the day lies in, from the cut-off day; the rest from the defaults of §9.
    expect(erster).toMatchObject({
      von: '2026-03-15',
      bis: '2027-03-14',
      preis: 249.5,
      mwst: 19,
      preisgarantie: 2,
      verlaengerung: 1,
      kuendigungsfrist: 14,
      pause: false,
    });
    expect(await liste('audit', { resource: 'wb-abo-turnus', record_id: erster.id })).toEqual([
      expect.objectContaining({ action: 'create' }),
    ]);

    const vorher = (await liste('wb-abo', {})).length;
    const falsch = await agent
      .post('/node/api/wb-abo')
      .send({ titel: 'Kaputt', turnustyp: 'monatlich', erster_turnus: { preis: -1, preisgarantie: 0 } })
      .expect(400);
    expect(falsch.body.errors).toEqual({
      'erster_turnus.fromDate': 'ist ein Pflichtfeld (Datum JJJJ-MM-TT)',
    });
    const negativ = await agent
      .post('/node/api/wb-abo')
      .send({
        titel: 'Kaputt',
        turnustyp: 'monatlich',
        erster_turnus: { preis: -1, preisgarantie: 0, fromDate: '2026-12-01' },
      })
      .expect(400);
    expect(Object.keys(negativ.body.errors).sort()).toEqual([
      'erster_turnus.preis',
      'erster_turnus.preisgarantie',
    ]);
    expect(negativ.body.message).toContain('„Preis (erster Turnus)“ muss mindestens 0 sein');
    expect((await liste('wb-abo', {})).length).toBe(vorher);
  });
});
