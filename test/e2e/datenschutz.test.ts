/// <reference lib="dom" />
/**
 * Issue 34 from the Benutzer window's toolbar: the Datenauskunft saved as a ZIP once written, and
 * the erasure on request after its „Wirklich löschen?“ confirmation, after which the window shows
 * the day and the e-mail is gone.
 */
import { readFileSync } from 'node:fs';
import { zipLesen } from '../support/zip-lesen';
import { eventually, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('datenschutz');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;

type Row = Record<string, unknown> & { id: number };
let benutzer: Row;

beforeAll(async () => {
  ({ page, server } = session);
  benutzer = await api<Row>('POST', '/api/benutzer', {
    vorname: 'Dörte',
    nachname: 'Löschwunsch',
    kennnummer: 'DS-E2E',
  });
  await api('POST', '/api/benutzer-email', { benutzer_id: benutzer.id, email: 'doerte@loeschwunsch.test' });
});

describe('data protection from the Benutzer window', () => {
  it('saves the Datenauskunft as a ZIP', async () => {
    await page.goto(`${server.url}/#/benutzer/benutzer/${benutzer.id}`);
    const knopf = page.getByRole('button', { name: 'Datenauskunft' });
    await visible(knopf);
    await shot('toolbar');
    const download = page.waitForEvent('download');
    await knopf.click();
    const datei = await download;
    expect(datei.suggestedFilename()).toBe('Datenauskunft DS-E2E.zip');
    const namen = zipLesen(readFileSync((await datei.path())!)).map((e) => e.name);
    expect(namen).toEqual(expect.arrayContaining(['Auskunftsschreiben.pdf', 'daten.json', 'csv/emails.csv']));
  });

  it('erases on request after the confirmation', async () => {
    await page.getByRole('button', { name: 'Auf Wunsch löschen' }).click();
    const frage = page.locator('.bp6-alert');
    await visible(frage);
    expect(await frage.textContent()).toContain('Wirklich löschen?');
    await shot('bestaetigung');
    await frage.getByRole('button', { name: 'Auf Wunsch löschen' }).click();
    await visible(page.getByRole('button', { name: /^Gelöscht auf Wunsch am \d\d\.\d\d\.\d{4}$/ }));
    await shot('geloescht');
    await eventually(async () =>
      expect(
        await api<Row[]>(
          'GET',
          `/api/benutzer-email?where=${encodeURIComponent(JSON.stringify({ benutzer_id: benutzer.id }))}`,
        ),
      ).toEqual([]),
    );
  });
});
