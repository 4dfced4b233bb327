/// <reference lib="dom" />
/**
 * The Download-Verwaltung (issue 35): the list names the record a download belongs to by its
 * title, the window shows the file's fields read-only and changes the public flag, and the
 * seminar's Downloads tab switches it too. Also: the favicon is served.
 */
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('downloads');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;

type Row = Record<string, unknown> & { id: number };
let seminar: Row;
let download: Row;

beforeAll(async () => {
  ({ page, server } = session);
  seminar = await api<Row>('POST', '/api/veranstaltung', { titel: 'E2E Umsatzsteuer kompakt' });
  const response = await page.request.post(`${server.url}/node/api/download/upload`, {
    headers: { 'X-Api-Request': '1' },
    multipart: {
      data: JSON.stringify({
        relation: 'Veranstaltung',
        relation_id: seminar.id,
        category: 'Skript',
        real_name: 'Skript Umsatzsteuer.pdf',
        public: true,
      }),
      file: { name: 'skript.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 Skript') },
    },
  });
  expect(response.status()).toBe(201);
  download = (await response.json()) as Row;
});

const gespeichert = async () => api<Row>('GET', `/api/download/${download.id}`);

describe('the Download-Verwaltung', () => {
  it('names the record a download belongs to by its title', async () => {
    await page.goto(`${server.url}/#/download`);
    const zeile = page.locator('tbody tr', { hasText: 'Skript Umsatzsteuer.pdf' });
    await hasText(zeile, /E2E Umsatzsteuer kompakt/);
    expect(await zeile.textContent()).not.toMatch(new RegExp(`Seminar\\s*#${seminar.id}`));
    await shot('liste');
  });

  it('shows the file fields read-only and changes the public flag', async () => {
    await page.goto(`${server.url}/#/download/${download.id}`);
    await visible(page.getByText('Download-Verwaltung: Skript Umsatzsteuer.pdf'));
    for (const feld of ['file_name', 'ext', 'size'])
      expect(await page.locator(`#field-${feld}`).isDisabled()).toBe(true);
    expect(await page.locator('#field-file_name').inputValue()).toBe(String(download.file_name));
    await hasText(page.locator('#field-bezug'), 'E2E Umsatzsteuer kompakt');
    // Only the categories of a seminar's download.
    const kategorien = await page.locator('#field-category option').allTextContents();
    expect(kategorien).not.toContain('Bild');
    await page.locator('label.bp6-switch', { hasText: 'Öffentlich' }).click();
    await shot('fenster');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await eventually(async () => expect((await gespeichert()).public).toBe(false));
    expect((await page.request.get(`${server.url}/download/${String(download.file_name)}`)).status()).toBe(
      200,
    );
  });

  it("switches the public flag in the seminar's Downloads tab", async () => {
    await page.goto(`${server.url}/#/seminare/veranstaltung/${seminar.id}`);
    await page.getByRole('tab', { name: 'Downloads' }).click();
    const schalter = page
      .locator('.downloads-tab tbody tr', { hasText: 'Skript Umsatzsteuer.pdf' })
      .locator('label.bp6-switch', { hasText: 'Öffentlich' });
    await visible(schalter);
    expect(await schalter.locator('input').isChecked()).toBe(false);
    await schalter.click();
    await visible(page.getByText('Download ist öffentlich'));
    await eventually(async () => expect((await gespeichert()).public).toBe(true));
    await eventually(async () => expect(await schalter.locator('input').isChecked()).toBe(true));
    await shot('seminar-downloads');
  });
});

describe('the favicon', () => {
  it('is served, so no page asks for it in vain', async () => {
    const response = await page.request.get(`${server.url}/favicon.ico`);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
