/// <reference lib="dom" />
/**
 * The start page's dashboard chart 'Newsletter Klicks in den letzten 6 Monaten' (issue 15, spec 003
 * §2) in Chromium on the demo data: a newsletter is sent, its tracked link clicked three times, and
 * the current month's bar shows those clicks; the cards sit in two columns from 760 px width.
 * Screenshots land in test-results/screenshots/dashboard/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { berlinDatum } from '../../common/kalender';
import { klickQuery, klicksJeMonat } from '../../client/src/features/reporting/klicks';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('dashboard', () => ({ PUBLIC_URL: 'https://verwaltung.test' }));
const { api } = session;

const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

/** The clicks per month as the chart asks for them. */
async function klicksJetzt() {
  const heute = berlinDatum(new Date());
  const tage = await api<{ datum: string; count: number }[]>(
    'GET',
    `/api/statistik-newsletter${query(klickQuery(heute))}`,
  );
  return klicksJeMonat(tage, heute);
}

/** Sends a newsletter with one link to a demo Benutzer and follows its tracked link `mal` times. */
async function klicken(mal: number): Promise<void> {
  const [benutzer] = await api<Row[]>(
    'GET',
    `/api/benutzer${query({
      where: { aktiviert: true, atr_kein_newsletter: false, primaeremail_id: { $ne: null } },
      include: ['Primaeremail'],
      limit: 1,
    })}`,
  );
  const email = (benutzer.Primaeremail as Row).email as string;
  const gruppe = await api<Row>('POST', '/api/benutzer-gruppe', {
    name: 'Dashboard-Test',
    typ: 'NWG',
    zuordnung: 'benutzer',
  });
  await api('POST', `/api/benutzer-gruppe/${gruppe.id}/benutzers`, [benutzer.id]);
  const newsletter = await api<Row>('POST', '/api/newsletter', {
    titel: 'Klicktest',
    betreff: 'Klicktest',
    body: '<p><a href="https://stbv-demo.de/seminare">Seminare</a></p>',
    Benutzer_Gruppes: [gruppe.id],
  });
  const dispatcher = await api<Row>('POST', '/api/newsletter-dispatcher', {
    newsletter_id: newsletter.id,
    versand_time: new Date().toISOString(),
  });
  await eventually(async () => {
    expect((await api<Row>('GET', `/api/newsletter-dispatcher/${dispatcher.id}`)).versendet).toBe(true);
  }, 30_000);
  const outbox = join(session.server.dir, 'outbox');
  const mail = readdirSync(outbox)
    .map((name) =>
      readFileSync(join(outbox, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .find((text) => text.includes(`To: ${email}`) && text.includes('Klicktest'));
  // The HTML part's link (the text/plain part writes the same address without quotes).
  const pfad = /href="https:\/\/verwaltung\.test(\/node\/r\/[^"]+)"/.exec(mail ?? '')?.[1];
  expect(pfad).toBeDefined();
  for (let i = 0; i < mal; i++) {
    const response = await fetch(`${session.server.url}${pfad}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
  }
}

describe('dashboard', () => {
  it('shows current figures on a fresh demo start: clicks on the dashboard, revenue in the Umsatzprognose (issue 32)', async () => {
    const { page } = session;
    const monate = await klicksJetzt();
    expect(monate.filter((m) => m.klicks > 0).length).toBeGreaterThanOrEqual(2);
    const karte = page.locator('[data-screen="dashboard-klicks"]');
    const balken = karte.locator('.recharts-bar-rectangle path');
    await eventually(async () =>
      expect(await balken.count()).toBe(monate.filter((m) => m.klicks > 0).length),
    );
    await session.shot('00-erststart-startseite');

    const jahr = Number(berlinDatum(new Date()).slice(0, 4));
    const umsatz = await api<{ summe: { gesamt: number; seminare: number } }>(
      'GET',
      `/api/rw-auswertung/umsatz?year=${jahr}`,
    );
    expect(umsatz.summe.seminare).toBeGreaterThan(0);
    await page.goto(`${session.server.url}/#/auswertung/umsatz`);
    const screen = page.locator('[data-screen="auswertung"]');
    await hasText(screen.locator('h4').first(), `Umsatzprognose ${jahr}`);
    const euro = `${new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2 }).format(umsatz.summe.gesamt)} €`;
    await hasText(screen.locator('tfoot td.betrag strong'), euro);
    await eventually(async () =>
      expect(
        await screen.locator('[data-diagramm="umsatz"] .recharts-bar-rectangle').count(),
      ).toBeGreaterThan(0),
    );
    await session.shot('00-erststart-umsatzprognose');
  });

  it('draws the clicks of the last 6 months as bars, the current month with the new clicks', async () => {
    const { page } = session;
    const vorher = (await klicksJetzt()).at(-1)!.klicks;
    await klicken(3);
    const monate = await klicksJetzt();
    expect(monate.at(-1)!.klicks).toBe(vorher + 3);

    // The start page: '/' leads to it (loaded afresh, the session's first page showed older counts).
    await page.goto(`${session.server.url}/#/`);
    await page.reload();
    await page.waitForURL(/#\/newsletter\/newsletter$/);
    const karte = page.locator('[data-screen="dashboard-klicks"]');
    await hasText(karte.locator('h4'), 'Newsletter Klicks in den letzten 6 Monaten');
    const balken = karte.locator('.recharts-bar-rectangle path');
    await visible(balken);
    await eventually(async () =>
      expect(await balken.count()).toBe(monate.filter((m) => m.klicks > 0).length),
    );
    // The last bar is the current month: its tooltip names the month and its clicks.
    await balken.last().hover();
    await hasText(
      karte.locator('.recharts-tooltip-wrapper'),
      new RegExp(`^\\S+ \\d{4}Klicks: ${monate.at(-1)!.klicks}$`),
    );
    // Six months on the axis.
    expect(await karte.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count()).toBe(6);
    await session.shot('01-startseite-1400');

    // Two columns from 760 px: half the width there, the whole width below.
    const breite = async () => (await karte.boundingBox())!.width;
    const inhalt = async () => (await page.locator('.dashboard').boundingBox())!.width;
    expect(await breite()).toBeLessThan((await inhalt()) * 0.6);
    await page.setViewportSize({ width: 700, height: 900 });
    await eventually(async () => expect(await breite()).toBeGreaterThan((await inhalt()) * 0.95));
    await session.shot('02-startseite-700');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
