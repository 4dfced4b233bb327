/// <reference lib="dom" />
/**
 * Issue 8 in the browser: the four Auswertung screens of verband 3 (Umsatzprognose with a month's
 * details, Seminare from selector to result, Newsletter down its levels, Benutzer with CSV export)
 * and the Gehaltsumfrage of verband 2 (import with its success and error dialogs, export, reset
 * after confirmation), on the demo data. Screenshots in test-results/screenshots/auswertung/.
 */
import { readFileSync } from 'node:fs';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('auswertung');
const { api } = session;
let page: typeof session.page;
let adminId: number;

/** A screenshot once dialogs have faded in, without earlier messages over it. */
async function shot(name: string): Promise<void> {
  // Dialogs fade in; give them their transition's time.
  if (await page.locator('.bp6-dialog').count()) await page.waitForTimeout(400);
  for (const close of await page.locator('.bp6-toast .bp6-button').all())
    await close.click().catch(() => undefined);
  await eventually(async () =>
    expect(await page.locator('[class*="-enter-active"], [class*="-exit-active"], .bp6-toast').count()).toBe(
      0,
    ),
  );
  await session.shot(name);
}

const screen = () => page.locator('[data-screen="auswertung"]');
const rows = () => screen().locator('.auswertung-tabelle tbody tr');
const dialog = () => page.locator('.bp6-dialog');
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
/** German amounts as the screens show them. */
const euro = (value: number) =>
  `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} €`;

async function alsVerband(verband: number): Promise<void> {
  await api('PUT', `/api/benutzer/${adminId}`, { verband });
  await page.reload();
  await visible(page.getByRole('menu', { name: 'Hauptmenü' }).getByText('Benutzer-Verwaltung'));
}

/** Menu labels repeat across sections (Seminare, Newsletter, Benutzer): entries are found by their route. */
async function menu(path: string): Promise<void> {
  await page.getByRole('menu', { name: 'Hauptmenü' }).locator(`a.bp6-menu-item[href="#${path}"]`).click();
  await visible(screen());
}

beforeAll(async () => {
  page = session.page;
  adminId = (await api<{ id: number }>('GET', '/loginInfo')).id;
});

