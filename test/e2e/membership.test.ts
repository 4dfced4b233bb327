/// <reference lib="dom" />
/**
 * The membership screens in headless Chromium against the built app (issue 5), clicked through as
 * staff would on the demo data: the Benutzer window and its tabs, e-mails, addresses, accounts,
 * employees, passwords, merges, booking overviews and the verband-2 fields. Screenshots of the
 * main screens land in test-results/screenshots/2*.png to be looked at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server';
import { eventually, hasCount, hasText, hasValue, launchChromium, visible } from './support/browser';

const SCREENSHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');

type Row = Record<string, unknown> & { id: number };

let server: RunningServer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

/** The demo company used throughout, two of its employees (kept and obsolete) and another firm's employee. */
let firma: Row;
let kept: Row;
let obsolete: Row;
let fremd: Row;
let adminId: number;

/** A screenshot once dialogs have finished fading in, without the messages of earlier steps over it. */
async function shot(name: string): Promise<void> {
  for (const close of await page.locator('.bp6-toast .bp6-button').all())
    await close.click().catch(() => undefined);
  await eventually(async () =>
    expect(await page.locator('[class*="-enter-active"], [class*="-exit-active"], .bp6-toast').count()).toBe(
      0,
    ),
  );
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function api<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(`${server.url}/node${path}`, {
    method,
    data: body,
    headers: method === 'GET' ? {} : { 'X-Api-Request': '1' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

const dialog = () => page.locator('.bp6-dialog');
const alert = () => page.locator('.bp6-alert');
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const panel = () => page.locator('.bp6-tab-panel[aria-hidden="false"]');

async function openBenutzer(id: number, tabName?: string): Promise<void> {
  await page.goto(`${server.url}/#/benutzer/benutzer/${id}`);
  await visible(page.locator('.edit-header h4', { hasText: 'Benutzer ' }));
  await eventually(async () =>
    expect(await page.locator('.edit-frame').getAttribute('aria-busy')).toBe('false'),
  );
  if (tabName) await tab(tabName).click();
}

/** Picks a record in a RecordSelect (Blueprint Suggest) by typing part of its label. */
async function pick(input: string, typed: string, option: string | RegExp): Promise<void> {
  await page.locator(input).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  server = await startServer();
  browser = await launchChromium();
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
    locale: 'de-DE',
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}/#/login`);
  await page.locator('#login-user').fill('admin');
  await page.locator('#login-password').fill(server.adminPassword);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL(/#\/newsletter\/newsletter$/);

  adminId = (await api<{ id: number }>('GET', '/loginInfo')).id;
  const employees = await api<Row[]>(
    'GET',
    `/api/benutzer${query({ where: { parent_id: { $ne: null } }, order: [['id', 'ASC']] })}`,
  );
  const byParent = new Map<number, Row[]>();
  for (const e of employees)
    byParent.set(e.parent_id as number, [...(byParent.get(e.parent_id as number) ?? []), e]);
  const [firmaId, own] = [...byParent].find(([, list]) => list.length >= 2)!;
  firma = await api<Row>('GET', `/api/benutzer/${firmaId}`);
  [kept, obsolete] = own;
  fremd = employees.find((e) => e.parent_id !== firmaId)!;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});

describe('membership screens', () => {
  it('opens a Benutzer and switches through its tabs', async () => {
    await openBenutzer(firma.id, 'Grunddaten');
    await hasValue(page.locator('#field-firma'), String(firma.firma));
    await hasText(page.locator('.passwort-feld .bp6-tag'), 'kein Passwort');
    await shot('21-benutzer-grunddaten');

    await tab('Weiteres').click();
    await visible(page.locator('#field-re_email_id'));
    await hasText(page.locator('.read-only-list'), new RegExp(String(firma.anzeigename)));
    await tab('Emails').click();
    await visible(panel().getByRole('button', { name: 'Neue Email' }));
    await tab('Adressen').click();
    await visible(panel().getByRole('button', { name: 'Neue Adresse' }));
    await tab('Konten').click();
    await visible(panel().getByRole('button', { name: 'Neues Konto' }));
    await tab('Mitarbeiter').click();
    await hasText(panel().locator('tbody'), new RegExp(String(kept.nachname)));
    await shot('2m-benutzer-mitarbeiter');
    await tab('Gruppen').click();
    await visible(panel().locator('.gruppen-auswahl'));

    // The Emails list opens the e-mail window.
    await page.goto(`${server.url}/#/benutzer/email`);
    await page.locator('.list-table tbody tr').first().getByRole('button', { name: 'Bearbeiten' }).click();
    await page.waitForURL(/#\/benutzer\/email\/\d+$/);
    await visible(tab('Gruppen'));
    await eventually(async () => expect(await page.locator('#field-email').inputValue()).toContain('@'));
  });

  let newEmailId = 0;

  it('adds an e-mail with a group and makes it primary', async () => {
    await openBenutzer(firma.id, 'Emails');
    await panel().getByRole('button', { name: 'Neue Email' }).click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${firma.id}/email/new$`));
    await page.locator('#field-email').fill('kein-at-zeichen');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(page.locator('.bp6-form-group.bp6-intent-danger', { has: page.locator('#field-email') }));
    await page.locator('#field-email').fill('buchhaltung@e2e-beispiel.de');
    await tab('Gruppen').click();
    const firstGroup = panel().locator('tbody tr').first();
    const groupName = (await firstGroup.locator('td').nth(1).textContent()) ?? '';
    await firstGroup.locator('label.bp6-checkbox').click();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${firma.id}/email/\\d+$`));
    newEmailId = Number(page.url().split('/').pop());
    await hasText(page.locator('.edit-header h4'), 'Email buchhaltung@e2e-beispiel.de');
    await shot('22-email-fenster');
    const saved = await api<Row>(
      'GET',
      `/api/benutzer-email/${newEmailId}${query({ include: ['Benutzer_Gruppes'] })}`,
    );
    expect((saved.Benutzer_Gruppes as Row[]).map((g) => g.name)).toEqual([groupName]);

    // Save and close goes back to the user, on the remembered Emails tab.
    await page.getByRole('button', { name: 'Speichern und schließen' }).click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${firma.id}$`));
    await hasText(panel().locator('tbody'), /buchhaltung@e2e-beispiel\.de/);

    await tab('Grunddaten').click();
    await page.locator('#field-primaeremail_id').selectOption(String(newEmailId));
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await eventually(async () =>
      expect((await api<Row>('GET', `/api/benutzer/${firma.id}`)).primaeremail_id).toBe(newEmailId),
    );
    await tab('Emails').click();
    await hasText(
      panel().locator('tr', { hasText: 'buchhaltung@e2e-beispiel.de' }).locator('.bp6-tag'),
      'primär',
    );
  });

  it('adds a (deactivated) address through the Benutzer_Adresse dialog', async () => {
    await openBenutzer(firma.id, 'Adressen');
    await panel().getByRole('button', { name: 'Neue Adresse' }).click();
    await visible(dialog().getByText('Neue Adresse'));
    await page.locator('#field-bezeichnung').fill('Zweigstelle');
    await page.locator('#field-zeile1').fill(String(firma.firma));
    await page.locator('#field-strasse').fill('Hauptstraße 5');
    await page.locator('#field-plz').fill('01067');
    await page.locator('#field-ort').fill('Dresden');
    await page.locator('#field-norm').fill(`${String(firma.firma)}\nHauptstraße 5\n01067 Dresden`);
    await dialog().getByText('Deaktiv').click();
    await shot('23-adresse-dialog');
    await dialog().getByRole('button', { name: 'Speichern' }).click();
    await dialog().waitFor({ state: 'detached' });
    await hasText(panel().locator('tr', { hasText: 'Zweigstelle' }), /Hauptstraße 5.*01067.*Dresden.*ja/);
    const [adresse] = await api<Row[]>(
      'GET',
      `/api/benutzer-adresse${query({ where: { benutzer_id: firma.id, bezeichnung: 'Zweigstelle' } })}`,
    );
    expect(adresse.norm).toEqual([String(firma.firma), 'Hauptstraße 5', '01067 Dresden']);
  });

  it('refuses an invalid IBAN in the Benutzer_Konto dialog, then saves a valid one', async () => {
    await openBenutzer(firma.id, 'Konten');
    await panel().getByRole('button', { name: 'Neues Konto' }).click();
    await page.locator('#field-bezeichnung').fill('E2E-Konto');
    await page.locator('#field-inhaber').fill(String(firma.firma));
    await page.locator('#field-iban').fill('DE00 1234');
    await dialog().getByRole('button', { name: 'Speichern' }).click();
    const ibanGroup = dialog().locator('.bp6-form-group', { has: page.locator('#field-iban') });
    await hasText(ibanGroup.locator('.bp6-form-helper-text'), /IBAN ist ungültig/);
    await visible(dialog());
    await shot('24-konto-iban-fehler');
    const none = await api<Row[]>(
      'GET',
      `/api/benutzer-konto${query({ where: { bezeichnung: 'E2E-Konto' } })}`,
    );
    expect(none).toEqual([]);

    await page.locator('#field-iban').fill('DE89 3704 0044 0532 0130 00');
    await dialog().getByRole('button', { name: 'Speichern' }).click();
    await dialog().waitFor({ state: 'detached' });
    await hasText(panel().locator('tr', { hasText: 'E2E-Konto' }), /DE89370400440532013000/);
  });

  it('adds employees and refuses wrong assignments', async () => {
    await openBenutzer(firma.id, 'Mitarbeiter');
    const rows = panel().locator('tbody tr');
    const before = await rows.count();

    await panel().getByRole('button', { name: 'Neuer Mitarbeiter' }).click();
    await page.locator('#field-gender').selectOption('male');
    await page.locator('#field-vorname').fill('Emil');
    await page.locator('#field-nachname').fill('Neumann');
    await hasValue(page.locator('#field-anrede'), 'Sehr geehrter Herr');
    await dialog().getByRole('button', { name: 'Anlegen' }).click();
    await dialog().waitFor({ state: 'detached' });
    await hasCount(rows, before + 1);
    await hasText(panel().locator('tr', { hasText: 'Neumann' }), /Emil Neumann/);

    await panel().getByRole('button', { name: 'Neuer Mitarbeiter' }).click();
    await dialog().getByText('Vorhandenen Benutzer zuordnen').click();
    await pick('#mitarbeiter-vorhanden', String(firma.kennnummer), new RegExp(String(firma.kennnummer)));
    await dialog().getByRole('button', { name: 'Zuordnen' }).click();
    await hasText(dialog().locator('.bp6-callout'), 'Benutzer kann nicht sich selbst zugeordnet werden!');
    await shot('25-mitarbeiter-selbst');
    await pick('#mitarbeiter-vorhanden', String(kept.kennnummer), new RegExp(String(kept.kennnummer)));
    await dialog().getByRole('button', { name: 'Zuordnen' }).click();
    await hasText(
      dialog().locator('.bp6-callout'),
      'Der vorhandene Benutzer ist bereits diesem Benutzer zugeordnet!',
    );

    // An employee of another firm: a warning that the other link goes, then the assignment.
    await pick('#mitarbeiter-vorhanden', String(fremd.kennnummer), new RegExp(String(fremd.kennnummer)));
    await dialog().getByRole('button', { name: 'Zuordnen' }).click();
    await visible(
      alert().getByText(/bereits einem anderen Benutzer zugeordnet.*Diese Zuordnung wird entfernt!/),
    );
    await alert().getByRole('button', { name: 'Zuordnen' }).click();
    await dialog().waitFor({ state: 'detached' });
    await hasCount(rows, before + 2);
    expect((await api<Row>('GET', `/api/benutzer/${fremd.id}`)).parent_id).toBe(firma.id);

    // Ending an employment link asks first; the user stays, top-level.
    const neumann = panel().locator('tr', { hasText: 'Neumann' });
    await neumann.getByRole('button', { name: 'Zuordnung entfernen' }).click();
    await visible(alert().getByText(/Soll Emil Neumann nicht mehr .* zugeordnet sein\?/));
    await alert().getByRole('button', { name: 'Zuordnung entfernen' }).click();
    await hasCount(rows, before + 1);
    const [geloest] = await api<Row[]>(
      'GET',
      `/api/benutzer?where=${encodeURIComponent('{"nachname":"Neumann","vorname":"Emil"}')}`,
    );
    expect(geloest.parent_id).toBeNull();
  });

  it('sets a password (the repeat must match) and removes it after confirmation', async () => {
    await openBenutzer(firma.id, 'Grunddaten');
    const status = page.locator('.passwort-feld .bp6-tag');
    await page.locator('.passwort-feld').getByRole('button', { name: 'Passwort setzen' }).click();
    await visible(dialog().getByText('Neues Passwort setzen'));
    await page.locator('#password-set').fill('Geheim-am-Main-26');
    await page.locator('#password-set-repeat').fill('Geheim-am-Main-25');
    await dialog().getByRole('button', { name: 'Passwort setzen' }).click();
    await hasText(dialog().locator('.bp6-callout'), 'Passwörter stimmen nicht überein!');
    await shot('26-passwort-setzen');
    await page.locator('#password-set-repeat').fill('Geheim-am-Main-26');
    await dialog().getByRole('button', { name: 'Passwort setzen' }).click();
    await dialog().waitFor({ state: 'detached' });
    await hasText(status, 'Passwort gesetzt');
    expect(await api<{ gesetzt: boolean }>('GET', `/api/benutzer/${firma.id}/password`)).toEqual({
      gesetzt: true,
    });

    await page.getByRole('button', { name: 'Passwort entfernen' }).click();
    await visible(
      alert().getByText(
        'Wollen Sie wirklich das Passwort entfernen? Der Benutzer kann sich dann nicht mehr anmelden.',
      ),
    );
    await alert().getByRole('button', { name: 'Entfernen' }).click();
    await hasText(status, 'kein Passwort');
  });

  it('merges two users with a take switch in the merge window', async () => {
    // The obsolete employee has a password: the diff shows it masked only.
    await api('POST', `/api/benutzer/${obsolete.id}/password`, { password: 'Alt-Passwort-1' });
    const obsoleteEmails = await api<Row[]>(
      'GET',
      `/api/benutzer-email${query({ where: { benutzer_id: obsolete.id } })}`,
    );
    expect(obsoleteEmails.length).toBeGreaterThan(0);

    await openBenutzer(kept.id);
    await page.getByRole('button', { name: 'Zusammenführen', exact: true }).click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${kept.id}/zusammenfuehren$`));
    for (const title of ['Benutzer', 'Emails', 'Adressen', 'Konten']) {
      await visible(page.locator('.bp6-section-header', { hasText: `${title} zusammenführen` }));
    }
    await pick('#merge-obsolete', String(obsolete.nachname), new RegExp(String(obsolete.kennnummer)));
    const diff = page.locator('.merge-diff');
    await hasText(
      diff.locator('tr', { hasText: 'Vorname' }),
      new RegExp(`${kept.vorname}.*${obsolete.vorname}`),
    );
    await hasText(diff.locator('tr', { hasText: 'Passwort' }).locator('td').nth(2), '••••••');
    expect(await diff.locator('tr', { hasText: 'Anzeigename' }).count()).toBe(0);
    await diff.locator('tr', { hasText: 'Vorname' }).locator('label.bp6-switch').click();
    await shot('27-benutzer-zusammenfuehren');
    await page.getByRole('button', { name: 'Benutzer zusammenführen' }).click();
    await visible(
      alert().getByText(/kann nicht rückgängig gemacht werden.*wird gelöscht.*inhaltlich nicht verändert/),
    );
    await alert().getByRole('button', { name: 'Zusammenführen' }).click();
    await visible(toast('Benutzer erfolgreich zusammengeführt'));
    // The window shows the kept user with the taken value; nothing asks for the deleted one.
    await hasText(
      page.locator('.edit-header h4'),
      `Zusammenführen: ${String(obsolete.vorname)} ${String(kept.nachname)}`,
    );
    expect(await toast('nicht gefunden').count()).toBe(0);

    const gone = await page.request.get(`${server.url}/node/api/benutzer/${obsolete.id}`);
    expect(gone.status()).toBe(404);
    expect((await api<Row>('GET', `/api/benutzer/${kept.id}`)).vorname).toBe(obsolete.vorname);
    const moved = await api<Row[]>(
      'GET',
      `/api/benutzer-email${query({ where: { id: { $in: obsoleteEmails.map((e) => e.id) } } })}`,
    );
    expect(moved.map((e) => e.benutzer_id)).toEqual(obsoleteEmails.map(() => kept.id));
  });

  it('merges two e-mails of the user and warns about a deactivated kept address', async () => {
    const emails = await api<Row[]>(
      'GET',
      `/api/benutzer-email${query({ where: { benutzer_id: kept.id }, order: [['id', 'ASC']] })}`,
    );
    expect(emails.length).toBeGreaterThanOrEqual(2);
    await page.goto(`${server.url}/#/benutzer/benutzer/${kept.id}/zusammenfuehren`);
    await page.getByRole('button', { name: 'Emails zusammenführen' }).click();
    await page.locator('#merge-staying').selectOption(String(emails[0].id));
    // The kept e-mail is no candidate for removal.
    const candidates = await page.locator('#merge-obsolete-item option').allTextContents();
    expect(candidates).not.toContain(String(emails[0].email));
    await page.locator('#merge-obsolete-item').selectOption(String(emails[1].id));
    await shot('28-emails-zusammenfuehren');
    await dialog().getByRole('button', { name: 'Zusammenführen' }).click();
    await visible(alert().getByText(/kann nicht rückgängig gemacht werden/));
    await alert().getByRole('button', { name: 'Zusammenführen' }).click();
    await visible(toast('Emails erfolgreich zusammengeführt'));
    await dialog().waitFor({ state: 'detached' });
    const after = await api<Row[]>('GET', `/api/benutzer-email${query({ where: { benutzer_id: kept.id } })}`);
    expect(after.map((e) => e.id)).not.toContain(emails[1].id);
    expect(after.length).toBe(emails.length - 1);

    await page.goto(`${server.url}/#/benutzer/benutzer/${firma.id}/zusammenfuehren`);
    await page.getByRole('button', { name: 'Adressen zusammenführen' }).click();
    await page
      .locator('#merge-staying')
      .selectOption({ label: `Zweigstelle, ${String(firma.firma)}, Hauptstraße 5, 01067 Dresden` });
    await hasText(dialog().locator('.bp6-callout'), 'Achtung: Bleibende Adresse ist deaktiv!');
    await dialog().getByRole('button', { name: 'Abbrechen' }).click();
  });

  it('shows the booking overview with links to billing and exports it as CSV', async () => {
    const transactions = await api<Row[]>(
      'GET',
      `/api/rw-transaction${query({ where: { benutzer_id: firma.id }, scope: 'aktuell' })}`,
    );
    expect(transactions.length).toBeGreaterThan(0);
    await openBenutzer(firma.id);
    await page.getByRole('button', { name: 'Buchungsübersicht' }).click();
    await page.waitForURL(new RegExp(`#/benutzer/benutzer/${firma.id}/rw$`));
    const rows = page.locator('.buchungen tbody tr');
    await hasCount(rows, transactions.length);
    const seminar = transactions.find((t) => t.veranstaltung_id)!;
    expect(
      await page.locator(`a[href="#/rw/seminar-abrechnung/${seminar.veranstaltung_id}/${firma.id}"]`).count(),
    ).toBeGreaterThan(0);
    await hasText(rows.first().locator('td').nth(3), /^\d{1,3}(\.\d{3})*,\d{2} €$/);
    await visible(page.getByText('Zur Abrechung').first());
    await shot('29-buchungsuebersicht');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV-Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Buchungsübersicht ${String(firma.anzeigename)}.csv`);
    const file = join(SCREENSHOTS, '..', 'Buchungsuebersicht.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Buchungsdatum;Titel;Veranstaltung/Abo;Betrag;Kategorie');
    expect(lines.length).toBe(transactions.length + 1);
    // Amounts as German Excel reads numbers: two decimals after a comma, no thousands separator, no €.
    // The category by its German name, as the screen shows it.
    for (const line of lines.slice(1))
      expect(line).toMatch(/^\d{2}\.\d{2}\.\d{4};.*;-?\d+,\d{2};(Seminare|Abos|Bundle|Produkte)$/);

    // The participant variant: bookings the kept employee takes part in, grouped per booking user.
    await page.goto(`${server.url}/#/benutzer/benutzer/${kept.id}/teilnehmer-rw`);
    await visible(page.locator('.edit-header h4', { hasText: 'Buchungen als Teilnehmer' }));
    await eventually(async () =>
      expect(
        (await page.locator('.bucher-gruppe h5').count()) + (await page.locator('.list-empty').count()),
      ).toBeGreaterThan(0),
    );
    await shot('2t-teilnehmer-buchungen');
  });

  it('shows the verband-2 fields only for verband 2', async () => {
    await api('PUT', `/api/benutzer/${adminId}`, { verband: 2 });
    await page.goto(`${server.url}/#/benutzer/benutzer/${firma.id}`);
    await page.reload();
    await visible(tab('Grunddaten'));
    await tab('Grunddaten').click();
    const beruf = page.locator('#field-berufsbezeichnung');
    await eventually(async () => expect(await beruf.evaluate((el) => el.tagName)).toBe('SELECT'));
    expect(await beruf.locator('option').allTextContents()).toContain('Steuerfachangestellte/r');
    await tab('Weiteres').click();
    await visible(page.getByText('Gehaltsumfrage', { exact: true }));
    const tlms = page.locator('#field-tlms_user_id');
    expect(await tlms.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'TalentLMS-ID bearbeiten' }).click();
    expect(await tlms.getAttribute('readonly')).toBeNull();
    await shot('2v-verband-2');
    await page.getByRole('button', { name: 'Bei TalentLMS registrieren' }).click();
    await visible(alert().getByText(/TalentLMS registrieren/));
    await alert().getByRole('button', { name: 'Registrieren' }).click();
    await visible(toast('TalentLMS ist nicht konfiguriert'));

    await api('PUT', `/api/benutzer/${adminId}`, { verband: 3 });
    await page.reload();
    await visible(tab('Weiteres'));
    await tab('Weiteres').click();
    await visible(page.locator('#field-re_email_id'));
    expect(await page.getByText('TalentLMS').count()).toBe(0);
    await tab('Grunddaten').click();
    expect(await page.locator('#field-berufsbezeichnung').evaluate((el) => el.tagName)).toBe('INPUT');
  });
});
