/// <reference lib="dom" />
/**
 * Issue 28 in Chromium on the demo data: a guest registration taken over from the Gastanmeldungen
 * list — the row action, the dialog as confirmation, then the new Benutzer opens with the
 * registration's e-mail, and the row offers the action no more. Screenshots land in
 * test-results/screenshots/gastanmeldung/ to be looked at.
 */
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('gastanmeldung');
const { api } = session;

const query = (q: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)])).toString();

describe('a guest registration taken over', () => {
  let gast: Row;

  beforeAll(async () => {
    const [seminar] = await api<Row[]>(
      'GET',
      `/api/veranstaltung?${query({ where: { preis2: { $gt: 0 } }, limit: 1 })}`,
    );
    gast = await api<Row>('POST', '/api/gastanmeldung', {
      vorname: 'Wiebke',
      nachname: 'Sönnichsen',
      email: 'wiebke.soennichsen@kanzlei-soennichsen.de',
      veranstaltung_id: seminar.id,
      data: { anrede: 'Frau', strasse: 'Holstenstraße 12', plz: '24103', ort: 'Kiel' },
    });
  });

  it('asks in a dialog, then opens the new Benutzer with the registration’s data', async () => {
    const { page } = session;
    await page.goto(`${session.server.url}/#/rw/gastanmeldung`);
    const zeile = page.locator('tr', { hasText: 'wiebke.soennichsen@kanzlei-soennichsen.de' });
    await visible(zeile);
    await zeile.getByRole('button', { name: 'Als Benutzer übernehmen' }).click();

    const dialog = page.locator('.bp6-dialog');
    await hasText(dialog, /Die Gastanmeldung von Wiebke Sönnichsen \(wiebke\.soennichsen@/);
    await hasText(dialog, /Name, E-Mail-Adresse und Anschrift werden aus der Gastanmeldung übernommen\./);
    await session.shot('1-dialog');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();

    await page.waitForURL(/#\/benutzer\/benutzer\/\d+$/);
    const benutzerId = Number(/(\d+)$/.exec(page.url())![1]);
    const stand = await api<Row>('GET', `/api/gastanmeldung/${gast.id}`);
    expect(stand).toMatchObject({ status: 'uebernommen', benutzer_id: benutzerId });
    await eventually(async () =>
      expect(await page.locator('input[value="Sönnichsen"]').count()).toBeGreaterThan(0),
    );
    await session.shot('2-benutzer');

    const [benutzer] = await api<Row[]>(
      'GET',
      `/api/benutzer?${query({ where: { id: benutzerId }, include: ['Primaeremail', 'Mi_Adresse'] })}`,
    );
    expect(benutzer).toMatchObject({
      Primaeremail: { email: 'wiebke.soennichsen@kanzlei-soennichsen.de' },
      Mi_Adresse: { strasse: 'Holstenstraße 12', plz: '24103', ort: 'Kiel' },
    });
    const buchungen = await api<Row[]>(
      'GET',
      `/api/rw-transaction?${query({ where: { benutzer_id: benutzerId } })}`,
    );
    expect(buchungen).toEqual([expect.objectContaining({ veranstaltung_id: gast.veranstaltung_id })]);

    await page.goto(`${session.server.url}/#/rw/gastanmeldung`);
    await eventually(async () =>
      expect(await zeile.getByRole('button', { name: 'Als Benutzer übernehmen' }).isDisabled()).toBe(true),
    );
    await session.shot('3-liste');
  });
});
