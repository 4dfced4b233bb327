/// <reference lib="dom" />
/**
 * Issue 18 in Chromium: long work shows a Blueprint ProgressBar (with counts) while it runs, then
 * its result — the CSV comparison of a large file, the invoice run of a seminar with a few
 * hundred bookings, the salary survey import and all certificates of a seminar as one PDF.
 * Screenshots land in test-results/screenshots/lange-arbeit/ to be looked at.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { anschrift } from '../support/abrechnung-daten';
import { pdfPages } from '../support/pdf-text';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('lange-arbeit');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

/** Enough rows and invoices that the work outlasts a few of the screen's polls (every 500 ms). */
const ZEILEN = 120_000;
const BUCHUNGEN = 300;

/**
 * The screens ask as any client does; here the starting call also asks for the 202 at once
 * (`Prefer: respond-async`), so that the bar shows also on a machine fast enough to finish the
 * work within the second the server otherwise waits for the quick answer.
 */
async function sofortImHintergrund(pfad: RegExp): Promise<void> {
  await page.route(pfad, (route) =>
    route.request().method() === 'POST'
      ? route.continue({ headers: { ...route.request().headers(), prefer: 'respond-async' } })
      : route.continue(),
  );
}

const fortschritt = () => page.locator('.auftrag-fortschritt');
const zahl = (n: number) => n.toLocaleString('de-DE');

/** `arbeit(i)` for i < n, a few at a time. */
async function nebeneinander(n: number, arbeit: (i: number) => Promise<unknown>): Promise<void> {
  let naechste = 0;
  const strang = async () => {
    while (naechste < n) await arbeit(naechste++);
  };
  await Promise.all(Array.from({ length: 8 }, strang));
}

/** Waits for the bar to show counts ("45.000 von 120.000 Zeilen"), not only its start. */
async function zaehltMit(einheit: string, gesamt: number, bildschirm: Locator): Promise<string> {
  const text = fortschritt().locator('.auftrag-fortschritt-text');
  const muster = new RegExp(`^[\\d.]+ von ${zahl(gesamt).replace('.', '\\.')} ${einheit}`);
  let gesehen = '';
  await eventually(async () => {
    gesehen = (await text.textContent()) ?? '';
    expect(gesehen).toMatch(muster);
  }, 60_000);
  expect(await fortschritt().locator('.bp6-progress-bar').count()).toBe(1);
  // A Blueprint ProgressBar with a value, and no spinner where the work was started.
  expect(await fortschritt().locator('.bp6-progress-meter').getAttribute('style')).toMatch(/width: \d/);
  expect(await bildschirm.locator('.bp6-spinner').count()).toBe(0);
  return gesehen;
}

describe('the CSV comparison of a large file', () => {
  it('shows the rows compared so far, then the four buckets', async () => {
    const gruppe = await api<Row>('POST', '/api/benutzer-gruppe', { name: 'Großer Abgleich', typ: 'NWG' });
    const [bekannt] = await api<Row[]>(
      'GET',
      `/api/benutzer-email?${new URLSearchParams({
        where: JSON.stringify({ '$Benutzer.aktiviert$': true }),
        include: JSON.stringify([{ association: 'Benutzer', attributes: ['id', 'aktiviert'] }]),
        order: JSON.stringify([['id', 'ASC']]),
        limit: '1',
      })}`,
    );
    await sofortImHintergrund(/\/node\/api\/benutzer-gruppe\/\d+\/csv_compare$/);
    const zeilen = ['E-Mail', String(bekannt.email)];
    for (let i = 1; i < ZEILEN; i++) zeilen.push(`p${i}@x.example`);
    await page.goto(`${server.url}/#/benutzer/gruppe/${gruppe.id}`);
    await page.getByRole('tab', { name: 'CSV-Email-Zuordnung', exact: true }).click();
    const panel = page.locator('.bp6-tab-panel[aria-hidden="false"]');
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'mitglieder.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(zeilen.join('\r\n')),
    });
    await panel.getByRole('button', { name: 'Vergleichen' }).click();
    const text = await zaehltMit('Zeilen', ZEILEN, panel);
    await session.shot('csv-abgleich-fortschritt');
    expect(text).toMatch(/Zeilen – Zeilen werden verglichen$/);
    await hasText(
      panel.locator('.abgleich-summe'),
      new RegExp(`Bereit zum Hinzufügen: 1.*Nicht gefunden: ${ZEILEN - 1}`),
    );
    expect(await fortschritt().count()).toBe(0);
    await session.shot('csv-abgleich-ergebnis');
  });
});

