/// <reference lib="dom" />
/**
 * Issue 28 in Chromium: a summary's "Rechnungen per Email" clicked twice mails each invoice once —
 * the second click sends only the invoice the first could not, and says so in German — and the
 * invoices tab downloads all invoices as one ZIP after showing what it will hold.
 * Screenshots land in test-results/screenshots/sammel-rechnungen/ to be looked at.
 */
import { readFileSync } from 'node:fs';
import { anschrift } from '../support/abrechnung-daten';
import { zipLesen } from '../support/zip-lesen';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('sammel-rechnungen');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const toast = (text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });
const tab = (name: string) => page.getByRole('tab', { name, exact: true });

async function bestaetigen(frage: string | RegExp): Promise<void> {
  const alert = page.locator('.bp6-alert');
  await hasText(alert.locator('.bp6-alert-contents'), frage);
  await alert.getByRole('button', { name: 'OK' }).click();
}

async function toastsSchliessen(): Promise<void> {
  for (const close of await page.locator('.bp6-toast .bp6-button').all())
    await close.click().catch(() => undefined);
  await eventually(async () => expect(await page.locator('.bp6-toast').count()).toBe(0));
}

describe('the invoices of a summary by e-mail, clicked twice', () => {
  it('mails each invoice once and says how many had gone before', async () => {
    const kreis = await api<Row>('POST', '/api/rw-kreis', { titel: 'Sammel', template: 'SA-{yyyy}-{nr:3}' });
    const vorlage = await api<Row>('POST', '/api/rw-vorlage', { titel: 'Sammel', rw_kreis_id: kreis.id });
    const typ = await api<Row>('POST', '/api/veranstaltung-typ', {
      bezeichnung: 'Sammel',
      mwst: 19,
      rw_vorlage_id: vorlage.id,
    });
    const seminar = await api<Row>('POST', '/api/veranstaltung', {
      titel: 'Bilanzsteuerrecht',
      lg_id: 'SA-1',
      veranstaltung_typ_id: typ.id,
      mwst: 19,
    });
    const mitglieder: Row[] = [];
    for (let i = 0; i < 3; i++) {
      const mitglied = await api<Row>('POST', '/api/benutzer', { firma: `Kanzlei Sammel ${i}` });
      mitglieder.push(mitglied);
      // The last member has no e-mail yet: the first click cannot send that invoice.
      if (i < 2) {
        const email = await api<Row>('POST', '/api/benutzer-email', {
          benutzer_id: mitglied.id,
          email: `sammel-${i}@kanzlei.test`,
        });
        await api('PUT', `/api/benutzer/${mitglied.id}`, { primaeremail_id: email.id });
      }
      const adresse = await api<Row>('POST', '/api/benutzer-adresse', anschrift(mitglied.id as number));
      await api('POST', '/api/rw-bezahloption', {
        benutzer_id: mitglied.id,
        category: 'seminare',
        veranstaltung_id: seminar.id,
        typ: 'transfer',
        benutzer_adresse_id: adresse.id,
      });
      await api('POST', '/api/rw-transaction', {
        category: 'seminare',
        veranstaltung_id: seminar.id,
        benutzer_id: mitglied.id,
        betrag: 240,
        titel: 'Bilanzsteuerrecht',
      });
    }
    await api('POST', '/api/rw-transaction/setAllVerifiziert', {
      category: 'seminare',
      category_id: seminar.id,
    });
    // The export issues and archives the invoices: wait for its result, not the quick 202.
    const abrechnung = await api<Row>(
      'POST',
      '/api/rw-abrechnung',
      { category: 'seminare', category_id: seminar.id },
      { Prefer: 'wait=25' },
    );

    await page.goto(`${server.url}/#/rw/seminar-abrechnung/${seminar.id}`);
    await tab('Export').click();
    const zeile = page
      .locator('.related[data-resource="rw-abrechnung"] tbody tr')
      .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${abrechnung.id}$`) }) });
    const frage =
      'Wollen Sie alle Rechnungen dieser Abrechnung wirklich per Email an die Mitglieder versenden?';

    await zeile.getByRole('button', { name: 'Rechnungen per Email' }).click();
    await bestaetigen(frage);
    await visible(toast(/^2 von 3 Rechnungen versendet; nicht versendet: SA-\d{4}-003: /));
    await session.shot('erster-klick');
    await toastsSchliessen();

    const email = await api<Row>('POST', '/api/benutzer-email', {
      benutzer_id: mitglieder[2].id,
      email: 'sammel-2@kanzlei.test',
    });
    await api('PUT', `/api/benutzer/${mitglieder[2].id}`, { primaeremail_id: email.id });
    await zeile.getByRole('button', { name: 'Rechnungen per Email' }).click();
    await bestaetigen(frage);
    await visible(toast('1 Rechnung versendet, 2 waren bereits versendet'));
    await hasText(zeile.locator('td').nth(8), '3');
    await session.shot('zweiter-klick');
    await toastsSchliessen();

    await zeile.getByRole('button', { name: 'Rechnungen per Email' }).click();
    await bestaetigen(frage);
    await visible(toast('0 Rechnungen versendet, 3 waren bereits versendet'));
    await toastsSchliessen();

    await tab('Rechnungen').click();
    await page.getByRole('button', { name: 'Alle als ZIP' }).click();
    const alert = page.locator('.bp6-alert');
    await hasText(
      alert.locator('.bp6-alert-contents'),
      /^3 Rechnungen als ZIP-Archiv herunterladen \(SA-\d{4}-001, SA-\d{4}-002, SA-\d{4}-003\)\?$/,
    );
    await session.shot('zip-vorschau');
    const download = page.waitForEvent('download');
    await alert.getByRole('button', { name: 'OK' }).click();
    const datei = await download;
    expect(datei.suggestedFilename()).toMatch(/^Rechnungen SA-\d{4}-001 bis SA-\d{4}-003\.zip$/);
    const eintraege = zipLesen(readFileSync((await datei.path())!));
    expect(eintraege.map((e) => e.name)).toEqual(
      eintraege.map((_, i) => expect.stringMatching(new RegExp(`^SA-\\d{4}-00${i + 1}\\.pdf$`))),
    );
  });
});
