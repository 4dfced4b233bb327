/// <reference lib="dom" />
/**
 * The browser client in headless Chromium against the built app (issue 3): login, menu by verband,
 * the generic list, the Benutzer edit window, tab memory, 404 and 403 → login. Screenshots of the
 * main screens land in test-results/screenshots/ to be looked at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server';
import { eventually, hasCount, hasText, hasValue, launchChromium, visible } from './support/browser';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function login(password = server.adminPassword): Promise<void> {
  await page.locator('#login-user').fill('admin');
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
}

/** The API as the logged-in browser sees it (same cookies), for setting up data. */
async function apiPut(path: string, body: unknown): Promise<void> {
  const response = await page.request.put(`${server.url}/node${path}`, {
    data: body,
    headers: { 'X-Api-Request': '1' },
  });
  expect(response.status()).toBe(200);
}

const listRows = () => page.locator('.list-table tbody tr');
const toolbarSearch = () => page.getByRole('searchbox', { name: 'Suchen' });

async function openList(path: string): Promise<void> {
  await page.goto(`${server.url}/#${path}`);
  await hasText(page.locator('.list-count'), /\d+ Eintr(ag|äge)/);
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    locale: 'de-DE',
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => {
  // No screen may crash: uncaught errors in the page fail the step that caused them.
  expect(pageErrors.splice(0)).toEqual([]);
});