describe('Auswertung (verband 3)', () => {
  beforeAll(() => alsVerband(3));

  it('shows the Umsatzprognose of the current year and a month with its seminars', async () => {
    await menu('/auswertung/umsatz');
    const jahr = Number(await page.getByRole('combobox', { name: 'Jahr' }).inputValue());
    expect(jahr).toBe(new Date().getFullYear());
    await eventually(async () => expect(await rows().count()).toBe(12));
    const umsatz = await api<{
      monate: { monat: string; gesamt: number; titel: string }[];
      summe: { gesamt: number };
    }>('GET', `/api/rw-auswertung/umsatz?year=${jahr}`);
    await hasText(screen().locator('tfoot td.betrag strong'), euro(umsatz.summe.gesamt));
    await shot('01-umsatzprognose');

    const monat = umsatz.monate.reduce((best, m) => (m.gesamt > best.gesamt ? m : best));
    await screen().getByRole('link', { name: monat.titel, exact: true }).click();
    await page.waitForURL(new RegExp(`#/auswertung/umsatz/${monat.monat.replace('-', '')}$`));
    await hasText(screen().locator('h4'), `Umsatzprognose ${monat.titel}`);
    await hasText(screen().locator('tfoot th.betrag'), euro(monat.gesamt));
    await visible(rows().getByRole('link').first());
    await page.waitForTimeout(1000);
    expect(await page.locator('.bp6-toast.bp6-intent-danger').allTextContents()).toEqual([]);
    await shot('02-umsatzprognose-monat');

    await page.getByRole('button', { name: 'Zur Jahresübersicht' }).click();
    await page.waitForURL(new RegExp(`#/auswertung/umsatz\\?jahr=${jahr}$`));
    await page.getByRole('combobox', { name: 'Jahr' }).selectOption(String(jahr - 1));
    await hasText(screen().locator('h4'), `Umsatzprognose ${jahr - 1}`);
  });

  it('starts the seminar evaluation only by the rules of spec 003 §4 and shows its result', async () => {
    const auswahl = (art: string) => page.getByRole('radiogroup').getByText(art, { exact: true }).click();
    await menu('/auswertung/seminare');
    const start = page.getByRole('button', { name: 'Auswertung starten' });
    expect(await start.isEnabled()).toBe(true);
    await auswahl('Einzelne Seminare');
    expect(await start.isDisabled()).toBe(true);
    await auswahl('Seminar-Typen');
    expect(await start.isDisabled()).toBe(true);
    await auswahl('Alle Seminare eines Zeitraums');
    expect(await start.isEnabled()).toBe(true);
    // The demo seminars lie in several years: from 2022 on.
    await page.locator('#auswahl-von').fill('01.01.2022');
    await page.locator('#auswahl-von').press('Tab');
    await page.getByText('Nach Seminar-Typ aufteilen').click();
    await shot('03-seminare-auswahl');

    await start.click();
    await page.waitForURL(/#\/auswertung\/seminare\/selection\?from=2022-01-01&to=\d{4}-12-31&split=true$/);
    await visible(screen().locator('.auswertung-summen'));
    await eventually(async () => expect(await rows().count()).toBeGreaterThan(1));
    await visible(screen().locator('.auswertung-zwischensumme').first());
    await shot('04-seminare-ergebnis');
    await page.getByRole('tab', { name: 'Besucher' }).click();
    await eventually(async () =>
      expect(await page.locator('.bp6-tab-panel[aria-hidden="false"] tbody tr').count()).toBeGreaterThan(1),
    );
    await shot('05-seminare-besucher');
  });

  it('goes down the newsletter clicks: year, month, seminar, dispatch', async () => {
    await menu('/auswertung/newsletter');
    // The clicks by month of the click, below what the dispatches achieved (issue 32).
    await eventually(async () =>
      expect(await screen().locator('.newsletter-klicks tbody tr').count()).toBe(12),
    );
    await shot('06-newsletter-jahr');
    const jahr = Number(await page.getByRole('combobox', { name: 'Jahr' }).inputValue());
    const monate = await api<{ monat: string; titel: string; klicks: number }[]>(
      'GET',
      `/api/rw-auswertung/newsletter?year=${jahr}`,
    );
    const monat = monate.reduce((best, m) => (m.klicks > best.klicks ? m : best));
    expect(monat.klicks).toBeGreaterThan(0);
    await screen().getByRole('link', { name: monat.titel, exact: true }).click();
    await hasText(screen().locator('h4'), `Newsletter-Klicks ${monat.titel}`);
    await rows().first().getByRole('link').click();
    await page.waitForURL(/#\/auswertung\/newsletter\/\d{6}\/\d+$/);
    await shot('07-newsletter-seminar');
    await rows().first().getByRole('link').click();
    await page.waitForURL(/#\/auswertung\/newsletter\/\d{6}\/\d+\/\d+$/);
    await hasText(screen().locator('h4'), /^Klicks der Versendung \d+ im /);
    await eventually(async () => expect(await rows().count()).toBeGreaterThan(0));
    await shot('08-newsletter-versendung');
  });

  it('lists Benutzer with and without bookings and exports them as CSV', async () => {
    await menu('/auswertung/benutzer');
    await hasText(screen().locator('.list-count'), /^\d+ Eintr(ag|äge)$/);
    // The demo bookings span several years.
    await page.locator('#benutzer-zeitraum').selectOption('alle');
    await eventually(async () => expect(await rows().first().locator('td.zahl').textContent()).not.toBe('0'));
    const mit = await screen().locator('.list-count').textContent();
    await shot('09-benutzer-mit-buchungen');
    await page.locator('#benutzer-filter').selectOption('no-booking');
    await eventually(async () => expect(await screen().locator('.list-count').textContent()).not.toBe(mit));
    await shot('10-benutzer-ohne-buchungen');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV-Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Benutzer-Auswertung.csv');
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFKennnummer;Name;Email;Mitglied;Buchungen');
    const anzahl = Number((mit ?? '').replace(/\D/g, ''));
    expect(anzahl).toBeGreaterThan(0);
  });
});

describe('Gehaltsumfrage (verband 2)', () => {
  let kennnummern: string[];

  beforeAll(async () => {
    await alsVerband(2);
    const benutzer = await api<{ kennnummer: string }[]>(
      'GET',
      `/api/benutzer?${new URLSearchParams({
        attributes: JSON.stringify(['id', 'kennnummer']),
        where: JSON.stringify({ kennnummer: { $ne: null } }),
        limit: '2',
      }).toString()}`,
    );
    kennnummern = benutzer.map((b) => b.kennnummer);
  });

  afterAll(() => alsVerband(3));

  const hochladen = async (name: string, inhalt: string) => {
    await page.locator('.gehaltsumfrage-import input[type="file"]').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(inhalt),
    });
    await page.getByRole('button', { name: 'Importieren' }).click();
    await visible(dialog());
  };

  it('imports an access file and shows the success dialog', async () => {
    await menu('/benutzer/gehaltsumfrage');
    await hasText(screen().locator('.list-count'), /^\d+ Eintr(ag|äge)$/);
    await shot('11-gehaltsumfrage-leer');

    await hochladen(
      'zugang.csv',
      [
        'Kennnummer;Link;Passwort',
        `${kennnummern[0]};https://umfrage.example/a;Sommer-1`,
        `${kennnummern[1]};https://umfrage.example/b;Sommer-2`,
        'UNBEKANNT-1;https://umfrage.example/x;x',
      ].join('\r\n'),
    );
    await hasText(dialog().locator('.bp6-heading'), /^Erfolgreich nach \d+ Sekunden$/);
    await visible(dialog().getByText('Es wurden 2/3 Datensätze aktualisiert.'));
    await visible(dialog().getByText('Unbekannte Kennnummern: UNBEKANNT-1'));
    await shot('12-gehaltsumfrage-erfolg');
    await dialog().getByRole('button', { name: 'OK' }).click();
    await dialog().waitFor({ state: 'detached' });

    await visible(rows().filter({ hasText: 'https://umfrage.example/a' }));
    expect(await screen().locator('tbody').textContent()).not.toMatch(/Sommer-/);
    await shot('13-gehaltsumfrage-liste');
  });

  it('shows a refused file in a dialog titled Fehler', async () => {
    await hochladen('leer.csv', 'Kennnummer;Link;Passwort\r\n');
    await hasText(dialog().locator('.bp6-heading'), 'Fehler');
    await visible(dialog().getByText('Die Datei enthält keine lesbaren Zeilen.'));
    await shot('14-gehaltsumfrage-fehler');
    await dialog().getByRole('button', { name: 'OK' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('exports the list and resets all access after a confirmation', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Gehaltsumfrage.csv');

    await page.getByRole('button', { name: 'Alle Zugänge zurücksetzen' }).click();
    const alert = page.locator('.bp6-alert');
    await visible(alert.getByText(/alle Zugänge zur Gehaltsumfrage/));
    await shot('15-gehaltsumfrage-bestaetigung');
    await alert.getByRole('button', { name: 'Zurücksetzen' }).click();
    await visible(toast(/^\d+ Datensätze erfolgreich zurückgesetzt$/));
    await visible(screen().getByText('keine Daten vorhanden'));
    await shot('16-gehaltsumfrage-zurueckgesetzt');
  });
});
