/**
 * Issue 29 in Chromium: an administrator opens „GoBD-Export“ from the menu, checks the audit chain
 * (unbroken), and downloads the tax audit's Z3 export of the current year from the period dialog.
 * Screenshots in test-results/screenshots/gobd/ to be looked at.
 */
import { readFileSync } from 'node:fs';
import { zipLesen } from '../support/zip-lesen';
import { hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('gobd');

describe('the GoBD screen', () => {
  it('checks the audit chain and downloads the Z3 export of a period', async () => {
    const { page } = session;
    await page.getByRole('menu', { name: 'Hauptmenü' }).getByText('GoBD-Export', { exact: true }).click();
    await page.waitForURL(/#\/gobd$/);
    await visible(page.getByRole('heading', { name: 'GoBD' }));

    await page.getByRole('button', { name: 'Verlauf prüfen' }).click();
    await hasText(page.locator('.gobd-ergebnis'), /Die Kette ist unversehrt\s*\d+ Einträge geprüft\./);
    await session.shot('kette-geprueft');

    await page.getByRole('button', { name: 'Datenexport (Z3)…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Datenexport für die Betriebsprüfung (Z3)' });
    await visible(dialog);
    const jahr = new Date().getFullYear();
    await hasValue(dialog.locator('#gobd-von'), `01.01.${jahr}`);
    await session.shot('zeitraum');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exportieren' }).click();
    const datei = await download;
    expect(datei.suggestedFilename()).toMatch(
      new RegExp(`^gobd-export_${jahr}-01-01_${jahr}-\\d{2}-\\d{2}\\.zip$`),
    );
    const eintraege = zipLesen(readFileSync((await datei.path())!));
    expect(eintraege.map((e) => e.name)).toEqual([
      'index.xml',
      'rechnungen.csv',
      'storno-rechnungen.csv',
      'buchungen.csv',
      'zahlungen.csv',
      'verlauf.csv',
    ]);
    expect(eintraege[5].inhalt.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
    await visible(page.getByRole('button', { name: 'Datenexport (Z3)…' }));
    await session.shot('exportiert');
  });
});
