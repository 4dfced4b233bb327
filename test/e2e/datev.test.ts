/**
 * Issue 29 in Chromium: an administrator fills in „DATEV-Einstellungen“ (SKR04 defaults by one
 * click), downloads a summary's Buchungsstapel from the export tab (decoded from Windows-1252: the
 * header's numbers, the SKR04 revenue account), then the months of the year; the exported month is
 * marked, and exporting it again is asked first in German. Then the Debitoren (master data) are
 * downloaded, changed as the Steuerberater would and taken back through the Datev-Import dialog,
 * whose answer shows the counts, or 'Fehler' with the reason for a file saved as UTF-8.
 * Screenshots in test-results/screenshots/datev/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { zellen } from '../support/datev';
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown>;
const session = browserSession('datev');
const feld = (name: string) => session.page.locator(`[id="datev-${name}"]`);

describe('DATEV export from the billing export tab', () => {
  it('is set up, downloaded per summary and per month, and a repeated month is asked first', async () => {
    const { page, api } = session;
    await page
      .getByRole('menu', { name: 'Hauptmenü' })
      .getByText('DATEV-Einstellungen', { exact: true })
      .click();
    await page.waitForURL(/#\/datev-einstellungen$/);
    await visible(page.getByRole('heading', { name: 'DATEV-Einstellungen' }));
    await feld('beraternummer').fill('29098');
    await feld('mandantennummer').fill('55003');
    await feld('kontenrahmen').selectOption('04');
    await page.getByRole('button', { name: 'Konten nach SKR04 vorbelegen' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await visible(page.locator('.bp6-toast').filter({ hasText: 'DATEV-Einstellungen gespeichert' }));
    await eventually(async () =>
      expect(await api('GET', '/api/datev-einstellungen')).toMatchObject({
        beraternummer: 29098,
        kontenrahmen: '04',
        geldkonto: 1800,
        erloeskonten: { seminare: { '19': { konto: 4400 } } },
      }),
    );
    await session.shot('einstellungen');

    const neu = (resource: string, body: Row) => api<Row>('POST', `/api/${resource}`, body).then((r) => r.id);
    const kreis = await neu('rw-kreis', { titel: 'DATEV', template: 'DT-{yyyy}-{nr:4}' });
    const vorlage = await neu('rw-vorlage', { titel: 'DATEV', rw_kreis_id: kreis });
    const typ = await neu('veranstaltung-typ', { bezeichnung: 'DATEV', mwst: 19, rw_vorlage_id: vorlage });
    const seminar = await neu('veranstaltung', {
      titel: 'Bilanz',
      lg_id: 'DT1',
      veranstaltung_typ_id: typ,
      mwst: 19,
    });
    const benutzer = await neu('benutzer', {
      firma: 'Jäger Kanzlei',
      kennnummer: '700101',
      debitor_nr: 12345,
    });
    await neu('rw-bezahloption', {
      benutzer_id: benutzer,
      category: 'seminare',
      veranstaltung_id: seminar,
      typ: 'transfer',
      benutzer_adresse_id: await neu('benutzer-adresse', {
        benutzer_id: benutzer,
        strasse: 'Königsallee 12',
        plz: '40213',
        ort: 'Düsseldorf',
      }),
    });
    await neu('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: seminar,
      benutzer_id: benutzer,
      betrag: 119,
      titel: 'Tag 1',
    });
    await api('POST', '/api/rw-abrechnung', {
      category: 'seminare',
      category_id: seminar,
      only_verified: false,
    });
    // The export may answer with its job first: the summary is there once it has run.
    let abrechnung: Row = {};
    const where = encodeURIComponent(JSON.stringify({ category: 'seminare', veranstaltung_id: seminar }));
    await eventually(async () => {
      [abrechnung] = await api<Row[]>('GET', `/api/rw-abrechnung?where=${where}`);
      expect(abrechnung?.id).toEqual(expect.any(Number));
    });

    await page.goto(`${session.server.url}/#/rw/seminar-abrechnung/${String(seminar)}`);
    await page.getByRole('tab', { name: 'Export', exact: true }).click();
    const zeile = page
      .locator('.related[data-resource="rw-abrechnung"] tbody tr')
      .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${String(abrechnung.id)}$`) }) });
    let download = page.waitForEvent('download');
    await zeile.getByRole('button', { name: 'DATEV-Buchungsstapel' }).click();
    const datei = readFileSync((await (await download).path())!);
    const [kopf, , buchung] = iconv.decode(datei, 'win1252').split('\r\n');
    expect(
      zellen(kopf)
        .slice(10, 12)
        .map((z) => z.wert),
    ).toEqual(['29098', '55003']);
    expect(
      zellen(buchung)
        .slice(0, 9)
        .map((z) => z.wert),
    ).toEqual(['119,00', 'S', 'EUR', '', '', '', '12345', '4400', '']);
    await visible(page.locator('.bp6-toast').filter({ hasText: 'DATEV-Datei erstellt' }));

    const monat = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' })
      .format(new Date())
      .slice(0, 7);
    const monatsTag = page.locator('.datev-monat').nth(Number(monat.slice(5, 7)) - 1);
    await hasText(monatsTag, /\d+ Rechnungen$/);
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'DATEV-Export' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^(EXTF_Buchungsstapel_\d{4}-01\.csv|DATEV_Buchungsstapel_.*\.zip)$/,
    );
    await hasText(monatsTag, /exportiert$/);
    await session.shot('monat-exportiert');

    await page.getByRole('button', { name: 'DATEV-Export' }).click();
    const frage = page.locator('.bp6-alert');
    await hasText(frage, /Bereits an DATEV exportiert: .*Trotzdem erneut exportieren\?/);
    await session.shot('erneut-gefragt');
    download = page.waitForEvent('download');
    await frage.getByRole('button', { name: 'OK' }).click();
    await download;
    await visible(page.locator('.bp6-toast').filter({ hasText: /Bereits an DATEV exportiert/ }));
    await session.shot('erneut-exportiert');
  });

  it('exports the Debitoren and takes them back through the Datev-Import dialog', async () => {
    const { page, api } = session;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Debitoren exportieren' }).click();
    const datei = iconv.decode(readFileSync((await (await download).path())!), 'win1252');
    await visible(page.locator('.bp6-toast').filter({ hasText: 'DATEV-Debitoren erstellt' }));
    const zeilen = datei.split('\r\n');
    const jaeger = zeilen.find((z) => z.startsWith('12345;'))!;
    expect(
      zellen(jaeger)
        .map((z) => z.wert)
        .slice(0, 2),
    ).toEqual(['12345', 'Jäger Kanzlei']);

    // The Steuerberater moved Jäger and added a debtor of its own.
    const neu = jaeger.replace(/^12345;"Jäger Kanzlei"/, '12346;"Öko Beratung GmbH"');
    const geaendert = [
      ...zeilen.slice(0, 2),
      jaeger.replace('Königsallee 12', 'Königsallee 14'),
      neu,
      '',
    ].join('\r\n');
    const pfad = join(tmpdir(), `EXTF_DebKred_${process.pid}.csv`);
    writeFileSync(pfad, iconv.encode(geaendert, 'win1252'));
    await page.getByRole('menu', { name: 'Hauptmenü' }).getByText('Datev-Import', { exact: true }).click();
    await page.waitForURL(/#\/datev-import$/);
    // A fresh page: the toasts of the exports above would cover the dialog's screenshots.
    await page.reload();
    await page.locator('input[type="file"]').setInputFiles(pfad);
    await page.getByRole('button', { name: 'Importieren' }).click();
    const dialog = page.locator('.bp6-dialog');
    await hasText(dialog.locator('.bp6-dialog-header'), /^Erfolgreich nach \d+ Sekunden$/);
    await hasText(dialog.locator('ul'), /Angelegt: 1Aktualisiert: 1Deaktiviert: 0/);
    await visible(page.locator('.bp6-dialog-container.bp6-overlay-enter-done'));
    await session.shot('import-erfolgreich');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const where = (debitor_nr: number) => encodeURIComponent(JSON.stringify({ debitor_nr }));
    expect(await api<Row[]>('GET', `/api/benutzer?where=${where(12346)}`)).toEqual([
      expect.objectContaining({ firma: 'Öko Beratung GmbH' }),
    ]);

    const utf8 = join(tmpdir(), `EXTF_DebKred_utf8_${process.pid}.csv`);
    writeFileSync(utf8, Buffer.from(geaendert, 'utf8'));
    await page.locator('input[type="file"]').setInputFiles(utf8);
    await page.getByRole('button', { name: 'Importieren' }).click();
    await hasText(dialog.locator('.bp6-dialog-header'), /^Fehler$/);
    await hasText(dialog.locator('.bp6-dialog-body'), /^Die Datei ist UTF-8-kodiert\./);
    await visible(page.locator('.bp6-dialog-container.bp6-overlay-enter-done'));
    await session.shot('import-fehler');
  });
});
