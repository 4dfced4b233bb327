/// <reference lib="dom" />
/**
 * Files (issue 8): the Dateien tab of the PDF-Vorlagen (upload with a German size, replace after
 * asking, download, folders, delete after confirmation) and the one-step download upload in the
 * Download-Verwaltung (field errors, relation with its categories, the toast, back on the list).
 */
import { readFileSync } from 'node:fs';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

const session = browserSession('files');
const { api, shot } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

/** A small PDF of `bytes` bytes, so that its size shows with a decimal comma. */
const pdf = (name: string, bytes: number) => {
  const head = '%PDF-1.4 Einladung zum Seminar\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(head.padEnd(bytes, '%')) };
};

const alert = () => page.locator('.bp6-alert');

describe('the Dateien tab of the PDF-Vorlagen', () => {
  const dateien = () => page.locator('.dateien');
  const row = (name: string) => dateien().locator('tbody tr', { hasText: name });

  it('uploads a file, lists it with German size and date, and downloads it', async () => {
    await page.goto(`${server.url}/#/pdf-vorlagen`);
    await page.getByRole('tab', { name: 'Dateien' }).click();
    await visible(dateien());
    await hasText(dateien().locator('thead'), /Name\s*Größe\s*Geändert am/);

    await dateien().locator('input[type="file"]').setInputFiles(pdf('Einladung Test.pdf', 1300));
    await visible(page.getByText('Datei Einladung Test.pdf erfolgreich hochgeladen'));
    await hasText(row('Einladung Test.pdf').locator('td').nth(1), '1,3 KB');
    await hasText(row('Einladung Test.pdf').locator('td').nth(2), /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await shot('pdf-vorlagen-dateien');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      // Blueprint's AnchorButton: a link with role button.
      row('Einladung Test.pdf').getByRole('button', { name: 'Herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Einladung Test.pdf');
    expect(readFileSync(await download.path()).toString()).toMatch(/^%PDF-1\.4 Einladung/);
  });

  it('replaces a file of the same name only after asking', async () => {
    await dateien().locator('input[type="file"]').setInputFiles(pdf('Einladung Test.pdf', 2600));
    await visible(
      alert().getByText('Die Datei Einladung Test.pdf existiert bereits. Wollen Sie sie ersetzen?'),
    );
    await shot('pdf-vorlagen-ersetzen');
    await alert().getByRole('button', { name: 'Ersetzen' }).click();
    await visible(page.getByText('Datei Einladung Test.pdf erfolgreich hochgeladen'));
    await hasText(row('Einladung Test.pdf').locator('td').nth(1), '2,5 KB');
  });

  it('opens a folder, shows its files, and goes back up', async () => {
    const response = await page.request.post(`${server.url}/node/api/pdf-vorlage/files?dir=Archiv`, {
      headers: { 'X-Api-Request': '1' },
      multipart: { file: pdf('Alte Einladung.pdf', 500) },
    });
    expect(response.status()).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'Dateien' }).click();
    await dateien().getByRole('button', { name: 'Archiv' }).click();
    await visible(page.getByText('Ordner: Archiv'));
    await hasText(row('Alte Einladung.pdf').locator('td').nth(1), '500 B');
    expect(await row('Einladung Test.pdf').count()).toBe(0);
    await shot('pdf-vorlagen-ordner');
    await dateien().getByRole('button', { name: 'Übergeordneter Ordner' }).click();
    await visible(row('Einladung Test.pdf'));
  });

  it('deletes a file after confirmation', async () => {
    await row('Einladung Test.pdf').getByRole('button', { name: 'Löschen' }).click();
    await visible(
      alert().getByText('Sind Sie sicher, dass Sie die Datei Einladung Test.pdf löschen möchten?'),
    );
    await alert().getByRole('button', { name: 'Abbrechen' }).click();
    await alert().waitFor({ state: 'detached' });
    await visible(row('Einladung Test.pdf'));

    await row('Einladung Test.pdf').getByRole('button', { name: 'Löschen' }).click();
    await alert().getByRole('button', { name: 'Löschen' }).click();
    await visible(page.getByText('Datei Einladung Test.pdf gelöscht'));
    await eventually(async () => expect(await row('Einladung Test.pdf').count()).toBe(0));
    const files = await api<{ name: string }[]>('GET', '/api/pdf-vorlage/files');
    expect(files.map((file) => file.name)).not.toContain('Einladung Test.pdf');
  });
});

