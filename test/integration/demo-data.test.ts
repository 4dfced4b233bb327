import { binary, pdfText } from '../support/pdf-text';
import { klickQuery, klicksJeMonat } from '../../client/src/features/reporting/klicks';
import { Bootstrap } from '../../src/bootstrap';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Issue 4: every list of the side menu shows data from the demo seed (scale 30). */
const MENU_RESOURCES = [
  'benutzer',
  'benutzer-email',
  'benutzer-gruppe',
  'bescheinigung',
  'veranstaltung-typ',
  'veranstaltung',
  'veranstaltung-event',
  'veranstaltung-inhalt',
  'veranstaltung-referent',
  'veranstaltung-ort',
  'preisbezeichnung',
  'fachberatermarke',
  'newsletter-vorlagen',
  'newsletter-absender',
  'newsletter',
  'newsletter-dispatcher',
  'verband-website',
  'news',
  'wb-rabatt',
  'wb-voucher',
  'wb-abo',
  'wb-bundle',
  'produkt',
  'warenkorb',
  'rw-kreis',
  'rw-debitor-kreis',
  'rw-vorlage',
  'rw-text',
  'rw-transaction',
  'gastanmeldung',
  'rw-rechnung',
  'storno-option',
  'download',
  'pdf-vorlage',
];

describe('the first start of an empty embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { SEED_DEMO: 'true' }, firstStart: true });
  });
  afterAll(() => t.close());

  it('fills the demo data and logs in staff of verband 3 (admin) and verband 2 (akademie)', async () => {
    const admin = await t.login('admin');
    expect((await admin.get('/node/loginInfo')).body).toMatchObject({ login: 'admin', verband: 3 });
    const akademie = await t.login('akademie');
    expect((await akademie.get('/node/loginInfo')).body).toMatchObject({ login: 'akademie', verband: 2 });
    const seminare = await admin.get('/node/api/veranstaltung').query({ count: 'true', limit: '1' });
    expect(seminare.body.count).toBeGreaterThan(0);
    // Only the admin may make others staff or set their passwords.
    const [konto] = (
      await admin.get('/node/api/benutzer').query({ where: JSON.stringify({ benutzername: 'akademie' }) })
    ).body;
    expect(konto).toMatchObject({ atr_verband_mitarbeiter: true, atr_verband_admin: false });
  });
});

