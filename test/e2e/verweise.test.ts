/// <reference lib="dom" />
/**
 * A first day without stumbling (issue 35): relations are searchable pickers showing the related
 * record's title, in forms and list cells (also into other contexts, and a download's record under
 * its `relation`); stored values read in German on the screens of their own; an unknown record
 * opens the 404 page, not an empty form; each record remembers its own tab.
 */
import { enumLabel, enumLabels } from '../../common/vocabulary';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('verweise');
const { api, shot } = session;
let page: typeof session.page;
let url: (path: string) => string;
beforeAll(() => {
  page = session.page;
  url = (path) => `${session.server.url}/#${path}`;
});

type Row = Record<string, unknown> & { id: number };

/** The stored values of the screens below whose German label differs from them. */
const RAW = new Set(
  [
    ['veranstaltung', 'variant'],
    ['rw-transaction', 'buchung_typ'],
    ['rw-transaction', 'category'],
    ['benutzer-gruppe', 'zuordnung'],
    ['benutzer-gruppe', 'typ'],
    ['newsletter-dispatcher', 'typ'],
  ].flatMap(([resource, field]) =>
    Object.entries(enumLabels(resource, field) ?? {}).flatMap(([value, label]) =>
      value === label ? [] : [value],
    ),
  ),
);

async function rawCells(): Promise<string[]> {
  const texts = await page.locator('main td').allTextContents();
  return texts.map((t) => t.trim()).filter((t) => RAW.has(t));
}

describe('relations, values and records as staff read them', () => {
  it('shows the 404 page for an unknown record, with the way back to its list', async () => {
    for (const [path, list] of [
      ['/benutzer/benutzer/99999', '/benutzer/benutzer'],
      ['/seminare/typ/99999', '/seminare/typ'],
      ['/seminare/veranstaltung/99999', '/seminare/veranstaltung'],
    ]) {
      await page.goto(url(path));
      await visible(page.getByText('Eintrag nicht gefunden'));
      expect({ path, inputs: await page.locator('main input, main textarea, main select').count() }).toEqual({
        path,
        inputs: 0,
      });
      // No error message on top of the page: it says what happened.
      expect(await page.locator('.bp6-toast').count()).toBe(0);
      if (path === '/benutzer/benutzer/99999') await shot('404-benutzer');
      await page.getByRole('button', { name: 'Zurück zur Liste' }).click();
      await eventually(() => expect(page.url()).toMatch(new RegExp(`#${list}$`)));
    }
  });

  it('picks a Seminar-Typ’s Webseite, Rechnungs-Vorlage and Debitoren-Kreis by title and lists them so', async () => {
    const vorlage = ((await api('GET', '/api/rw-vorlage?limit=1')) as Row[])[0];
    const kreis = ((await api('GET', '/api/rw-debitor-kreis?limit=1')) as Row[])[0];
    await page.goto(url('/seminare/typ/new'));
    await page.locator('#field-bezeichnung').fill('Typ mit Verweisen');
    for (const [field, title] of [
      ['rw_vorlage_id', String(vorlage.titel)],
      ['rw_debitor_kreis_id', String(kreis.titel)],
    ]) {
      await page.locator(`#field-${field}`).click();
      await page.locator(`#field-${field}`).fill(title.slice(0, 5));
      await page.getByRole('option', { name: title }).first().click();
      await hasValue(page.locator(`#field-${field}`), title);
    }
    await page.locator('#field-verband_website_id').click();
    await page.getByRole('option').first().click();
    await shot('typ-verweise');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/seminare\/typ\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const saved = (await api('GET', `/api/veranstaltung-typ/${id}`)) as Row;
    expect(saved).toMatchObject({ rw_vorlage_id: vorlage.id, rw_debitor_kreis_id: kreis.id });
    expect(saved.verband_website_id).toEqual(expect.any(Number));

    // Reopened, the form shows the titles again.
    await page.reload();
    await hasValue(page.locator('#field-rw_vorlage_id'), String(vorlage.titel));
    await page.goto(url('/seminare/typ'));
    // The list's columns: the Webseite among them, by its address.
    const website = (await api('GET', `/api/verband-website/${String(saved.verband_website_id)}`)) as Row;
    const row = page.locator('.list-table tbody tr', { hasText: 'Typ mit Verweisen' });
    await visible(row);
    await visible(row.locator('td', { hasText: String(website.website) }));
    await shot('typ-liste');
  });

  it('names a download’s record by its title, in the list and in the form', async () => {
    const download = (
      (await api('GET', '/api/download?where={"relation":"Veranstaltung"}&limit=1')) as Row[]
    )[0];
    const seminar = (await api('GET', `/api/veranstaltung/${String(download.relation_id)}`)) as Row;
    await page.goto(url(`/download/${download.id}`));
    // The Download-Verwaltung's window names the record read-only (the upload decides it).
    await eventually(async () =>
      expect(await page.locator('#field-bezug').first().textContent()).toContain(String(seminar.titel)),
    );
    await shot('download-datensatz');
    await page.goto(url('/download'));
    await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption({ label: 'alle' });
    const row = page.locator('.list-table tbody tr', { hasText: String(download.real_name) }).first();
    await visible(row.locator('td', { hasText: String(seminar.titel) }));
    await eventually(async () => expect(await rawCells()).toEqual([]));
    await shot('download-liste');
  });

  it('shows stored values in German on the screens of their own', async () => {
    const buchung = (
      (await api('GET', '/api/rw-transaction?limit=1&where={"category":"seminare"}')) as Row[]
    )[0];
    const benutzer = Number(buchung.benutzer_id);
    const screens = [
      `/benutzer/benutzer/${benutzer}/rw`,
      `/seminare/veranstaltung/${String(buchung.veranstaltung_id)}/teilnehmer`,
      `/rw/seminar-abrechnung/${String(buchung.veranstaltung_id)}/${benutzer}`,
      '/rw/transaction',
    ];
    for (const path of screens) {
      await page.goto(url(path));
      await visible(page.locator('main td'));
      await eventually(async () => expect({ path, raw: await rawCells() }).toEqual({ path, raw: [] }));
      await shot(`werte${path.replace(/\//g, '-')}`);
    }
    await page.goto(url(`/benutzer/benutzer/${benutzer}`));
    await page.getByRole('tab', { name: 'Gruppen' }).click();
    await visible(page.locator('main td'));
    expect(await rawCells()).toEqual([]);
    await visible(
      page.locator('main td', { hasText: enumLabel('benutzer-gruppe', 'zuordnung', 'benutzer') }),
    );
    await shot('werte-benutzer-gruppen');
  });

  it('remembers the tab per record, not one for all', async () => {
    const [a, b] = (await api('GET', '/api/veranstaltung?limit=2')) as Row[];
    await page.goto(url(`/seminare/veranstaltung/${a.id}`));
    const tabs = page.locator('main [role="tab"]');
    await visible(tabs);
    const second = tabs.nth(1);
    const secondTitle = ((await second.textContent()) ?? '').trim();
    await second.click();
    await hasText(page.locator('main [role="tab"][aria-selected="true"]'), secondTitle);
    await page.goto(url(`/seminare/veranstaltung/${b.id}`));
    await visible(tabs);
    await hasText(
      page.locator('main [role="tab"][aria-selected="true"]'),
      ((await tabs.first().textContent()) ?? '').trim(),
    );
    await page.goto(url(`/seminare/veranstaltung/${a.id}`));
    await hasText(page.locator('main [role="tab"][aria-selected="true"]'), secondTitle);
  });
});