describe('a new download in the Download-Verwaltung', () => {
  it('shows what is missing under the fields before sending anything', async () => {
    await page.goto(`${server.url}/#/download/new`);
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await visible(page.getByText('Bitte wählen Sie eine Datei aus.'));
    await visible(page.getByText('ist ein Pflichtfeld'));
    await shot('download-neu-fehlt');
  });

  it('offers the categories of the chosen relation and shows the server refusing a vanished record', async () => {
    const ort = await api<{ id: number }>('POST', '/api/veranstaltung-ort', { bezeichnung: 'Saal Abriss' });
    await page.locator('#field-file').setInputFiles(pdf('Anfahrt.pdf', 800));
    await page.locator('#field-relation').selectOption({ label: 'Ort' });
    expect(await page.locator('#field-category option').allTextContents()).toEqual([
      'Anfahrtsskizze',
      'Sonstiges',
    ]);
    await page.locator('#field-relation_id').fill('Saal Abriss');
    await page.locator('.bp6-popover [role="option"]', { hasText: 'Saal Abriss' }).click();
    // Gone before the upload (another user deleted it): the server names the field.
    const gone = await page.request.delete(`${server.url}/node/api/veranstaltung-ort/${ort.id}`, {
      headers: { 'X-Api-Request': '1' },
    });
    expect(gone.status()).toBe(200);
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await visible(
      page.locator('.bp6-form-group', { hasText: 'verweist auf keinen vorhandenen Eintrag (Ort ' }),
    );
    await shot('download-neu-serverfehler');
  });

  it('uploads the file with name, title, relation, category and public flag, then lists it', async () => {
    await page.goto(`${server.url}/#/download/new`);
    await page.locator('#field-file').setInputFiles(pdf('Skript Lohnsteuer.pdf', 3000));
    await hasValue(page.locator('#field-real_name'), 'Skript Lohnsteuer.pdf');
    await page.locator('#field-title').fill('Skript zum Seminar');
    await page.locator('#field-relation').selectOption({ label: 'Referent' });
    // The refusal of the previous attempt no longer applies to the changed relation.
    expect(await page.locator('.bp6-form-group', { hasText: 'verweist auf keinen' }).count()).toBe(0);
    await hasValue(page.locator('#field-category'), 'Bild');
    await page.locator('#field-relation').selectOption({ label: 'Seminar' });
    await hasValue(page.locator('#field-category'), 'Skript');
    await page.locator('#field-relation_id').click();
    await page.locator('.bp6-popover [role="option"]').first().click();
    await page.locator('#field-category').selectOption({ label: 'Inhaltsverzeichnis' });
    await page.getByText('Öffentlich').click();
    await shot('download-neu');
    await page.getByRole('button', { name: 'Hochladen' }).click();
    await visible(page.getByText('Download erfolgreich erstellt'));
    await page.waitForURL(/#\/download$/);
    await visible(page.locator('.list-table tbody tr', { hasText: 'Skript Lohnsteuer.pdf' }));
    await shot('download-liste');

    const [saved] = await api<Record<string, unknown>[]>(
      'GET',
      `/api/download?where=${encodeURIComponent('{"title":"Skript zum Seminar"}')}`,
    );
    expect(saved).toMatchObject({
      real_name: 'Skript Lohnsteuer.pdf',
      relation: 'Veranstaltung',
      category: 'Inhaltsverzeichnis',
      public: false,
      size: 3000,
      ext: 'pdf',
    });
    expect(saved.relation_id).toEqual(expect.any(Number));
    const served = await page.request.get(`${server.url}/download/${String(saved.file_name)}`);
    expect((await served.body()).toString()).toMatch(/^%PDF-1\.4/);
  });
});