describe('the invoice run of a seminar with a few hundred bookings', () => {
  /** 300 PDFs on a machine shared with other work: up to about a second each. */
  const ARCHIVIEREN_MS = 300_000;

  it('shows the bar while the invoices are issued and archived, then reports the run', async () => {
    const kreis = await api<Row>('POST', '/api/rw-kreis', {
      titel: 'Großlauf',
      template: 'GL-{yyyy}-{nr:5}',
    });
    const vorlage = await api<Row>('POST', '/api/rw-vorlage', { titel: 'Großlauf', rw_kreis_id: kreis.id });
    const typ = await api<Row>('POST', '/api/veranstaltung-typ', {
      bezeichnung: 'Großlauf',
      mwst: 19,
      rw_vorlage_id: vorlage.id,
    });
    const seminar = await api<Row>('POST', '/api/veranstaltung', {
      titel: 'Umsatzsteuer aktuell',
      lg_id: 'GL-1',
      veranstaltung_typ_id: typ.id,
      mwst: 19,
    });
    await nebeneinander(BUCHUNGEN, async (i) => {
      const mitglied = await api<Row>('POST', '/api/benutzer', { firma: `Kanzlei Großlauf ${i}` });
      const adresse = await api<Row>('POST', '/api/benutzer-adresse', anschrift(mitglied.id as number));
      await api('POST', '/api/rw-bezahloption', {
        benutzer_id: mitglied.id,
        category: 'seminare',
        veranstaltung_id: seminar.id,
        typ: 'transfer',
        benutzer_adresse_id: adresse.id,
      });
      await api('POST', '/api/rw-transaction', {
        category: 'seminare',
        veranstaltung_id: seminar.id,
        benutzer_id: mitglied.id,
        betrag: 189,
        titel: 'Umsatzsteuer aktuell',
      });
    });

    await api('POST', '/api/rw-transaction/setAllVerifiziert', {
      category: 'seminare',
      category_id: seminar.id,
    });
    await sofortImHintergrund(/\/node\/api\/rw-rechnung$/);
    await page.goto(`${server.url}/#/rw/seminar-abrechnung/${seminar.id}`);
    await page.getByRole('button', { name: 'Rechnungen erstellen' }).click();
    const dialog = page.locator('.bp6-dialog');
    await dialog.getByRole('button', { name: 'Rechnungen erstellen' }).click();
    // The run holds SQLite's one connection in its transaction; the polls read beside it.
    await zaehltMit('Rechnungen', BUCHUNGEN, dialog);
    expect(await dialog.getByRole('button', { name: 'Rechnungen erstellen' }).isDisabled()).toBe(true);
    await session.shot('rechnungslauf-fortschritt');
    // The run's last step renders and archives each invoice's PDF (issue 28), with its own progress.
    await zaehltMit('Rechnungen – Rechnungs-PDFs werden archiviert', BUCHUNGEN, dialog);
    await session.shot('rechnungslauf-archivieren');
    await eventually(
      async () =>
        expect(await dialog.locator('.rechnungslauf-ergebnis .bp6-heading').textContent()).toBe(
          `Mitglieder mit offenen Vorgängen: ${BUCHUNGEN}, Rechnungen erstellt: ${BUCHUNGEN}, Storno-Rechnungen: 0`,
        ),
      ARCHIVIEREN_MS,
    );
    expect(await fortschritt().count()).toBe(0);
    await session.shot('rechnungslauf-ergebnis');
    await visible(dialog.getByRole('button', { name: 'Schließen' }));
  }, 600_000);
});

