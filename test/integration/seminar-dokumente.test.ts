import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { binary, pdfPages, pdfText } from '../support/pdf-text';
import {
  BESCHEINIGUNGEN_PDF,
  SERIENBRIEF_PDF,
} from '../../src/seminars/adapters/jobs/seminar-dokumente.jobs';
import { clearQueues, redisTestDatabase } from '../support/redis-test';
import { databases, type DatabaseKind, startTestApp, TestApp } from '../support/test-app';
import { createRecord, readRecord } from '../support/crud';

type Row = Record<string, unknown> & { id: number };

type Auftrag = { name: string; id: string };
interface Stand {
  zustand: string;
  fortschritt: { erledigt: number; gesamt: number; schritt?: string } | null;
  ergebnis?: Record<string, unknown> & { datei: string };
  fehler?: string;
}

/**
 * Issue 11 through HTTP: the participant list from the current bookings, participation toggles
 * with their event ids, teilnehmer_count kept by the booking save path, certificates (single,
 * refused, merged), invitations, Serienbrief and Teilnehmerübersicht read back as text. Issue 18:
 * the batch PDFs (all certificates, the Serienbrief) as long work with counted progress, kept as a
 * file for download once done. With REDIS_TEST_URL the batch PDFs run on BullMQ as well (on SQLite:
 * the queue does not depend on the database), in a Redis database of their own.
 */
const redisUrl = redisTestDatabase(4);
const QUEUES = [BESCHEINIGUNGEN_PDF, SERIENBRIEF_PDF];
const cases: [DatabaseKind, string, Record<string, string>][] = databases().map((kind) => [
  kind,
  'in-process',
  {},
]);
if (redisUrl) cases.push(['sqlite', 'BullMQ', { REDIS_URL: redisUrl }]);

