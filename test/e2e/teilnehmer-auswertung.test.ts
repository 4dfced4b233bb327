/// <reference lib="dom" />
/**
 * Issue 32 in the browser: verband 2 finds 'Teilnehmer-Auswertung (CSV)' on the seminar billing
 * list, and the file it downloads holds the participants of the seminars the list shows (its time
 * filter and search); verband 3 has no such action. Screenshot in test-results/screenshots/teilnehmer-auswertung/.
 */
import { readFileSync } from 'node:fs';
import { eventually, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('teilnehmer-auswertung');
const { api } = session;
let page: typeof session.page;
let adminId: number;
/** The booked amount as German Excel shows it (the demo's discounts may apply). */
let betrag: string;
const AKTION = 'Teilnehmer-Auswertung (CSV)';

async function alsVerband(verband: number): Promise<void> {
  await api('PUT', `/api/benutzer/${adminId}`, { verband });
  await page.goto(`${session.server.url}/#/rw/seminar-abrechnung`);
  await page.reload();
  await visible(page.locator('.resource-list[data-resource="veranstaltung"]'));
}

beforeAll(async () => {
  page = session.page;
  adminId = (await api<{ id: number }>('GET', '/loginInfo')).id;
  const beginn = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const seminar = await api<{ id: number }>('POST', '/api/veranstaltung', {
    titel: 'E2E Auswertung Körperschaftsteuer',
    lg_id: 'E2E-TA-1',
    beginn,
    preis1: 199.9,
    preis1_beschreibung: 'Mitglieder',
  });
  const mitglied = await api<{ id: number }>('POST', '/api/benutzer', {
    kennnummer: 'E2E-TA-7',
    vorname: 'Jörg',
    nachname: 'Übermuth',
    atr_mitglied: true,
  });
  const buchung = await api<{ betrag: number }>('POST', '/api/rw-transaction', {
    benutzer_id: mitglied.id,
    teilnehmer_id: mitglied.id,
    category: 'seminare',
    veranstaltung_id: seminar.id,
    buchung_typ: 'backoffice',
  });
  betrag = buchung.betrag.toFixed(2).replace('.', ',');
});

it('offers verband 2 the file of the listed seminars, German Excel ready', async () => {
  await alsVerband(2);
  const suche = page.getByRole('searchbox', { name: 'Suchen' });
  await suche.fill('E2E Auswertung');
  await eventually(async () =>
    expect(await page.locator('.list-table tbody tr').allTextContents()).toEqual([
      expect.stringContaining('E2E Auswertung Körperschaftsteuer'),
    ]),
  );
  const aktion = page.getByRole('button', { name: AKTION });
  await visible(aktion);
  await session.shot('seminar-abrechnung');
  const download = page.waitForEvent('download');
  await aktion.click();
  const datei = await download;
  expect(datei.suggestedFilename()).toBe('Teilnehmer-Auswertung.csv');
  const bytes = readFileSync((await datei.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [kopf, ...zeilen] = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(kopf.split(';').slice(0, 4)).toEqual(['LG-Nr.', 'Seminar', 'Beginn', 'Kennnummer']);
  expect(zeilen).toEqual([
    expect.stringMatching(
      /^E2E-TA-1;E2E Auswertung Körperschaftsteuer;\d\d\.\d\d\.\d{4} \d\d:\d\d;E2E-TA-7;Übermuth;Jörg;/,
    ),
  ]);
  expect(zeilen[0].endsWith(`;ja;Backoffice;ja;${betrag}`)).toBe(true);
});

it('offers verband 3 no such action', async () => {
  await alsVerband(3);
  await visible(page.getByRole('button', { name: 'CSV-Export' }));
  expect(await page.getByRole('button', { name: AKTION }).count()).toBe(0);
});