describe.each(databases())('demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { seedScale: 30 });
  });
  afterAll(() => t.close());

  it('fills every list of the menu', async () => {
    const api = await t.login();
    const empty: string[] = [];
    for (const resource of MENU_RESOURCES) {
      const response = await api.get(`/node/api/${resource}`).query({ count: 'true', limit: '1' });
      expect(response.status).toBe(200);
      if (response.body.count === 0) empty.push(resource);
    }
    expect(empty).toEqual([]);
  });

  it('serves the seeded scripts as public downloads and the templates in their file areas', async () => {
    const api = await t.login();
    const [download] = (await api.get('/node/api/download').query({ limit: '1' })).body;
    const file = await t.anonymous().get(`/download/${download.file_name}`).buffer(true);
    expect(file.status).toBe(200);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.body.length).toBe(download.size);
    const vorlagen = (await api.get('/node/api/pdf-vorlage/files')).body.map((e: { name: string }) => e.name);
    expect(vorlagen).toEqual(
      expect.arrayContaining(['seminareinladung.hbs', 'teilnehmeruebersicht.hbs', 'briefkopf.pdf']),
    );
  });

  it('ships and renders every template the seed names: newsletters and PDFs (issue 35)', async () => {
    const api = await t.login();
    const liste = async (resource: string, query: Record<string, unknown> = {}) =>
      (
        await api
          .get(`/node/api/${resource}`)
          .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
          .expect(200)
      ).body as Record<string, unknown>[];
    const namen = (area: string) =>
      api.get(`/node/api/${area}/files`).then((r) => r.body.map((e: { name: string }) => e.name) as string[]);

    const vorlagen = await liste('newsletter-vorlagen');
    expect(vorlagen.length).toBeGreaterThanOrEqual(4);
    expect(await namen('newsletter-vorlagen')).toEqual(
      expect.arrayContaining(vorlagen.map((v) => v.vorlage as string)),
    );
    const [empfaenger] = await liste('benutzer', { where: { kennnummer: { $ne: null } }, limit: 1 });
    for (const vorlage of vorlagen) {
      const newsletter = await api
        .post('/node/api/newsletter')
        .send({
          titel: `Probe ${String(vorlage.titel)}`,
          betreff: 'Probe',
          newsletter_vorlagen_id: vorlage.id,
        })
        .expect(201);
      const html = await api
        .get('/node/newsletterVorschau')
        .query({ newsletter: newsletter.body.id, kennnummer: empfaenger.kennnummer });
      expect({ vorlage: vorlage.vorlage, status: html.status }).toEqual({
        vorlage: vorlage.vorlage,
        status: 200,
      });
      expect(html.text).toContain(`Probe ${String(vorlage.titel)}`);
    }

    // The PDF templates the seed puts in the file area: the invitations, the Teilnehmerübersicht
    // and the Serienbrief, each rendered through its own route for a seminar somebody took part in.
    expect(await namen('pdf-vorlage')).toEqual(
      expect.arrayContaining(['seminareinladung.hbs', 'teilnehmeruebersicht.hbs', 'serienbrief.hbs']),
    );
    const [seminar] = await liste('veranstaltung', {
      where: { teilnehmer_count: { $gt: 0 } },
      order: [['teilnehmer_count', 'DESC']],
      limit: 1,
    });
    const pdf = async (method: 'get' | 'post', path: string, body?: object) => {
      const response = await api[method](path).send(body).buffer(true).parse(binary);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      return pdfText(response.body as Buffer);
    };
    const einladungen = (await liste('pdf-vorlage')).filter((v) =>
      String(v.typ).startsWith('Seminareinladung'),
    );
    expect(einladungen.length).toBeGreaterThan(0);
    for (const vorlage of einladungen)
      expect(
        await pdf('post', '/node/api/pdf-vorlage/render', {
          titel: vorlage.titel,
          template_file: vorlage.template_file,
          data: { veranstaltung_ids: [seminar.id] },
        }),
      ).toContain(String(seminar.titel).slice(0, 20));
    expect(await pdf('get', `/node/api/veranstaltung/${seminar.id}/teilnehmeruebersicht-pdf`)).toContain(
      'Teilnehmerübersicht',
    );
    expect(await pdf('get', `/node/api/veranstaltung/${seminar.id}/serienbrief-pdf`)).toContain(
      'Ihre Teilnahme am Seminar',
    );
  });
});

describe.each(databases())('npm run seed:demo on %s after a first start without demo data', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { firstStart: true });
  });
  afterAll(() => t.close());

  it('adds the demo data and the academy login beside the existing admin (issue 35)', async () => {
    await expect(t.login('akademie')).rejects.toThrow(/Login fehlgeschlagen/);
    await t.app.get(Bootstrap).seed({ scale: 30 });
    const akademie = await t.login('akademie');
    expect((await akademie.get('/node/loginInfo')).body).toMatchObject({ login: 'akademie', verband: 2 });
    expect((await (await t.login('admin')).get('/node/loginInfo')).body).toMatchObject({ login: 'admin' });
    const konten = await akademie
      .get('/node/api/benutzer')
      .query({ where: JSON.stringify({ benutzername: { $in: ['admin', 'akademie'] } }) });
    expect(konten.body).toHaveLength(2);
  });
});

describe.each(databases())('npm run seed -- --nur-mitglieder on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('makes the members with their e-mails and groups, and nothing seminars or billing hold', async () => {
    await t.app.get(Bootstrap).seed({ scale: 200, nurMitglieder: true });
    const api = await t.login();
    const anzahl = async (resource: string) =>
      (await api.get(`/node/api/${resource}`).query({ count: true }).expect(200)).body.count as number;
    expect(await anzahl('benutzer')).toBeGreaterThanOrEqual(200);
    expect(await anzahl('benutzer-email')).toBeGreaterThan(150);
    expect(await anzahl('benutzer-gruppe')).toBeGreaterThan(0);
    expect(await anzahl('veranstaltung')).toBe(0);
    expect(await anzahl('rw-transaction')).toBe(0);
    expect(await anzahl('newsletter')).toBe(0);
  });
});

/**
 * Issue 32: the demo data lies around the day it is made (the last year and the coming half
 * year), so on any first start the current year's evaluations and the dashboard show figures.
 * Two days: one in spring, one a few days into a year (the hardest case for "this year").
 */
