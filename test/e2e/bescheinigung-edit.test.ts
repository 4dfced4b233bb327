/// <reference lib="dom" />
/**
 * The certificate and PDF-Vorlage windows (issue 11, spec 001 §2–§5, spec 003 §4): a certificate
 * with an include filter of two seminar types saved and reopened with its values, contradictory
 * dates refused with the German message and nothing stored; an invitation of two chosen seminars
 * downloaded from the form and read back; the list's PDF of an invitation template disabled.
 */
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { pdfText } from '../support/pdf-text';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('bescheinigung-edit');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;

type Row = Record<string, unknown> & { id: number };
let typen: Row[];
let seminare: Row[];

beforeAll(async () => {
  ({ page, server } = session);
  typen = [
    await api<Row>('POST', '/api/veranstaltung-typ', { bezeichnung: 'E2E Typ Lohnsteuer' }),
    await api<Row>('POST', '/api/veranstaltung-typ', { bezeichnung: 'E2E Typ Erbschaft' }),
  ];
  seminare = [
    await api<Row>('POST', '/api/veranstaltung', { titel: 'Lohnsteuer für Gärtnereien', lg_id: 'E2E-B1' }),
    await api<Row>('POST', '/api/veranstaltung', { titel: 'Erbschaftsteuer kompakt', lg_id: 'E2E-B2' }),
  ];
});

/** Ids with dots are no CSS: inputs are found by their attribute. */
const feld = (name: string) => page.locator(`[id="field-${name}"]`);

/** Picks a record in a multi-select by typing part of its name. */
async function waehlen(input: Locator, suche: string, eintrag: string) {
  await input.click();
  await input.fill(suche);
  await page.locator('.bp6-menu-item', { hasText: eintrag }).first().click();
}

const tags = (name: string) =>
  page
    .locator('.bp6-form-group', { has: feld(name) })
    .locator('.bp6-tag')
    .allTextContents();

async function gespeicherteBescheinigung(titel: string): Promise<Row> {
  const [b] = await api<Row[]>(
    'GET',
    `/api/bescheinigung?where=${encodeURIComponent(JSON.stringify({ titel }))}`,
  );
  return b;
}

