/**
 * Issue 15: newsletters sent by the dispatch workers into a real SMTP server (smtp-server) run in
 * the test, on SQLite with the in-process queue and on MariaDB with Redis (BullMQ). A second app
 * on the same database (and Redis) runs its own workers at the same time: every recipient still
 * gets exactly one message; a refused address is marked failed with the server's answer; a
 * temporary refusal is retried.
 */
import { join } from 'node:path';
import type request from 'supertest';
import { Benutzer } from '../../src/membership/adapters/persistence/benutzer.entity';
import { BenutzerEmail } from '../../src/membership/adapters/persistence/benutzer-kontakt.entity';
import {
  NewsletterDispatcher,
  NewsletterVersand,
} from '../../src/newsletter/adapters/persistence/newsletter-dispatcher.entity';
import { DispatcherArtInfo1732000070800 } from '../../migrations/1732000070800-dispatcher-art-info';
import { VersandSpeicher } from '../../src/newsletter/application/ports/versand-speicher';
import { NewsletterVersender } from '../../src/newsletter/application/versand';
import { BEANSPRUCHBAR, VERSAND_STATUS, versandMessageId } from '../../src/newsletter/domain/versand';
import { eventually } from '../support/eventually';
import { privateRedis, type PrivateRedis } from '../support/private-redis';
import { startSmtpSink } from '../support/smtp-sink';
import { databases, startTestApp, type DatabaseKind, type TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

const STARTUP_TIMEOUT = 180_000;
const EMPFAENGER = 200;
const ABGELEHNT = 'abgelehnt@empfaenger.test';
const SPAETER = 'spaeter@empfaenger.test';

/** One SMTP server: what arrived per recipient, 550 for ABGELEHNT, 451 once for SPAETER. */
async function smtpSenke() {
  const erhalten = new Map<string, string[]>();
  /** When each message arrived. */
  const zeiten: number[] = [];
  let spaeterAbgewiesen = false;
  const sink = await startSmtpSink({
    refuse(address) {
      if (address === ABGELEHNT) return { code: 550, text: 'Postfach unbekannt' };
      if (address === SPAETER && !spaeterAbgewiesen) {
        spaeterAbgewiesen = true;
        return { code: 451, text: 'Bitte später erneut versuchen' };
      }
    },
    onMessage({ raw, to }, answer) {
      zeiten.push(Date.now());
      for (const rcpt of to) erhalten.set(rcpt, [...(erhalten.get(rcpt) ?? []), raw.toString('utf8')]);
      answer();
    },
  });
  return { url: sink.url, erhalten, zeiten, stop: sink.stop };
}

/** The database of `t` for a second app: the same SQLite file or MariaDB database. */
function gleicheDatenbank(t: TestApp, kind: DatabaseKind): string {
  if (kind === 'sqlite') return `sqlite:${join(t.dir, 'test.sqlite')}`;
  const url = new URL(process.env.MYSQL_TEST_URL!);
  url.pathname = `/${String(t.dataSource.options.database)}`;
  return url.toString();
}

/** The mail as text: quoted-printable soft breaks and escapes undone, headers unfolded. */
const quotedPrintable = (mail: string) =>
  mail
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n[ \t]+/g, ' ');

/** Sends a dispatch of `newsletterId` now and waits until it is done. */
async function versenden(api: request.Agent, newsletterId: number): Promise<Row> {
  const dispatcher = (
    await api
      .post('/node/api/newsletter-dispatcher')
      .send({ newsletter_id: newsletterId, versand_time: new Date().toISOString() })
      .expect(201)
  ).body as Row;
  let stand: Row = dispatcher;
  await eventually(async () => {
    stand = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body as Row;
    expect(stand.versendet).toBe(true);
  }, 30_000);
  return stand;
}

async function anlegen(api: request.Agent, resource: string, body: unknown): Promise<Row> {
  const response = await api.post(`/node/api/${resource}`).send(body as object);
  expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
  return response.body as Row;
}

/** A newsletter to seeded Benutzer with these addresses, in one send group. */
async function newsletterFuer(
  t: TestApp,
  api: request.Agent,
  adressen: string[],
  body = '<p>Die Frist endet bald.</p>',
): Promise<{ newsletter: Row; absender: Row; benutzer: number[] }> {
  const manager = t.dataSource.manager;
  const gruppe = await anlegen(api, 'benutzer-gruppe', {
    name: `Versand ${Date.now()}`,
    typ: 'NWG',
    zuordnung: 'benutzer',
  });
  const ids: number[] = [];
  for (const [i, email] of adressen.entries()) {
    const benutzer = await manager.save(
      manager.create(Benutzer, { nachname: `Empfänger ${i}`, ansprache: `Guten Tag Nr. ${i}` }),
    );
    const adresse = await manager.save(manager.create(BenutzerEmail, { benutzer_id: benutzer.id, email }));
    await manager.update(Benutzer, { id: benutzer.id }, { primaeremail_id: adresse.id });
    ids.push(benutzer.id);
  }
  await api.post(`/node/api/benutzer-gruppe/${gruppe.id}/benutzers`).send(ids).expect(201);
  const absender = await anlegen(api, 'newsletter-absender', {
    name: 'Steuerakademie',
    email: 'news@akademie.test',
  });
  const newsletter = await anlegen(api, 'newsletter', {
    titel: 'Steuerrecht aktuell',
    betreff: 'Neues im November',
    newsletter_absender_id: absender.id,
    body,
    Benutzer_Gruppes: [gruppe.id],
  });
  return { newsletter, absender, benutzer: ids };
}

