/// <reference lib="dom" />
/**
 * The group window (issue 9) in Chromium on the demo data, clicked through as staff would: a new
 * group and its type transitions, adding and removing Benutzer, the CSV comparison wizard with a
 * Windows-1252 file, and the refill of an automatic group. Screenshots land in
 * test-results/screenshots/gruppen/ to be looked at.
 */
import iconv from 'iconv-lite';
import { eventually, hasCount, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

const session = browserSession('gruppen');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const panel = () => page.locator('.bp6-tab-panel[aria-hidden="false"]');
const alert = () => page.locator('.bp6-alert');
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
const typ = (name: string) => page.locator('.gruppen-typ').getByRole('radio', { name, exact: true });
const schalter = (name: string) => page.locator(`#field-${name}`);
const rows = () => panel().locator('.list-table tbody tr:not(:has(.list-empty))');

const shot = (name: string) => session.ruhigesBild(name);

async function bestaetigen(button: string): Promise<void> {
  await visible(alert());
  await alert().getByRole('button', { name: button }).click();
}

async function geladen(): Promise<void> {
  await visible(page.locator('.edit-frame'));
  await eventually(async () =>
    expect(await page.locator('.edit-frame').getAttribute('aria-busy')).toBe('false'),
  );
}

let gruppeId: number;

describe('a new group and the type transitions of spec 001 §4', () => {
  it('starts as a newsletter group with its member tabs disabled', async () => {
    await page.goto(`${server.url}/#/benutzer/gruppe`);
    await page.getByRole('button', { name: 'Neu' }).click();
    await page.waitForURL(/#\/benutzer\/gruppe\/new$/);
    await geladen();
    await hasText(page.locator('.edit-header h4'), 'Neue Gruppe');
    expect(await typ('NWG').getAttribute('aria-checked')).toBe('true');
    // Teilnehmer is not offered for new groups.
    expect(await typ('Teilnehmer').count()).toBe(0);
    expect(await schalter('newsletter').isChecked()).toBe(true);
    expect(await schalter('verbandsintern').isChecked()).toBe(false);
    await hasValue(page.locator('#field-zuordnung'), 'email');
    for (const name of ['Emails', 'Benutzer', 'CSV-Email-Zuordnung'])
      expect(await tab(name).getAttribute('aria-disabled')).toBe('true');
    await shot('neu-nwg');
  });

  it('follows a change of type and rule', async () => {
    await typ('Intern').click();
    expect(await schalter('newsletter').isChecked()).toBe(false);
    expect(await schalter('verbandsintern').isChecked()).toBe(true);
    await hasValue(page.locator('#field-zuordnung'), 'email');

    await typ('Auto').click();
    await hasValue(page.locator('#field-zuordnung'), 'benutzer');
    await page.locator('#field-code').selectOption({ label: 'Referenten' });
    // An empty name and description are filled from the rule.
    await hasValue(page.locator('#field-name'), 'Referenten');
    await hasValue(page.locator('#field-beschreibung'), 'Benutzer mit dem Merkmal „Referent“.');
    await page.locator('#field-code').selectOption({ label: 'Neu zugelassene StB (pro Jahr)' });
    // The per-year rule sets the current year; the name staff now have stays.
    await hasValue(
      page.locator('#field-data\\.auto_stb_neuzugelassen_jahr'),
      String(new Date().getFullYear()),
    );
    await hasValue(page.locator('#field-name'), 'Referenten');
    await visible(page.getByText('Benutzer, deren StB-Datum im gewählten Jahr liegt.').first());
    await shot('neu-auto-pro-jahr');

    await typ('Intern').click();
    expect(await page.locator('#field-code').count()).toBe(0);
    await page.locator('#field-name').fill('Vorstand (Browsertest)');
    await page.locator('#field-beschreibung').fill('Mitglieder des Vorstands');
    await page.locator('#field-zuordnung').selectOption('alle');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/benutzer\/gruppe\/\d+$/);
    gruppeId = Number(/(\d+)$/.exec(page.url())![1]);
    await geladen();
    await hasText(page.locator('.edit-header h4'), 'Gruppe Vorstand (Browsertest)');
    for (const name of ['Emails', 'Benutzer', 'CSV-Email-Zuordnung'])
      expect(await tab(name).getAttribute('aria-disabled')).not.toBe('true');
    expect(await api<Row>('GET', `/api/benutzer-gruppe/${gruppeId}`)).toMatchObject({
      typ: 'Intern',
      zuordnung: 'alle',
      newsletter: false,
      verbandsintern: true,
      data: {},
    });
    await shot('gespeichert');
  });
});

describe('members', () => {
  let benutzer: Row[];
  beforeAll(async () => {
    benutzer = await api<Row[]>(
      'GET',
      `/api/benutzer${query({ where: { firma: null, aktiviert: true }, order: [['id', 'ASC']], limit: 2 })}`,
    );
  });

  it('adds picked Benutzer after asking and shows them in the list', async () => {
    await tab('Benutzer').click();
    for (const b of benutzer) {
      await page.locator('#mitglieder-benutzer').fill(String(b.kennnummer));
      await page
        .getByRole('option', { name: new RegExp(String(b.kennnummer)) })
        .first()
        .click();
    }
    await panel().getByRole('button', { name: 'Hinzufügen' }).click();
    await visible(alert().getByText('Wollen Sie 2 Benutzer zur Gruppe „Vorstand (Browsertest)“ hinzufügen?'));
    await bestaetigen('Hinzufügen');
    await visible(toast('Es wurden 2 neue Benutzer/Emails erfolgreich zur Gruppe hinzugefügt!'));
    await hasCount(rows(), 2);
    await hasText(panel().locator('.list-table tbody'), new RegExp(String(benutzer[0].anzeigename)));
    await shot('benutzer-tab');
  });

  it('removes one member, then all after asking', async () => {
    await rows().first().getByRole('button', { name: 'Löschen' }).click();
    await bestaetigen('Löschen');
    await hasCount(rows(), 1);
    await panel().getByRole('button', { name: 'Alle entfernen' }).click();
    await visible(
      alert().getByText(
        'Wollen Sie wirklich alle Benutzer aus der Gruppe „Vorstand (Browsertest)“ entfernen?',
      ),
    );
    await bestaetigen('Alle entfernen');
    await visible(toast('Es wurden 1 Benutzer aus der Gruppe entfernt.'));
    await hasCount(rows(), 0);
    await hasText(panel().locator('.list-empty'), 'keine Daten vorhanden');
  });
});

describe('the CSV comparison wizard', () => {
  it('compares a Windows-1252 file, shows the four buckets and adds the ready rows', async () => {
    const emails = await api<Row[]>(
      'GET',
      `/api/benutzer-email${query({
        where: { '$Benutzer.aktiviert$': true },
        include: [{ association: 'Benutzer', attributes: ['id', 'aktiviert'] }],
        order: [['id', 'ASC']],
        limit: 3,
      })}`,
    );
    const inaktiv = await api<Row>('POST', '/api/benutzer', {
      vorname: 'Otto',
      nachname: 'Weiß',
      aktiviert: false,
    });
    await api('POST', '/api/benutzer-email', {
      benutzer_id: inaktiv.id,
      email: 'otto.weiss@inaktiv.example',
    });
    const zeilen = [
      'E-Mail;Name;Bemerkung',
      `  ${String(emails[0].email).toUpperCase()} ;Jürgen Groß;Großschreibung`,
      `${emails[1].email};Änne Müller;`,
      'Otto.Weiss@inaktiv.example;Otto Weiß;nicht aktiv',
      'niemand@unbekannt.example;Ölaf Schütz;unbekannt',
    ];
    await tab('CSV-Email-Zuordnung').click();
    await visible(panel().locator('.stepper-steps li.active', { hasText: 'CSV-Datei wählen' }));
    await panel().locator('#csv-art').selectOption('email');
    await panel()
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'vorstand.csv',
        mimeType: 'text/csv',
        buffer: iconv.encode(zeilen.join('\r\n'), 'win1252'),
      });
    await shot('csv-auswahl');
    await panel().getByRole('button', { name: 'Vergleichen' }).click();
    await visible(panel().locator('.stepper-steps li.active', { hasText: 'Vergleich' }));
    await hasText(
      panel().locator('.abgleich-summe'),
      /Bereit zum Hinzufügen: 2.*Bereits in der Gruppe: 0.*Nicht aktiv: 1.*Nicht gefunden: 1/,
    );
    await hasText(panel().locator('.abgleich-nicht_gefunden tbody'), /Ölaf Schütz/);
    await hasText(panel().locator('.abgleich-bereit tbody'), /Jürgen Groß/);
    await shot('csv-vergleich');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().locator('.abgleich-nicht_gefunden').getByRole('button', { name: 'Exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Vorstand (Browsertest) – Nicht gefunden.csv');

    await panel().getByRole('button', { name: 'Zur Gruppe hinzufügen' }).click();
    await bestaetigen('Hinzufügen');
    await visible(toast('Es wurden 2 neue Benutzer/Emails erfolgreich zur Gruppe hinzugefügt!'));
    await hasText(panel().locator('.abgleich-summe'), /Bereit zum Hinzufügen: 0.*Bereits in der Gruppe: 2/);
    expect(await panel().getByRole('button', { name: 'Zur Gruppe hinzufügen' }).isDisabled()).toBe(true);

    // A broken file: the server's German reason, and the wizard stays at the file (spec 001 §8).
    await panel().getByRole('button', { name: 'Zurück' }).click();
    await panel()
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'kaputt.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('E-Mail;Name\r\na@b.example;A\r\n"offen;B\r\n'),
      });
    await panel().getByRole('button', { name: 'Vergleichen' }).click();
    await visible(
      toast(
        'Die CSV-Datei kann nicht gelesen werden (Zeile 3): ein Anführungszeichen wird nicht geschlossen.',
      ),
    );
    await shot('csv-fehler');
    await visible(panel().locator('.stepper-steps li.active', { hasText: 'CSV-Datei wählen' }));

    await tab('Emails').click();
    await hasCount(rows(), 2);
    await shot('emails-tab');

    // A member row opens the e-mail's own window.
    await rows().first().getByRole('button', { name: 'Bearbeiten' }).click();
    await page.waitForURL(/#\/benutzer\/email\/\d+$/);
    await geladen();
  });
});

