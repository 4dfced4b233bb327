import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

type Row = Record<string, unknown> & { id: number };

/** Migrations on MariaDB take longer than Jest's default 5 s hook timeout. */
const STARTUP_TIMEOUT = 180_000;

const SCHEME = {
  titel: 'String',
  ausgabe: 'Number',
  sonderausgabe: 'Boolean',
  datum: 'Date',
  beginn: 'Time',
  einleitung: 'HTML|200',
  termine: [{ datum: 'Date', thema: 'String', text: 'HTML' }],
};

/**
 * Issue 14: newsletter senders, templates with content schemes and their automation, newsletters
 * (groups, json_content against the scheme, sanitized HTML) and the recipients of a newsletter on
 * seeded groups with exclusions, opt-outs, deactivated Benutzer and shared addresses.
 */
describe.each(databases())('newsletters on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  const post = async (resource: string, body: unknown, status = 201) => {
    const response = await api.post(`/node/api/${resource}`).send(body as object);
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response.body as Row;
  };
  const put = (resource: string, id: number, body: Record<string, unknown>) =>
    api.put(`/node/api/${resource}/${id}`).send(body);
  const get = async (resource: string, id: number) =>
    (await api.get(`/node/api/${resource}/${id}`).expect(200)).body as Row;
  /** A refused save: German 400 naming the field, nothing stored. */
  const refused = (response: request.Response, feld: string, text: string) => {
    expect(response.status).toBe(400);
    expect(response.body.errors?.[feld]).toContain(text);
    expect(response.body.message).toMatch(/^Bitte prüfen Sie die Eingaben: „/);
  };

  /** A fake StBdirekt service (spec 002 §6): answers `stbdirekt.antwort` with `stbdirekt.status`. */
  const stbdirekt = { status: 200, antwort: '{}' as string, abrufe: 0 };
  let stbdirektServer: Server;

  beforeAll(async () => {
    stbdirektServer = createServer((_req, res) => {
      stbdirekt.abrufe++;
      res.writeHead(stbdirekt.status, { 'Content-Type': 'application/json' }).end(stbdirekt.antwort);
    });
    await new Promise<void>((resolve) => stbdirektServer.listen(0, '127.0.0.1', resolve));
    const { port } = stbdirektServer.address() as AddressInfo;
    t = await startTestApp(kind, { env: { STBDIREKT_URL: `http://127.0.0.1:${port}/inhalte` } });
    api = await t.login();
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => stbdirektServer.close(resolve));
  }, STARTUP_TIMEOUT);

  describe('senders', () => {
    it('refuses an invalid address or reply-to and stores nothing', async () => {
      const vorher = (await api.get('/node/api/newsletter-absender').expect(200)).body.length;
      refused(
        await api
          .post('/node/api/newsletter-absender')
          .send({ name: 'Verband', email: 'newsletter@verband' }),
        'email',
        'ist ungültig',
      );
      refused(
        await api
          .post('/node/api/newsletter-absender')
          .send({ name: 'Verband', email: 'newsletter@verband.de', reply_to: 'antwort at verband.de' }),
        'reply_to',
        'ist ungültig',
      );
      expect((await api.get('/node/api/newsletter-absender').expect(200)).body).toHaveLength(vorher);
      const absender = await post('newsletter-absender', {
        name: 'Steuerberaterverband',
        email: ' newsletter@stbv-demo.de ',
        reply_to: '',
      });
      expect(absender).toMatchObject({ email: 'newsletter@stbv-demo.de', reply_to: null });
      refused(await put('newsletter-absender', absender.id, { email: 'kaputt' }), 'email', 'ist ungültig');
      expect((await get('newsletter-absender', absender.id)).email).toBe('newsletter@stbv-demo.de');
    });
  });

  describe('templates', () => {
    it('stores a scheme of every field type parsed, from text or JSON', async () => {
      const ausText = await post('newsletter-vorlagen', {
        titel: 'Monatsnewsletter',
        json_content_scheme: JSON.stringify(SCHEME),
      });
      expect(ausText.json_content_scheme).toEqual(SCHEME);
      const ausJson = await post('newsletter-vorlagen', {
        titel: 'Sonderausgabe',
        json_content_scheme: SCHEME,
      });
      expect(ausJson.json_content_scheme).toEqual(SCHEME);
    });

    it.each([
      ['{kaputt', 'ist kein gültiges JSON'],
      [{ titel: 'Text' }, 'hat bei „titel“ einen unbekannten Feldtyp'],
      [{ termine: [{ datum: 'Datum' }] }, 'hat bei „termine.datum“ einen unbekannten Feldtyp'],
      [{ termine: [] }, 'enthält bei „termine“ keine Liste mit genau einem Objekt'],
    ])('refuses the scheme %j with a field error and stores nothing', async (scheme, fehler) => {
      const vorlage = await post('newsletter-vorlagen', {
        titel: 'Unverändert',
        json_content_scheme: SCHEME,
      });
      const anzahl = (await api.get('/node/api/newsletter-vorlagen').expect(200)).body.length;
      refused(
        await api.post('/node/api/newsletter-vorlagen').send({ titel: 'Neu', json_content_scheme: scheme }),
        'json_content_scheme',
        fehler,
      );
      expect((await api.get('/node/api/newsletter-vorlagen').expect(200)).body).toHaveLength(anzahl);
      refused(
        await put('newsletter-vorlagen', vorlage.id, { titel: 'Geändert', json_content_scheme: scheme }),
        'json_content_scheme',
        fehler,
      );
      expect(await get('newsletter-vorlagen', vorlage.id)).toMatchObject({
        titel: 'Unverändert',
        json_content_scheme: SCHEME,
      });
    });

    it('applies the auto send time rules and refuses unknown or doubled automatic groups', async () => {
      const gruppe = await post('benutzer-gruppe', { name: 'Auto-Newsletter', typ: 'NWG' });
      const vorlage = await post('newsletter-vorlagen', {
        titel: 'Seminarankündigung',
        automatik: true,
        auto_typ: 'seminar',
        data: { auto_titel: '{lg_id} - {titel} - {datum}', auto_vortage: 20, auto_day_time: '12:00' },
      });
      const faelle: [Record<string, unknown>, string, string][] = [
        [{ auto_minutes: 0 }, 'data.auto_minutes', 'von 1 bis 480'],
        [{ auto_minutes: 481 }, 'data.auto_minutes', 'von 1 bis 480'],
        [{ auto_vortage: 3, auto_nachtage: 2 }, 'data.auto_nachtage', 'schließt „Tage vorher“ aus'],
        [{ auto_minutes: 60, auto_vortage: 20 }, 'data.auto_vortage', 'solange Minuten vor Beginn'],
        [{ auto_day_time: '25:00' }, 'data.auto_day_time', 'Uhrzeit'],
        [{ versand_gruppen: [999999] }, 'data.versand_gruppen', 'unbekannte Gruppen (999999)'],
        [
          { versand_gruppen: [gruppe.id], ausschluss_gruppen: [gruppe.id] },
          'data.ausschluss_gruppen',
          'schon Versand-Gruppen',
        ],
      ];
      for (const [data, feld, fehler] of faelle)
        refused(await put('newsletter-vorlagen', vorlage.id, { data }), feld, fehler);
      expect((await get('newsletter-vorlagen', vorlage.id)).data).toMatchObject({ auto_vortage: 20 });
      const ok = await put('newsletter-vorlagen', vorlage.id, {
        data: { auto_minutes: 480, versand_gruppen: [gruppe.id] },
      });
      expect(ok.status).toBe(200);
      expect((await get('newsletter-vorlagen', vorlage.id)).data).toEqual({
        auto_minutes: 480,
        versand_gruppen: [gruppe.id],
      });
    });
  });

  describe('newsletter edit', () => {
    let vorlage: Row;
    let g1: Row;
    let g2: Row;
    beforeAll(async () => {
      vorlage = await post('newsletter-vorlagen', {
        titel: 'Steuerrecht aktuell',
        json_content_scheme: SCHEME,
      });
      g1 = await post('benutzer-gruppe', { name: 'Newsletter Steuerrecht', typ: 'NWG' });
      g2 = await post('benutzer-gruppe', { name: 'Kein Newsletter', typ: 'NWG' });
    });

    it('starts as offen and keeps bearbeitungsstatus read-only', async () => {
      const n = await post('newsletter', { titel: 'Ausgabe 1', bearbeitungsstatus: 'versendet' });
      expect(n.bearbeitungsstatus).toBe('offen');
      await put('newsletter', n.id, { bearbeitungsstatus: 'versendet' }).expect(200);
      expect((await get('newsletter', n.id)).bearbeitungsstatus).toBe('offen');
    });

    it('saves json_content that fits the scheme, with HTML made safe', async () => {
      const n = await post('newsletter', {
        titel: 'Ausgabe 9/2026',
        newsletter_vorlagen_id: vorlage.id,
        body: '<p>Liebe Mitglieder,</p><script>alert(1)</script><img src="x.png" onerror="alert(2)">',
        json_content: {
          titel: 'Steuerrecht aktuell',
          ausgabe: 9,
          sonderausgabe: false,
          datum: '2026-09-01',
          beginn: '09:30',
          einleitung: '<b>Neu</b><a href="javascript:alert(3)">hier</a>',
          termine: [
            { datum: '2026-09-15', thema: 'Lohnsteuer', text: '<i onmouseover="x()">kompakt</i>' },
            { datum: '2026-10-01', thema: 'Umsatzsteuer', text: null },
          ],
        },
      });
      const gespeichert = await get('newsletter', n.id);
      expect(gespeichert.body).toBe('<p>Liebe Mitglieder,</p><img src="x.png" />');
      expect(gespeichert.json_content).toMatchObject({
        ausgabe: 9,
        einleitung: '<b>Neu</b><a>hier</a>',
        termine: [{ text: '<i>kompakt</i>' }, { thema: 'Umsatzsteuer' }],
      });
    });

    it.each([
      [{ unbekannt: 'x' }, 'enthält das Feld „unbekannt“'],
      [{ ausgabe: 'neun' }, '„ausgabe“ muss eine Zahl sein'],
      [{ termine: [{ datum: '15.09.2026' }] }, '„termine[1].datum“ muss ein Datum'],
    ])('refuses json_content %j that does not fit the scheme', async (json_content, fehler) => {
      const n = await post('newsletter', { titel: 'Vorher', newsletter_vorlagen_id: vorlage.id });
      refused(await put('newsletter', n.id, { titel: 'Nachher', json_content }), 'json_content', fehler);
      expect(await get('newsletter', n.id)).toMatchObject({ titel: 'Vorher', json_content: null });
    });

    it('refuses an unknown template or group, and a group in both lists', async () => {
      const anzahl = (await api.get('/node/api/newsletter').expect(200)).body.length;
      refused(
        await api.post('/node/api/newsletter').send({ titel: 'X', newsletter_vorlagen_id: 999999 }),
        'newsletter_vorlagen_id',
        'keine vorhandene Vorlage',
      );
      refused(
        await api.post('/node/api/newsletter').send({ titel: 'X', Benutzer_Gruppes: [999999] }),
        'Benutzer_Gruppes',
        'unbekannte Gruppen (999999)',
      );
      expect((await api.get('/node/api/newsletter').expect(200)).body).toHaveLength(anzahl);
      const n = await post('newsletter', {
        titel: 'Gruppen',
        Benutzer_Gruppes: [g1.id],
        Ausschluss_Gruppes: [g2.id],
      });
      // Only the exclusion list is sent; the stored send list counts as well.
      refused(
        await put('newsletter', n.id, { Ausschluss_Gruppes: [g1.id, g2.id] }),
        'Ausschluss_Gruppes',
        `schon Versand-Gruppen sind (${g1.id})`,
      );
      const gelesen = await api
        .get(`/node/api/newsletter/${n.id}`)
        .query({ include: JSON.stringify([{ association: 'Ausschluss_Gruppes', attributes: ['id'] }]) })
        .expect(200);
      expect(gelesen.body.Ausschluss_Gruppes.map((g: Row) => g.id)).toEqual([g2.id]);
    });

    it('refuses the recipient count of an unknown newsletter in German', async () => {
      const response = await api.get('/node/api/newsletter/999999/empfaenger').expect(404);
      expect(response.body.message).toBe('Der Newsletter 999999 wurde nicht gefunden.');
    });
  });

  describe('preview', () => {
    it('renders the newsletter for one recipient with template, contents, body and salutation', async () => {
      const absender = await post('newsletter-absender', {
        name: 'Steuerakademie',
        email: 'news@akademie-demo.de',
      });
      const vorlage = await post('newsletter-vorlagen', { titel: 'Vorschau', json_content_scheme: SCHEME });
      const benutzer = await post('benutzer', {
        kennnummer: '471100',
        vorname: 'Jürgen',
        nachname: 'Weiß',
        titel: 'Dr.',
        gender: 'male',
      });
      const email = await post('benutzer-email', {
        benutzer_id: benutzer.id,
        email: 'weiss@kanzlei-weiss.de',
      });
      await put('benutzer', benutzer.id, { primaeremail_id: email.id }).expect(200);
      const n = await post('newsletter', {
        titel: 'Steuerrecht <aktuell>',
        betreff: 'Neues im September',
        newsletter_absender_id: absender.id,
        newsletter_vorlagen_id: vorlage.id,
        body: '<p>die Frist <b>endet</b> bald.</p><script>alert(1)</script><img src="x.png" onerror="alert(2)">',
        json_content: {
          titel: 'Ausgabe September',
          ausgabe: 9.5,
          sonderausgabe: true,
          datum: '2026-09-01',
          beginn: '09:30',
          einleitung: '<i>Willkommen</i><a href="javascript:alert(3)">Link</a>',
          termine: [{ datum: '2026-09-15', thema: 'Lohnsteuer kompakt' }],
        },
      });
      const response = await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: n.id, kennnummer: '471100' })
        .expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(csp).not.toContain('script-src');
      // Framed by the app's own newsletter window: both headers say same origin (the rest of the app: DENY).
      expect(csp).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      const html = response.text;
      for (const teil of [
        'Sehr geehrter Herr Dr. Weiß,',
        'Steuerrecht &lt;aktuell&gt;',
        '<p>die Frist <b>endet</b> bald.</p>',
        'Ausgabe September',
        '9,5',
        '01.09.2026',
        '09:30',
        '<i>Willkommen</i><a>Link</a>',
        '15.09.2026',
        'Lohnsteuer kompakt',
        'weiss@kanzlei-weiss.de',
        'Newsletter%20abbestellen%20(471100)',
      ])
        expect(html).toContain(teil);
      // A set flag shows as its label (domain/inhalt-anzeige.ts), never as „Ja“.
      expect(html).toMatch(/>\s*Sonderausgabe\s*</);
      expect(html).not.toMatch(/>\s*Ja\s*</);
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
    });

    it('renders a template staff uploaded to the file area instead of the shipped one', async () => {
      await api
        .post('/node/api/newsletter-vorlagen/files/eigene.html')
        .set('X-Api-Request', '1')
        .attach(
          'file',
          Buffer.from('<p>{{anrede}}: {{{inhalt.einleitung}}} – {{inhalt.titel}}</p>'),
          'eigene.html',
        )
        .expect(201);
      const vorlage = await post('newsletter-vorlagen', {
        titel: 'Eigene',
        vorlage: 'eigene.html',
        json_content_scheme: SCHEME,
      });
      const n = await post('newsletter', {
        titel: 'Eigene Vorlage',
        newsletter_vorlagen_id: vorlage.id,
        json_content: { titel: 'A & B', einleitung: '<b>fett</b><script>x()</script>' },
      });
      const response = await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: n.id, kennnummer: '471100' })
        .expect(200);
      expect(response.text).toBe('<p>Sehr geehrter Herr Dr. Weiß: <b>fett</b> – A &amp; B</p>');
    });

    it('refuses an unknown newsletter or recipient in German', async () => {
      const n = await post('newsletter', { titel: 'Ohne Empfänger' });
      const ohne = await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: n.id, kennnummer: 'fehlt' })
        .expect(404);
      expect(ohne.body.message).toBe('Es gibt keinen Benutzer mit der Kennnummer fehlt.');
      const leer = await api.get('/node/newsletterVorschau').query({ newsletter: n.id }).expect(400);
      expect(leer.body.message).toBe('Bitte geben Sie die Kennnummer des Empfängers an.');
      await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: 999999, kennnummer: '471100' })
        .expect(404);
    });
  });

  describe('news', () => {
    it('stores description and content sanitized and no link title without a link', async () => {
      const news = await post('news', {
        titel: 'Neue Seminare',
        data: {
          detail_page: true,
          link_titel: 'Mehr erfahren',
          description: '<b>Kurz</b><img src=x onerror="alert(1)">',
          content: '<p>Text</p><script>alert(2)</script><a href="javascript:alert(3)">Link</a>',
        },
      });
      expect((await get('news', news.id)).data).toEqual({
        detail_page: true,
        description: '<b>Kurz</b><img src="x" />',
        content: '<p>Text</p><a>Link</a>',
      });
      await put('news', news.id, {
        data: { link: 'https://stbv-demo.de/seminare', link_titel: 'Mehr erfahren' },
      }).expect(200);
      expect((await get('news', news.id)).data).toEqual({
        link: 'https://stbv-demo.de/seminare',
        link_titel: 'Mehr erfahren',
      });
    });
  });

  describe('StBdirekt content refresh', () => {
    let vorlage: Row;
    const refresh = (id: number) => api.get('/node/pflege/stbdirekt-content').query({ vorlage: id });
    const verband = async (wert: number | null) => {
      const info = (await api.get('/node/loginInfo').expect(200)).body as Row;
      await put('benutzer', info.id, { verband: wert }).expect(200);
    };

    beforeAll(async () => {
      vorlage = await post('newsletter-vorlagen', {
        titel: 'StBdirekt',
        external_data_type: 'StBdirekt',
        json_content_scheme: { titel: 'String', meldungen: [{ titel: 'String', text: 'HTML' }] },
      });
    });
    afterAll(() => verband(null));

    it('is offered to the academy only (verband 2)', async () => {
      await verband(3);
      expect((await api.get('/node/pflege/stbdirekt-content/verfuegbar').expect(200)).body).toEqual({
        verfuegbar: false,
      });
      const abrufe = stbdirekt.abrufe;
      expect((await refresh(vorlage.id).expect(409)).body.message).toBe(
        'StBdirekt-Inhalte gibt es nur für die Akademie.',
      );
      expect(stbdirekt.abrufe).toBe(abrufe);
      await verband(2);
      expect((await api.get('/node/pflege/stbdirekt-content/verfuegbar').expect(200)).body).toEqual({
        verfuegbar: true,
      });
    });

    it('relays the service answer cut to the template scheme', async () => {
      stbdirekt.status = 200;
      stbdirekt.antwort = JSON.stringify({
        titel: 'StBdirekt 11/2026',
        meldungen: [{ titel: 'Grundsteuer', text: '<p>Neue Messbeträge</p>' }],
        werbung: 'nicht im Schema',
      });
      expect((await refresh(vorlage.id).expect(200)).body).toEqual({
        json_content: {
          titel: 'StBdirekt 11/2026',
          meldungen: [{ titel: 'Grundsteuer', text: '<p>Neue Messbeträge</p>' }],
        },
      });
    });

    it.each([
      ['a failing service', 503, '{"fehler": true}'],
      ['an answer that is no object', 200, '[1, 2]'],
      ['an answer that does not fit the scheme', 200, '{"meldungen": "keine Liste"}'],
    ])('answers German 409 on %s', async (_fall, status, antwort) => {
      stbdirekt.status = status;
      stbdirekt.antwort = antwort;
      expect((await refresh(vorlage.id).expect(409)).body.message).toBe(
        'Die StBdirekt-Inhalte konnten nicht geladen werden.',
      );
    });

    it('refuses a template without StBdirekt contents or an unknown one', async () => {
      const andere = await post('newsletter-vorlagen', {
        titel: 'Ohne StBdirekt',
        json_content_scheme: SCHEME,
      });
      expect((await refresh(andere.id).expect(409)).body.message).toBe(
        'Die Vorlage bezieht keine StBdirekt-Inhalte.',
      );
      await refresh(999999).expect(404);
    });
  });

  describe('recipients', () => {
    /** The seeded Benutzer by short name. */
    const b: Record<string, number> = {};
    const mail: Record<string, number> = {};
    const gruppen: Record<string, number> = {};

    const anzahl = async (id: number) =>
      (await api.get(`/node/api/newsletter/${id}/empfaenger`).expect(200)).body.anzahl as number;

    beforeAll(async () => {
      const anlegen = async (name: string, body: Record<string, unknown>, emails: string[]) => {
        b[name] = (await post('benutzer', { nachname: name, ...body })).id;
        for (const email of emails)
          mail[email] = (await post('benutzer-email', { benutzer_id: b[name], email })).id;
        if (emails.length) await put('benutzer', b[name], { primaeremail_id: mail[emails[0]] }).expect(200);
      };
      await anlegen('Adler', {}, ['adler@kanzlei.de', 'privat@adler.de']);
      await anlegen('Becker', {}, ['becker@kanzlei.de']);
      await anlegen('Clausen', { atr_kein_newsletter: true }, ['clausen@kanzlei.de']);
      await anlegen('Dietz', { aktiviert: false }, ['dietz@kanzlei.de']);
      // Shares the office address of Becker (other case).
      await anlegen('Engel', {}, ['Becker@Kanzlei.de']);
      await anlegen('Fuchs', {}, ['fuchs@kanzlei.de']);
      await anlegen('Graf', {}, []);
      await anlegen('Hahn', {}, ['hahn@kanzlei.de']);
      // A second address of its own that no group names: only the primary one is written to.
      await anlegen('Ihle', {}, ['ihle@kanzlei.de', 'ihle@privat.de']);
      const gruppe = async (name: string, zuordnung: string, benutzer: string[], emails: string[] = []) => {
        gruppen[name] = (await post('benutzer-gruppe', { name, typ: 'NWG', zuordnung })).id;
        if (benutzer.length)
          await api
            .post(`/node/api/benutzer-gruppe/${gruppen[name]}/benutzers`)
            .send(benutzer.map((n) => b[n]))
            .expect(201);
        if (emails.length)
          await api
            .post(`/node/api/benutzer-gruppe/${gruppen[name]}/emails`)
            .send(emails.map((e) => mail[e]))
            .expect(201);
      };
      await gruppe('Alle Kanzleien', 'benutzer', [
        'Adler',
        'Becker',
        'Clausen',
        'Dietz',
        'Engel',
        'Fuchs',
        'Graf',
        'Ihle',
      ]);
      // An e-mail group: Adler's private address, and Hahn's again through a second group.
      await gruppe('Privatadressen', 'email', [], ['privat@adler.de', 'hahn@kanzlei.de']);
      await gruppe('Lohn', 'email', [], ['hahn@kanzlei.de']);
      await gruppe('Abgemeldet (Benutzer)', 'benutzer', ['Fuchs']);
      await gruppe('Abgemeldet (E-Mail)', 'email', [], ['privat@adler.de']);
    });

    it('counts send groups minus exclusions, opt-outs, deactivated and duplicates', async () => {
      const n = await post('newsletter', {
        titel: 'Empfänger',
        Benutzer_Gruppes: [gruppen['Alle Kanzleien'], gruppen.Privatadressen, gruppen.Lohn],
      });
      // Adler (2 addresses), Becker/Engel (one shared address), Fuchs, Hahn (once), Ihle (primary
      // only); Clausen opted out, Dietz deactivated, Graf without an e-mail.
      expect(await anzahl(n.id)).toBe(6);
      await put('newsletter', n.id, { allow_duplicate_email: true }).expect(200);
      expect(await anzahl(n.id)).toBe(7);
      await put('newsletter', n.id, {
        allow_duplicate_email: false,
        Ausschluss_Gruppes: [gruppen['Abgemeldet (Benutzer)'], gruppen['Abgemeldet (E-Mail)']],
      }).expect(200);
      // Fuchs excluded as a Benutzer, Adler's private address as an e-mail.
      expect(await anzahl(n.id)).toBe(4);
    });

    it('answers no recipients without send groups', async () => {
      const n = await post('newsletter', { titel: 'Leer' });
      expect(await anzahl(n.id)).toBe(0);
    });
  });
});
