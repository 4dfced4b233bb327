/// <reference lib="dom" />
/**
 * Issue 32 in the browser: the charts of the evaluations drawn above their tables, from the same
 * data and filters — Umsatzprognose (bars per category, booked vs. expected), the newsletter
 * evaluation (clicks, clicking recipients, click rate per month) and the seminar result (net
 * revenue, costs, margin per seminar) — on the demo data. Screenshots in test-results/screenshots/diagramme/.
 */
import { eventually, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('diagramme');
const { api } = session;
let page: typeof session.page;

const screen = () => page.locator('[data-screen="auswertung"]');
const diagramm = (name: string) => screen().locator(`[data-diagramm="${name}"]`);
/** The chart's axis labels, as staff read them. */
const achse = async (name: string) =>
  (await diagramm(name).locator('.recharts-cartesian-axis-tick-value').allTextContents()).join(' | ');

async function menu(path: string): Promise<void> {
  await page.getByRole('menu', { name: 'Hauptmenü' }).locator(`a.bp6-menu-item[href="#${path}"]`).click();
  await visible(screen());
}

beforeAll(async () => {
  page = session.page;
  const { id } = await api<{ id: number }>('GET', '/loginInfo');
  await api('PUT', `/api/benutzer/${id}`, { verband: 3 });
  await page.reload();
  await visible(page.getByRole('menu', { name: 'Hauptmenü' }));
});

it('draws the Umsatzprognose as monthly bars per category above its table', async () => {
  await menu('/auswertung/umsatz');
  const jahr = Number(await page.getByRole('combobox', { name: 'Jahr' }).inputValue());
  await eventually(async () =>
    expect(await diagramm('umsatz').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0),
  );
  const umsatz = await api<{ monate: { gesamt: number }[] }>('GET', `/api/rw-auswertung/umsatz?year=${jahr}`);
  expect(umsatz.monate.some((m) => m.gesamt > 0)).toBe(true);
  // German months on the x axis, euros on the y axis.
  expect(await achse('umsatz')).toMatch(/Jan \| Feb \| Mär \| Apr/);
  expect(await achse('umsatz')).toMatch(/\d\s€/);
  await visible(screen().getByText('Seminare', { exact: true }).first());
  await visible(screen().getByText(/blasse Balken: erwartet/));
  // The chart comes first, its table below.
  const [oben, unten] = await Promise.all([
    diagramm('umsatz').boundingBox(),
    screen().locator('.auswertung-tabelle').first().boundingBox(),
  ]);
  expect(oben!.y).toBeLessThan(unten!.y);
  await session.shot('umsatzprognose');
});

it('draws clicks, clicking recipients and the click rate per month of the newsletter evaluation', async () => {
  await menu('/auswertung/newsletter');
  const jahr = Number(await page.getByRole('combobox', { name: 'Jahr' }).inputValue());
  const wirkung = await api<{ summe: { empfaenger: number; klickende: number; klickrate: number } }>(
    'GET',
    `/api/rw-auswertung/newsletter-wirkung?year=${jahr}`,
  );
  expect(wirkung.summe.empfaenger).toBeGreaterThan(0);
  await eventually(async () =>
    expect(await diagramm('newsletter').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0),
  );
  await visible(diagramm('newsletter').locator('.recharts-line-curve'));
  expect(await achse('newsletter')).toMatch(/\d\s%/);
  const rate = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 }).format(
    wirkung.summe.klickrate,
  );
  await visible(screen().locator('.newsletter-wirkung-monate tfoot').getByText(rate, { exact: true }));
  await session.shot('newsletter');
});

it('draws net revenue, costs and margin per seminar above the seminar result', async () => {
  await page.goto(`${session.server.url}/#/auswertung/seminare/selection?from=2022-01-01&to=2027-12-31`);
  await visible(screen().locator('.auswertung-summen'));
  await eventually(async () =>
    expect(await diagramm('seminare').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0),
  );
  const legende = await diagramm('seminare').locator('.recharts-legend-item-text').allTextContents();
  expect(legende.join(' | ')).toMatch(/^Nettoumsatz \| Kosten \| Marge$/);
  await visible(screen().locator('.auswertung-tabelle th', { hasText: 'Marge' }));
  await session.shot('seminare');
});
