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
});