describe.each(databases())('demo data made on a given day, on %s (issue 32)', (kind) => {
  describe.each(['2027-03-15', '2028-01-08'])('today %s', (heute) => {
    let t: TestApp;
    let api: Awaited<ReturnType<TestApp['login']>>;
    const jahr = Number(heute.slice(0, 4));
    const imJahr = { from: `${jahr}-01-01`, to: `${jahr}-12-31` };
    beforeAll(async () => {
      t = await startTestApp(kind, { seedScale: 30, seedHeute: heute });
      api = await t.login();
    }, 120_000);
    afterAll(() => t.close());

    const get = async (path: string, query: Record<string, unknown> = {}) =>
      (
        await api
          .get(path)
          .query(
            Object.fromEntries(
              Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
            ),
          )
          .expect(200)
      ).body;

    it("billing's booking batches leave each seminar counted as its list counts and each chain started", async () => {
      const seminare = (await get('/node/api/veranstaltung', {
        attributes: ['id', 'teilnehmer_count'],
        limit: 1000,
      })) as { id: number; teilnehmer_count: number }[];
      const gezaehlt = [];
      for (const { id } of seminare) {
        const liste = (await get(`/node/veranstaltung/${id}/teilnehmerListe`)) as { teilnahme: boolean }[];
        gezaehlt.push({ id, teilnehmer_count: liste.filter((z) => z.teilnahme).length });
      }
      expect(seminare.some((s) => s.teilnehmer_count > 0)).toBe(true);
      expect(seminare).toEqual(gezaehlt);
      const ohneKette = await get('/node/api/rw-transaction', { where: { first_id: null }, count: true });
      expect(ohneKette.count).toBe(0);
    });

    it('shows revenue in the Umsatzprognose of the current year, booked and still to come', async () => {
      const umsatz = await get('/node/api/rw-auswertung/umsatz', { year: String(jahr) });
      expect(umsatz.summe.gesamt).toBeGreaterThan(0);
      expect(umsatz.summe.seminare).toBeGreaterThan(0);
      // Seminars after today already have bookings: the forecast reaches into the coming months.
      const monat = heute.slice(0, 7);
      const spaeter = umsatz.monate.filter((m: { monat: string }) => m.monat > monat);
      expect(spaeter.some((m: { seminare: number }) => m.seminare > 0)).toBe(true);
    });

    it('has newsletter clicks in the dashboard chart, none after today', async () => {
      const tage = (await get('/node/api/statistik-newsletter', klickQuery(heute))) as {
        datum: string;
        count: number;
      }[];
      const monate = klicksJeMonat(tage, heute);
      expect(monate.reduce((summe, m) => summe + m.klicks, 0)).toBeGreaterThan(0);
      expect(monate.filter((m) => m.klicks > 0).length).toBeGreaterThanOrEqual(2);
      const [{ letzter }] = await t.dataSource.query(
        'SELECT MAX(datum) AS letzter FROM statistik_newsletter',
      );
      expect(String(letzter instanceof Date ? letzter.toISOString() : letzter).slice(0, 10) < heute).toBe(
        true,
      );
    });

    it('evaluates the seminars of the current year with participants and revenue', async () => {
      const ergebnis = await get('/node/api/rw-auswertung/calc', { where: { datum: imJahr } });
      expect(ergebnis.summe.seminare).toBeGreaterThan(0);
      expect(ergebnis.summe.besucher).toBeGreaterThan(0);
      expect(ergebnis.summe.netto).toBeGreaterThan(0);
      const benutzer = await get('/node/api/rw-auswertung/benutzer', {
        where: { benutzer_filter: 'booking', datum: imJahr },
      });
      expect(benutzer.count).toBeGreaterThan(0);
    });

    it('has invoices and sends before today only, and dispatches still to come after it', async () => {
      const [{ rechnung }] = await t.dataSource.query('SELECT MAX(createdAt) AS rechnung FROM rw_rechnung');
      const tag = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
      expect(tag(rechnung) <= heute).toBe(true);
      const [{ gesendet }] = await t.dataSource.query(
        'SELECT MAX(versendet_time) AS gesendet FROM newsletter_dispatcher WHERE versendet = 1',
      );
      expect(tag(gesendet) < heute).toBe(true);
      const vorjahr = await get('/node/api/rw-auswertung/newsletter', { year: String(jahr - 1) });
      expect(vorjahr.reduce((s: number, m: { klicks: number }) => s + m.klicks, 0)).toBeGreaterThan(0);
    });
  });
});
