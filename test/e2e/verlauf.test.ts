/// <reference lib="dom" />
/**
 * Issue 17 as staff meet it: two windows on the same Ort, the later save is refused with the
 * German message and a reload action instead of overwriting; the Verlauf panel and the Benutzer's
 * Verlauf tab say who changed what.
 */
import type { Page } from 'playwright-core';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('verlauf');
const { api, shot } = session;
let page: Page;
let url: string;
beforeAll(() => {
  page = session.page;
  url = session.server.url;
});

const field = (p: Page, name: string) => p.locator(`#field-${name}`);
const save = (p: Page) => p.getByRole('button', { name: 'Speichern', exact: true }).click();

describe('concurrent edits', () => {
  it('refuses the later of two saves and offers to reload', async () => {
    const ort = await api<{ id: number }>('POST', '/api/veranstaltung-ort', {
      bezeichnung: 'Kammer Saal 1',
      ort: 'Köln',
    });
    const stored = () => api<{ bezeichnung: string }>('GET', `/api/veranstaltung-ort/${ort.id}`);
    const other = await page.context().newPage();
    try {
      for (const p of [page, other]) {
        await p.goto(`${url}/#/seminare/ort/${ort.id}`);
        await hasValue(field(p, 'bezeichnung'), 'Kammer Saal 1');
      }
      await field(other, 'bezeichnung').fill('Kammer Saal A');
      await save(other);
      await eventually(async () => expect((await stored()).bezeichnung).toBe('Kammer Saal A'));

      await field(page, 'bezeichnung').fill('Kammer Saal B');
      await save(page);
      const toast = page.locator('.bp6-toast', {
        hasText: 'Der Eintrag wurde inzwischen geändert. Bitte neu laden.',
      });
      await visible(toast);
      await shot('veraltet');
      expect((await stored()).bezeichnung).toBe('Kammer Saal A');

      await toast.getByRole('button', { name: 'Neu laden' }).click();
      await hasValue(field(page, 'bezeichnung'), 'Kammer Saal A');
      await field(page, 'bezeichnung').fill('Kammer Saal B');
      await save(page);
      await eventually(async () => expect((await stored()).bezeichnung).toBe('Kammer Saal B'));
    } finally {
      await other.close();
    }
  });
});

describe('Verlauf', () => {
  it('shows who changed which field of an Ort, in German', async () => {
    const panel = page.locator('.verlauf-section');
    await panel.getByText('Verlauf').click();
    const rows = panel.locator('tbody tr');
    await hasText(rows.first(), /Administrator|admin/);
    await hasText(rows.first(), /Geändert/);
    await hasText(rows.first(), /Bezeichnung: Kammer Saal A → Kammer Saal B/);
    await hasText(rows.last(), /Angelegt.*Bezeichnung: Kammer Saal 1/);
    await shot('ort-verlauf');
  });

  it('is a tab of the Benutzer window', async () => {
    const benutzer = await api<{ id: number }>('POST', '/api/benutzer', {
      nachname: 'Verlauf',
      vorname: 'Vera',
    });
    await api('PUT', `/api/benutzer/${benutzer.id}`, { tel1: '0221 4711' });
    await page.goto(`${url}/#/benutzer/benutzer/${benutzer.id}`);
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    const rows = page.locator('.verlauf tbody tr');
    await hasText(rows.first(), /Geändert.*Telefon: – → 0221 4711/);
    await hasText(rows.last(), /Angelegt.*Nachname: Verlauf/);
    await shot('benutzer-verlauf');
  });
});