describe('browser client', () => {
  it('sends an unknown visitor to the login page and logs in with Enter', async () => {
    await page.goto(`${server.url}/#/benutzer/benutzer`);
    await page.waitForURL(/#\/login\?redirect=/);
    await visible(page.getByText('Benutzername'));
    await visible(page.getByText('Passwort', { exact: true }));
    await shot('01-login');

    await login('falsch');
    await visible(page.locator('.login-error'));
    await shot('02-login-fehler');

    await login();
    // The redirect target is the route visited before the login.
    await page.waitForURL(/#\/benutzer\/benutzer$/);
    await hasText(page.locator('.toolbar-user'), /System Administrator/);
  });

  it('redirects / to the newsletter list', async () => {
    await page.goto(`${server.url}/#/`);
    await page.waitForURL(/#\/newsletter\/newsletter$/);
    await hasText(page.locator('.breadcrumbs'), /Newsletter/);
    await shot('03-newsletter');
  });

  it('shows the menu by verband and opens a working list for every entry', async () => {
    const info = (await (await page.request.get(`${server.url}/node/loginInfo`)).json()) as { id: number };
    const menu = page.getByRole('menu', { name: 'Hauptmenü' });
    for (const verband of [3, 2]) {
      await apiPut(`/api/benutzer/${info.id}`, { verband });
      await page.reload();
      await visible(menu.getByText('Benutzer-Verwaltung'));
      expect(await menu.getByText('Gehaltsumfrage').count()).toBe(verband === 2 ? 1 : 0);
      expect(await menu.getByText('Auswertung', { exact: true }).count()).toBe(verband === 3 ? 1 : 0);
      await shot(`04-menu-verband-${verband}`);
    }

    // Every entry opens its list or a screen of its own; a placeholder notice is a failure
    // (test/e2e/screens.test.ts walks each entry's forms in depth).
    const entries = await menu.locator('a.bp6-menu-item').all();
    expect(entries.length).toBeGreaterThan(35);
    for (const entry of entries) {
      const target = (await entry.getAttribute('href')) ?? '';
      await entry.click();
      await page.waitForURL((url) => url.hash === target);
      await eventually(async () => {
        const counts = await page.locator('.list-count').allTextContents();
        const screens = await page.locator('.edit-frame, [data-screen]').count();
        expect(counts.some((count) => count !== '') || screens > 0).toBe(true);
      });
      expect(await page.locator('.list-notice, .not-yet-available').count()).toBe(0);
    }
    await apiPut(`/api/benutzer/${info.id}`, { verband: 3 });
  });

  it('searches, filters, pages and sorts the Benutzer list', async () => {
    await openList('/benutzer/benutzer');
    await hasCount(listRows(), 13);
    const total = Number((await page.locator('.list-count').textContent())?.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(26);
    await shot('06-benutzer-liste');

    await toolbarSearch().fill('Schmitz');
    await eventually(async () => {
      const texts = await listRows().allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.length).toBeLessThan(13);
      for (const text of texts) expect(text).toContain('Schmitz');
    });
    await shot('07-benutzer-suche');
    await toolbarSearch().fill('');
    await hasCount(listRows(), 13);

    // Sorting by Nachname: ascending, then descending.
    await page.locator('th', { hasText: 'Nachname' }).click();
    await hasText(page.locator('th[aria-sort="ascending"]'), 'Nachname');
    await page.locator('th', { hasText: 'Nachname' }).click();
    await hasText(page.locator('th[aria-sort="descending"]'), 'Nachname');
    await eventually(async () =>
      expect(await listRows().first().locator('td').nth(4).textContent()).toMatch(/^[W-Z]/),
    );

    // Paging: next page, invalid page numbers keep the page, page size.
    const pageInput = page.getByRole('textbox', { name: 'Seite', exact: true });
    await page.getByRole('button', { name: 'Nächste Seite' }).click();
    await hasValue(pageInput, '2');
    for (const invalid of ['0', '99', 'abc']) {
      await pageInput.fill(invalid);
      await pageInput.press('Enter');
      await hasValue(pageInput, '2');
    }
    const sizeInput = page.getByRole('textbox', { name: 'Zeilen pro Seite' });
    await sizeInput.fill('5');
    await sizeInput.press('Enter');
    await hasCount(listRows(), 5);
    await hasValue(pageInput, '1');
    await sizeInput.fill('0');
    await sizeInput.press('Enter');
    await hasCount(listRows(), 1);
    await sizeInput.fill('13');
    await sizeInput.press('Enter');

    // Time filter: a year without records shows the empty text.
    await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption({ label: 'Jahr 2018' });
    await hasText(page.locator('.list-empty'), 'keine Daten vorhanden');
    await shot('08-benutzer-filter-leer');

    // The table state survives leaving the list.
    await page.goto(`${server.url}/#/benutzer/email`);
    await visible(page.locator('.list-count'));
    await openList('/benutzer/benutzer');
    await hasValue(page.getByRole('combobox', { name: 'Zeitraum' }), 'y2018');
    await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption({ label: 'alle' });
    await hasCount(listRows(), 13);
  });

  it('refreshes without change when the server answers 304', async () => {
    await openList('/benutzer/benutzer');
    const statuses: number[] = [];
    const record = (response: Response) => {
      if (response.url().includes('/node/api/benutzer?')) statuses.push(response.status());
    };
    page.on('response', record);
    const before = await listRows().first().textContent();
    await page.getByRole('button', { name: 'Aktualisieren' }).click();
    await eventually(async () => expect(statuses).toContain(304));
    page.off('response', record);
    expect(await listRows().first().textContent()).toBe(before);
  });

  it('exports the list as CSV through the server', async () => {
    await openList('/benutzer/benutzer');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV-Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Benutzer.csv');
    const file = join(SCREENSHOTS, '..', 'Benutzer.csv');
    await download.saveAs(file);
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('Kennnummer');
    expect(csv.split('\n').filter((line) => line.trim()).length).toBeGreaterThan(27);
  });

  let createdId = 0;

  it('creates, edits, copies and deletes a Benutzer', async () => {
    await openList('/benutzer/benutzer');
    await page.getByRole('button', { name: 'Neu' }).click();
    await page.waitForURL(/#\/benutzer\/benutzer\/new$/);
    await visible(page.getByRole('tab', { name: 'Emails' }));
    expect(await page.getByRole('tab', { name: 'Emails' }).getAttribute('aria-disabled')).toBe('true');
    await page.locator('#field-kennnummer').fill('E2E-1');
    await page.locator('#field-gender').selectOption('female');
    await page.locator('#field-titel').fill('Dr.');
    await page.locator('#field-vorname').fill('Erika');
    await page.locator('#field-nachname').fill('Testfrau');
    await hasValue(page.locator('#field-anrede'), 'Sehr geehrte Frau Dr.');
    await page.locator('#field-stb_datum').fill('15032019');
    await hasValue(page.locator('#field-stb_datum'), '15.03.2019');
    await shot('09-benutzer-neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/benutzer\/benutzer\/\d+$/);
    createdId = Number(page.url().split('/').pop());
    await hasText(page.locator('.edit-header h4'), 'Benutzer Dr. Erika Testfrau');
    expect(await page.getByRole('tab', { name: 'Emails' }).getAttribute('aria-disabled')).toBe('false');
    await hasValue(page.locator('#field-stb_datum'), '15.03.2019');

    // Edit and save: the record reloads from the answer.
    await page.locator('#field-nachname').fill('Testfrau-Neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await hasText(page.locator('.edit-header h4'), 'Benutzer Dr. Erika Testfrau-Neu');
    await shot('10-benutzer-bearbeiten');

    // Save and close goes back to the list.
    await page.locator('#field-tel1').fill('0351 123456');
    await page.getByRole('button', { name: 'Speichern und schließen' }).click();
    await page.waitForURL(/#\/benutzer\/benutzer$/);
    await toolbarSearch().fill('Testfrau');
    await hasCount(listRows(), 1);
    await hasText(listRows().first(), /Testfrau-Neu/);

    // Copy: confirmed, opens as a new record with option=copy, saves under a new id.
    await listRows().first().getByRole('button', { name: 'Kopieren' }).click();
    await visible(page.getByText(`Wollen Sie den Eintrag ${createdId} kopieren?`));
    await page.getByRole('button', { name: 'Kopieren', exact: true }).last().click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${createdId}\\?option=copy$`));
    await hasText(page.locator('.edit-header h4'), 'Neuer Benutzer');
    await hasValue(page.locator('#field-nachname'), 'Testfrau-Neu');
    await page.locator('#field-kennnummer').fill('E2E-2');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/benutzer\/benutzer\/\d+$/);
    const copyId = Number(page.url().split('/').pop());
    expect(copyId).not.toBe(createdId);

    // Delete the copy after confirmation; the list reloads.
    await openList('/benutzer/benutzer');
    await toolbarSearch().fill('Testfrau');
    await hasCount(listRows(), 2);
    const copyRow = listRows().filter({ hasText: 'E2E-2' });
    await copyRow.getByRole('button', { name: 'Löschen' }).click();
    await visible(page.getByText(`Sind Sie sicher, dass Sie den Eintrag ${copyId} löschen möchten?`));
    await shot('11-loeschen-bestaetigen');
    await page.locator('.bp6-alert').getByRole('button', { name: 'Löschen' }).click();
    await hasCount(listRows(), 1);
    await toolbarSearch().fill('');
    await hasCount(listRows(), 13);
  });

  it('remembers the selected tab per user and route, the route naming the record', async () => {
    await page.goto(`${server.url}/#/benutzer/benutzer/${createdId}`);
    await page.getByRole('tab', { name: 'Weiteres' }).click();
    await visible(page.locator('.read-only-list'));
    // Another Benutzer opens on its own first tab, not on the one chosen for this one.
    await page.goto(`${server.url}/#/benutzer/benutzer/1`);
    await visible(page.getByRole('tab', { name: 'Weiteres' }));
    expect(await page.getByRole('tab', { name: 'Grunddaten' }).getAttribute('aria-selected')).toBe('true');
    await page.goto(`${server.url}/#/benutzer/benutzer/${createdId}`);
    await visible(page.locator('.read-only-list'));
    expect(await page.getByRole('tab', { name: 'Weiteres' }).getAttribute('aria-selected')).toBe('true');
    await shot('12-tab-gemerkt');
    await page.getByRole('tab', { name: 'Grunddaten' }).click();
  });

  it('offers masked, number and rich-text inputs and stepper frames', async () => {
    // Newsletter: a tab frame with date, time and the rich-text editor.
    await page.goto(`${server.url}/#/newsletter/newsletter/new`);
    const time = page.locator('#field-manual_versanduhrzeit');
    await time.fill('0930');
    await hasValue(time, '09:30');
    await time.fill('2561');
    await time.blur();
    await hasValue(time, '09:30');
    await page.locator('#field-manual_versanddatum').fill('31022026');
    await page.locator('#field-manual_versanddatum').blur();
    await hasValue(page.locator('#field-manual_versanddatum'), '');
    await page.getByRole('button', { name: 'Datum wählen' }).click();
    await visible(page.locator('.bp6-datepicker'));
    await shot('15-datumsauswahl');
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/#/rw/text/new`);
    const editor = page.locator('.ql-editor');
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Fett');
    for (const format of [
      'bold',
      'italic',
      'underline',
      'strike',
      'link',
      'list',
      'script',
      'clean',
      'html',
    ]) {
      expect(await page.locator(`.ql-toolbar .ql-${format}`).count()).toBeGreaterThan(0);
    }
    for (const picker of ['header', 'color', 'background'])
      await visible(page.locator(`.ql-toolbar .ql-${picker}`));
    expect((await editor.boundingBox())?.height).toBeGreaterThanOrEqual(120);
    await page.locator('.ql-html').click();
    await hasValue(page.locator('.rich-text-source'), '<p><strong>Fett</strong></p>');
    await shot('16-rich-text-html');
    await page.locator('.ql-html').click();

    // Rabatte: a stepper; 'Weiter' advances, the save buttons show on the last step only.
    await page.goto(`${server.url}/#/werbung/rabatte/new`);
    const wert = page.locator('#field-wert');
    await wert.fill('abc');
    await wert.press('Enter');
    await hasValue(wert, '');
    await wert.fill('-5');
    await wert.press('Enter');
    await hasValue(wert, '0,00');
    await wert.fill('12,345');
    await wert.press('Enter');
    await hasValue(wert, '12,35');
    expect(await page.getByRole('button', { name: 'Speichern', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await visible(page.getByRole('button', { name: 'Speichern', exact: true }));
    expect(await page.getByRole('button', { name: 'Weiter' }).count()).toBe(0);
    await shot('17-stepper-letzter-schritt');
  });

  it('shows the settings dialog and checks the password repeat', async () => {
    await openList('/benutzer/benutzer');
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await visible(page.getByText('Passwort ändern', { exact: true }));
    await page.locator('#old-password').fill(server.adminPassword);
    await page.locator('#new-password').fill('Neu-Passwort-1');
    await page.locator('#repeat-password').fill('anders');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await visible(page.getByText('Passwörter stimmen nicht überein!'));
    await shot('18-einstellungen');
    await page.locator('#new-password').fill('Kurz-1');
    await page.locator('#repeat-password').fill('Kurz-1');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await visible(page.getByText('Das Passwort muss mindestens 12 Zeichen lang sein.'));
    await page.locator('#new-password').fill('Neu-Passwort-1');
    await page.locator('#repeat-password').fill('Neu-Passwort-1');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await visible(page.getByText('Passwort erfolgreich geändert!'));
    await page.locator('.bp6-dialog').waitFor({ state: 'detached' });
    // Back to the old password for the remaining steps.
    const back = await page.request.post(`${server.url}/node/setPassword`, {
      data: { old_password: 'Neu-Passwort-1', password: server.adminPassword },
      headers: { 'X-Api-Request': '1' },
    });
    expect(back.ok()).toBe(true);
  });

  it('resets all saved table states after confirmation', async () => {
    await openList('/benutzer/benutzer');
    await toolbarSearch().fill('Schmitz');
    await eventually(async () => expect(await listRows().count()).toBeLessThan(13));
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await page.getByRole('button', { name: 'Alle Tabellen zurücksetzen' }).click();
    await visible(
      page.getByText('Wollen Sie wirklich alle gespeicherten Tabellen-Einstellungen zurücksetzen?'),
    );
    await page.locator('.bp6-alert').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Schließen' }).click();
    await hasValue(toolbarSearch(), '');
    await hasCount(listRows(), 13);
    const saved = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('tableState:')),
    );
    expect(saved.every((key) => key.endsWith(':benutzer:/benutzer/benutzer'))).toBe(true);
  });

  it('shows Seite nicht gefunden with a way back', async () => {
    await page.goto(`${server.url}/#/gibt/es/nicht`);
    await visible(page.getByText('Seite nicht gefunden').first());
    await shot('19-seite-nicht-gefunden');
    await page.getByRole('button', { name: 'Zur Startseite' }).click();
    await page.waitForURL(/#\/newsletter\/newsletter$/);
  });

  it('logs out on 403 and comes back to the route after login', async () => {
    await openList('/benutzer/email');
    // The session ends on the server (as when it expires); the browser still holds its cookie.
    const ended = await page.request.post(`${server.url}/node/logout`, { headers: { 'X-Api-Request': '1' } });
    expect(ended.ok()).toBe(true);
    // Any API answer 403 logs out; the refresh button asks the server again.
    await eventually(async () => {
      if (!page.url().includes('#/login')) {
        await page.getByRole('button', { name: 'Aktualisieren' }).click({ timeout: 1000 });
      }
      expect(page.url()).toMatch(/#\/login\?redirect=%2Fbenutzer%2Femail$/);
    });
    await login();
    await page.waitForURL(/#\/benutzer\/email$/);
    await hasText(page.locator('.list-count'), /\d+ Eintr(ag|äge)/);
  });

  it('logs out with the toolbar button', async () => {
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(/#\/login$/);
    expect((await page.request.get(`${server.url}/node/loginInfo`)).status()).toBe(403);
  });

  it('shows the Internet Explorer dialog', async () => {
    const ie = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko',
    });
    const iePage = await ie.newPage();
    await iePage.goto(`${server.url}/#/login`);
    await iePage.getByText('Browser wird nicht unterstützt').waitFor();
    await iePage.screenshot({ path: join(SCREENSHOTS, '20-internet-explorer.png') });
    await ie.close();
  });
});
