/// <reference lib="dom" />
/**
 * The participant list of a seminar (issue 11): rows from the bookings, a participation toggle
 * reflected in the list and the seminar's count, the certificate release enabling the
 * certificate links, the Serienbrief saved once written, and the PDF tab offering the invitation.
 */
import { readFileSync } from 'node:fs';
import { pdfPages } from '../support/pdf-text';
import { eventually, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('seminar-dokumente');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;

type Row = Record<string, unknown> & { id: number };
let seminar: Row;

beforeAll(async () => {
  ({ page, server } = session);
  seminar = await api<Row>('POST', '/api/veranstaltung', { titel: 'E2E Grundsteuer', lg_id: 'E2E-11' });
  await api('POST', '/api/veranstaltung-event', { veranstaltung_id: seminar.id, datum: '2024-03-05' });
  for (const [vorname, nachname] of [
    ['Jürgen', 'Müßig'],
    ['Änne', 'Öztürk'],
  ]) {
    const b = await api<Row>('POST', '/api/benutzer', { vorname, nachname });
    await api('POST', '/api/rw-transaction', {
      category: 'seminare',
      benutzer_id: b.id,
      veranstaltung_id: seminar.id,
      betrag: 249.5,
      buchung_typ: 'backoffice',
    });
  }
});

const zeile = (name: string) => page.locator('.teilnehmer-tabelle tbody tr', { hasText: name });
const anzahl = async () => (await api<Row>('GET', `/api/veranstaltung/${seminar.id}`)).teilnehmer_count;

describe('the participant list', () => {
  it('lists the booked participants', async () => {
    await page.goto(`${server.url}/#/seminare/veranstaltung/${seminar.id}/teilnehmer`);
    await visible(zeile('Müßig, Jürgen'));
    expect(await zeile('Öztürk, Änne').textContent()).toContain('249,50 €');
    expect(await anzahl()).toBe(2);
    await shot('liste');
  });

  it('toggles participation, and the count follows', async () => {
    await zeile('Öztürk, Änne').locator('label.bp6-switch').click();
    await eventually(async () => expect(await anzahl()).toBe(1));
    await eventually(async () =>
      expect(await zeile('Öztürk, Änne').locator('input[type=checkbox]').isChecked()).toBe(false),
    );
    await page.locator('label.bp6-switch', { hasText: 'Nur aktive' }).click();
    await eventually(async () => expect(await zeile('Öztürk, Änne').count()).toBe(0));
    await shot('nur-aktive');
    await page.locator('label.bp6-switch', { hasText: 'Nur aktive' }).click();
  });

  it('enables the certificates once released', async () => {
    const link = page.getByRole('button', { name: 'Bescheinigung Müßig, Jürgen' });
    expect(await link.getAttribute('aria-disabled')).toBe('true');
    await page.locator('label.bp6-switch', { hasText: 'Teilnahmebescheinigungen freigegeben' }).click();
    await eventually(async () => expect(await link.getAttribute('aria-disabled')).not.toBe('true'));
    expect(
      await page.getByRole('button', { name: 'Bescheinigung Öztürk, Änne' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await shot('freigegeben');
  });

  it('saves the Serienbrief, written as long work, once it is done', async () => {
    const knopf = page.getByRole('button', { name: 'Serienbrief (PDF)' });
    const download = page.waitForEvent('download');
    await knopf.click();
    const datei = await download;
    expect(datei.suggestedFilename()).toBe('Serienbrief E2E-11.pdf');
    // Jürgen alone took part: one letter.
    const seiten = pdfPages(readFileSync((await datei.path())!));
    expect(seiten).toHaveLength(1);
    expect(seiten[0]).toContain('Jürgen');
    expect(await knopf.isDisabled()).toBe(false);
  });

  it('offers the invitation in the seminar’s PDF tab', async () => {
    await page.goto(`${server.url}/#/seminare/veranstaltung/${seminar.id}`);
    await page.getByRole('tab', { name: 'PDF', exact: true }).click();
    const button = page.getByRole('button', { name: 'PDF erzeugen' });
    await visible(button);
    const download = page.waitForEvent('download');
    await button.click();
    expect((await download).suggestedFilename()).toBe('Seminareinladung E2E Grundsteuer E2E-11.pdf');
    await shot('pdf-tab');
  });

  it('previews the PDF-tab texts typed but not yet saved (issue 35)', async () => {
    const zahlungsweise = page.locator('[id="field-data.seminareinladung_pdf.zahlungsweise"]');
    await zahlungsweise.fill('Jetzt anmelden, ungespeichert');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF erzeugen' }).click();
    const text = pdfPages(readFileSync(await (await download).path())).join(' ');
    expect(text).toContain('Zahlungsweise: Jetzt anmelden, ungespeichert');
    // Nothing was saved for it.
    const gespeichert = await api<Row>('GET', `/api/veranstaltung/${seminar.id}`);
    expect(JSON.stringify(gespeichert.data ?? {})).not.toContain('ungespeichert');
    await shot('pdf-tab-ungespeichert');
  });
});
