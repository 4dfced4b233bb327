/// <reference lib="dom" />
/**
 * Every list and form speaks German with the right inputs (issue 8): a walk over every menu entry
 * (verband 3 and 2) that opens its list, its "Neu" form and one existing record, and fails on a
 * page error, a visible label that is a raw field name, a form without inputs or a placeholder
 * notice, a number input bound to a relation (issue 35: relations are pickers showing titles) or
 * a table cell showing a stored value instead of its German label. Then the flows staff were stuck in: a seminar type, a seminar with type, prices and
 * Fachberatermarke from selects, an Abo, a Gutschein, a Produkt, a Rechnungs-Kreis, an issued
 * invoice read-only, and the routes the client links to itself.
 */
import type { ResourceMeta } from '../../common/resource-meta';
import { enumLabels } from '../../common/vocabulary';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('screens');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

/** A label staff would read as a database name: with an underscore, or one lower-case English-like word. */
export function looksRaw(text: string): boolean {
  const label = text.replace(/[*:]/g, '').trim();
  if (!label) return false;
  return label.includes('_') || /^[a-z]+[A-Z][A-Za-z]*$/.test(label) || /^[a-z]+(Id|At)?$/.test(label);
}

async function rawLabels(): Promise<string[]> {
  const texts = await page
    .locator('main th, main label.bp6-label, main .bp6-control, main [role="tab"], main .stepper-steps li')
    .allTextContents();
  return texts.map((t) => t.trim()).filter(looksRaw);
}

/** Stored values whose German label differs from them, of every resource walked so far. */
const rawValues = new Set<string>();

/** The fields of a resource that hold another record's id (by association or by reference). */
async function relationsOf(resource: string): Promise<Set<string>> {
  const meta = (await api('GET', `/meta/${resource}`)) as ResourceMeta;
  for (const field of meta.fields)
    for (const [value, label] of Object.entries(enumLabels(resource, field.name) ?? {}))
      if (value !== label) rawValues.add(value);
  return new Set(
    meta.fields.filter((f) => f.association || f.references || f.referencesBy).map((f) => f.name),
  );
}

/** Cells that show a stored value (`seminar`, `backoffice`) where staff should read its label. */
async function rawCells(): Promise<string[]> {
  const texts = await page.locator('main td').allTextContents();
  return [...new Set(texts.map((t) => t.trim()).filter((t) => rawValues.has(t)))];
}

/** Numbers of other systems (the seminar system's LG-ID, the room system's Raum-ID), no records here. */
const EXTERNAL_NUMBERS = new Set(['lg_id', 'raum_id']);

/** Number inputs for a relation: a key the metadata names, or any other `…_id` field. */
async function numberRelations(relations: Set<string>): Promise<string[]> {
  const names = await page
    .locator('main input[inputmode="decimal"]')
    .evaluateAll((inputs) => inputs.map((input) => input.id.replace(/^field-/, '')));
  return names.filter((name) => relations.has(name) || (name.endsWith('_id') && !EXTERNAL_NUMBERS.has(name)));
}

const INPUTS = 'main input:not([type="hidden"]), main textarea, main select, main .ql-editor';

/**
 * Lists whose rows open a billing overview per category (spec 002 §2, issue 13): an overview of
 * sums and tables, not a form, so it is checked for German labels instead of inputs.
 */
const BILLING_OVERVIEWS = ['/rw/seminar-abrechnung', '/rw/abo-abrechnung'];

/** Lists whose rows open a dispatch's progress and log (issue 15): read, not edited. */
const DISPATCH_VIEWS = ['/newsletter/dispatcher', '/newsletter/versendete'];

async function checkForm(where: string, relations: Set<string>): Promise<void> {
  await visible(page.locator('.edit-frame, [data-screen]'));
  await eventually(async () =>
    expect(await page.locator('.edit-frame [aria-label="Daten werden geladen"]').count()).toBe(0),
  );
  expect({ where, hasInputs: (await page.locator(INPUTS).count()) > 0 }).toEqual({ where, hasInputs: true });
  expect({ where, raw: await rawLabels() }).toEqual({ where, raw: [] });
  expect({ where, numberRelations: await numberRelations(relations) }).toEqual({
    where,
    numberRelations: [],
  });
  expect({ where, rawCells: await rawCells() }).toEqual({ where, rawCells: [] });
  expect({ where, notice: await page.locator('.list-notice, .not-yet-available').count() }).toEqual({
    where,
    notice: 0,
  });
}

