/**
 * Issue 28: a guest registration taken over as a Benutzer, through HTTP on both databases. The new
 * Benutzer carries the registration's name, e-mail and address; the seminar the guest registered for
 * is booked for it; the registration names it. A second takeover is 409, a registration without a
 * name 400 (nothing written), and staff may take one over onto an existing Benutzer.
 */
import type request from 'supertest';
import { createRecord, readRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

type Row = Record<string, unknown>;

describe.each(databases())('a guest registration taken over on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Row) => (await createRecord(agent, resource, body)).id;
  const uebernehmen = (id: number, body: Row = {}) =>
    agent.post(`/node/api/gastanmeldung/${id}/uebernehmen`).send(body);
  const liste = async (resource: string, where: Row, extra: Row = {}) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), ...extra })
        .expect(200)
    ).body as Row[];
  const anzahl = async (resource: string) =>
    (await agent.get(`/node/api/${resource}`).query({ count: 'true', limit: 1 }).expect(200)).body
      .count as number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.seminar = await post('veranstaltung', {
      titel: 'Grundsteuer in der Praxis',
      lg_id: 'G-2026-07',
      mwst: 19,
      preis1: 180,
      preis1_beschreibung: 'Mitglieder',
      preis2: 240,
      preis2_beschreibung: 'Nichtmitglieder',
    });
    ids.gast = await post('gastanmeldung', {
      vorname: 'Jördis',
      nachname: 'Öztürk',
      firma: 'Steuerkanzlei Öztürk',
      email: 'joerdis.oeztuerk@kanzlei-oeztuerk.de',
      veranstaltung_id: ids.seminar,
      data: { anrede: 'Frau', strasse: 'Goethestraße 5', plz: '04109', ort: 'Leipzig' },
    });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('creates the Benutzer with address and e-mail and books its seminar for it, audited', async () => {
    const antwort = await uebernehmen(ids.gast);
    expect(antwort.status).toBe(200);
    expect(antwort.body).toMatchObject({
      id: ids.gast,
      status: 'uebernommen',
      benutzer_id: expect.any(Number),
    });
    const benutzerId = antwort.body.benutzer_id as number;

    const [benutzer] = await liste(
      'benutzer',
      { id: benutzerId },
      { include: JSON.stringify(['Primaeremail', 'Mi_Adresse', 'Re_Adresse']) },
    );
    expect(benutzer).toMatchObject({
      vorname: 'Jördis',
      nachname: 'Öztürk',
      firma: 'Steuerkanzlei Öztürk',
      gender: 'female',
      anzeigename: expect.stringContaining('Öztürk'),
      atr_mitglied: false,
      Primaeremail: { email: 'joerdis.oeztuerk@kanzlei-oeztuerk.de', benutzer_id: benutzerId },
      Mi_Adresse: { strasse: 'Goethestraße 5', plz: '04109', ort: 'Leipzig', benutzer_id: benutzerId },
    });
    expect(benutzer.re_adresse_id).toBe(benutzer.mi_adresse_id);

    const buchungen = await liste('rw-transaction', { benutzer_id: benutzerId });
    expect(buchungen).toEqual([
      expect.objectContaining({
        veranstaltung_id: ids.seminar,
        teilnehmer_id: benutzerId,
        category: 'seminare',
        buchung_typ: 'online',
        betrag: 240,
        storno: false,
      }),
    ]);
    expect((await readRecord(agent, 'veranstaltung', ids.seminar)).teilnehmer_count).toBe(1);

    const eintraege = await liste('audit', {
      $or: [
        { resource: 'gastanmeldung', record_id: ids.gast },
        { resource: 'benutzer', record_id: benutzerId },
        { resource: 'benutzer-email', record_id: benutzer.primaeremail_id as number },
        { resource: 'benutzer-adresse', record_id: benutzer.mi_adresse_id as number },
        { resource: 'rw-transaction', record_id: buchungen[0].id as number },
      ],
    });
    expect(eintraege.map((e) => [e.resource, e.action, e.user_name]).sort()).toEqual(
      [
        ['benutzer', 'create', 'System Administrator'],
        ['benutzer-email', 'create', 'System Administrator'],
        ['benutzer-adresse', 'create', 'System Administrator'],
        ['gastanmeldung', 'create', 'System Administrator'],
        ['gastanmeldung', 'takeover', 'System Administrator'],
        ['rw-transaction', 'create', 'System Administrator'],
      ].sort(),
    );
  });

  it('refuses a second takeover with 409, writing nothing', async () => {
    const vorher = [await anzahl('benutzer'), await anzahl('rw-transaction')];
    const antwort = await uebernehmen(ids.gast);
    expect(antwort.status).toBe(409);
    expect(antwort.body.message).toBe('Die Gastanmeldung wurde bereits übernommen.');
    expect([await anzahl('benutzer'), await anzahl('rw-transaction')]).toEqual(vorher);
  });

  it('refuses a registration without a name with 400, writing nothing', async () => {
    const namenlos = await post('gastanmeldung', {
      email: 'ohne.name@example.de',
      veranstaltung_id: ids.seminar,
    });
    const vorher = [await anzahl('benutzer'), await anzahl('rw-transaction'), await anzahl('audit')];
    const antwort = await uebernehmen(namenlos);
    expect(antwort.status).toBe(400);
    expect(antwort.body.message).toBe(
      'Die Gastanmeldung nennt weder Nachname noch Firma; bitte ergänzen Sie den Namen, bevor Sie sie übernehmen.',
    );
    expect([await anzahl('benutzer'), await anzahl('rw-transaction'), await anzahl('audit')]).toEqual(vorher);
    expect((await readRecord(agent, 'gastanmeldung', namenlos)).status).toBe('offen');
  });

  it('takes one over onto an existing Benutzer staff choose; an unknown one is 404', async () => {
    const mitglied = await post('benutzer', { vorname: 'Karl', nachname: 'Brandt', atr_mitglied: true });
    const gast = await post('gastanmeldung', {
      vorname: 'Karl',
      nachname: 'Brandt',
      veranstaltung_id: ids.seminar,
    });
    const unbekannt = await uebernehmen(gast, { benutzer_id: 999999 });
    expect(unbekannt.status).toBe(404);
    expect(unbekannt.body.message).toBe('Benutzer 999999 wurde nicht gefunden.');
    const falsch = await uebernehmen(gast, { benutzer_id: 'Karl' });
    expect(falsch.status).toBe(400);

    const benutzerVorher = await anzahl('benutzer');
    const antwort = await uebernehmen(gast, { benutzer_id: mitglied });
    expect(antwort.status).toBe(200);
    expect(antwort.body).toMatchObject({ status: 'uebernommen', benutzer_id: mitglied });
    expect(await anzahl('benutzer')).toBe(benutzerVorher);
    expect(await liste('rw-transaction', { benutzer_id: mitglied })).toEqual([
      expect.objectContaining({ veranstaltung_id: ids.seminar, betrag: 180 }),
    ]);
  });
});
