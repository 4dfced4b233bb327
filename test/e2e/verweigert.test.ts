/// <reference lib="dom" />
/**
 * Issue 26, "refused is not logged out", as staff meet it: `akademie` (staff without the admin
 * right in the demo data) ticks Verbandsmitarbeiter on a Benutzer and saves; the German reason
 * appears, the window stays open with what was typed, and the user is still logged in. Only when
 * the session is really gone does a save lead to the login page (spec 000 §8).
 */
import type { Page } from 'playwright-core';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('verweigert');
const { api, shot } = session;
let page: Page;
let url: string;
let benutzer: { id: number; version: number };

const REASON = 'Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.';
const stored = () =>
  api<{ vorname: string; atr_verband_mitarbeiter: boolean }>('GET', `/api/benutzer/${benutzer.id}`);
const mitarbeiterSwitch = () => page.locator('label.bp6-switch', { hasText: 'Verbandsmitarbeiter' });
const save = () => page.getByRole('button', { name: 'Speichern', exact: true }).click();

async function openBenutzer(vorname: string): Promise<void> {
  await page.goto(`${url}/#/benutzer/benutzer/${benutzer.id}`);
  await hasValue(page.locator('#field-vorname'), vorname);
  await eventually(async () =>
    expect(await page.locator('.edit-frame').getAttribute('aria-busy')).toBe('false'),
  );
}

beforeAll(async () => {
  page = session.page;
  url = session.server.url;
  // Set up as admin, then work as akademie, who may edit members but not make anyone staff.
  benutzer = await api('POST', '/api/benutzer', { vorname: 'Vera', nachname: 'Verweigert' });
  expect(
    await api('GET', `/api/benutzer?where=${encodeURIComponent('{"benutzername":"akademie"}')}`),
  ).toEqual([expect.objectContaining({ atr_verband_admin: false, atr_verband_mitarbeiter: true })]);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL(/#\/login$/);
  await page.locator('#login-user').fill('akademie');
  await page.locator('#login-password').fill(session.server.adminPassword);
  await page.locator('#login-password').press('Enter');
  await hasText(page.locator('.toolbar-user'), 'Anna Akademie');
});

describe('a save refused for want of a right', () => {
  it('shows the reason, keeps the window with the typed values and the user logged in', async () => {
    await openBenutzer('Vera');
    await page.locator('#field-vorname').fill('Veronika');
    await mitarbeiterSwitch().click();
    await save();
    await visible(page.locator('.bp6-toast', { hasText: REASON }));
    await shot('01-verweigert-meldung');

    expect(page.url()).toBe(`${url}/#/benutzer/benutzer/${benutzer.id}`);
    await hasValue(page.locator('#field-vorname'), 'Veronika');
    expect(await page.locator('#field-atr_verband_mitarbeiter').isChecked()).toBe(true);
    await hasText(page.locator('.toolbar-user'), 'Anna Akademie');
    // Nothing was saved.
    expect(await stored()).toMatchObject({ vorname: 'Vera', atr_verband_mitarbeiter: false });

    // Still logged in: the next screen opens, and the same window saves once the switch is off.
    await mitarbeiterSwitch().click();
    await save();
    await eventually(async () => expect((await stored()).vorname).toBe('Veronika'));
    await page.goto(`${url}/#/benutzer/benutzer`);
    await visible(page.locator('.list-table tbody tr'));
    expect(page.url()).toBe(`${url}/#/benutzer/benutzer`);
    await hasText(page.locator('.toolbar-user'), 'Anna Akademie');
    await shot('02-weiter-angemeldet');
  });

  it('leads to the login page when the session is gone', async () => {
    for (const close of await page.locator('.bp6-toast .bp6-button').all()) await close.click();
    // Every message of the test before gone, so that one at the end can only come from this one.
    await eventually(async () => expect(await page.locator('.bp6-toast').count()).toBe(0));
    await openBenutzer('Veronika');
    await page.locator('#field-vorname').fill('Vroni');
    // The session ends on the server (as by logging out in another tab).
    const logout = await page.request.post(`${url}/node/logout`, { headers: { 'X-Api-Request': '1' } });
    expect(logout.status()).toBe(200);
    await save();
    await page.waitForURL(
      new RegExp(`#/login\\?redirect=${encodeURIComponent(`/benutzer/benutzer/${benutzer.id}`)}$`),
    );
    await visible(page.locator('#login-user'));
    // Logged out without a message: the login page says it all.
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    await shot('03-sitzung-beendet');
  });
});