describe('the import of a large salary survey access file (verband 2)', () => {
  const ZUGAENGE = 200_000;

  it('shows the accesses applied so far, then the success dialog', async () => {
    const admin = await api<{ id: number }>('GET', '/loginInfo');
    await api('PUT', `/api/benutzer/${admin.id}`, { verband: 2 });
    try {
      await sofortImHintergrund(/\/node\/gehaltsumfrage$/);
      await page.goto(`${server.url}/#/benutzer/gehaltsumfrage`);
      await page.reload();
      const bildschirm = page.locator('[data-screen="auswertung"]');
      const zeilen = ['Kennnummer;Link;Passwort'];
      for (let i = 0; i < ZUGAENGE; i++) zeilen.push(`G${i};l;p`);
      await bildschirm.locator('.gehaltsumfrage-import input[type="file"]').setInputFiles({
        name: 'zugaenge.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(zeilen.join('\r\n')),
      });
      await bildschirm.getByRole('button', { name: 'Importieren' }).click();
      const text = await zaehltMit('Zugängen', ZUGAENGE, bildschirm);
      expect(text).toMatch(/Zugängen – Zugänge werden eingetragen$/);
      await session.shot('gehaltsumfrage-fortschritt');
      const dialog = page.locator('.bp6-dialog');
      await hasText(dialog.locator('.bp6-heading'), /^Erfolgreich nach \d+ Sekunden$/);
      expect(await fortschritt().count()).toBe(0);
      await session.shot('gehaltsumfrage-ergebnis');
    } finally {
      await api('PUT', `/api/benutzer/${admin.id}`, { verband: 3 });
    }
  });
});

describe('all certificates of a seminar with many participants', () => {
  const TEILNEHMER = 150;

  it('counts the certificates in the bar, then the browser saves the one PDF', async () => {
    const seminar = await api<Row>('POST', '/api/veranstaltung', {
      titel: 'Erbschaftsteuer kompakt',
      lg_id: 'SB-18',
      freigabe_teilnahme_bescheinigung: true,
    });
    await api('POST', '/api/veranstaltung-event', { veranstaltung_id: seminar.id, datum: '2024-05-07' });
    await nebeneinander(TEILNEHMER, async (i) => {
      const b = await api<Row>('POST', '/api/benutzer', { vorname: `Käthe ${i}`, nachname: 'Sammel' });
      await api('POST', '/api/rw-transaction', {
        category: 'seminare',
        benutzer_id: b.id,
        veranstaltung_id: seminar.id,
        betrag: 99,
      });
    });
    await sofortImHintergrund(/\/node\/api\/bescheinigung\/seminar$/);
    await page.goto(`${server.url}/#/seminare/veranstaltung/${seminar.id}/teilnehmer`);
    const bildschirm = page.locator('.teilnehmerliste');
    const knopf = bildschirm.getByRole('button', { name: 'Alle Bescheinigungen' });
    await visible(knopf);
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await knopf.click();
    const text = await zaehltMit('Bescheinigungen', TEILNEHMER, bildschirm);
    expect(text).toMatch(/Bescheinigungen – Bescheinigungen werden erstellt$/);
    expect(await knopf.isDisabled()).toBe(true);
    // Some written already: the bar filled part way.
    await hasText(fortschritt().locator('.auftrag-fortschritt-text'), /^[1-9][\d.]* von 150 Bescheinigungen/);
    await session.shot('bescheinigungen-fortschritt');

    const datei = await download;
    expect(datei.suggestedFilename()).toBe('Bescheinigungen SB-18 Erbschaftsteuer kompakt.pdf');
    const seiten = pdfPages(readFileSync((await datei.path())!));
    expect(seiten).toHaveLength(TEILNEHMER);
    expect(seiten.join(' ')).toContain('Käthe 0 Sammel');
    await eventually(async () => expect(await fortschritt().count()).toBe(0));
    expect(await knopf.isDisabled()).toBe(false);
    await session.shot('bescheinigungen-fertig');
  });
});
