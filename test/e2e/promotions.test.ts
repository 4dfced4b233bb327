/// <reference lib="dom" />
/**
 * Issue 12 in Chromium on the demo data: the Rabatt stepper with the rules of spec 002 §4–§5 as
 * staff click through it, and the voucher relation selector with a bulk creation. Screenshots land
 * in test-results/screenshots/promotions/ to be looked at.
 */
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('promotions');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const feld = (name: string) => page.locator(`#field-${name}`);
const schritt = () => page.locator('.stepper-steps li.active');
const modus = (name: string) => page.locator('.rabatt-grunddaten').getByRole('radio', { name, exact: true });

async function geladen(): Promise<void> {
  await visible(page.locator('.edit-frame'));
  await eventually(async () =>
    expect(await page.locator('.edit-frame').getAttribute('aria-busy')).toBe('false'),
  );
}

const shot = (name: string) => session.ruhigesBild(name);

describe('the Rabatt stepper', () => {
  let id: number;

  it('starts with the defaults, the titles following the internal title', async () => {
    await page.goto(`${server.url}/#/werbung/rabatte`);
    await page.getByRole('button', { name: 'Neu' }).click();
    await page.waitForURL(/#\/werbung\/rabatte\/new$/);
    await geladen();
    await hasText(schritt(), /Grunddaten$/);
    await hasValue(feld('typ'), 'full');
    // Spec 002 §5: no minimum price for a fixed price.
    expect(await feld('minPreis').isDisabled()).toBe(true);
    expect(await feld('aktiv').isChecked()).toBe(true);
    expect(await modus('immer').getAttribute('aria-checked')).toBe('true');
    await feld('titel').fill('Frühbucher Steuerrecht');
    for (const name of ['titel_frontend', 'titel_warenkorb', 'titel_rechnung'])
      await hasValue(feld(name), 'Frühbucher Steuerrecht');
    await feld('titel_rechnung').fill('Rabatt Frühbucher');
    await feld('titel').fill('Frühbucher Steuerrecht 2027');
    await hasValue(feld('titel_frontend'), 'Frühbucher Steuerrecht 2027');
    await hasValue(feld('titel_rechnung'), 'Rabatt Frühbucher');
  });

  it('shows the value in % for a percentage and offers the minimum price', async () => {
    await feld('typ').selectOption('percent');
    await hasText(page.locator('label[for="field-wert"]'), 'Wert (%)');
    expect(await feld('minPreis').isDisabled()).toBe(false);
    await feld('wert').fill('15');
    await feld('minPreis').fill('150');
    await feld('minPreis').blur();
    await modus('Zeitraum').click();
    await visible(feld('gueltigVon'));
    await modus('seminarbezogen').click();
    await hasValue(feld('gueltigVonTageVorSeminar'), '90');
    await hasValue(feld('gueltigBisTageVorSeminar'), '20');
    expect(await feld('gueltigVon').count()).toBe(0);
    await shot('rabatt-grunddaten');
  });

  it('selects single seminars in the second step', async () => {
    await page.getByRole('button', { name: 'Weiter' }).click();
    await hasText(schritt(), /Seminarauswahl$/);
    expect(await page.locator('label[for="field-Veranstaltungs"]').count()).toBe(0);
    await feld('seminarAuswahlTyp').selectOption('einzelne');
    await visible(page.locator('label[for="field-Veranstaltungs"]'));
    await feld('seminarAuswahlTyp').selectOption('typen');
    await visible(page.locator('label[for="field-Veranstaltung_Typs"]'));
    await shot('rabatt-seminarauswahl');
  });

  it('resets jederXte for a per-participant limit in the third step, and saves', async () => {
    await page.getByRole('button', { name: 'Weiter' }).click();
    await hasText(schritt(), /Teilnehmereinschränkung$/);
    await feld('jederXte').fill('5');
    await feld('jederXte').blur();
    await feld('maxTeilnehmerBuchungen').fill('2');
    await feld('maxTeilnehmerBuchungen').blur();
    await hasValue(feld('jederXte'), '0');
    expect(await feld('jederXte').isDisabled()).toBe(true);
    await feld('benutzerAuswahlTyp').selectOption('gruppen');
    await visible(page.locator('label[for="field-Benutzer_Gruppes"]'));
    await shot('rabatt-teilnehmer');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/werbung\/rabatte\/\d+$/);
    id = Number(/(\d+)$/.exec(page.url())![1]);
    const saved = await api<Row>('GET', `/api/wb-rabatt/${id}`);
    expect(saved).toMatchObject({
      titel: 'Frühbucher Steuerrecht 2027',
      titel_frontend: 'Frühbucher Steuerrecht 2027',
      titel_rechnung: 'Rabatt Frühbucher',
      typ: 'percent',
      wert: 15,
      minPreis: 150,
      gueltigSeminarbezogen: true,
      gueltigVonTageVorSeminar: 90,
      seminarAuswahlTyp: 'typen',
      benutzerAuswahlTyp: 'gruppen',
      maxTeilnehmerBuchungen: 2,
      jederXte: 0,
    });
  });

  it('derives the mode on load and clears the minimum price for a fixed price', async () => {
    await page.reload();
    await geladen();
    expect(await modus('seminarbezogen').getAttribute('aria-checked')).toBe('true');
    await modus('immer').click();
    await feld('typ').selectOption('full');
    await hasText(page.locator('label[for="field-wert"]'), 'Wert (€)');
    await hasValue(feld('minPreis'), '');
    for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await eventually(async () =>
      expect(await api<Row>('GET', `/api/wb-rabatt/${id}`)).toMatchObject({
        typ: 'full',
        minPreis: null,
        gueltigSeminarbezogen: false,
        gueltigVon: null,
      }),
    );
    await page.goto(`${server.url}/#/werbung/rabatte`);
    await visible(page.locator('.list-table td', { hasText: 'Frühbucher Steuerrecht 2027' }));
    await shot('rabatt-liste');
  });
});