/** Opens a menu entry and checks its list (or own screen), its "Neu" form and its first record. */
async function walkEntry(href: string, index: number): Promise<void> {
  const path = href.replace(/^#/, '');
  await page.goto(`${server.url}/${href}`);
  // Screens load lazily: wait until no screen is loading any more.
  await eventually(async () => expect(await page.locator('main .app-loading').count()).toBe(0));
  await eventually(async () => {
    const counts = await page.locator('.list-count').allTextContents();
    const screens = await page.locator('.edit-frame, [data-screen]').count();
    expect(counts.some((count) => count !== '') || screens > 0).toBe(true);
  });
  expect({ path, notice: await page.locator('.list-notice, .not-yet-available').count() }).toEqual({
    path,
    notice: 0,
  });
  expect({ path, raw: await rawLabels() }).toEqual({ path, raw: [] });
  const lists = page.locator('main .resource-list[data-resource]');
  const resource = (await lists.count()) ? await lists.first().getAttribute('data-resource') : null;
  const relations = resource ? await relationsOf(resource) : new Set<string>();
  // Titles of records in other contexts arrive with a second request.
  await eventually(async () => expect({ path, rawCells: await rawCells() }).toEqual({ path, rawCells: [] }));
  await shot(`${String(index).padStart(2, '0')}-liste${path.replace(/\//g, '-')}`);
  if ((await page.locator('.list-table').count()) === 0) return;

  const neu = page.locator('.list-bar').getByRole('button', { name: 'Neu' });
  if (await neu.count()) {
    await neu.click();
    await page.waitForURL((url) => url.hash === `${href}/new`);
    await checkForm(`${path}/new`, relations);
    await shot(`${String(index).padStart(2, '0')}-neu${path.replace(/\//g, '-')}`);
    await page.goto(`${server.url}/${href}`);
    await visible(page.locator('.list-count'));
  }
  const edit = page.locator('.list-table tbody tr').first().getByRole('button', { name: 'Bearbeiten' });
  if (await edit.count()) {
    await edit.click();
    await page.waitForURL((url) => new RegExp(`^${href}/\\d+$`).test(url.hash));
    if (BILLING_OVERVIEWS.includes(path)) {
      await visible(page.locator('.abrechnung [data-summe]'));
      expect({ path, notice: await page.locator('.list-notice, .not-yet-available').count() }).toEqual({
        path,
        notice: 0,
      });
      expect({ path, raw: await rawLabels() }).toEqual({ path, raw: [] });
      await shot(`${String(index).padStart(2, '0')}-eintrag${path.replace(/\//g, '-')}`);
      return;
    }
    if (DISPATCH_VIEWS.includes(path)) {
      await visible(page.locator('.dispatcher-fortschritt'));
      expect({ path, raw: await rawLabels() }).toEqual({ path, raw: [] });
      await shot(`${String(index).padStart(2, '0')}-eintrag${path.replace(/\//g, '-')}`);
      return;
    }
    await checkForm(`${path}/{id}`, relations);
    await shot(`${String(index).padStart(2, '0')}-eintrag${path.replace(/\//g, '-')}`);
  }
}

describe('every screen in German with the right inputs', () => {
  // About 80 lists with their forms, each checked for labels, inputs and values: minutes, not seconds.
  it('walks every menu entry of verband 3 and 2: list, Neu, one record', async () => {
    const info = (await api('GET', '/loginInfo')) as { id: number };
    const seen = new Set<string>();
    let index = 0;
    for (const verband of [3, 2]) {
      await api('PUT', `/api/benutzer/${info.id}`, { verband });
      await page.reload();
      const menu = page.getByRole('menu', { name: 'Hauptmenü' });
      await visible(menu.getByText('Benutzer-Verwaltung'));
      const hrefs = await menu
        .locator('a.bp6-menu-item')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs.filter((h) => !seen.has(h))) {
        seen.add(href);
        await walkEntry(href, ++index);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
    await api('PUT', `/api/benutzer/${info.id}`, { verband: 3 });
  }, 600000);

  it('creates a Seminar-Typ and a Seminar with type, prices and Fachberatermarke from selects', async () => {
    await page.goto(`${server.url}/#/seminare/typ/new`);
    await page.locator('#field-bezeichnung').fill('Typ aus dem Browsertest');
    await page.locator('#field-mwst').fill('19');
    await page.locator('#field-mwst').press('Enter');
    await shot('typ-neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/seminare\/typ\/\d+$/);

    await page.goto(`${server.url}/#/seminare/veranstaltung/new`);
    await page.locator('#field-titel').fill('Umsatzsteuer kompakt');
    await page.locator('#field-veranstaltung_typ_id').fill('Browsertest');
    await page.getByRole('option', { name: /Typ aus dem Browsertest/ }).click();
    await hasValue(page.locator('#field-veranstaltung_typ_id'), 'Typ aus dem Browsertest');
    await page.locator('#field-preis1_beschreibung').fill('Mitglieder');
    await page.locator('#field-preis1').fill('1234,5');
    await page.locator('#field-preis1').press('Enter');
    await hasValue(page.locator('#field-preis1'), '1.234,50');
    await page.locator('#field-fachberatermarke_id').click();
    await page.locator('#field-fachberatermarke_id').fill('zzz-gibt-es-nicht');
    await visible(page.getByText('Keine Treffer'));
    await page.locator('#field-fachberatermarke_id').fill('');
    await page.getByRole('option').first().click();
    await page.locator('#field-fachberater_stunden').fill('2,5');
    await page.locator('#field-fachberater_stunden').press('Enter');
    await shot('seminar-neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/seminare\/veranstaltung\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const saved = (await api('GET', `/api/veranstaltung/${id}`)) as Record<string, unknown>;
    expect(saved).toMatchObject({
      titel: 'Umsatzsteuer kompakt',
      preis1: 1234.5,
      preis1_beschreibung: 'Mitglieder',
    });
    expect(saved.veranstaltung_typ_id).toEqual(expect.any(Number));
    expect(saved.fachberatermarke_id).toEqual(expect.any(Number));
    await hasText(page.locator('.breadcrumbs'), /Umsatzsteuer kompakt/);
  });

  it('shows a refused save under the field it names', async () => {
    await page.goto(`${server.url}/#/seminare/veranstaltung/new`);
    await page.locator('#field-preis1_beschreibung').fill('ohne Titel');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(page.locator('.bp6-form-group.bp6-intent-danger', { hasText: 'Titel' }));
    await visible(page.getByText('ist ein Pflichtfeld').first());
    await shot('seminar-pflichtfeld');
    expect(page.url()).toMatch(/\/new$/);
  });

  it('creates an Abo, a Gutschein, a Produkt and a Rechnungs-Kreis', async () => {
    const cases: {
      path: string;
      fill: Record<string, string>;
      select?: Record<string, string>;
      /** Steps of a stepper before the one with the save buttons. */
      weiter?: number;
    }[] = [
      {
        path: '/werbung/abo',
        fill: { titel: 'Praktiker-Abo' },
        select: { turnustyp: 'monatlich' },
        weiter: 2,
      },
      {
        path: '/werbung/voucher',
        fill: { code: 'ABCDEFGH23', titel: 'Herbstaktion', wert: '10' },
        select: { typ: 'Prozent' },
      },
      { path: '/verkauf/produkt', fill: { titel: 'Tagungsband 2026' } },
      { path: '/rw/kreis', fill: { titel: 'Kreis Browsertest', template: 'BT-{nr}' } },
    ];
    for (const { path, fill, select, weiter = 0 } of cases) {
      await page.goto(`${server.url}/#${path}/new`);
      for (const [name, value] of Object.entries(fill)) {
        await page.locator(`#field-${name}`).fill(value);
        await page.locator(`#field-${name}`).press('Tab');
      }
      for (const [name, label] of Object.entries(select ?? {}))
        await page.locator(`#field-${name}`).selectOption({ label });
      await shot(`neu${path.replace(/\//g, '-')}`);
      for (let i = 0; i < weiter; i++) await page.getByRole('button', { name: 'Weiter' }).click();
      await page.getByRole('button', { name: 'Speichern', exact: true }).click();
      await eventually(() => expect(page.url()).toMatch(new RegExp(`#${path}/\\d+$`)));
    }
    const produkt = (await api('GET', '/api/produkt?where={"titel":"Tagungsband 2026"}')) as Record<
      string,
      unknown
    >[];
    // Spec 003 §9: Produkt defaults preis 20 and aktiv.
    expect(produkt[0]).toMatchObject({ preis: 20, aktiv: true });
  });

  it('opens an issued invoice read-only, without Speichern, and offers no copy', async () => {
    await page.goto(`${server.url}/#/rw/rechnung`);
    await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption({ label: 'alle' });
    await visible(page.locator('.list-table tbody tr td'));
    expect(await page.locator('.list-bar').getByRole('button', { name: 'Neu' }).count()).toBe(0);
    expect(await page.locator('.list-table').getByRole('button', { name: 'Kopieren' }).count()).toBe(0);
    await page.locator('.list-table tbody tr').first().getByRole('button', { name: 'Bearbeiten' }).click();
    await visible(page.getByText('Dieser Eintrag kann nicht geändert werden.'));
    expect(await page.getByRole('button', { name: 'Speichern', exact: true }).count()).toBe(0);
    const enabled = await page.locator('main .edit-frame input:not([disabled])').count();
    expect(enabled).toBe(0);
    await shot('rechnung-nur-lesen');
  });

  it('resolves the links the client produces and closes dialogs on Back', async () => {
    await page.goto(`${server.url}/#/rw/seminar-abrechnung/8/27`);
    await visible(page.locator('.abrechnung-mitglied'));
    await hasText(page.locator('.breadcrumbs'), /Rechnungswesen.*Seminar-Abrechnung.*Mitglied/);
    await shot('seminar-abrechnung-mitglied');

    await page.goto(`${server.url}/#/benutzer/benutzer/1/zusammenfuehren`);
    await hasText(page.locator('.breadcrumbs'), /Zusammenführen/);
    await page.goto(`${server.url}/#/benutzer/benutzer/1/teilnehmer-rw`);
    await hasText(page.locator('.breadcrumbs'), /Buchungen als Teilnehmer/);

    await page.goto(`${server.url}/#/benutzer/benutzer`);
    await visible(page.locator('.list-count'));
    await page.locator('.list-table tbody tr').first().getByRole('button', { name: 'Kopieren' }).click();
    await visible(page.locator('.bp6-alert'));
    await page.goBack();
    await page.locator('.bp6-alert').waitFor({ state: 'detached' });
  });
});