describe('the certificate window', () => {
  it('creates a certificate with an include filter of two seminar types', async () => {
    await page.goto(`${server.url}/#/benutzer/bescheinigung/new`);
    await visible(feld('titel'));
    await feld('titel').fill('E2E Bescheinigung Lohn');
    await eventually(async () =>
      expect(await feld('template_file').locator('option').allTextContents()).toContain(
        'teilnahmebescheinigung.pdf',
      ),
    );
    await feld('template_file').selectOption('teilnahmebescheinigung.pdf');
    // Spec 001 §5: no types while the variant is none.
    expect(await feld('data.veranstaltungTypen').isDisabled()).toBe(true);
    await feld('data.veranstaltungTypenFilterVariant').selectOption({ label: 'Einschluss' });
    await eventually(async () => expect(await feld('data.veranstaltungTypen').isDisabled()).toBe(false));
    await waehlen(feld('data.veranstaltungTypen'), 'E2E Typ', 'E2E Typ Lohnsteuer');
    await waehlen(feld('data.veranstaltungTypen'), 'E2E Typ', 'E2E Typ Erbschaft');
    await page.keyboard.press('Escape');
    await feld('valid_from').fill('01.01.2024');
    await hasText(page.locator('#gueltigkeit'), 'ab 01.01.2024');
    await feld('valid_to').fill('31.12.2026');
    await hasText(page.locator('#gueltigkeit'), '01.01.2024 – 31.12.2026');
    await feld('data.events_from').fill('01.03.2024');
    await feld('data.events_to').fill('30.11.2024');
    await feld('data.textfeld1').fill('Lohnsteuer-Fortbildung');
    await shot('neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/benutzer\/bescheinigung\/\d+$/);

    const b = await gespeicherteBescheinigung('E2E Bescheinigung Lohn');
    expect(b).toMatchObject({
      template_file: 'teilnahmebescheinigung.pdf',
      aktiv: true,
      valid_from: '2024-01-01',
      valid_to: '2026-12-31',
      data: {
        veranstaltungTypenFilterVariant: 'include',
        veranstaltungTypen: typen.map((t) => t.id),
        events_from: '2024-03-01',
        events_to: '2024-11-30',
        textfeld1: 'Lohnsteuer-Fortbildung',
      },
    });
  });

  it('shows the saved values when reopened', async () => {
    const b = await gespeicherteBescheinigung('E2E Bescheinigung Lohn');
    await page.goto(`${server.url}/#/benutzer/bescheinigung`);
    await page.goto(`${server.url}/#/benutzer/bescheinigung/${b.id}`);
    await hasValue(feld('titel'), 'E2E Bescheinigung Lohn');
    await hasValue(feld('template_file'), 'teilnahmebescheinigung.pdf');
    await hasValue(feld('data.veranstaltungTypenFilterVariant'), 'include');
    await eventually(async () =>
      expect(await tags('data.veranstaltungTypen')).toEqual(['E2E Typ Lohnsteuer', 'E2E Typ Erbschaft']),
    );
    await hasValue(feld('data.events_from'), '01.03.2024');
    await hasValue(feld('data.events_to'), '30.11.2024');
    await hasText(page.locator('#gueltigkeit'), '01.01.2024 – 31.12.2026');
    await shot('wieder-geoeffnet');
  });

  it('refuses events_to before events_from with the German message and stores nothing', async () => {
    const vorher = await gespeicherteBescheinigung('E2E Bescheinigung Lohn');
    await feld('data.events_to').fill('01.02.2024');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(
      page.locator('.bp6-toast', {
        hasText: '„Veranstaltungen bis“ darf nicht vor „Veranstaltungen ab“ liegen',
      }),
    );
    await hasText(
      page.locator('.bp6-form-group', { has: feld('data.events_to') }).locator('.bp6-form-helper-text'),
      'darf nicht vor „Veranstaltungen ab“ liegen',
    );
    await shot('datum-verkehrt');
    await page.locator('.bp6-toast .bp6-button').click();
    const nachher = await gespeicherteBescheinigung('E2E Bescheinigung Lohn');
    expect(nachher.data).toEqual(vorher.data);
    expect(nachher.version).toBe(vorher.version);
  });

  it('lists the certificates with their validity text', async () => {
    await api('POST', '/api/bescheinigung', { titel: 'E2E Bescheinigung ruht', aktiv: false });
    await page.goto(`${server.url}/#/benutzer/bescheinigung`);
    const zeile = page.locator('.list-table tbody tr', { hasText: 'E2E Bescheinigung Lohn' });
    await visible(zeile);
    expect(await zeile.textContent()).toContain('01.01.2024 – 31.12.2026');
    const ruht = page.locator('.list-table tbody tr', { hasText: 'E2E Bescheinigung ruht' });
    await visible(ruht);
    expect(await ruht.locator('td').nth(4).textContent()).toBe('–');
    await shot('liste');
  });
});

describe('the PDF-Vorlage window', () => {
  it('downloads the invitation of two chosen seminars from the form', async () => {
    await page.goto(`${server.url}/#/pdf-vorlagen/new`);
    await visible(feld('titel'));
    await feld('titel').fill('E2E Einladung Herbst');
    await hasValue(feld('typ'), 'Seminareinladung-Vorlage');
    const erzeugen = page.getByRole('button', { name: 'PDF erzeugen' });
    expect(await erzeugen.isDisabled()).toBe(true);
    await waehlen(feld('data.veranstaltung_ids'), 'E2E-B1', 'Lohnsteuer für Gärtnereien');
    await waehlen(feld('data.veranstaltung_ids'), 'Erbschaft', 'Erbschaftsteuer kompakt');
    await page.keyboard.press('Escape');
    await page.locator('label.bp6-switch', { has: page.locator('#schalter-headline') }).click();
    await feld('data.headline').fill('Jetzt anmelden – Plätze begrenzt!');
    await shot('einladung');
    const download = page.waitForEvent('download');
    await erzeugen.click();
    const datei = await download;
    expect(datei.suggestedFilename()).toBe('E2E Einladung Herbst.pdf');
    const text = pdfText(await readFile((await datei.path())!));
    expect(text).toContain('Lohnsteuer für Gärtnereien');
    expect(text).toContain('Erbschaftsteuer kompakt');
    expect(text).toContain('Jetzt anmelden – Plätze begrenzt!');

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/pdf-vorlagen\/\d+$/);
    const [gespeichert] = await api<Row[]>(
      'GET',
      `/api/pdf-vorlage?where=${encodeURIComponent(JSON.stringify({ titel: 'E2E Einladung Herbst' }))}`,
    );
    expect(gespeichert.data).toMatchObject({
      veranstaltung_ids: seminare.map((s) => s.id),
      headline: 'Jetzt anmelden – Plätze begrenzt!',
    });
  });

  it('offers no PDF of an invitation template in the list (spec 003 §4), but of a stored invitation', async () => {
    const eintrag = await api<Row>('POST', '/api/pdf-vorlage', {
      titel: 'E2E Einladung gespeichert',
      typ: 'Seminareinladung',
      data: { veranstaltung_ids: [seminare[0].id] },
    });
    await page.goto(`${server.url}/#/pdf-vorlagen`);
    const zeile = (titel: string) => page.locator('.list-table tbody tr', { hasText: titel });
    await visible(zeile('E2E Einladung Herbst'));
    const gesperrt = zeile('E2E Einladung Herbst').getByRole('button', { name: 'PDF erzeugen' });
    expect(await gesperrt.getAttribute('aria-disabled')).toBe('true');
    expect(await gesperrt.getAttribute('href')).toBeNull();
    // The shipped participant-list layout names no seminars: nothing to print either.
    expect(
      await zeile('Teilnehmerübersicht')
        .getByRole('button', { name: 'PDF erzeugen' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    const offen = zeile('E2E Einladung gespeichert').getByRole('button', { name: 'PDF erzeugen' });
    expect(await offen.getAttribute('href')).toBe(`/node/api/pdf-vorlage/${eintrag.id}/render`);
    await shot('vorlagen-liste');
    const download = page.waitForEvent('download');
    await offen.click();
    const text = pdfText(await readFile((await (await download).path())!));
    expect(text).toContain('Lohnsteuer für Gärtnereien');
  });
});