describe('vouchers', () => {
  it('creates no vouchers without a relation', async () => {
    await page.goto(`${server.url}/#/werbung/voucher/table`);
    await visible(page.getByText('Wählen Sie „Alle“ oder ein Seminar'));
    expect(await page.getByRole('button', { name: 'Gutscheine erstellen' }).isDisabled()).toBe(true);
  });

  it('chooses "Alle" in the selector and creates 25 vouchers at once', async () => {
    const vorher = await api<{ count: number }>(
      'GET',
      `/api/wb-voucher?count=true&limit=1&where=${encodeURIComponent(JSON.stringify({ relation: null }))}`,
    );
    await page.goto(`${server.url}/#/werbung/voucher`);
    await visible(page.getByRole('radio', { name: 'Alle' }));
    await shot('gutschein-auswahl');
    await page.getByRole('button', { name: 'Gutscheine anzeigen' }).click();
    await page.waitForURL(/#\/werbung\/voucher\/table\?relation=alle$/);
    await hasText(page.locator('.gutschein-tabelle h4'), 'Gutscheine: Alle');
    await page.locator('#gutschein-num').fill('25');
    await page.locator('#gutschein-typ').selectOption('percent');
    await page.locator('#gutschein-wert').fill('15');
    await page.locator('#gutschein-titel').fill('Herbstaktion');
    await page.getByRole('button', { name: 'Gutscheine erstellen' }).click();
    await visible(page.locator('.bp6-toast', { hasText: '25 Gutscheine erstellt' }));
    await hasText(page.locator('.list-count'), `${vorher.count + 25} Einträge`);
    await visible(page.locator('.list-table td', { hasText: '− 15 %' }).first());
    const codes = await page.locator('.list-table tbody tr td:first-child').allTextContents();
    expect(codes.filter((code) => /^[A-HJ-NP-Z2-9]{10}$/.test(code)).length).toBeGreaterThan(0);
    await shot('gutschein-tabelle');
  });

  it('opens the table of one seminar with the choice of it', async () => {
    const [seminar] = await api<Row[]>('GET', '/api/veranstaltung?limit=1&attributes=["id","lg_id","titel"]');
    await page.goto(`${server.url}/#/werbung/voucher`);
    await page.getByRole('radio', { name: 'ein Seminar' }).click();
    expect(await page.getByRole('button', { name: 'Gutscheine anzeigen' }).isDisabled()).toBe(true);
    await page.locator('#gutschein-seminar').fill(String(seminar.lg_id));
    await page
      .locator('.bp6-menu-item', { hasText: String(seminar.titel) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Gutscheine anzeigen' }).click();
    await page.waitForURL(new RegExp(`relation=Veranstaltung&relation_id=${seminar.id}$`));
    await hasText(page.locator('.gutschein-tabelle h4'), new RegExp(`Seminar ${seminar.lg_id} – `));
    await page.locator('#gutschein-num').fill('3');
    await page.getByRole('button', { name: 'Gutscheine erstellen' }).click();
    await visible(page.locator('.bp6-toast', { hasText: '3 Gutscheine erstellt' }));
    const href = await page.locator('a', { hasText: 'Codes als CSV' }).getAttribute('href');
    expect(href).toBe(`/node/api/wb-voucher/export?relation=Veranstaltung&relation_id=${seminar.id}`);
    await shot('gutschein-seminar');
  });
});

describe('bundles', () => {
  it('are edited in two steps with the titles following the internal title', async () => {
    await page.goto(`${server.url}/#/verkauf/bundle`);
    await page.getByRole('button', { name: 'Neu' }).click();
    await page.waitForURL(/#\/verkauf\/bundle\/new$/);
    await geladen();
    await hasText(schritt(), /Grunddaten$/);
    await hasValue(feld('preis'), '500,00');
    await feld('titel').fill('Seminarpaket Umsatzsteuer');
    await hasValue(feld('titel_warenkorb'), 'Seminarpaket Umsatzsteuer');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await hasText(schritt(), /Veranstaltungen und Gruppen$/);
    await visible(page.locator('label[for="field-Veranstaltung_Events"]'));
    await shot('bundle-schritt-2');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/verkauf\/bundle\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    expect(await api<Row>('GET', `/api/wb-bundle/${id}`)).toMatchObject({
      titel_frontend: 'Seminarpaket Umsatzsteuer',
      titel_rechnung: 'Seminarpaket Umsatzsteuer',
      preis: 500,
      is_netto: false,
    });
  });
});
