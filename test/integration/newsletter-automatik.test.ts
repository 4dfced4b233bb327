/**
 * Issue 15: automatic newsletters. A template with automatik for a seminar type makes, for a seminar
 * of that type 20 days ahead and auto_vortage 20, exactly one newsletter with its dispatcher at the
 * send time, with the titles and groups of the template; two checks at the same time and a later
 * one make no second; saving a seminar's event makes (and moves) it a moment later (issue 31). On
 * SQLite and, with MYSQL_TEST_URL, on MariaDB.
 */
import type request from 'supertest';
import { berlinWandzeit, berlinZeitpunkt } from '../../common/kalender';
import { Benutzer } from '../../src/membership/adapters/persistence/benutzer.entity';
import { Newsletter } from '../../src/newsletter/adapters/persistence/newsletter.entity';
import { AUTOMATIK, AUTOMATIK_STUENDLICH } from '../../src/newsletter/adapters/jobs/automatik.jobs';
import { PLANEN } from '../../src/newsletter/adapters/jobs/versand.jobs';
import { NewsletterAutomatik } from '../../src/newsletter/application/automatik';
import { JobQueue } from '../../src/platform/queue/job-queue';
import {
  Veranstaltung,
  VeranstaltungEvent,
} from '../../src/seminars/adapters/persistence/veranstaltung.entity';
import { eventually } from '../support/eventually';
import { databases, startTestApp, type TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

const STARTUP_TIMEOUT = 180_000;

/** 'YYYY-MM-DD' plus whole days. */
const tageSpaeter = (datum: string, tage: number) => {
  const [j, m, d] = datum.split('-').map(Number);
  return new Date(Date.UTC(j, m - 1, d + tage)).toISOString().slice(0, 10);
};

describe.each(databases())('automatic newsletters on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  const post = async (resource: string, body: unknown) => {
    const response = await api.post(`/node/api/${resource}`).send(body as object);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    return response.body as Row;
  };
  const liste = async (resource: string, query: Record<string, unknown>) =>
    (
      await api
        .get(`/node/api/${resource}`)
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
        .expect(200)
    ).body as Row[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
  }, STARTUP_TIMEOUT);

  /**
   * Saving a seminar or event queues a check a moment later (issue 31). The tests that run the
   * check themselves wait for those first, so that theirs is the one that makes the newsletter.
   */
  const checksNachSpeichernErledigt = () =>
    eventually(async () => {
      const queue = t.app.get(JobQueue);
      for (const zustand of ['waiting', 'delayed', 'active'] as const) {
        const offen = (await queue.list(AUTOMATIK, zustand, 0, 100)).filter((job) =>
          job.id.startsWith('automatik-nach-speichern-'),
        );
        expect(offen).toEqual([]);
      }
    });

  /** A seminar of the type starting at 10:00 Berlin time on `datum`, with its Teilnehmer group. */
  async function seminar(typ: number, titel: string, datum: string, mehr: { ausgebucht?: boolean } = {}) {
    const s = await post('veranstaltung', { titel, veranstaltung_typ_id: typ, lg_id: 'LG-26-07', mwst: 19 });
    await t.dataSource.manager.update(
      Veranstaltung,
      { id: s.id },
      { beginn: berlinZeitpunkt(datum, '10:00'), ...mehr },
    );
    // Teilnehmer groups come with their seminar, not through the generic API.
    await t.dataSource.query(
      "INSERT INTO benutzer_gruppe (name, typ, zuordnung, veranstaltung_id) VALUES (?, 'Teilnehmer', 'benutzer', ?)",
      [`Teilnehmer ${titel}`, s.id],
    );
    const [gruppe] = await liste('benutzer-gruppe', { where: { typ: 'Teilnehmer', veranstaltung_id: s.id } });
    return { id: s.id, gruppe: gruppe.id };
  }

  it('makes one newsletter with its dispatcher per seminar, also when checks run at once and again', async () => {
    const typ = await post('veranstaltung-typ', { bezeichnung: 'Lohn-Seminare', mwst: 19 });
    // Send time in an hour, so that it lies ahead whenever the test runs.
    const { datum, uhrzeit } = berlinWandzeit(new Date(Date.now() + 3600_000));
    const tagZeit = uhrzeit.slice(0, 5);
    const beginn = tageSpaeter(datum, 20);
    const lohn = await seminar(typ.id, 'Lohnsteuer kompakt', beginn);
    // Fully booked, and not announced: the template leaves auto_ausgebucht off.
    await seminar(typ.id, 'Ausgebucht', beginn, { ausgebucht: true });
    // Too far ahead for now: made by a later check.
    await seminar(typ.id, 'Später', tageSpaeter(datum, 40));
    const versandGruppe = await post('benutzer-gruppe', {
      name: 'Newsletter Lohn',
      typ: 'NWG',
      zuordnung: 'benutzer',
    });
    const absender = await post('newsletter-absender', {
      name: 'Steuerakademie',
      email: 'news@akademie.test',
    });
    await checksNachSpeichernErledigt();
    const vorlage = await post('newsletter-vorlagen', {
      titel: 'Seminarankündigung',
      veranstaltung_typ_id: typ.id,
      automatik: true,
      auto_typ: 'seminar',
      data: {
        auto_titel: '{lg_id} - {titel} - {datum}',
        auto_betreff: 'Jetzt anmelden: {titel}',
        auto_vortage: 20,
        auto_day_time: tagZeit,
        newsletter_absender_id: absender.id,
        auto_teilnehmer_group: 'exclude',
        versand_gruppen: [versandGruppe.id],
      },
    });

    const automatik = t.app.get(NewsletterAutomatik);
    const [a, b] = await Promise.all([automatik.pruefen(), automatik.pruefen()]);
    expect(a.angelegt.length + b.angelegt.length).toBe(1);
    expect((await automatik.pruefen()).angelegt).toEqual([]);

    const newsletters = await liste('newsletter', {
      where: { newsletter_vorlagen_id: vorlage.id },
      include: ['Benutzer_Gruppes', 'Ausschluss_Gruppes', 'Newsletter_Dispatchers'],
    });
    expect(newsletters).toHaveLength(1);
    const [n] = newsletters;
    expect(n).toMatchObject({
      titel: `LG-26-07 - Lohnsteuer kompakt - ${beginn.split('-').reverse().join('.')}`,
      betreff: 'Jetzt anmelden: Lohnsteuer kompakt',
      veranstaltung_id: lohn.id,
      veranstaltung_event_id: null,
      newsletter_absender_id: absender.id,
      auto_newsletter: true,
      bearbeitungsstatus: 'offen',
    });
    expect((n.Benutzer_Gruppes as Row[]).map((g) => g.id)).toEqual([versandGruppe.id]);
    expect((n.Ausschluss_Gruppes as Row[]).map((g) => g.id)).toEqual([lohn.gruppe]);
    const dispatchers = n.Newsletter_Dispatchers as Row[];
    expect(dispatchers).toHaveLength(1);
    // Issue 32: the automation's dispatch has its Art and Info like one staff make.
    expect(dispatchers[0]).toMatchObject({
      auto_dispatcher: true,
      versendet: false,
      typ: 'auto',
      info: expect.stringMatching(/^Versand geplant für \d\d\.\d\d\.\d{4} \d\d:\d\d Uhr$/),
    });
    expect(new Date(dispatchers[0].versand_time as string).toISOString()).toBe(
      berlinZeitpunkt(datum, tagZeit).toISOString(),
    );
    // Planned on the queue like a dispatcher staff create.
    const versandTime = new Date(dispatchers[0].versand_time as string).getTime();
    const job = await t.app.get(JobQueue).getJob(PLANEN, `planen-${dispatchers[0].id}-${versandTime}`);
    expect(job?.state).toBe('delayed');

    // The seminar moves two days on: the dispatcher, not started, follows (planned anew like a new one).
    const automatikLauf = () => t.app.get(NewsletterAutomatik).pruefen();
    await t.dataSource.manager.update(
      Veranstaltung,
      { id: lohn.id },
      { beginn: berlinZeitpunkt(tageSpaeter(beginn, 2), '10:00') },
    );
    expect(await automatikLauf()).toMatchObject({ angelegt: [], verschoben: [dispatchers[0].id] });
    const verschoben = berlinZeitpunkt(tageSpaeter(datum, 2), tagZeit);
    const nachher = (await api.get(`/node/api/newsletter-dispatcher/${dispatchers[0].id}`).expect(200))
      .body as Row;
    expect(new Date(nachher.versand_time as string).toISOString()).toBe(verschoben.toISOString());
    // A time staff set by hand stays, whatever the seminar does.
    const vonHand = new Date(verschoben.getTime() + 3600_000).toISOString();
    await api
      .put(`/node/api/newsletter-dispatcher/${dispatchers[0].id}`)
      .send({ ...nachher, versand_time: vonHand })
      .expect(200);
    await t.dataSource.manager.update(
      Veranstaltung,
      { id: lohn.id },
      { beginn: berlinZeitpunkt(beginn, '10:00') },
    );
    expect(await automatikLauf()).toMatchObject({ angelegt: [], verschoben: [], gestrichen: [] });
    expect(
      new Date(
        (await api.get(`/node/api/newsletter-dispatcher/${dispatchers[0].id}`).expect(200)).body.versand_time,
      ).toISOString(),
    ).toBe(vonHand);

    // The database itself refuses a twin, whatever the check does.
    await expect(
      t.dataSource.manager.insert(Newsletter, {
        titel: 'Zwilling',
        auto_newsletter: true,
        auto_schluessel: n.auto_schluessel as string,
      }),
    ).rejects.toThrow();
    // Copying the automatic newsletter through the API makes a plain one.
    const kopie = await post('newsletter', { titel: 'Kopie', auto_schluessel: n.auto_schluessel });
    expect(kopie.auto_schluessel).toBeNull();
  });
  it("makes and moves the newsletter a moment after the seminar's event is saved, without the hourly check", async () => {
    const typ = await post('veranstaltung-typ', { bezeichnung: 'Umsatzsteuer-Seminare', mwst: 19 });
    const { datum, uhrzeit } = berlinWandzeit(new Date(Date.now() + 3600_000));
    const tagZeit = uhrzeit.slice(0, 5);
    const gruppe = await post('benutzer-gruppe', {
      name: 'Newsletter USt',
      typ: 'NWG',
      zuordnung: 'benutzer',
    });
    const absender = await post('newsletter-absender', { name: 'Akademie', email: 'ust@akademie.test' });
    const vorlage = await post('newsletter-vorlagen', {
      titel: 'USt-Ankündigung',
      veranstaltung_typ_id: typ.id,
      automatik: true,
      auto_typ: 'seminar',
      data: {
        auto_titel: '{titel}',
        auto_betreff: 'Neu: {titel}',
        auto_vortage: 20,
        auto_day_time: tagZeit,
        newsletter_absender_id: absender.id,
        versand_gruppen: [gruppe.id],
      },
    });
    const seminarNeu = await post('veranstaltung', {
      titel: 'Umsatzsteuer aktuell',
      veranstaltung_typ_id: typ.id,
      lg_id: 'LG-26-09',
      mwst: 19,
    });
    const event = await post('veranstaltung-event', {
      veranstaltung_id: seminarNeu.id,
      titel: 'Umsatzsteuer aktuell, Tag 1',
      datum: tageSpaeter(datum, 20),
      beginn: '10:00',
    });

    const dispatcherDerVorlage = async () => {
      const [n] = await liste('newsletter', {
        where: { newsletter_vorlagen_id: vorlage.id },
        include: ['Newsletter_Dispatchers'],
      });
      expect(n).toMatchObject({ veranstaltung_id: seminarNeu.id, auto_newsletter: true });
      return (n.Newsletter_Dispatchers as Row[])[0];
    };
    await eventually(async () => {
      const dispatcher = await dispatcherDerVorlage();
      expect(new Date(dispatcher.versand_time as string).toISOString()).toBe(
        berlinZeitpunkt(datum, tagZeit).toISOString(),
      );
    });

    // The event moves two days on through the API: the dispatcher follows, again without the hourly check.
    await api
      .put(`/node/api/veranstaltung-event/${event.id}`)
      .send({ ...event, datum: tageSpaeter(datum, 22) })
      .expect(200);
    await eventually(async () => {
      const dispatcher = await dispatcherDerVorlage();
      expect(new Date(dispatcher.versand_time as string).toISOString()).toBe(
        berlinZeitpunkt(tageSpaeter(datum, 2), tagZeit).toISOString(),
      );
    });
    await checksNachSpeichernErledigt();
  });

  it('checks at start and schedules the check for every full hour', async () => {
    const stunde = Math.floor(Date.now() / 3600_000);
    const queue = t.app.get(JobQueue);
    await eventually(async () => {
      expect((await queue.getJob(AUTOMATIK, `automatik-start-${stunde}`))?.state).toBe('completed');
    });
    const geplant = await queue.list(AUTOMATIK, 'delayed', 0, 10);
    expect(geplant.map((job) => job.id)).toEqual([
      `repeat:${AUTOMATIK_STUENDLICH}:${(stunde + 1) * 3600_000}`,
    ]);
  });

  it('announces an event minutes before its start to its participants', async () => {
    const typ = await post('veranstaltung-typ', { bezeichnung: 'Webinare', mwst: 19 });
    const { id } = await seminar(typ.id, 'Webinar-Reihe', '2030-01-01');
    const start = new Date(Date.now() + 3 * 3600_000);
    const { datum, uhrzeit } = berlinWandzeit(start);
    const event = await post('veranstaltung-event', {
      veranstaltung_id: id,
      titel: 'Webinar Reisekosten',
      datum,
      beginn: uhrzeit.slice(0, 5),
    });
    await t.dataSource.query(
      "INSERT INTO benutzer_gruppe (name, typ, zuordnung, veranstaltung_id, veranstaltung_event_id) VALUES ('Teilnehmer Webinar', 'Teilnehmer', 'benutzer', ?, ?)",
      [id, event.id],
    );
    const [gruppe] = await liste('benutzer-gruppe', { where: { veranstaltung_event_id: event.id } });
    // A template of staff's own that shows the event (what the automation's newsletter is about).
    await api
      .post('/node/api/newsletter-vorlagen/files/erinnerung.html')
      .set('X-Api-Request', '1')
      .attach(
        'file',
        Buffer.from(
          '<p>{{veranstaltung.titel}} ({{veranstaltung.lg_id}}) am {{veranstaltung.datum}} um {{veranstaltung.uhrzeit}} Uhr</p>',
        ),
        'erinnerung.html',
      )
      .expect(201);
    await checksNachSpeichernErledigt();
    const vorlage = await post('newsletter-vorlagen', {
      titel: 'Erinnerung',
      vorlage: 'erinnerung.html',
      veranstaltung_typ_id: typ.id,
      automatik: true,
      auto_typ: 'event',
      data: {
        auto_titel: 'Erinnerung: {titel}',
        auto_betreff: 'Gleich geht es los: {titel}',
        auto_minutes: 120,
        auto_teilnehmer_group: 'include',
      },
    });
    const { angelegt } = await t.app.get(NewsletterAutomatik).pruefen();
    expect(angelegt).toHaveLength(1);
    const [n] = await liste('newsletter', {
      where: { newsletter_vorlagen_id: vorlage.id },
      include: ['Benutzer_Gruppes', 'Newsletter_Dispatchers'],
    });
    expect(n).toMatchObject({ titel: 'Erinnerung: Webinar Reisekosten', veranstaltung_event_id: event.id });
    expect((n.Benutzer_Gruppes as Row[]).map((g) => g.id)).toEqual([gruppe.id]);
    const [dispatcher] = n.Newsletter_Dispatchers as Row[];
    const beginn = berlinZeitpunkt(datum, uhrzeit.slice(0, 5));
    expect(new Date(dispatcher.versand_time as string).getTime()).toBe(beginn.getTime() - 120 * 60_000);
    await t.dataSource.manager.insert(Benutzer, { nachname: 'Vorschau', kennnummer: 'AUTO-1' });
    const vorschau = await api
      .get('/node/newsletterVorschau')
      .query({ newsletter: n.id, kennnummer: 'AUTO-1' })
      .expect(200);
    expect(vorschau.text).toBe(
      `<p>Webinar Reisekosten (LG-26-07) am ${datum.split('-').reverse().join('.')} um ${uhrzeit.slice(0, 5)} Uhr</p>`,
    );

    // Fully booked now: the dispatcher, not started, is struck; the newsletter stays, and is not made again.
    await t.dataSource.manager.update(VeranstaltungEvent, { id: event.id }, { ausgebucht: true });
    expect(await t.app.get(NewsletterAutomatik).pruefen()).toEqual({
      angelegt: [],
      verschoben: [],
      gestrichen: [dispatcher.id],
    });
    await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(404);
    await api.get(`/node/api/newsletter/${n.id}`).expect(200);
  });
});