describe.each(databases())('newsletter dispatch on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let smtp: Awaited<ReturnType<typeof smtpSenke>>;
  let redis: PrivateRedis | undefined;
  let env: Record<string, string>;

  const post = (resource: string, body: unknown) => anlegen(api, resource, body);
  const newsletterAn = (adressen: string[], body?: string) => newsletterFuer(t, api, adressen, body);

  beforeAll(async () => {
    smtp = await smtpSenke();
    env = { MAIL_URL: smtp.url, NEWSLETTER_RETRY_MS: '200', PUBLIC_URL: 'https://verwaltung.test' };
    if (kind === 'mysql') {
      redis = await privateRedis();
      await redis.start();
      env.REDIS_URL = redis.url;
    }
    t = await startTestApp(kind, { env });
    api = await t.login();
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await t?.close();
    await redis?.remove();
    await smtp?.stop();
  }, STARTUP_TIMEOUT);

  it(
    'sends each of 200 recipients exactly one message with two workers, a refused address failed',
    async () => {
      const adressen = Array.from({ length: EMPFAENGER }, (_, i) =>
        i === 17 ? ABGELEHNT : i === 42 ? SPAETER : `empfaenger-${i}@empfaenger.test`,
      );
      const { newsletter } = await newsletterAn(adressen);
      const anzahl = (await api.get(`/node/api/newsletter/${newsletter.id}/empfaenger`).expect(200)).body
        .anzahl;
      expect(anzahl).toBe(EMPFAENGER);
      const dispatcher = (
        await api
          .post('/node/api/newsletter-dispatcher')
          .send({ newsletter_id: newsletter.id, versand_time: new Date(Date.now() + 3000).toISOString() })
          .expect(201)
      ).body as Row;
      expect(dispatcher).toMatchObject({ newsletter_id: newsletter.id, versendet: false });
      // A second process with its own workers on the same database (and Redis) picks the dispatch up too.
      const zweite = await startTestApp(kind, { env: { ...env, DATABASE_URL: gleicheDatenbank(t, kind) } });
      try {
        await eventually(async () => {
          const stand = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body;
          expect(stand).toMatchObject({ versendet: true });
        }, 90_000);
      } finally {
        await zweite.close().catch(() => undefined);
      }
      const stand = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200))
        .body as Row;
      expect(stand).toMatchObject({ total: EMPFAENGER, sent: EMPFAENGER - 1, failed: 1 });
      expect(stand.versendet_time).toBeTruthy();
      expect(
        (await api.get(`/node/api/newsletter/${newsletter.id}`).expect(200)).body.bearbeitungsstatus,
      ).toBe('versendet');

      for (const adresse of adressen.filter((a) => a !== ABGELEHNT))
        expect({ adresse, anzahl: smtp.erhalten.get(adresse)?.length ?? 0 }).toEqual({ adresse, anzahl: 1 });
      expect(smtp.erhalten.has(ABGELEHNT)).toBe(false);

      const rows = (
        await api
          .get('/node/api/newsletter-versand')
          .query({ where: JSON.stringify({ newsletter_dispatcher_id: dispatcher.id }), limit: 1000 })
          .expect(200)
      ).body as Row[];
      expect(rows).toHaveLength(EMPFAENGER);
      const nach = (email: string) => rows.find((row) => row.email === email)!;
      expect(nach(ABGELEHNT)).toMatchObject({ status: 'fehler', versandflag: false });
      expect(nach(ABGELEHNT).fehler).toMatch(/550 Postfach unbekannt/);
      expect(nach(SPAETER)).toMatchObject({ status: 'versendet', versandflag: true, versuche: 2 });
      expect(rows.filter((row) => row.status === 'versendet')).toHaveLength(EMPFAENGER - 1);

      // Rendered per recipient as the preview renders it, with the Message-ID of dispatcher and recipient.
      const erster = nach(adressen[0]);
      const mail = smtp.erhalten.get(adressen[0])![0];
      expect(mail).toContain(
        `Message-ID: ${versandMessageId(dispatcher.id, { benutzer_id: erster.benutzer_id as number, email: adressen[0] }, 'news@akademie.test')}`,
      );
      expect(mail).toMatch(/^Subject: Neues im November/m);
      expect(mail).toMatch(/^From: Steuerakademie <news@akademie\.test>/m);
      const html = quotedPrintable(mail);
      expect(html).toContain('Guten Tag Nr. 0');
      expect(html).toContain('Die Frist endet bald.');
    },
    STARTUP_TIMEOUT,
  );

  it("tracks clicks on the newsletter's links and honours a one-click unsubscribe", async () => {
    const [a, b] = ['klick-a@empfaenger.test', 'klick-b@empfaenger.test'];
    const { newsletter, benutzer } = await newsletterAn(
      [a, b],
      '<p>Unsere <a href="https://stbv-demo.de/seminare?jahr=2026&amp;typ=lohn">Seminare</a></p>',
    );
    const dispatcher = await versenden(api, newsletter.id);
    const mailA = quotedPrintable(smtp.erhalten.get(a)![0]);
    const link = /href="https:\/\/verwaltung\.test(\/node\/r\/[^"]+)"/.exec(mailA)?.[1];
    expect(link).toBeDefined();
    expect(mailA).not.toContain('stbv-demo.de');
    // Issue 31: a text/plain alternative with the same tracked link.
    expect(mailA).toMatch(/Content-Type: multipart\/alternative/);
    expect(mailA).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mailA).toContain(`Unsere Seminare (https://verwaltung.test${link!})`);
    const klicks = async () =>
      (
        await api
          .get('/node/api/statistik-newsletter')
          .query({ where: JSON.stringify({ dispatcher_id: dispatcher.id }) })
          .expect(200)
      ).body as Row[];
    // No session needed.
    const weiter = await t.anonymous().get(link!).expect(302);
    expect(weiter.headers.location).toBe('https://stbv-demo.de/seminare?jahr=2026&typ=lohn');
    expect(await klicks()).toEqual([
      expect.objectContaining({
        newsletter_id: newsletter.id,
        benutzer_id: benutzer[0],
        url: weiter.headers.location,
      }),
    ]);
    // A changed token leads nowhere and records nothing.
    const token = link!.split('/').pop()!;
    const [daten, signatur] = token.split('.');
    const boese = Buffer.from(JSON.stringify(['k', 1, 'https://boese.test/'])).toString('base64url');
    // The signature's first character changed for sure (its last one carries only 2 of its 6 bits).
    const verfaelscht = `${signatur[0] === 'A' ? 'B' : 'A'}${signatur.slice(1)}`;
    for (const falsch of [`${boese}.${signatur}`, `${daten}.${verfaelscht}`, 'kaputt'])
      await t.anonymous().get(`/node/r/${falsch}`).expect(404);
    expect(await klicks()).toHaveLength(1);

    // RFC 8058: the mail names its one-click unsubscribe; the provider posts without session or header.
    const mailB = quotedPrintable(smtp.erhalten.get(b)![0]);
    expect(mailB).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const abmelden = /^List-Unsubscribe: <https:\/\/verwaltung\.test(\/node\/abmelden\/[^>]+)>/m.exec(
      mailB,
    )?.[1];
    expect(abmelden).toBeDefined();
    expect(mailB).toContain(`href="https://verwaltung.test${abmelden}"`);
    await t.anonymous().get(abmelden!).expect(200);
    expect((await api.get(`/node/api/benutzer/${benutzer[1]}`).expect(200)).body.atr_kein_newsletter).toBe(
      false,
    );
    await t.anonymous().post(abmelden!).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await api.get(`/node/api/benutzer/${benutzer[1]}`).expect(200)).body.atr_kein_newsletter).toBe(
      true,
    );
    await t
      .anonymous()
      .post(`${abmelden!.slice(0, -3)}abc`)
      .expect(404);
    const verlauf = (
      await api
        .get('/node/api/audit')
        .query({ where: JSON.stringify({ resource: 'benutzer', record_id: benutzer[1], action: 'update' }) })
        .expect(200)
    ).body as Row[];
    expect(verlauf).toEqual([
      expect.objectContaining({
        user_id: null,
        changes: { atr_kein_newsletter: { before: false, after: true } },
      }),
    ]);
    // The next dispatch honours it.
    const zweiter = await versenden(api, newsletter.id);
    expect(zweiter).toMatchObject({ total: 1, sent: 1 });
    expect(smtp.erhalten.get(a)).toHaveLength(2);
    expect(smtp.erhalten.get(b)).toHaveLength(1);
  });

  it('shows a content form by field type: a web address as a tracked link, a Boolean deciding what shows (issue 31)', async () => {
    const { newsletter, benutzer } = await newsletterAn(['formular@empfaenger.test']);
    const vorlage = await anlegen(api, 'newsletter-vorlagen', {
      titel: 'Formular',
      vorlage: 'newsletter-standard.html',
      json_content_scheme: { hinweis_anzeigen: 'Boolean', hinweis: 'HTML', anmeldung: 'String' },
    });
    await api
      .put(`/node/api/newsletter/${newsletter.id}`)
      .send({
        newsletter_vorlagen_id: vorlage.id,
        json_content: {
          hinweis_anzeigen: false,
          hinweis: '<p>Nur für Mitglieder</p>',
          anmeldung: 'https://stbv-demo.de/anmelden',
        },
      })
      .expect(200);
    await t.dataSource.manager.update(Benutzer, { id: benutzer[0] }, { kennnummer: 'FORMULAR-1' });
    const vorschau = (
      await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: newsletter.id, kennnummer: 'FORMULAR-1' })
        .expect(200)
    ).text;
    expect(vorschau).toMatch(
      /Anmeldung\s*<\/div>\s*<div><a href="https:\/\/verwaltung\.test\/node\/r\/[^"]+"/,
    );
    // Its text stays the address staff entered; only the target is the tracked one.
    expect(vorschau).toContain('>https://stbv-demo.de/anmelden</a>');
    expect(vorschau).not.toMatch(/href="https:\/\/stbv-demo/);
    expect(vorschau).not.toMatch(/Hinweis anzeigen|Nur für Mitglieder|>Nein</);
  });

  it('previews the links of the sent mail: tracked and unsubscribe, recording and changing nothing', async () => {
    const adresse = 'vorschau@empfaenger.test';
    const { newsletter, benutzer } = await newsletterAn(
      [adresse],
      '<p>Unsere <a href="https://stbv-demo.de/seminare?jahr=2026&amp;typ=lohn">Seminare</a></p>',
    );
    await t.dataSource.manager.update(Benutzer, { id: benutzer[0] }, { kennnummer: 'VORSCHAU-1' });
    const vorschau = (
      await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: newsletter.id, kennnummer: 'VORSCHAU-1' })
        .expect(200)
    ).text;
    // The same rewriting as the dispatch: no plain link, the https unsubscribe instead of a mailto.
    const link = /href="https:\/\/verwaltung\.test(\/node\/r\/[^"]+)"/.exec(vorschau)?.[1];
    const abmelden = /href="https:\/\/verwaltung\.test(\/node\/abmelden\/[^"]+)"/.exec(vorschau)?.[1];
    expect(link).toBeDefined();
    expect(abmelden).toBeDefined();
    expect(vorschau).not.toContain('stbv-demo.de');
    expect(vorschau).not.toMatch(/mailto:[^"]*abbestellen/);

    const weiter = await t.anonymous().get(link!).expect(302);
    expect(weiter.headers.location).toBe('https://stbv-demo.de/seminare?jahr=2026&typ=lohn');
    const klicks = (
      await api
        .get('/node/api/statistik-newsletter')
        .query({ where: JSON.stringify({ newsletter_id: newsletter.id }) })
        .expect(200)
    ).body as Row[];
    expect(klicks).toEqual([]);
    expect((await t.anonymous().get(abmelden!).expect(200)).text).toContain('Vorschau');
    await t.anonymous().post(abmelden!).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await api.get(`/node/api/benutzer/${benutzer[0]}`).expect(200)).body.atr_kein_newsletter).toBe(
      false,
    );

    // The sent mail carries the same targets, signed for its dispatch row.
    await versenden(api, newsletter.id);
    const mail = quotedPrintable(smtp.erhalten.get(adresse)![0]);
    expect(mail).toMatch(/href="https:\/\/verwaltung\.test\/node\/r\/[^"]+"/);
    expect(mail).toMatch(/href="https:\/\/verwaltung\.test\/node\/abmelden\/[^"]+"/);
    expect(mail).not.toContain(link!);
  });

  it('after a crash and restart, resends what a dead worker had claimed and nothing already sent', async () => {
    const [gesendet, verwaist, offen] = [
      'vor@empfaenger.test',
      'verwaist@empfaenger.test',
      'neu@empfaenger.test',
    ];
    const { newsletter, benutzer } = await newsletterAn([gesendet, verwaist, offen]);
    const morgen = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const dispatcher = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: morgen,
    });
    // What a worker killed mid-run leaves: the rows made (at once, with the dispatcher's
    // empfaenger_time), one sent, one claimed long ago and never finished, one waiting.
    const manager = t.dataSource.manager;
    const zeile = (i: number, email: string, status: string) => ({
      newsletter_dispatcher_id: dispatcher.id,
      newsletter_id: newsletter.id,
      benutzer_id: benutzer[i],
      email,
      status,
    });
    await manager.insert(NewsletterVersand, [
      { ...zeile(0, gesendet, 'versendet'), versandflag: true, versuche: 1 },
      { ...zeile(1, verwaist, 'sending'), claim: 'abgestuerzt' },
      zeile(2, offen, BEANSPRUCHBAR),
    ]);
    await manager.update(NewsletterDispatcher, { id: dispatcher.id }, { empfaenger_time: new Date() });
    await manager
      .createQueryBuilder()
      .update(NewsletterVersand)
      // Older than the claim timeout (NEWSLETTER_CLAIM_TIMEOUT_MS, 15 seconds by default).
      .set({ updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where({ newsletter_dispatcher_id: dispatcher.id, email: verwaist })
      .execute();
    await api
      .put(`/node/api/newsletter-dispatcher/${dispatcher.id}`)
      .send({ versand_time: new Date().toISOString() })
      .expect(200);
    // The restarted process picks up the planned dispatch on its own.
    const neu = await startTestApp(kind, { env: { ...env, DATABASE_URL: gleicheDatenbank(t, kind) } });
    try {
      await eventually(async () => {
        const stand = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body;
        expect(stand).toMatchObject({ versendet: true, total: 3, sent: 3, failed: 0 });
      }, 30_000);
    } finally {
      await neu.close().catch(() => undefined);
    }
    expect(smtp.erhalten.has(gesendet)).toBe(false);
    expect(smtp.erhalten.get(verwaist)).toHaveLength(1);
    expect(smtp.erhalten.get(offen)).toHaveLength(1);
    // The resend carries the Message-ID the lost try had, so a receiver can recognise it.
    expect(smtp.erhalten.get(verwaist)![0]).toContain(
      `Message-ID: ${versandMessageId(dispatcher.id, { benutzer_id: benutzer[1], email: verwaist }, 'news@akademie.test')}`,
    );
  });

  // The at-most-once guarantee in the database: two runs that picked the same due rows race to claim them.
  it("claims a row for one run only: a second run's claim of the same rows takes none", async () => {
    const adressen = ['erster@empfaenger.test', 'zweiter@empfaenger.test', 'dritter@empfaenger.test'];
    const { newsletter, benutzer } = await newsletterAn(adressen);
    const morgen = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const dispatcher = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: morgen,
    });
    const speicher = t.app.get(VersandSpeicher);
    await speicher.empfaengerAnlegen(
      dispatcher.id,
      newsletter.id,
      adressen.map((email, i) => ({ benutzer_id: benutzer[i], email })),
      new Date(),
    );
    const jetzt = new Date();
    const gewaehltVonA = await speicher.faellige(dispatcher.id, jetzt, 10);
    const gewaehltVonB = await speicher.faellige(dispatcher.id, jetzt, 10);
    expect(gewaehltVonB).toEqual(gewaehltVonA);
    const vonA = await Promise.all(gewaehltVonA.map((row) => speicher.beanspruchen(row, 'lauf-a', jetzt)));
    const vonB = await Promise.all(gewaehltVonB.map((row) => speicher.beanspruchen(row, 'lauf-b', jetzt)));
    expect(vonA).toEqual([true, true, true]);
    expect(vonB).toEqual([false, false, false]);
    // The rows are still A's: its outcomes are recorded, B's would change nothing.
    const versendet = { status: VERSAND_STATUS.versendet, fehler: null };
    for (const row of gewaehltVonA) {
      expect(await speicher.abschliessen('lauf-b', row.id, versendet, jetzt)).toBe(false);
      expect(await speicher.abschliessen('lauf-a', row.id, versendet, jetzt)).toBe(true);
    }
  });

  // Issue 31: a row put off to a later retry by one run is not claimed by another run that read
  // it before (it was due then); without the guard the backoff was cut short by parallel jobs.
  it('claims no row that was tried meanwhile and waits for its retry', async () => {
    const adressen = ['spaeter@empfaenger.test'];
    const { newsletter, benutzer } = await newsletterAn(adressen);
    const morgen = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const dispatcher = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: morgen,
    });
    const speicher = t.app.get(VersandSpeicher);
    await speicher.empfaengerAnlegen(
      dispatcher.id,
      newsletter.id,
      [{ benutzer_id: benutzer[0], email: adressen[0] }],
      new Date(),
    );
    const jetzt = new Date();
    const [row] = await speicher.faellige(dispatcher.id, jetzt, 10);
    expect(await speicher.beanspruchen(row, 'lauf-a', jetzt)).toBe(true);
    const spaeter = new Date(jetzt.getTime() + 60_000);
    const offen = { status: VERSAND_STATUS.offen, fehler: '421 später', naechster_versuch: spaeter };
    expect(await speicher.abschliessen('lauf-a', row.id, offen, jetzt)).toBe(true);
    expect(await speicher.beanspruchen(row, 'lauf-b', jetzt)).toBe(false);
    expect(await speicher.beanspruchen({ ...row, versuche: 1 }, 'lauf-b', jetzt)).toBe(false);
    expect(await speicher.faellige(dispatcher.id, jetzt, 10)).toEqual([]);
    expect(await speicher.beanspruchen({ ...row, versuche: 1 }, 'lauf-b', spaeter)).toBe(true);
  });

  // Issue 27: two planned jobs of one dispatcher at once (a moved time, a restart of another
  // worker) make its rows once; without the guard the second insert broke on the unique key or,
  // when the first had not finished its batches, added what it had not yet seen.
  it('expands a dispatcher into recipient rows once when two planned jobs run at once', async () => {
    const adressen = Array.from({ length: 30 }, (_, i) => `gleichzeitig${i}@empfaenger.test`);
    const { newsletter } = await newsletterAn(adressen);
    // Unplanned, then due: no job of the app's own runs for it.
    const dispatcher = await post('newsletter-dispatcher', { newsletter_id: newsletter.id });
    // Made by staff: a manual dispatch (Art „Manuell“), not one without an Art; its Info says where it stands (issue 32).
    expect(dispatcher).toMatchObject({ typ: 'manuell', info: 'Noch nicht geplant' });
    await t.dataSource.manager.update(
      NewsletterDispatcher,
      { id: dispatcher.id },
      { versand_time: new Date(Date.now() - 1000) },
    );
    const versender = t.app.get(NewsletterVersender);
    await Promise.all([versender.ausfuehren(dispatcher.id), versender.ausfuehren(dispatcher.id)]);
    const zeilen = await t.dataSource.manager.find(NewsletterVersand, {
      where: { newsletter_dispatcher_id: dispatcher.id },
    });
    expect(zeilen.map((z) => z.email).sort()).toEqual([...adressen].sort());
    await eventually(async () => {
      const stand = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body;
      expect(stand).toMatchObject({
        versendet: true,
        total: 30,
        sent: 30,
        info: '30 von 30 E-Mails versendet',
      });
      expect(stand.empfaenger_time).toEqual(expect.any(String));
    }, 30_000);
    for (const adresse of adressen) expect(smtp.erhalten.get(adresse)).toHaveLength(1);
  });

  // Issue 32: Art and Info of every dispatch, from the API too, and for rows written before.
  it('gives a planned dispatch from the API its Art and Info, and fills both in older rows', async () => {
    const { newsletter } = await newsletterAn(['art-info@empfaenger.test']);
    const geplant = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: '2099-03-05T08:30:00.000Z',
    });
    expect(geplant).toMatchObject({ typ: 'manuell', info: 'Versand geplant für 05.03.2099 09:30 Uhr' });
    const verschoben = await api
      .put(`/node/api/newsletter-dispatcher/${geplant.id}`)
      .send({ versand_time: '2099-07-05T08:30:00.000Z', info: 'von Hand', version: geplant.version })
      .expect(200);
    expect(verschoben.body).toMatchObject({ info: 'Versand geplant für 05.07.2099 10:30 Uhr' });

    const alt = await t.dataSource.manager.insert(NewsletterDispatcher, {
      newsletter_id: newsletter.id,
      versand_time: new Date('2026-01-10T09:00:00Z'),
      versendet: true,
      total: 5,
      sent: 4,
      failed: 1,
    });
    const altId = Number(alt.identifiers[0].id);
    const qr = t.dataSource.createQueryRunner();
    try {
      await new DispatcherArtInfo1732000070800().up(qr);
    } finally {
      await qr.release();
    }
    expect((await api.get(`/node/api/newsletter-dispatcher/${altId}`).expect(200)).body).toMatchObject({
      typ: 'manuell',
      info: '4 von 5 E-Mails versendet, 1 fehlgeschlagen',
    });
  });

  // Issue 14, in an app without STBDIREKT_URL (the newsletter suite's app has one).
  it('offers no StBdirekt refresh without STBDIREKT_URL, also to the academy', async () => {
    const info = (await api.get('/node/loginInfo').expect(200)).body as Row;
    await api.put(`/node/api/benutzer/${info.id}`).send({ verband: 2 }).expect(200);
    try {
      expect((await api.get('/node/pflege/stbdirekt-content/verfuegbar').expect(200)).body).toEqual({
        verfuegbar: false,
      });
      const vorlage = await post('newsletter-vorlagen', {
        titel: 'StBdirekt',
        external_data_type: 'StBdirekt',
        json_content_scheme: { titel: 'String' },
      });
      const refresh = await api
        .get('/node/pflege/stbdirekt-content')
        .query({ vorlage: vorlage.id })
        .expect(409);
      expect(refresh.body.message).toBe('StBdirekt ist nicht eingerichtet.');
    } finally {
      await api.put(`/node/api/benutzer/${info.id}`).send({ verband: null }).expect(200);
    }
  });

  it('refuses a dispatcher for an unsaved or unknown newsletter in German', async () => {
    const ohne = await api
      .post('/node/api/newsletter-dispatcher')
      .send({ versand_time: new Date().toISOString() });
    expect(ohne.status).toBe(400);
    expect(ohne.body.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Newsletter“ muss zuvor gespeichert werden.',
    );
    const unbekannt = await api.post('/node/api/newsletter-dispatcher').send({ newsletter_id: 999999 });
    expect(unbekannt.status).toBe(404);
    expect(unbekannt.body.message).toBe('Der Newsletter 999999 wurde nicht gefunden.');
    const n = await post('newsletter', { titel: 'Zeitlos' });
    const zeit = await api
      .post('/node/api/newsletter-dispatcher')
      .send({ newsletter_id: n.id, versand_time: 'morgen früh' });
    expect(zeit.status).toBe(400);
    expect(zeit.body.errors?.versand_time).toBe('ist kein gültiger Zeitpunkt');
  });

  it('deletes the unsent dispatchers of a newsletter and keeps the sent ones', async () => {
    const { newsletter } = await newsletterAn(['loeschen@empfaenger.test']);
    const liste = () =>
      api
        .get('/node/api/newsletter-dispatcher')
        .query({ where: JSON.stringify({ newsletter_id: newsletter.id }) })
        .expect(200)
        .then((r) => r.body as Row[]);
    const gesendet = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: new Date().toISOString(),
    });
    await eventually(async () =>
      expect((await liste()).find((d) => d.id === gesendet.id)?.versendet).toBe(true),
    );
    const morgen = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    await post('newsletter-dispatcher', { newsletter_id: newsletter.id, versand_time: morgen });
    await post('newsletter-dispatcher', { newsletter_id: newsletter.id, versand_time: morgen });
    const geloescht = await api.delete(`/node/api/newsletter/${newsletter.id}/delete_dispatcher`).expect(200);
    expect(geloescht.body).toEqual({ deleted: 2 });
    const verlauf = (
      await api
        .get('/node/api/audit')
        .query({
          where: JSON.stringify({ resource: 'newsletter-dispatcher', action: { $in: ['create', 'delete'] } }),
        })
        .expect(200)
    ).body as Row[];
    expect(verlauf.filter((eintrag) => eintrag.action === 'delete')).toHaveLength(2);
    expect(verlauf.filter((eintrag) => eintrag.record_id === gesendet.id)).toEqual([
      expect.objectContaining({ action: 'create', user_name: expect.any(String) }),
    ]);
    expect((await liste()).map((d) => d.id)).toEqual([gesendet.id]);
    expect(smtp.erhalten.get('loeschen@empfaenger.test')).toHaveLength(1);
  });

  // Issue 31: a send begun or done keeps its log; only its failed recipients can be sent again.
  it('refuses to delete a begun or sent dispatch (409), and sends only its failed recipients again', async () => {
    const adressen = ['erneut-a@empfaenger.test', ABGELEHNT, 'erneut-b@empfaenger.test'];
    const { newsletter } = await newsletterAn(adressen);
    const vorher = new Map(adressen.map((a) => [a, smtp.erhalten.get(a)?.length ?? 0]));
    const stand = await versenden(api, newsletter.id);
    expect(stand).toMatchObject({ total: 3, sent: 2, failed: 1 });
    for (const pfad of [`newsletter-dispatcher/${stand.id}`, `newsletter/${newsletter.id}`]) {
      const geweigert = await api.delete(`/node/api/${pfad}`);
      expect({ status: geweigert.status, message: geweigert.body.message }).toEqual({
        status: 409,
        message: expect.stringMatching(
          /begonnen hat .*(versendet|abgeschlossen) ist, kann nicht gelöscht werden/,
        ),
      });
    }
    // A send under way (its recipients laid down, not finished) cannot go either.
    await t.dataSource.manager.update(NewsletterDispatcher, { id: stand.id }, { versendet: false });
    const laufend = await api.delete(`/node/api/newsletter-dispatcher/${stand.id}`);
    expect(laufend.status).toBe(409);
    expect(laufend.body.message).toBe(
      'Ein Versand, der begonnen hat oder versendet ist, kann nicht gelöscht werden; er kann angehalten werden („Versand anhalten“).',
    );
    await t.dataSource.manager.update(NewsletterDispatcher, { id: stand.id }, { versendet: true });

    const erneut = await api.post(
      `/node/api/newsletter-dispatcher/${stand.id}/fehlgeschlagene_erneut_senden`,
    );
    expect({ status: erneut.status, body: erneut.body }).toEqual({ status: 200, body: { erneut: 1 } });
    await eventually(async () => {
      const d = (await api.get(`/node/api/newsletter-dispatcher/${stand.id}`).expect(200)).body as Row;
      expect(d).toMatchObject({ versendet: true, total: 3, sent: 2, failed: 1 });
    }, 30_000);
    const rows = (
      await api
        .get('/node/api/newsletter-versand')
        .query({ where: JSON.stringify({ newsletter_dispatcher_id: stand.id }) })
        .expect(200)
    ).body as Row[];
    // Tried once more as new (its tries counted afresh), the others untouched and not sent again.
    expect(rows.find((r) => r.email === ABGELEHNT)).toMatchObject({ status: 'fehler', versuche: 1 });
    for (const adresse of adressen.filter((a) => a !== ABGELEHNT))
      expect(smtp.erhalten.get(adresse)).toHaveLength(vorher.get(adresse)! + 1);
    const nichts = await api.post(`/node/api/newsletter-dispatcher/9999999/fehlgeschlagene_erneut_senden`);
    expect(nichts.status).toBe(404);
    await api
      .post(`/node/api/newsletter-dispatcher/${stand.id}/anhalten`)
      .expect(409, /ist abgeschlossen und kann nicht angehalten oder fortgesetzt werden/);
  });

  it('stops a dispatch („Versand anhalten“) so that no row is claimed, and resumes it', async () => {
    const adressen = Array.from({ length: 5 }, (_, i) => `anhalten-${i}@empfaenger.test`);
    const { newsletter } = await newsletterAn(adressen);
    const bald = new Date(Date.now() + 1500).toISOString();
    const dispatcher = await post('newsletter-dispatcher', {
      newsletter_id: newsletter.id,
      versand_time: bald,
    });
    await api
      .post(`/node/api/newsletter-dispatcher/${dispatcher.id}/anhalten`)
      .expect(200, { angehalten: true });
    const angehalten = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200))
      .body as Row;
    expect(angehalten).toMatchObject({ angehalten: true });
    // Its time passes: the rows are laid down, none is sent.
    await eventually(async () => {
      const d = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body as Row;
      expect(d).toMatchObject({ total: 5, sent: 0, versendet: false });
      expect(d.info).toBe('Angehalten: 0 von 5 E-Mails versendet');
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(adressen.filter((a) => smtp.erhalten.has(a))).toEqual([]);
    // The dispatcher view says why (issue 31).
    expect(
      (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}/wartegruende`).expect(200)).body,
    ).toEqual({
      gruende: ['Der Versand ist angehalten: 5 Empfänger warten, bis er fortgesetzt wird.'],
    });
    // Not through the generic API: stopping is its own route.
    await api.put(`/node/api/newsletter-dispatcher/${dispatcher.id}`).send({ angehalten: false });
    expect((await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`)).body.angehalten).toBe(true);

    await api
      .post(`/node/api/newsletter-dispatcher/${dispatcher.id}/fortsetzen`)
      .expect(200, { angehalten: false });
    await eventually(async () => {
      const d = (await api.get(`/node/api/newsletter-dispatcher/${dispatcher.id}`).expect(200)).body as Row;
      expect(d).toMatchObject({ versendet: true, sent: 5, angehalten: false });
    }, 30_000);
    expect(adressen.map((a) => smtp.erhalten.get(a)?.length)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe.each(databases())('newsletter dispatch paced by NEWSLETTER_RATE on %s', (kind) => {
  it(
    'sends at most the rate: 60 recipients at 20 a second go in three batches a second apart',
    async () => {
      const smtp = await smtpSenke();
      const t = await startTestApp(kind, { env: { MAIL_URL: smtp.url, NEWSLETTER_RATE: '20' } });
      try {
        const api = await t.login();
        const adressen = Array.from({ length: 60 }, (_, i) => `takt-${i}@empfaenger.test`);
        const { newsletter } = await newsletterFuer(t, api, adressen);
        await versenden(api, newsletter.id);
        const zeiten = [...smtp.zeiten].sort((a, b) => a - b);
        expect(zeiten).toHaveLength(60);
        // Unpaced, the pool sends all 60 within a fraction of a second.
        expect(zeiten[59] - zeiten[0]).toBeGreaterThanOrEqual(1800);
        // The limiter starts one batch of 20 a second (README: it paces the send jobs); within a
        // batch the mails go as fast as the SMTP pool takes them, so the first mail of each batch
        // is a second after the one before — a slow first batch (connections, template) may still
        // be delivering when the next begins.
        for (const i of [20, 40]) expect(zeiten[i] - zeiten[i - 20]).toBeGreaterThanOrEqual(700);
      } finally {
        await t.close();
        await smtp.stop();
      }
    },
    STARTUP_TIMEOUT,
  );
});