describe.each(cases)('seminar documents on %s with the %s queue', (kind, _queue, env) => {
  let t: TestApp;
  let api: request.Agent;
  let seminar: Row;
  let events: Row[];
  let personen: Row[];
  let buchungen: Row[];

  const post = (resource: string, body: Record<string, unknown>) => createRecord(api, resource, body);
  const get = (resource: string, id: number) => readRecord(api, resource, id);
  const liste = async (eventId?: number): Promise<Row[]> =>
    (
      await api
        .get(`/node/veranstaltung/${seminar.id}/teilnehmerListe`)
        .query(eventId ? { event_id: eventId } : {})
        .expect(200)
    ).body as Row[];
  const pdf = async (path: string, query: Record<string, unknown> = {}, status = 200) => {
    const response = await api.get(path).query(query).buffer(true).parse(binary);
    if (response.status !== status)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  const meldung = (response: request.Response) =>
    (JSON.parse((response.body as Buffer).toString()) as { message: string }).message;
  /** Starts a batch PDF asking for the 202 at once, as a long one answers after a second. */
  const imHintergrund = async (path: string, body: Record<string, unknown> = {}): Promise<Auftrag> => {
    const response = await api.post(path).set('Prefer', 'respond-async').send(body);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 202,
      body: { auftrag: { name: expect.any(String), id: expect.any(String) } },
    });
    return response.body.auftrag as Auftrag;
  };
  /** Polls the status route as the screen does until the job ended. */
  const bisZumEnde = async ({ name, id }: Auftrag): Promise<Stand> => {
    for (const ende = Date.now() + 60_000; Date.now() < ende;) {
      const stand = (await api.get(`/node/api/auftraege/${name}/${id}`).expect(200)).body as Stand;
      if (stand.zustand === 'completed' || stand.zustand === 'failed') return stand;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Der Auftrag ${name} ${id} endet nicht.`);
  };
  const herunterladen = ({ name, id }: Auftrag, status = 200) =>
    pdf(`/node/api/auftraege/${name}/${id}/datei`, {}, status);
  /** The finished files of long work under FILES_DIR, temporary ones included. */
  const auftragsdateien = () => {
    const dir = join(t.dir, 'files', 'auftraege');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const zahlen = async () => ({
    seminar: (await get('veranstaltung', seminar.id)).teilnehmer_count,
    events: await Promise.all(
      events.map(async (e) => (await get('veranstaltung-event', e.id)).teilnehmer_count),
    ),
  });

  beforeAll(async () => {
    if (env.REDIS_URL) await clearQueues(env.REDIS_URL, QUEUES);
    t = await startTestApp(kind, { env });
    api = await t.login();
    const marke = await post('fachberatermarke', { bezeichnung: 'Fachberater für Sanierung' });
    seminar = await post('veranstaltung', {
      titel: 'Grundsteuer für Privatpersonen',
      lg_id: 'LG-2024-17',
      fachberatermarke_id: marke.id,
      fachberater_stunden: 5,
      fortbildungspass_stunden: 8,
      data: { seminareinladung_pdf: { subtitle: 'Neue Bewertung ab 2025', einfuehrung: null } },
      preis1_beschreibung: 'Mitglieder',
      preis1: 249.5,
    });
    const ort = await post('veranstaltung-ort', { bezeichnung: 'Haus der Wirtschaft' });
    events = [
      await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        datum: '2024-03-05',
        beginn: '09:00',
        ende: '13:00',
        veranstaltung_ort_id: ort.id,
        fortbildungspass_stunden: 4,
        fachberater_stunden: 2.5,
      }),
      await post('veranstaltung-event', {
        veranstaltung_id: seminar.id,
        datum: '2024-03-12',
        beginn: '09:00',
        ende: '13:30',
        veranstaltung_ort_id: ort.id,
        fortbildungspass_stunden: 4.5,
        fachberater_stunden: 2.5,
      }),
    ];
    personen = [
      await post('benutzer', {
        vorname: 'Jürgen',
        nachname: 'Müßig',
        kennnummer: '100001',
        atr_mitglied: true,
      }),
      await post('benutzer', { vorname: 'Änne', nachname: 'Öztürk', kennnummer: '100002' }),
      await post('benutzer', { vorname: 'Björn', nachname: 'Weiß', kennnummer: '100003' }),
    ];
    const buche = (person: Row, ziel: Record<string, unknown>, betrag: number) =>
      post('rw-transaction', {
        category: 'seminare',
        benutzer_id: person.id,
        betrag,
        buchung_typ: 'backoffice',
        titel: 'Grundsteuer',
        ...ziel,
      });
    buchungen = [
      await buche(personen[0], { veranstaltung_id: seminar.id }, 249.5),
      await buche(personen[1], { veranstaltung_id: seminar.id }, 299),
      // Björn only the second date.
      await buche(personen[2], { veranstaltung_event_id: events[1].id }, 150),
    ];
    await post('bescheinigung', {
      titel: 'Teilnahmebescheinigung',
      template_file: 'teilnahmebescheinigung.pdf',
      aktiv: true,
      data: { textfeld1: 'Anerkannt nach § 15 FAO – Prüfung bestanden.' },
    });
  });
  afterAll(async () => {
    await t?.close();
    if (env.REDIS_URL) await clearQueues(env.REDIS_URL, QUEUES);
  });

  describe('participant list and participation', () => {
    it('lists the participants of the current bookings with their events, and the counts follow the bookings', async () => {
      const rows = await liste();
      expect(rows.map((r) => r.nachname)).toEqual(['Müßig', 'Öztürk', 'Weiß']);
      expect(rows[0]).toMatchObject({
        benutzer_id: personen[0].id,
        kennnummer: '100001',
        vorname: 'Jürgen',
        typ: 'backoffice',
        betrag: 249.5,
        mitglied: true,
        teilnahme: true,
        nicht_teilnahme: [],
        is_in: true,
        event_ids: events.map((e) => e.id),
      });
      expect(rows[2].event_ids).toEqual([events[1].id]);
      expect((await liste(events[0].id)).map((r) => r.is_in)).toEqual([true, true, false]);
      expect(await zahlen()).toEqual({ seminar: 3, events: [2, 3] });
    });

    it('stores the event ids of an absence, shows it in the list and the counts, and undoes it', async () => {
      const [jurgen] = personen;
      const version = (await get('veranstaltung', seminar.id)).version;
      const created = await api
        .post('/node/api/veranstaltung-nicht-teilnahme')
        .send({ benutzer_id: jurgen.id, veranstaltung_id: seminar.id, event_ids: [events[0].id] })
        .expect(201);
      expect(created.body).toEqual([expect.objectContaining({ veranstaltung_event_id: events[0].id })]);
      expect((await liste(events[0].id))[0]).toMatchObject({ teilnahme: false, is_in: true });
      expect((await liste())[0]).toMatchObject({ teilnahme: true });
      expect(await zahlen()).toEqual({ seminar: 3, events: [1, 3] });
      // A derived count is no edit: an edit window loaded before still saves.
      expect((await get('veranstaltung', seminar.id)).version).toBe(version);

      // The whole seminar: no event ids.
      await api
        .post('/node/api/veranstaltung-nicht-teilnahme')
        .send({ benutzer_id: jurgen.id, veranstaltung_id: seminar.id, event_ids: [] })
        .expect(201);
      expect((await liste())[0]).toMatchObject({ teilnahme: false });
      expect(await zahlen()).toEqual({ seminar: 2, events: [1, 2] });

      const removed = await api
        .delete('/node/api/veranstaltung-nicht-teilnahme')
        .send({ benutzer_id: jurgen.id, veranstaltung_id: seminar.id, event_ids: [] })
        .expect(200);
      expect(removed.body).toEqual({ deleted: 1 });
      const ids = ((await liste())[0].nicht_teilnahme as Row[]).map((n) => n.id);
      await api.delete('/node/api/veranstaltung-nicht-teilnahme').send({ ids }).expect(200);
      expect(await zahlen()).toEqual({ seminar: 3, events: [2, 3] });
    });

    it.each([
      [
        'a Benutzer who is not booked',
        () => ({ benutzer_id: 999_999, veranstaltung_id: seminar.id }),
        404,
        'nicht angemeldet',
      ],
      [
        'an event of another seminar',
        () => ({ benutzer_id: personen[0].id, veranstaltung_id: seminar.id, event_ids: [999_999] }),
        400,
        'gehören nicht zu diesem Seminar',
      ],
      ['a missing seminar', () => ({ benutzer_id: personen[0].id }), 400, '„Seminar“ fehlt'],
    ])('refuses %s and records nothing', async (_, body, status, message) => {
      const response = await api.post('/node/api/veranstaltung-nicht-teilnahme').send(body()).expect(status);
      expect(response.body.message).toContain(message);
      expect((await liste()).every((r) => (r.nicht_teilnahme as unknown[]).length === 0)).toBe(true);
    });

    it('counts a new version of a booking once and drops a cancelled one', async () => {
      const alt = buchungen[1];
      // A change writes the new version (billing's versioning, issue 13).
      const neu = (await api.put(`/node/api/rw-transaction/${alt.id}`).send({ betrag: 199 }).expect(200))
        .body;
      expect((await liste()).find((r) => r.benutzer_id === personen[1].id)?.betrag).toBe(199);
      expect(await zahlen()).toEqual({ seminar: 3, events: [2, 3] });
      await api.put(`/node/api/rw-transaction/${neu.id}`).send({ storno: true }).expect(200);
      expect((await liste()).map((r) => r.nachname)).toEqual(['Müßig', 'Weiß']);
      expect(await zahlen()).toEqual({ seminar: 2, events: [1, 2] });
      await api.put(`/node/api/rw-transaction/${neu.id}`).send({ storno: false }).expect(200);
      expect(await zahlen()).toEqual({ seminar: 3, events: [2, 3] });
    });

    it('answers 404 for an unknown seminar or an event of another seminar', async () => {
      await api.get('/node/veranstaltung/999999/teilnehmerListe').expect(404);
      await api
        .get(`/node/veranstaltung/${seminar.id}/teilnehmerListe`)
        .query({ event_id: 999_999 })
        .expect(404);
    });
  });

  describe('certificates', () => {
    const bescheinigung = (benutzer: Row, status = 200) =>
      pdf(
        '/node/api/bescheinigung/seminar_teilnehmer',
        { veranstaltung_id: seminar.id, benutzer_id: benutzer.id },
        status,
      );

    it('are refused while the seminar has not released them', async () => {
      const response = await bescheinigung(personen[0], 409);
      expect(JSON.parse(response.body.toString()).message).toContain('nicht freigegeben');
    });

    it('print name, seminar, attended dates and hours, and are refused to who did not take part', async () => {
      await api
        .put(`/node/api/veranstaltung/${seminar.id}`)
        .send({ freigabe_teilnahme_bescheinigung: true })
        .expect(200);
      const response = await bescheinigung(personen[0]);
      expect(response.headers['content-type']).toContain('application/pdf');
      expect(response.headers['content-disposition']).toContain('Teilnahmebescheinigung LG-2024-17');
      const text = pdfText(response.body as Buffer);
      expect(text).toContain('Jürgen Müßig');
      expect(text).toContain('Kennnummer 100001');
      expect(text).toContain('Grundsteuer für Privatpersonen (LG-2024-17)');
      expect(text).toContain('am 05.03.2024, 12.03.2024');
      expect(text).toContain('Umfang der Fortbildung: 8,50 Stunden');
      expect(text).toContain('Davon anrechenbar für Fachberater für Sanierung: 5,00 Stunden');
      expect(text).toContain('Anerkannt nach § 15 FAO – Prüfung bestanden.');
      expect(text).not.toContain('{{');

      // Björn booked only the second date: its hours alone.
      expect(pdfText((await bescheinigung(personen[2])).body as Buffer)).toContain(
        'Umfang der Fortbildung: 4,50 Stunden',
      );

      await api
        .post('/node/api/veranstaltung-nicht-teilnahme')
        .send({ benutzer_id: personen[1].id, veranstaltung_id: seminar.id })
        .expect(201);
      const refused = await bescheinigung(personen[1], 409);
      expect(JSON.parse(refused.body.toString()).message).toBe(
        'Änne Öztürk hat am Seminar „Grundsteuer für Privatpersonen“ nicht teilgenommen.',
      );
      await bescheinigung({ id: 999_999 } as Row, 404);
      await pdf(
        '/node/api/bescheinigung/seminar_teilnehmer',
        { veranstaltung_id: 999_999, benutzer_id: personen[0].id },
        404,
      );
    });

    it('merges the certificates of all who took part into one PDF', async () => {
      const response = await pdf('/node/api/bescheinigung/seminar', { veranstaltung_id: seminar.id });
      const pages = pdfPages(response.body as Buffer).map((p) => p.replace(/\s+/g, ' '));
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('Jürgen Müßig');
      expect(pages[1]).toContain('Björn Weiß');
    });

    it('writes them as long work: 202, the certificates counted, then the one PDF to download', async () => {
      const auftrag = await imHintergrund('/node/api/bescheinigung/seminar', {
        veranstaltung_id: seminar.id,
      });
      expect(auftrag.name).toBe('bescheinigungen-pdf');
      const stand = await bisZumEnde(auftrag);
      expect(stand).toMatchObject({
        zustand: 'completed',
        fortschritt: { erledigt: 2, gesamt: 2, schritt: 'Bescheinigungen werden erstellt' },
        ergebnis: {
          name: 'Bescheinigungen LG-2024-17 Grundsteuer für Privatpersonen.pdf',
          seiten: 2,
          auftrag,
        },
      });
      // A file under FILES_DIR (workers may run elsewhere), not the PDF in the job's result.
      expect(auftragsdateien()).toContain(stand.ergebnis!.datei);
      expect(JSON.stringify(stand).length).toBeLessThan(1000);

      const response = await herunterladen(auftrag);
      expect(response.headers['content-type']).toContain('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Bescheinigungen LG-2024-17 Grundsteuer fuer Privatpersonen.pdf"; filename*=UTF-8''Bescheinigungen%20LG-2024-17%20Grundsteuer%20f%C3%BCr%20Privatpersonen.pdf`,
      );
      const pages = pdfPages(response.body as Buffer).map((p) => p.replace(/\s+/g, ' '));
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('Jürgen Müßig');
      expect(pages[1]).toContain('Björn Weiß');

      // Quick enough for the wait it asks for: the same result at once, and the same download.
      const schnell = await api
        .post('/node/api/bescheinigung/seminar')
        .set('Prefer', 'wait=20')
        .send({ veranstaltung_id: seminar.id })
        .expect(200);
      expect(schnell.body).toMatchObject({ seiten: 2, auftrag: { name: 'bescheinigungen-pdf' } });
      expect(schnell.body.datei).not.toBe(stand.ergebnis!.datei);
      expect(pdfPages((await herunterladen(schnell.body.auftrag as Auftrag)).body as Buffer)).toHaveLength(2);
    });

    it('serves no file for an unknown job, one that ends in none, or one that failed, in German', async () => {
      expect(meldung(await herunterladen({ name: 'bescheinigungen-pdf', id: '999999' }, 404))).toBe(
        'Den Auftrag bescheinigungen-pdf 999999 gibt es nicht (mehr); erledigte Aufträge werden nach einer Weile vergessen.',
      );
      await herunterladen({ name: 'rechnungslauf', id: '1' }, 404);
      const fehlt = await imHintergrund('/node/api/bescheinigung/seminar', { veranstaltung_id: 999_999 });
      expect(await bisZumEnde(fehlt)).toMatchObject({
        zustand: 'failed',
        fehler: expect.stringContaining('999999'),
      });
      expect(meldung(await herunterladen(fehlt, 404))).toBe(
        `Der Auftrag bescheinigungen-pdf ${fehlt.id} ist fehlgeschlagen und hat keine Datei erstellt.`,
      );
      const ohneSeminar = await api.post('/node/api/bescheinigung/seminar').send({}).expect(400);
      expect(ohneSeminar.body.message).toBe('Bitte prüfen Sie die Eingaben: „Seminar“ fehlt.');
    });

    it('names the template and the field of a failing expression or a missing file, and writes nothing', async () => {
      const kaputt = await post('bescheinigung', {
        titel: 'Kaputte Bescheinigung',
        template_file: 'kaputt.hbs',
        aktiv: true,
        // More specific than the first one: it wins.
        data: { fortbildungspass: true },
      });
      await api
        .post('/node/api/bescheinigung/files')
        .attach('file', Buffer.from('# {{teilnehmer.name}}\n{{seminar.raum}}'), 'kaputt.hbs')
        .expect(201);
      const broken = await bescheinigung(personen[0], 409);
      expect(JSON.parse(broken.body.toString()).message).toBe(
        'Die Vorlage „Kaputte Bescheinigung“ kann nicht gefüllt werden: Feld „Zeile 2“ – „raum“ ist in den Daten nicht vorhanden.',
      );
      const merged = await pdf('/node/api/bescheinigung/seminar', { veranstaltung_id: seminar.id }, 409);
      expect(merged.headers['content-type']).toContain('application/json');
      // As long work: the same refusal, as the job's German reason or the quick call's 409.
      const vorher = auftragsdateien();
      const lang = await imHintergrund('/node/api/bescheinigung/seminar', { veranstaltung_id: seminar.id });
      expect(await bisZumEnde(lang)).toMatchObject({
        zustand: 'failed',
        fehler:
          'Die Vorlage „Kaputte Bescheinigung“ kann nicht gefüllt werden: Feld „Zeile 2“ – „raum“ ist in den Daten nicht vorhanden.',
      });
      await herunterladen(lang, 404);
      const schnell = await api
        .post('/node/api/bescheinigung/seminar')
        .set('Prefer', 'wait=20')
        .send({ veranstaltung_id: seminar.id })
        .expect(409);
      expect(schnell.body.message).toContain('„Kaputte Bescheinigung“ kann nicht gefüllt werden');
      // Nothing half-written is kept, not even hidden.
      expect(auftragsdateien()).toEqual(vorher);

      await api
        .put(`/node/api/bescheinigung/${kaputt.id}`)
        .send({ template_file: 'gibt-es-nicht.pdf' })
        .expect(200);
      const missing = await bescheinigung(personen[0], 409);
      expect(JSON.parse(missing.body.toString()).message).toBe(
        'Die Vorlage „Kaputte Bescheinigung“ kann nicht gefüllt werden: Feld „Vorlagendatei“ – die Datei „gibt-es-nicht.pdf“ gibt es nicht.',
      );
      await api.put(`/node/api/bescheinigung/${kaputt.id}`).send({ aktiv: false }).expect(200);
      await bescheinigung(personen[0]);
    });

    it('keeps the seminar types only with a filter variant', async () => {
      const b = await post('bescheinigung', {
        titel: 'Ohne Filter',
        aktiv: false,
        data: { veranstaltungTypenFilterVariant: 'none', veranstaltungTypen: [1, 2] },
      });
      expect(b.data).toMatchObject({ veranstaltungTypenFilterVariant: null, veranstaltungTypen: [] });
    });

    it('refuses filters it could not honour with a German field error and stores nothing', async () => {
      const gut = {
        veranstaltungTypenFilterVariant: 'include',
        veranstaltungTypen: [1, 2],
        events_from: '2024-01-01',
        events_to: '2024-06-30',
      };
      const b = await post('bescheinigung', { titel: 'Gefiltert', aktiv: false, data: gut });
      const verkehrt = await api
        .put(`/node/api/bescheinigung/${b.id}`)
        .send({ data: { ...gut, events_from: '2024-07-01' } })
        .expect(400);
      expect(verkehrt.body.message).toBe(
        'Bitte prüfen Sie die Eingaben: „Veranstaltungen bis“ darf nicht vor „Veranstaltungen ab“ liegen.',
      );
      expect(verkehrt.body.errors).toEqual({
        'data.events_to': 'darf nicht vor „Veranstaltungen ab“ liegen',
      });
      const unbekannt = await api
        .put(`/node/api/bescheinigung/${b.id}`)
        .send({ data: { ...gut, veranstaltungTypenFilterVariant: 'alle' } })
        .expect(400);
      expect(unbekannt.body.message).toBe(
        'Bitte prüfen Sie die Eingaben: „Filter nach Seminar-Typen“ muss keiner, Einschluss oder Ausschluss sein.',
      );
      expect((await get('bescheinigung', b.id)).data).toEqual(gut);
      await api
        .post('/node/api/bescheinigung')
        .send({ titel: 'Ohne Typen', data: { veranstaltungTypenFilterVariant: 'exclude' } })
        .expect(400);
      const alle = (await api.get('/node/api/bescheinigung').expect(200)).body as Row[];
      expect(alle.map((x) => x.titel)).not.toContain('Ohne Typen');
    });
  });

  describe('invitation, Serienbrief and Teilnehmerübersicht', () => {
    it('renders the invitation of the chosen seminars with the texts that are strings, named in Content-Disposition', async () => {
      const response = await api
        .post('/node/api/pdf-vorlage/render')
        .send({
          typ: 'Seminareinladung-Vorlage',
          template_file: 'seminareinladung.hbs',
          titel: 'Einladung Grundsteuer',
          data: {
            veranstaltung_ids: [seminar.id],
            headline: 'Jetzt anmelden – Plätze begrenzt!',
            zahlungs_hinweis: null,
          },
        })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(response.headers['content-disposition']).toContain('Einladung Grundsteuer LG-2024-17.pdf');
      const text = pdfText(response.body as Buffer);
      expect(text).toContain('Grundsteuer für Privatpersonen');
      expect(text).toContain('Neue Bewertung ab 2025');
      expect(text).toContain('Jetzt anmelden – Plätze begrenzt!');
      expect(text).toContain('05.03.2024 09:00–13:00 Haus der Wirtschaft');
      expect(text).toContain('Mitglieder: 249,50 €');
      expect(text).not.toContain('Einführung');
    });

    it('renders a stored entry, refuses the template type itself, and a missing template file', async () => {
      const eintrag = await post('pdf-vorlage', {
        titel: 'Einladung Frühjahr',
        typ: 'Seminareinladung',
        template_file: 'seminareinladung.hbs',
        data: { veranstaltung_ids: [seminar.id] },
      });
      const ok = await pdf(`/node/api/pdf-vorlage/${eintrag.id}/render`);
      expect(pdfText(ok.body as Buffer)).toContain('Grundsteuer für Privatpersonen');
      const vorlage = await post('pdf-vorlage', {
        titel: 'Einladungsvorlage',
        typ: 'Seminareinladung-Vorlage',
        template_file: 'seminareinladung.hbs',
      });
      await pdf(`/node/api/pdf-vorlage/${vorlage.id}/render`, {}, 409);
      await pdf('/node/api/pdf-vorlage/999999/render', {}, 404);
      const fehlt = await api
        .post('/node/api/pdf-vorlage/render')
        .send({ titel: 'X', template_file: 'fehlt.hbs', data: { veranstaltung_ids: [seminar.id] } })
        .expect(409);
      expect(fehlt.body.message).toContain('Feld „Vorlagendatei“ – die Datei „fehlt.hbs“ gibt es nicht');
      await api
        .post('/node/api/pdf-vorlage/render')
        .send({ titel: 'X', data: { veranstaltung_ids: [999_999] } })
        .expect(404);
    });

    it('previews texts not yet saved: a given null switches a saved text off (issue 35)', async () => {
      const response = await api
        .post('/node/api/pdf-vorlage/render')
        .send({
          titel: 'Einladung Grundsteuer',
          data: { veranstaltung_ids: [seminar.id], subtitle: null, headline: 'Noch nicht gespeichert' },
        })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const text = pdfText(response.body as Buffer);
      expect(text).toContain('Noch nicht gespeichert');
      expect(text).not.toContain('Neue Bewertung ab 2025');
    });

    it('writes each letter to the postal address with the dates attended, and breaks long e-mail addresses (issue 35)', async () => {
      const [juergen, , bjoern] = personen;
      await post('benutzer-adresse', {
        benutzer_id: bjoern.id,
        zeile1: 'Kanzlei Weiß & Partner',
        zeile2: 'Herrn Björn Weiß',
        zeile3: 'Königstraße 12',
        zeile4: '70173 Stuttgart',
        strasse: 'Königstraße 12',
        plz: '70173',
        ort: 'Stuttgart',
      });
      const alt = await post('benutzer-adresse', {
        benutzer_id: juergen.id,
        strasse: 'Altweg 1',
        ort: 'Ulm',
      });
      const mitglied = await post('benutzer-adresse', {
        benutzer_id: juergen.id,
        strasse: 'Marktplatz 3',
        plz: '89073',
        ort: 'Ulm',
      });
      await api
        .put(`/node/api/benutzer/${juergen.id}`)
        .send({ re_adresse_id: alt.id, mi_adresse_id: mitglied.id })
        .expect(200);
      const email = await post('benutzer-email', {
        benutzer_id: juergen.id,
        email: 'juergen.muessig-steuerberatung@kanzlei-muessig-und-kollegen.de',
      });
      await api.put(`/node/api/benutzer/${juergen.id}`).send({ primaeremail_id: email.id }).expect(200);

      const briefe = pdfPages(
        (await pdf(`/node/api/veranstaltung/${seminar.id}/serienbrief-pdf`)).body as Buffer,
      ).map((p) => p.replace(/\s+/g, ' '));
      const an = (name: string) => briefe.find((b) => b.includes(name)) ?? '';
      // The kept lines are the whole block; without them name, street and town.
      expect(an('Björn')).toContain('Kanzlei Weiß & Partner Herrn Björn Weiß Königstraße 12 70173 Stuttgart');
      expect(an('Björn')).not.toMatch(/Björn Weiß Kanzlei/);
      // Björn booked the second date only: his letter names it, not the seminar's first.
      expect(an('Björn')).toContain('„Grundsteuer für Privatpersonen“ am 12.03.2024.');
      expect(an('Björn')).not.toContain('05.03.2024');
      expect(an('Jürgen')).toContain('Jürgen Müßig Marktplatz 3 89073 Ulm');
      expect(an('Jürgen')).not.toContain('Altweg');
      expect(an('Jürgen')).toContain('am 05.03.2024 und 12.03.2024.');

      const uebersicht = pdfPages(
        (await pdf(`/node/api/veranstaltung/${seminar.id}/teilnehmeruebersicht-pdf`)).body as Buffer,
      ).join('\n');
      const zeilen = uebersicht.split('\n').map((z) => z.trim());
      // The address is cut at its separators ('@', '.', '-'), each part a whole piece of it.
      const teile = zeilen.filter((z) => /muessig|kanzlei|kollegen/.test(z)).map((z) => z.split(' ').pop()!);
      expect(teile.join('')).toBe('juergen.muessig-steuerberatung@kanzlei-muessig-und-kollegen.de');
      expect(teile.length).toBeGreaterThan(1);
      // Each line ends at a separator ('-', '_', '/') or the next starts with one ('@', '.').
      teile
        .slice(0, -1)
        .forEach((teil, i) => expect(`${teil.slice(-1)}${teile[i + 1][0]}`).toMatch(/^[-_/]|[@.]$/));
    });

    it('prints the Serienbrief and the Teilnehmerübersicht over several pages', async () => {
      for (let i = 0; i < 45; i++) {
        const p = await post('benutzer', {
          vorname: `Käthe ${i}`,
          nachname: `Größer-${String(i).padStart(2, '0')}`,
        });
        await post('rw-transaction', {
          category: 'seminare',
          benutzer_id: p.id,
          veranstaltung_id: seminar.id,
          betrag: 10,
        });
      }
      const uebersicht = pdfPages(
        (await pdf(`/node/api/veranstaltung/${seminar.id}/teilnehmeruebersicht-pdf`)).body as Buffer,
      );
      expect(uebersicht.length).toBeGreaterThan(1);
      const alles = uebersicht.join(' ').replace(/\s+/g, ' ');
      expect(alles).toContain('Teilnehmerübersicht');
      expect(alles).toContain('48 Teilnehmer');
      expect(alles).toContain('Größer-44, Käthe 44');
      expect(alles).toContain('Öztürk, Änne 100002');
      const briefe = pdfPages(
        (await pdf(`/node/api/veranstaltung/${seminar.id}/serienbrief-pdf`)).body as Buffer,
      );
      // One letter per participant who took part (Änne did not).
      expect(briefe).toHaveLength(47);
      expect(briefe[0].replace(/\s+/g, ' ')).toContain(
        'Ihre Teilnahme am Seminar „Grundsteuer für Privatpersonen“ (LG-2024-17)',
      );
      expect(await zahlen()).toEqual({ seminar: 47, events: [46, 47] });

      // As long work: the letters counted one by one, then the same 47 pages to download.
      const auftrag = await imHintergrund(`/node/api/veranstaltung/${seminar.id}/serienbrief-pdf`);
      expect(auftrag.name).toBe('serienbrief-pdf');
      expect(await bisZumEnde(auftrag)).toMatchObject({
        zustand: 'completed',
        fortschritt: { erledigt: 47, gesamt: 47, schritt: 'Briefe werden erstellt' },
        ergebnis: { name: 'Serienbrief LG-2024-17.pdf', seiten: 47, auftrag },
      });
      const lang = await herunterladen(auftrag);
      expect(lang.headers['content-disposition']).toBe('attachment; filename="Serienbrief LG-2024-17.pdf"');
      const geladen = pdfPages(lang.body as Buffer).map((p) => p.replace(/\s+/g, ' '));
      expect(geladen).toEqual(briefe.map((p) => p.replace(/\s+/g, ' ')));
    });

    it('refuses the Serienbrief of a seminar nobody took part in', async () => {
      const leer = await post('veranstaltung', { titel: 'Leeres Seminar' });
      const response = await api
        .post(`/node/api/veranstaltung/${leer.id}/serienbrief-pdf`)
        .set('Prefer', 'wait=20')
        .expect(409);
      expect(response.body.message).toBe('Am Seminar „Leeres Seminar“ hat niemand teilgenommen.');
      await api.post('/node/api/veranstaltung/999999/serienbrief-pdf').set('Prefer', 'wait=20').expect(404);
    });
  });
});
