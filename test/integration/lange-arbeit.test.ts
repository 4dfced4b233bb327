/**
 * Issue 18 "Progress on long work" through HTTP: every long staff operation — the invoice run, the
 * export, the invoices of a summary by e-mail, the CSV comparison and the refill of a group —
 * answers 202 with its job when asked to (`Prefer: respond-async`, as a long run does after a
 * second), reports its progress on `GET /node/api/auftraege/:name/:id` and ends with the result
 * the quick call answers, or with its German refusal. In-process on every database; with
 * REDIS_TEST_URL also on BullMQ (in a Redis database of its own).
 */
import type request from 'supertest';
import { seminarMitBuchungen, type Abrechnungsdaten } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { clearQueues, redisTestDatabase } from '../support/redis-test';
import { bisZumEnde as zuEnde } from '../support/auftrag';
import { databases, startTestApp, type TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;
const redisUrl = redisTestDatabase(3);
const JOBS = [
  'rechnungslauf',
  'abrechnung-export',
  'rechnungen-email',
  'gruppe-csv-abgleich',
  'gruppe-auffuellen',
];

/** The fields of the status route; nothing of the job's data. */
const FELDER = ['name', 'id', 'zustand', 'fortschritt', 'ergebnis', 'fehler'];

const queues: [string, Record<string, string>][] = [['in-process', {}]];
if (redisUrl) queues.push(['BullMQ', { REDIS_URL: redisUrl }]);

describe.each(databases())('long work on %s', (kind) => {
  describe.each(queues)('with the %s queue', (queue, env) => {
    let t: TestApp;
    let agent: request.Agent;
    let daten: Abrechnungsdaten;
    const objekt = () => ({ category: 'seminare', category_id: daten.seminar });

    /** Starts the work asking for 202 at once; answers the job it names. */
    const imHintergrund = async (pfad: string, body?: object) => {
      const response = await agent.post(pfad).set('Prefer', 'respond-async').send(body);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 202,
        body: { auftrag: { name: expect.any(String), id: expect.any(String) } },
      });
      return response.body.auftrag as { name: string; id: string };
    };

    const bisZumEnde = (auftrag: { name: string; id: string }) => zuEnde(agent, auftrag);

    beforeAll(async () => {
      if (env.REDIS_URL) await clearQueues(env.REDIS_URL, JOBS);
      t = await startTestApp(kind, { env });
      agent = await t.login();
      daten = await seminarMitBuchungen(agent, 3);
    }, STARTUP_TIMEOUT);
    afterAll(async () => {
      await t?.close();
      if (env.REDIS_URL) await clearQueues(env.REDIS_URL, JOBS);
    }, STARTUP_TIMEOUT);

    it('answers the status of its jobs to staff only, and a German 404 for unknown ones', async () => {
      const anonym = await t.anonymous().get('/node/api/auftraege/rechnungslauf/1');
      expect(anonym.status).toBe(403);
      const unbekannt = await agent.get('/node/api/auftraege/rechnungslauf/gibt-es-nicht');
      expect(unbekannt.status).toBe(404);
      expect(unbekannt.body.message).toBe(
        'Den Auftrag rechnungslauf gibt-es-nicht gibt es nicht (mehr); erledigte Aufträge werden nach einer Weile vergessen.',
      );
      // Names other than those of long work are not looked up at all.
      expect((await agent.get('/node/api/auftraege/gruppen-nachtlauf/1')).status).toBe(404);
    });

    it('runs the invoice run in the background with progress up to every invoice, then its result', async () => {
      const auftrag = await imHintergrund('/node/api/rw-rechnung', { ...objekt(), only_verified: true });
      expect(auftrag.name).toBe('rechnungslauf');
      const gesehen = await bisZumEnde(auftrag);
      const ende = gesehen.at(-1)!;
      expect(ende).toEqual({
        name: 'rechnungslauf',
        id: auftrag.id,
        zustand: 'completed',
        // The run's last step: each issued invoice's PDF archived (issue 28).
        fortschritt: { erledigt: 3, gesamt: 3, schritt: 'Rechnungs-PDFs werden archiviert' },
        ergebnis: { all: 3, created: 3, storno: 0, fehler: [] },
      });
      // The job's data (the request and who asked) never shows: only these fields.
      for (const stand of gesehen)
        expect(Object.keys(stand).filter((key) => !FELDER.includes(key))).toEqual([]);
    });

    it('keeps the quick answer and the German refusals of the invoice run', async () => {
      const leer = await agent.post('/node/api/rw-rechnung').send({ ...objekt(), only_verified: true });
      expect({ status: leer.status, body: leer.body }).toEqual({
        status: 200,
        body: { all: 0, created: 0, storno: 0, fehler: [] },
      });
      // Refused before anything is queued, also when 202 was asked for.
      const falsch = await agent
        .post('/node/api/rw-rechnung')
        .set('Prefer', 'respond-async')
        .send({ category: 'kurse', category_id: 1 });
      expect({ status: falsch.status, message: falsch.body.message }).toEqual({
        status: 400,
        message: 'bad category',
      });
      const felder = await agent.post('/node/api/rw-rechnung').send({ rechnungs_nr: 'X-1' });
      expect(felder.status).toBe(409);
      expect(felder.body.message).toMatch(/^Rechnungen entstehen in Abrechnungsläufen/);
    });

    it('exports in the background and mails the summary with progress per invoice', async () => {
      const exportiert = await bisZumEnde(await imHintergrund('/node/api/rw-abrechnung', objekt()));
      const stand = exportiert.at(-1)!;
      expect(stand).toMatchObject({
        zustand: 'completed',
        fortschritt: { erledigt: 3, gesamt: 3, schritt: 'Rechnungen werden der Abrechnung zugeordnet' },
        ergebnis: { all: 3, created: 3, storno: 0, fehler: [], betrag: 870, id: expect.any(Number) },
      });
      const abrechnung = (stand.ergebnis as { id: number }).id;

      const gemailt = await bisZumEnde(
        await imHintergrund(`/node/api/rw-abrechnung/${abrechnung}/rechnungenEmail`),
      );
      expect(gemailt.at(-1)).toMatchObject({
        name: 'rechnungen-email',
        zustand: 'completed',
        fortschritt: { erledigt: 3, gesamt: 3, schritt: 'Rechnungen werden versendet' },
        ergebnis: { message: 'Email erfolgreich versendet', versendet: 3 },
      });
      const unbekannt = await agent
        .post('/node/api/rw-abrechnung/999999/rechnungenEmail')
        .set('Prefer', 'respond-async');
      expect({ status: unbekannt.status, message: unbekannt.body.message }).toEqual({
        status: 404,
        message: 'Abrechnung 999999 wurde nicht gefunden.',
      });
    });

    it('ends a refused mailing with its German reason; the quick call answers it as the 409 it was', async () => {
      const ohneEmail = await seminarMitBuchungen(agent, 2, { name: 'OE', mitEmail: false });
      const body = { category: 'seminare', category_id: ohneEmail.seminar };
      const exportiert = await agent.post('/node/api/rw-abrechnung').set('Prefer', 'wait=25').send(body);
      expect(exportiert.status).toBe(200);
      const pfad = `/node/api/rw-abrechnung/${exportiert.body.id}/rechnungenEmail`;
      const ende = (await bisZumEnde(await imHintergrund(pfad))).at(-1)!;
      expect(ende.zustand).toBe('failed');
      expect(ende.fehler).toMatch(
        /^0 von 2 Rechnungen versendet; nicht versendet: OE-\d{4}-00001: Das Mitglied der Rechnung hat keine primäre Email-Adresse/,
      );
      expect(ende.fortschritt).toEqual({ erledigt: 2, gesamt: 2, schritt: 'Rechnungen werden versendet' });
      const schnell = await agent.post(pfad);
      expect({ status: schnell.status, message: schnell.body.message, code: schnell.body.code }).toEqual({
        status: 409,
        message: ende.fehler,
        code: 'EMAIL_FEHLER',
      });
    });

    it('compares a CSV file in the background with progress per row and the buckets of the quick call', async () => {
      const gruppe = (await createRecord(agent, 'benutzer-gruppe', { name: 'Abgleich LA', typ: 'NWG' })).id;
      const datei = Buffer.from(
        ['E-Mail', ...daten.mitglieder.map((_, i) => `kanzlei-${i}@la.test`), 'niemand@nirgendwo.test'].join(
          '\n',
        ),
      );
      const pfad = `/node/api/benutzer-gruppe/${gruppe}/csv_compare`;
      const hochladen = () => agent.post(pfad).attach('file', datei, 'liste.csv');
      const buckets = async (ergebnis: { auftrag: { name: string; id: string } }) =>
        JSON.parse(
          (
            await agent
              .get(`/node/api/auftraege/${ergebnis.auftrag.name}/${ergebnis.auftrag.id}/datei`)
              .buffer(true)
          ).text,
        );
      const schnell = await hochladen();
      expect(schnell.status).toBe(200);
      expect(schnell.body.anzahl).toEqual({ bereit: 3, vorhanden: 0, inaktiv: 0, nicht_gefunden: 1 });
      const gestartet = await hochladen().set('Prefer', 'respond-async');
      expect(gestartet.status).toBe(202);
      const ende = (await bisZumEnde(gestartet.body.auftrag)).at(-1)!;
      expect(ende).toMatchObject({
        name: 'gruppe-csv-abgleich',
        zustand: 'completed',
        fortschritt: { erledigt: 4, gesamt: 4, schritt: 'Zeilen werden verglichen' },
        ergebnis: { zuordnung: 'email', anzahl: schnell.body.anzahl, name: 'Abgleich.json' },
      });
      expect(await buckets(ende.ergebnis as never)).toEqual(await buckets(schnell.body));
      const leer = await agent
        .post(pfad)
        .set('Prefer', 'respond-async')
        .attach('file', Buffer.alloc(0), 'x.csv');
      expect({ status: leer.status, message: leer.body.message }).toEqual({
        status: 400,
        message: 'Die Datei enthält keine lesbaren Zeilen.',
      });
      const kaputt = await agent
        .post(pfad)
        .set('Prefer', 'respond-async')
        .attach('file', Buffer.from('E-Mail;Name\na@b.de;A;B\n'), 'x.csv');
      expect(kaputt.status).toBe(202);
      expect((await bisZumEnde(kaputt.body.auftrag)).at(-1)).toMatchObject({
        zustand: 'failed',
        fehler:
          'Die CSV-Datei kann nicht gelesen werden (Zeile 2): die Zeile hat 3 Spalten, die Kopfzeile nur 2.',
      });
    });

    it('refills an automatic group in the background, step by step', async () => {
      const gruppe = (
        await createRecord(agent, 'benutzer-gruppe', { name: '', typ: 'Auto', code: 'auto_maennlich' })
      ).id;
      const ende = (
        await bisZumEnde(await imHintergrund(`/node/api/benutzer-gruppe/${gruppe}/auto_refill`))
      ).at(-1)!;
      expect(ende).toMatchObject({
        name: 'gruppe-auffuellen',
        zustand: 'completed',
        fortschritt: { erledigt: 2, gesamt: 2, schritt: 'Gruppe befüllt' },
        ergebnis: { created: 0, deleted: 0 },
      });
      const quick = await agent.post(`/node/api/benutzer-gruppe/${gruppe}/auto_refill`);
      expect({ status: quick.status, body: quick.body }).toEqual({
        status: 200,
        body: { created: 0, deleted: 0 },
      });
      expect(
        (await agent.post('/node/api/benutzer-gruppe/999999/auto_refill').set('Prefer', 'respond-async'))
          .status,
      ).toBe(404);
    });
  });
});
