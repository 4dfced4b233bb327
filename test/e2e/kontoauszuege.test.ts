/// <reference lib="dom" />
/**
 * Issue 28 in Chromium on the demo data: staff read a bank statement (camt.053.001.08) on
 * "Kontoauszüge", see what was matched and what waits, assign the waiting credit to an invoice by
 * its number, and find the payment status on the invoice overview. Screenshots land in
 * test-results/screenshots/kontoauszuege/ to be looked at.
 */
import { camt053, camtFehler } from '../support/camt';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('kontoauszuege');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const query = (q: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)])).toString();
const list = (resource: string, q: Record<string, unknown>) =>
  api<Row[]>('GET', `/api/${resource}?${query({ limit: 1000, ...q })}`);
const betrag = (euro: number) => euro.toFixed(2);

describe('Kontoauszüge', () => {
  let bezahlt: Row;
  let zugeordnet: Row;

  beforeAll(async () => {
    const offen = await list('rw-rechnung', {
      where: { zahlstatus: 'offen', betrag: { $gt: 20 } },
      // The newest, so that the invoice overview shows them on its first page.
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
    });
    [bezahlt, zugeordnet] = offen;
    expect(zugeordnet).toBeDefined();
  });

  it('reads a statement, shows what matched and what waits, and assigns the rest by hand', async () => {
    const xml = camt053('E2E-1', [
      {
        referenz: 'E2E-BANK-1',
        betrag: betrag(Number(bezahlt.betrag)),
        name: 'Kanzlei Beispiel',
        verwendungszweck: `Rechnung ${String(bezahlt.rechnungs_nr)}`,
      },
      {
        referenz: 'E2E-BANK-2',
        betrag: '12.34',
        name: 'Unbekannte Kanzlei',
        verwendungszweck: 'Teilzahlung',
      },
    ]);
    expect(camtFehler(xml)).toBe('');
    await page.goto(`${server.url}/#/rw/kontoauszug`);
    await visible(page.getByRole('heading', { name: 'Kontoauszüge' }));
    await page.locator('input[type="file"]').setInputFiles({
      name: 'auszug.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(xml),
    });
    await page.getByRole('button', { name: 'Einlesen' }).click();
    await hasText(
      page.locator('.kontoauszug-ergebnis'),
      '2 Umsätze gelesen: 1 zugeordnet, 1 nicht zugeordnet.',
    );
    const wartend = page.locator('.related').nth(0);
    await hasText(wartend, /Unbekannte Kanzlei/);
    await hasText(page.locator('.related').nth(1), /Kanzlei Beispiel/);
    await session.shot('1-eingelesen');

    await wartend.getByRole('button', { name: 'Rechnung zuordnen' }).click();
    const dialog = page.locator('.bp6-dialog');
    await page.locator('#zuordnen-nummer').fill('GIBT-ES-NICHT');
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await hasText(dialog, /Es gibt keine Rechnung mit der Nummer „GIBT-ES-NICHT“\./);
    await page.locator('#zuordnen-nummer').fill(String(zugeordnet.rechnungs_nr));
    await session.shot('2-zuordnen');
    await dialog.getByRole('button', { name: 'Zuordnen' }).click();
    await hasText(wartend, /keine Daten vorhanden/);
    await hasText(page.locator('.related').nth(1), /Unbekannte Kanzlei/);
    await session.shot('3-zugeordnet');

    await eventually(async () => {
      const [a] = await list('rw-rechnung', { where: { id: bezahlt.id } });
      const [b] = await list('rw-rechnung', { where: { id: zugeordnet.id } });
      expect([a.zahlstatus, b.zahlstatus]).toEqual(['bezahlt', 'teilweise_bezahlt']);
    });
  });

  it('shows the payment status on the invoice overview', async () => {
    await page.goto(`${server.url}/#/rw/rechnung`);
    await visible(page.getByRole('columnheader', { name: 'Zahlstatus' }));
    await hasText(page.locator('table'), /Teilweise bezahlt/);
    await session.shot('4-rechnungen');
  });
});
