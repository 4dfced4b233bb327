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
