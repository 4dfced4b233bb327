import ICAL from 'ical.js';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { createRecord, readRecord } from '../support/crud';

type Row = Record<string, unknown> & { id: number };

/** A fake TalentLMS (REST API v1) that records what it was sent. */
async function fakeTalentLms() {
  const received: { path?: string; auth?: string; body: URLSearchParams }[] = [];
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req));
    received.push({ path: req.url, auth: req.headers.authorization, body });
    res.setHeader('Content-Type', 'application/json');
    if (req.url !== '/api/v1/createcourse') return res.writeHead(404).end('{}');
    if (body.get('name')?.includes('Abgelehnt'))
      return res
        .writeHead(400)
        .end(JSON.stringify({ error: { message: 'A course with the same name exists' } }));
    res.end(JSON.stringify({ id: String(100 + received.length), name: body.get('name') }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    env: { TALENTLMS_URL: `http://127.0.0.1:${port}`, TALENTLMS_API_KEY: 'kurs-schluessel' },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Issue 10 through HTTP: the seminar and event rules of spec 001 §4–§5 on save, debtor numbers
 * from the type's circle (also when seminars are saved at once), no deletes of booked seminars,
 * downloads for the public and for staff, TalentLMS courses and the iCalendar file.
 */
describe.each(databases())('seminars on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let tlms: Awaited<ReturnType<typeof fakeTalentLms>>;

  const post = (resource: string, body: Record<string, unknown>) => createRecord(api, resource, body);
  const get = (resource: string, id: number) => readRecord(api, resource, id);
  const count = async (resource: string) =>
    Number((await api.get(`/node/api/${resource}`).query({ count: 'true', limit: '0' })).body.count);

  beforeAll(async () => {
    tlms = await fakeTalentLms();
    t = await startTestApp(kind, { env: tlms.env });
    api = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await tlms?.close();
  });

  describe('the seminar rules', () => {
    it('copies ringseminar, multitermin and the VAT of the chosen type', async () => {
      const ring = await post('veranstaltung-typ', {
        bezeichnung: 'Ringseminar',
        ringseminar: true,
        mwst: 19,
      });
      const mehr = await post('veranstaltung-typ', {
        bezeichnung: 'Lehrgang',
        ringseminar: true,
        multitermin: true,
        mwst: 7,
      });
      const seminar = await post('veranstaltung', { titel: 'Umsatzsteuer', veranstaltung_typ_id: ring.id });
      expect(seminar).toMatchObject({ ringseminar: true, nicht_gesamt_buchbar: false, mwst: 19 });

      const changed = await api
        .put(`/node/api/veranstaltung/${seminar.id}`)
        .send({ veranstaltung_typ_id: mehr.id })
        .expect(200);
      // Not wholly bookable clears ringseminar.
      expect(changed.body).toMatchObject({ ringseminar: false, nicht_gesamt_buchbar: true, mwst: 7 });
      const unticked = await api
        .put(`/node/api/veranstaltung/${seminar.id}`)
        .send({ nicht_gesamt_buchbar: false })
        .expect(200);
      expect(unticked.body).toMatchObject({ ringseminar: true, nicht_gesamt_buchbar: false });
    });

    it('nulls a price whose description is cleared and zeroes the hours of a cleared expert mark', async () => {
      const marke = await post('fachberatermarke', { bezeichnung: 'Fachberater Sanierung' });
      const seminar = await post('veranstaltung', {
        titel: 'Sanierungsberatung',
        preis1: 250,
        preis1_beschreibung: 'Mitglieder',
        preis2: 320.5,
        preis2_beschreibung: 'Nichtmitglieder',
        preis3: 99,
        fachberatermarke_id: marke.id,
        fachberater_stunden: 4.25,
      });
      // A price without a description cannot be entered.
      expect(seminar).toMatchObject({ preis2: 320.5, preis3: null, fachberater_stunden: 4.25 });
      const saved = await api
        .put(`/node/api/veranstaltung/${seminar.id}`)
        .send({ preis2_beschreibung: '', fachberatermarke_id: null })
        .expect(200);
      expect(saved.body).toMatchObject({
        preis1: 250,
        preis2: null,
        preis2_beschreibung: null,
        fachberater_stunden: 0,
      });
    });

    it.each([
      [{ preis1: -5, preis1_beschreibung: 'Mitglieder' }, 'preis1', '„Preis 1“ darf nicht negativ sein'],
      [
        { preis1: 12.345, preis1_beschreibung: 'Mitglieder' },
        'preis1',
        '„Preis 1“ darf höchstens zwei Nachkommastellen haben',
      ],
      [
        { fachberater_stunden: 1.23 },
        'fachberater_stunden',
        '„Fachberater-Stunden“ muss in Schritten von 0,05',
      ],
      [
        { beginn: '2026-05-02T08:00:00.000Z', ende: '2026-05-01T15:00:00.000Z' },
        'ende',
        '„Ende“ darf nicht vor „Beginn“ liegen',
      ],
      [
        { veranstaltung_typ_id: 987654 },
        'veranstaltung_typ_id',
        '„Seminar-Typ“ verweist auf keinen vorhandenen Eintrag (Seminar-Typ 987654)',
      ],
      [
        { nicht_gesamt_buchbar: true, ringseminar: true },
        'ringseminar',
        '„Ringseminar“ ist bei nicht gesamt buchbaren Seminaren nicht möglich',
      ],
    ])(
      'refuses %p with a German message naming the field, and saves nothing',
      async (bad, field, message) => {
        const before = await count('veranstaltung');
        const response = await api.post('/node/api/veranstaltung').send({ titel: 'Fehlerhaft', ...bad });
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.errors)).toEqual([field]);
        expect(response.body.message).toContain(message);
        expect(await count('veranstaltung')).toBe(before);
      },
    );

    it('refuses a type with a VAT rate outside 0 to 100', async () => {
      const response = await api
        .post('/node/api/veranstaltung-typ')
        .send({ bezeichnung: 'Falsch', mwst: 119 });
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('„MwSt.-Satz (%)“ muss zwischen 0 und 100 liegen');
    });

    it("allows the VAT only as the type's rate or none", async () => {
      const typ = await post('veranstaltung-typ', { bezeichnung: 'Tagesseminar', mwst: 19 });
      const seminar = await post('veranstaltung', { titel: 'Bilanzierung', veranstaltung_typ_id: typ.id });
      const odd = await api.put(`/node/api/veranstaltung/${seminar.id}`).send({ mwst: 7 });
      expect(odd.status).toBe(400);
      expect(odd.body.message).toContain('„MwSt. (%)“ muss 0 oder der Satz des Seminar-Typs (19 %) sein');
      await api.put(`/node/api/veranstaltung/${seminar.id}`).send({ mwst: 0 }).expect(200);
      expect((await get('veranstaltung', seminar.id)).mwst).toBe(0);
    });

    it('refuses seminar dates that leave one of its events outside', async () => {
      const seminar = await post('veranstaltung', { titel: 'Jahresabschluss kompakt' });
      await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        datum: '2026-03-10',
        beginn: '09:00',
        ende: '17:00',
      });
      const response = await api
        .put(`/node/api/veranstaltung/${seminar.id}`)
        .send({ ende: '2026-03-10T12:00:00.000Z' });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        ende: 'liegt vor dem Ende der letzten Veranstaltung (10.03.2026, 17:00)',
      });
      expect((await get('veranstaltung', seminar.id)).ende).toBe('2026-03-10T16:00:00.000Z');
    });
  });

  describe('the event rules', () => {
    it('makes new events of a not wholly bookable seminar single-bookable and titles them by their content', async () => {
      const seminar = await post('veranstaltung', { titel: 'Lohn kompakt', nicht_gesamt_buchbar: true });
      const inhalt = await post('veranstaltung-inhalt', {
        veranstaltung_id: seminar.id,
        titel: 'Reisekosten',
      });
      const event = await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        veranstaltung_inhalt_id: inhalt.id,
        datum: '2026-06-02',
      });
      expect(event).toMatchObject({ einzeln_buchbar: true, titel: 'Reisekosten' });
      const gesamt = await post('veranstaltung', { titel: 'Gesamt buchbar' });
      expect(await post('veranstaltung-event', { veranstaltung_id: gesamt.id })).toMatchObject({
        einzeln_buchbar: false,
      });
    });

    it('checks prices, hours and costs like the seminar, naming each field', async () => {
      const seminar = await post('veranstaltung', { titel: 'Kosten' });
      const response = await api.post('/node/api/veranstaltung-event').send({
        veranstaltung_id: seminar.id,
        preis1: -1,
        preis1_beschreibung: 'Mitglieder',
        fortbildungspass_stunden: 0.07,
        kosten: { sollbuchung: 1.5, raum: 450.123 },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        preis1: 'darf nicht negativ sein',
        fortbildungspass_stunden: 'muss in Schritten von 0,05 angegeben werden',
        'kosten.sollbuchung': 'muss eine ganze Zahl ab 0 sein',
        'kosten.raum': 'darf höchstens zwei Nachkommastellen haben',
      });
      expect(response.body.message).toContain('„Sollbuchungen“ muss eine ganze Zahl ab 0 sein');
      const ok = await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        kosten: { sollbuchung: 12, raum: 450.5 },
      });
      expect(ok.kosten).toEqual({ sollbuchung: 12, raum: 450.5 });
    });
  });

  describe('deleting', () => {
    it('refuses to delete a seminar or an event with bookings, and deletes them without', async () => {
      const seminar = await post('veranstaltung', { titel: 'Gebucht' });
      const event = await post('veranstaltung-event', { veranstaltung_id: seminar.id, datum: '2026-09-01' });
      const mitglied = await post('benutzer', { nachname: 'Bucher' });
      const buchung = await post('rw-transaction', {
        benutzer_id: mitglied.id,
        category: 'seminare',
        veranstaltung_event_id: event.id,
        betrag: 290,
        titel: 'Buchung',
      });
      const refused = await api.delete(`/node/api/veranstaltung/${seminar.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Seminar hat Buchungen und kann nicht gelöscht werden');
      const eventRefused = await api.delete(`/node/api/veranstaltung-event/${event.id}`);
      expect(eventRefused.status).toBe(409);
      expect(eventRefused.body.message).toBe('Veranstaltung hat Buchungen und kann nicht gelöscht werden');
      expect((await get('rw-transaction', buchung.id)).veranstaltung_event_id).toBe(event.id);

      const direkt = await post('veranstaltung', { titel: 'Direkt gebucht' });
      await post('rw-transaction', {
        benutzer_id: mitglied.id,
        category: 'seminare',
        veranstaltung_id: direkt.id,
        betrag: 10,
      });
      expect((await api.delete(`/node/api/veranstaltung/${direkt.id}`)).status).toBe(409);

      await api.delete(`/node/api/rw-transaction/${buchung.id}`).expect(200);
      await api.delete(`/node/api/veranstaltung/${seminar.id}`).expect(200);
      expect((await api.get(`/node/api/veranstaltung-event/${event.id}`)).status).toBe(404);
    });
  });

  describe('debtor numbers', () => {
    it("gives a new seminar the circle's next number, only when its type has a circle", async () => {
      const kreis = await post('rw-debitor-kreis', { titel: 'Debitoren Seminare', current_nr: 41 });
      const typ = await post('veranstaltung-typ', {
        bezeichnung: 'Mit Debitor',
        rw_debitor_kreis_id: kreis.id,
      });
      const seminar = await post('veranstaltung', {
        titel: 'Erstes',
        veranstaltung_typ_id: typ.id,
        debitor: 7,
      });
      expect(seminar.debitor).toBe(42);
      expect((await get('rw-debitor-kreis', kreis.id)).current_nr).toBe(42);
      // An update keeps its number; a seminar of a type without circle gets none.
      const saved = await api.put(`/node/api/veranstaltung/${seminar.id}`).send({ titel: 'Erstes (neu)' });
      expect(saved.body.debitor).toBe(42);
      const ohne = await post('veranstaltung-typ', { bezeichnung: 'Ohne Debitor' });
      expect(
        (await post('veranstaltung', { titel: 'Ohne', veranstaltung_typ_id: ohne.id })).debitor,
      ).toBeNull();
    });

    it('shows the number a new seminar will get before it is saved, and takes nothing (issue 35)', async () => {
      const kreis = await post('rw-debitor-kreis', {
        titel: 'Debitoren Vorschau',
        current_nr: 4,
        offset_nr: 70000,
      });
      const vorschau = async () =>
        (await api.get(`/node/api/rw-debitor-kreis/${kreis.id}/naechsteNummer`).expect(200)).body;
      expect(await vorschau()).toEqual({ debitor: 70005 });
      expect(await vorschau()).toEqual({ debitor: 70005 });
      expect((await get('rw-debitor-kreis', kreis.id)).current_nr).toBe(4);
      const typ = await post('veranstaltung-typ', { bezeichnung: 'Vorschau', rw_debitor_kreis_id: kreis.id });
      expect((await post('veranstaltung', { titel: 'Vorschau', veranstaltung_typ_id: typ.id })).debitor).toBe(
        70005,
      );
      expect(await vorschau()).toEqual({ debitor: 70006 });
      const fehlt = await api.get('/node/api/rw-debitor-kreis/999999/naechsteNummer').expect(404);
      expect(fehlt.body.message).toBe('Debitoren-Kreis 999999 wurde nicht gefunden.');
    });

    it('gives seminars saved at once distinct consecutive numbers', async () => {
      const kreis = await post('rw-debitor-kreis', { titel: 'Debitoren parallel', current_nr: 1000 });
      const typ = await post('veranstaltung-typ', { bezeichnung: 'Parallel', rw_debitor_kreis_id: kreis.id });
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api.post('/node/api/veranstaltung').send({ titel: `Parallel ${i}`, veranstaltung_typ_id: typ.id }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
      const nummern = responses.map((r) => r.body.debitor as number).sort((a, b) => a - b);
      expect(nummern).toEqual([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008]);
      expect((await get('rw-debitor-kreis', kreis.id)).current_nr).toBe(1008);
    });
  });

  describe('downloads at /download/{file_name}', () => {
    const upload = (data: Record<string, unknown>, content: string, name: string) =>
      api
        .post('/node/api/download/upload')
        .field('data', JSON.stringify(data))
        .attach('file', Buffer.from(content), name)
        .expect(201)
        .then((r) => r.body as Row);
    const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    };

    it('serves a non-public download only with a staff session, under its real name', async () => {
      const ort = await post('veranstaltung-ort', { bezeichnung: 'Haus der Steuerberater' });
      const download = await upload(
        { relation: 'Veranstaltung-Ort', relation_id: ort.id, category: 'Anfahrtsskizze', public: false },
        '%PDF-1.4 Anfahrt',
        'Anfahrt Düsseldorf.pdf',
      );
      const anonym = await t.anonymous().get(`/download/${String(download.file_name)}`);
      expect(anonym.status).toBe(403);
      expect(anonym.body.message).toBe('Diese Datei ist nicht öffentlich.');
      const staff = await api
        .get(`/download/${String(download.file_name)}`)
        .buffer(true)
        .parse(binary);
      expect(staff.status).toBe(200);
      expect((staff.body as Buffer).toString()).toBe('%PDF-1.4 Anfahrt');
      expect(staff.headers['content-disposition']).toBe(
        `attachment; filename="Anfahrt Duesseldorf.pdf"; filename*=UTF-8''Anfahrt%20D%C3%BCsseldorf.pdf`,
      );
      // Made public, anyone gets it.
      await api.put(`/node/api/download/${download.id}`).send({ public: true }).expect(200);
      expect((await t.anonymous().get(`/download/${String(download.file_name)}`)).status).toBe(200);
    });

    it('never serves a download as a page of this site', async () => {
      const seminar = await post('veranstaltung', { titel: 'Mit Anhang' });
      const download = await upload(
        { relation: 'Veranstaltung', relation_id: seminar.id, category: 'Sonstiges' },
        '<script>alert(1)</script>',
        'seite.html',
      );
      const served = await t.anonymous().get(`/download/${String(download.file_name)}`);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['content-disposition']).toBe('attachment; filename="seite.html"');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('TalentLMS courses', () => {
    it('creates a course for a seminar and for an event and stores its id', async () => {
      const seminar = await post('veranstaltung', {
        titel: 'Lohnsteuer kompakt',
        lg_id: 'LG-7',
        beschreibung: 'Für Einsteiger',
        data: { lehrgang: true },
      });
      const created = await api.post(`/node/api/veranstaltung/${seminar.id}/createTlmsCourse`);
      expect(created.status).toBe(200);
      const sent = tlms.received[tlms.received.length - 1];
      expect(sent.path).toBe('/api/v1/createcourse');
      expect(sent.auth).toBe(`Basic ${Buffer.from('kurs-schluessel:').toString('base64')}`);
      expect(Object.fromEntries(sent.body)).toEqual({
        name: 'Lohnsteuer kompakt',
        description: 'Für Einsteiger',
        code: 'LG-7',
      });
      expect((await get('veranstaltung', seminar.id)).data).toEqual({
        lehrgang: true,
        tlms_course_id: created.body.id,
      });
      const again = await api.post(`/node/api/veranstaltung/${seminar.id}/createTlmsCourse`);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        `Es gibt bereits einen TalentLMS-Kurs (ID: ${String(created.body.id)}).`,
      );

      const event = await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        titel: 'Tag 1',
        datum: '2026-05-04',
      });
      const eventKurs = await api.post(`/node/api/veranstaltung-event/${event.id}/createTlmsCourse`);
      expect(eventKurs.status).toBe(200);
      expect(tlms.received[tlms.received.length - 1].body.get('name')).toBe('Lohnsteuer kompakt – Tag 1');
      expect((await get('veranstaltung-event', event.id)).data).toEqual({
        tlms_course_id: eventKurs.body.id,
      });
    });

    it('says that an unsaved record must be saved first, and passes refusals on in German', async () => {
      const unsaved = await api.post('/node/api/veranstaltung/new/createTlmsCourse');
      expect(unsaved.status).toBe(400);
      expect(unsaved.body.message).toBe(
        'Das Seminar muss gespeichert werden, bevor ein TalentLMS-Kurs erstellt werden kann!',
      );
      const event = await api.post('/node/api/veranstaltung-event/new/createTlmsCourse');
      expect(event.body.message).toMatch(/^Die Veranstaltung muss gespeichert werden, bevor/);
      expect((await api.post('/node/api/veranstaltung/987654/createTlmsCourse')).status).toBe(404);

      const seminar = await post('veranstaltung', { titel: 'Abgelehnt' });
      const refused = await api.post(`/node/api/veranstaltung/${seminar.id}/createTlmsCourse`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'TalentLMS hat das Anlegen des Kurses abgelehnt: A course with the same name exists',
      );
      expect((await get('veranstaltung', seminar.id)).data).toBeNull();
    });
  });

  describe('the iCalendar file', () => {
    /** The calendar as an independent parser (ical.js) reads it, with its own time zone data. */
    const parse = (text: string) => {
      const calendar = new ICAL.Component(ICAL.parse(text));
      for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
      return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    };

    it('has one event per date in Berlin time across a daylight-saving change, with the room', async () => {
      const ort = await post('veranstaltung-ort', {
        bezeichnung: 'Haus der Steuerberater; Saal 1',
        strasse: 'Grafenberger Allee 98',
        plz: '40237',
        ort: 'Düsseldorf',
      });
      const beschreibung = `Aktuelle Fälle, Rechtsprechung; BMF-Schreiben.\n${'Übungen zur Körperschaftsteuer. '.repeat(6)}`;
      const seminar = await post('veranstaltung', { titel: 'Bilanzen, Steuern & Recht', beschreibung });
      const vorher = await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        titel: 'Tag 1: Grundlagen',
        datum: '2026-03-28',
        beginn: '09:00',
        ende: '17:00',
        veranstaltung_ort_id: ort.id,
      });
      const nachher = await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        datum: '2026-03-30',
        beginn: '09:00',
        ende: '12:30',
      });
      const response = await api.get(`/node/api/veranstaltung/${seminar.id}/ical`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="Bilanzen, Steuern & Recht.ics"',
      );
      const text = response.text;
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const [tag1, tag2] = parse(text);
      expect(tag1.uid).toBe(`veranstaltung-event-${vorher.id}@verbandsverwaltung`);
      expect(tag2.uid).toBe(`veranstaltung-event-${nachher.id}@verbandsverwaltung`);
      expect(tag1.summary).toBe('Bilanzen, Steuern & Recht – Tag 1: Grundlagen');
      expect(tag2.summary).toBe('Bilanzen, Steuern & Recht');
      expect(tag1.location).toBe('Haus der Steuerberater; Saal 1, Grafenberger Allee 98, 40237 Düsseldorf');
      expect(tag1.description).toBe(beschreibung);
      // 09:00 in Berlin is 08:00 UTC before the change (CET) and 07:00 UTC after it (CEST).
      expect(tag1.startDate.toJSDate().toISOString()).toBe('2026-03-28T08:00:00.000Z');
      expect(tag1.endDate.toJSDate().toISOString()).toBe('2026-03-28T16:00:00.000Z');
      expect(tag2.startDate.toJSDate().toISOString()).toBe('2026-03-30T07:00:00.000Z');
      expect(tag2.endDate.toJSDate().toISOString()).toBe('2026-03-30T10:30:00.000Z');
      expect(tag1.startDate.zone?.tzid).toBe('Europe/Berlin');

      // The same event keeps its UID in a later file.
      await api.put(`/node/api/veranstaltung-event/${nachher.id}`).send({ beginn: '10:00' }).expect(200);
      const [, spaeter] = parse((await api.get(`/node/api/veranstaltung/${seminar.id}/ical`)).text);
      expect(spaeter.uid).toBe(tag2.uid);
      expect(spaeter.startDate.toJSDate().toISOString()).toBe('2026-03-30T08:00:00.000Z');
    });

    it('has one event for a seminar without events, and refuses one without any date', async () => {
      const seminar = await post('veranstaltung', {
        titel: 'Abendvortrag',
        beginn: '2026-10-24T16:00:00.000Z',
        ende: '2026-10-25T19:00:00.000Z',
      });
      const [vevent] = parse((await api.get(`/node/api/veranstaltung/${seminar.id}/ical`)).text);
      expect(vevent.uid).toBe(`veranstaltung-${seminar.id}@verbandsverwaltung`);
      expect(vevent.startDate.toString()).toBe('2026-10-24T18:00:00');
      expect(vevent.endDate.toString()).toBe('2026-10-25T20:00:00');
      const ohne = await post('veranstaltung', { titel: 'Noch ohne Termin' });
      const refused = await api.get(`/node/api/veranstaltung/${ohne.id}/ical`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Das Seminar hat noch keinen Termin für den Kalender.');
      expect((await t.anonymous().get(`/node/api/veranstaltung/${seminar.id}/ical`)).status).toBe(403);
    });
  });
});

describe.each(databases())('TalentLMS not configured on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('refuses to create a course with 409', async () => {
    const api = await t.login();
    const seminar = (await api.post('/node/api/veranstaltung').send({ titel: 'Ohne LMS' })).body as Row;
    const response = await api.post(`/node/api/veranstaltung/${seminar.id}/createTlmsCourse`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('TalentLMS ist nicht konfiguriert');
  });
});
