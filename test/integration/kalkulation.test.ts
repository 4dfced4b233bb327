/**
 * The billing overview's sums (issue 13, spec 002 §7 `POST /node/api/rw-calculation/calcCategory`)
 * through HTTP on a real database, after bookings, a verification, an invoice run and a cancelled
 * invoice made through the product's own verbs.
 */
import type request from 'supertest';
import { anschrift } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

describe.each(databases())('calcCategory on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const calc = (body: Record<string, unknown>) =>
    agent.post('/node/api/rw-calculation/calcCategory').send(body);
  const buche = (benutzer: number, betrag: number, extra: Record<string, unknown> = {}) =>
    post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      benutzer_id: benutzer,
      betrag,
      titel: 'Umsatzsteuer aktuell',
      ...extra,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.kanzlei = await post('benutzer', { firma: 'Müller & Partner Steuerberater', kennnummer: '310101' });
    ids.schaefer = await post('benutzer', { vorname: 'Bärbel', nachname: 'Schäfer', kennnummer: '310102' });
    const kreis = await post('rw-kreis', { titel: 'Seminarrechnungen', template: 'RE-{yyyy}-{nr:5}' });
    const vorlage = await post('rw-vorlage', { titel: 'Seminarrechnung', rw_kreis_id: kreis });
    const typ = await post('veranstaltung-typ', { bezeichnung: 'Tagung', mwst: 19, rw_vorlage_id: vorlage });
    ids.seminar = await post('veranstaltung', {
      titel: 'Umsatzsteuer aktuell',
      lg_id: 'UST-1',
      veranstaltung_typ_id: typ,
    });
    ids.anderes = await post('veranstaltung', {
      titel: 'Lohn kompakt',
      lg_id: 'LOHN-1',
      veranstaltung_typ_id: typ,
    });
    ids.event = await post('veranstaltung-event', {
      veranstaltung_id: ids.seminar,
      titel: 'Tag 2',
      datum: '2026-03-11',
      beginn: '09:00',
      ende: '17:00',
    });
    await post('rw-bezahloption', {
      benutzer_id: ids.kanzlei,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      typ: 'transfer',
      benutzer_adresse_id: await post('benutzer-adresse', anschrift(ids.kanzlei)),
    });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('answers an unknown category with 400 „bad category“ and bad ids in German', async () => {
    const bad = await calc({ category: 'kurse', category_ids: [1], transactions: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('bad category');
    const ohneIds = await calc({ category: 'seminare', category_ids: [], transactions: true });
    expect(ohneIds.status).toBe(400);
    expect(ohneIds.body.message).toContain('category_ids');
  });

  it('sums open, verified, invoiced and cancelled transactions and the invoices to the cent', async () => {
    ids.a = await buche(ids.kanzlei, 0.1);
    ids.b = await buche(ids.kanzlei, 0.2);
    // A booking of one of the seminar's events belongs to the seminar.
    ids.c = await buche(ids.kanzlei, 314.1, { veranstaltung_id: null, veranstaltung_event_id: ids.event });
    ids.d = await buche(ids.schaefer, 100);
    await buche(ids.schaefer, 55.55, { veranstaltung_id: ids.anderes });
    await agent.put(`/node/api/rw-transaction/${ids.c}`).send({ verifiziert: true }).expect(200);

    const vorher = await calc({
      category: 'seminare',
      category_ids: [ids.seminar, ids.anderes],
      transactions: true,
      rechnungen: true,
    }).expect(200);
    expect(vorher.body).toEqual([
      {
        category_id: ids.seminar,
        transactions: {
          offen: { anzahl: 3, betrag: 100.3 },
          verifiziert: { anzahl: 1, betrag: 314.1 },
          abgerechnet: { anzahl: 0, betrag: 0 },
          storniert: { anzahl: 0, betrag: 0 },
          aktuell: { anzahl: 4, betrag: 414.4 },
          mitglieder: 2,
          ohne_bezahloption: [ids.schaefer],
        },
        rechnungen: { rechnungen: { anzahl: 0, betrag: 0 }, storno: { anzahl: 0, betrag: 0 }, saldo: 0 },
      },
      expect.objectContaining({
        category_id: ids.anderes,
        transactions: expect.objectContaining({ offen: { anzahl: 1, betrag: 55.55 } }),
      }),
    ]);

    // The run invoices the member with a payment option and reports the other.
    const lauf = await agent
      .post('/node/api/rw-rechnung')
      // The run renders and archives its invoices' PDFs too: wait for its result as billing.test does.
      .set('Prefer', 'wait=25')
      .send({ category: 'seminare', category_id: ids.seminar })
      .expect(200);
    expect(lauf.body).toMatchObject({ all: 2, created: 1, storno: 0 });
    const [nachLauf] = (
      await calc({ category: 'seminare', category_ids: [ids.seminar], transactions: true, rechnungen: true })
    ).body;
    expect(nachLauf.transactions).toMatchObject({
      offen: { anzahl: 1, betrag: 100 },
      verifiziert: { anzahl: 0, betrag: 0 },
      abgerechnet: { anzahl: 3, betrag: 314.4 },
      ohne_bezahloption: [ids.schaefer],
    });
    expect(nachLauf.rechnungen).toEqual({
      rechnungen: { anzahl: 1, betrag: 314.4 },
      storno: { anzahl: 0, betrag: 0 },
      saldo: 314.4,
    });

    // Cancelling the invoice: a storno invoice, the transactions cancelled and re-opened as copies.
    const rechnungen = await agent
      .get('/node/api/rw-rechnung')
      .query({ where: JSON.stringify({ veranstaltung_id: ids.seminar }) })
      .expect(200);
    await agent.delete(`/node/api/rw-rechnung/${rechnungen.body[0].id}/modifyAll?copy=true`).expect(200);
    const [nachStorno] = (
      await calc({ category: 'seminare', category_ids: [ids.seminar], transactions: true, rechnungen: true })
    ).body;
    expect(nachStorno.rechnungen).toEqual({
      rechnungen: { anzahl: 1, betrag: 314.4 },
      storno: { anzahl: 1, betrag: -314.4 },
      saldo: 0,
    });
    // The copies replace the cancelled versions, so they are open again, not cancelled.
    expect(nachStorno.transactions).toMatchObject({
      abgerechnet: { anzahl: 0, betrag: 0 },
      storniert: { anzahl: 0, betrag: 0 },
      aktuell: { anzahl: 4, betrag: 414.4 },
    });

    await agent.put(`/node/api/rw-transaction/${ids.d}`).send({ storno: true }).expect(200);
    const [nachStornierung] = (
      await calc({ category: 'seminare', category_ids: [ids.seminar], transactions: true })
    ).body;
    expect(nachStornierung.transactions).toMatchObject({
      storniert: { anzahl: 1, betrag: 100 },
      aktuell: { anzahl: 3, betrag: 314.4 },
      mitglieder: 1,
      ohne_bezahloption: [],
    });
  });

  it('counts the bookings of an Abo, only when asked and only for Abos', async () => {
    const abo = await post('wb-abo', { titel: 'Fortbildungs-Abo Steuerrecht' });
    const turnus = await post('wb-abo-turnus', {
      wb_abo_id: abo,
      von: '2026-01-01',
      bis: '2026-12-31',
      preis: 480,
    });
    await post('wb-abo-buchung', { benutzer_id: ids.kanzlei, wb_abo_id: abo, first_turnus_id: turnus });
    await post('wb-abo-buchung', {
      benutzer_id: ids.schaefer,
      wb_abo_id: abo,
      first_turnus_id: turnus,
      storno_valid_from: '2020-01-01',
    });
    const antwort = await calc({ category: 'abos', category_ids: [abo], abos: true }).expect(200);
    expect(antwort.body).toEqual([{ category_id: abo, abos: { buchungen: 2, aktiv: 1, gekuendigt: 1 } }]);
    const seminar = await calc({ category: 'seminare', category_ids: [ids.seminar], abos: true }).expect(200);
    expect(seminar.body).toEqual([{ category_id: ids.seminar }]);
  });
});