describe('an automatic group', () => {
  it('refills from its rule after asking and says what changed', async () => {
    const auto = await api<Row>('POST', '/api/benutzer-gruppe', {
      name: '',
      typ: 'Auto',
      code: 'auto_mitglieder',
    });
    const mitglieder = await api<{ count: number }>(
      'GET',
      `/api/benutzer${query({ where: { atr_mitglied: true, aktiviert: true }, count: true, limit: 1 })}`,
    );
    await page.goto(`${server.url}/#/benutzer/gruppe/${auto.id}`);
    await geladen();
    await hasValue(page.locator('#field-name'), 'Mitglieder (eigene)');
    expect(await tab('CSV-Email-Zuordnung').getAttribute('aria-disabled')).toBe('true');
    expect(await tab('Emails').getAttribute('aria-disabled')).toBe('true');
    await tab('Benutzer').click();
    await panel().getByRole('button', { name: 'Jetzt befüllen' }).click();
    await visible(
      alert().getByText('Wollen Sie die Gruppe „Mitglieder (eigene)“ jetzt nach ihrer Regel neu befüllen?'),
    );
    await bestaetigen('Befüllen');
    await visible(toast(`Es wurden ${mitglieder.count} Benutzer hinzugefügt und 0 Benutzer entfernt!`));
    await hasText(panel().locator('.list-count'), `${mitglieder.count} Einträge`);
    await shot('auto-befuellt');
  });
});
