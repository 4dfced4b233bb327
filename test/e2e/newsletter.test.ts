/// <reference lib="dom" />
/**
 * The newsletter windows (issue 14) in Chromium on the demo data: a template whose content scheme
 * is checked as staff type it and whose Automatik tab follows the auto send rules; a newsletter
 * whose Inhalte tab is generated from that scheme (every field type, a list with add, reorder and
 * remove), saved into json_content; a body with script and event handlers shown inert; the recipient
 * count and the preview in a sandboxed frame. Screenshots land in test-results/screenshots/newsletter/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, hasText, hasValue, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };

/** A fake StBdirekt service (spec 002 §6) the server is pointed at. */
const stbdirekt = { status: 200, antwort: '{}' };
let stbdirektServer: Server;
beforeAll(async () => {
  stbdirektServer = createServer((_req, res) =>
    res.writeHead(stbdirekt.status, { 'Content-Type': 'application/json' }).end(stbdirekt.antwort),
  );
  await new Promise<void>((resolve) => stbdirektServer.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => stbdirektServer.close(resolve)));

const session = browserSession('newsletter', () => ({
  STBDIREKT_URL: `http://127.0.0.1:${(stbdirektServer.address() as AddressInfo).port}/inhalte`,
}));
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const SCHEME = {
  titel: 'String',
  ausgabe: 'Number',
  sonderausgabe: 'Boolean',
  datum: 'Date',
  beginn: 'Time',
  einleitung: 'HTML|120',
  termine: [{ thema: 'String', tag: 'Date' }],
};

const query = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString()}`;
const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const panel = () => page.locator('.bp6-tab-panel[aria-hidden="false"]');
const toast = (text: string | RegExp) => page.locator('.bp6-toast', { hasText: text });
const geladen = () =>
  eventually(async () => expect(await page.locator('.edit-frame').getAttribute('aria-busy')).toBe('false'));

const shot = (name: string) => session.ruhigesBild(name);

/** No alert() of an injected script may open in any window of the test. */
const dialoge: string[] = [];
beforeAll(() =>
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialoge.push(dialog.message()))),
);
afterEach(() => expect(dialoge).toEqual([]));

let vorlageId: number;

describe('the template window', () => {
  it('flags an invalid content scheme as staff type it and saves a valid one', async () => {
    await page.goto(`${server.url}/#/newsletter/vorlage/new`);
    await geladen();
    await page.locator('#field-titel').fill('E2E Monatsnewsletter');
    const scheme = page.locator('#field-json_content_scheme');
    await scheme.fill('{kaputt');
    await hasText(
      page.locator('.bp6-form-group.bp6-intent-danger .bp6-form-helper-text'),
      'ist kein gültiges JSON',
    );
    await scheme.fill('{"titel": "Text"}');
    await hasText(page.locator('.bp6-form-helper-text').first(), /unbekannten Feldtyp/);
    // Without a seminar type there is no automation; without automation no automatic groups.
    for (const name of ['Automatik', 'Auto-Versand-Gruppen', 'Auto-Ausschluss-Gruppen'])
      expect(await tab(name).getAttribute('aria-disabled')).toBe('true');
    await shot('01-vorlage-schema-fehler');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(toast(/Inhaltsschema/));
    await scheme.fill(JSON.stringify(SCHEME, null, 2));
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/newsletter\/vorlage\/\d+$/);
    vorlageId = Number(page.url().split('/').pop());
    const gespeichert = await api<Row>('GET', `/api/newsletter-vorlagen/${vorlageId}`);
    expect(gespeichert.json_content_scheme).toEqual(SCHEME);
    // Spec 002 §9: the automation's defaults.
    expect(gespeichert.data).toEqual({
      auto_titel: '{lg_id} - {titel} - {datum}',
      auto_betreff: '{titel}',
      auto_vortage: 20,
      auto_day_time: '12:00',
    });
  });

  it('applies the auto send time rules in the Automatik tab', async () => {
    const [typ] = await api<Row[]>('GET', `/api/veranstaltung-typ${query({ limit: 1 })}`);
    await api('PUT', `/api/newsletter-vorlagen/${vorlageId}`, {
      veranstaltung_typ_id: typ.id,
      automatik: true,
    });
    await page.reload();
    await geladen();
    await tab('Automatik').click();
    const feld = (name: string) => page.locator(`[id="field-data.${name}"]`);
    await hasValue(feld('auto_vortage'), '20');
    await hasValue(feld('auto_titel'), '{lg_id} - {titel} - {datum}');
    // Number inputs commit on leaving the field.
    const eingeben = async (name: string, wert: string) => {
      await feld(name).fill(wert);
      await feld(name).press('Tab');
    };
    await eingeben('auto_nachtage', '3');
    await hasValue(feld('auto_vortage'), '');
    await eingeben('auto_nachtage', '');
    await hasValue(feld('auto_vortage'), '0');
    await eingeben('auto_minutes', '90');
    await eventually(async () => expect(await feld('auto_vortage').isDisabled()).toBe(true));
    expect(await feld('auto_nachtage').isDisabled()).toBe(true);
    await hasValue(feld('auto_vortage'), '');
    expect(await tab('Auto-Versand-Gruppen').getAttribute('aria-disabled')).not.toBe('true');
    await shot('02-vorlage-automatik');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await geladen();
    await eventually(async () =>
      expect((await api<Row>('GET', `/api/newsletter-vorlagen/${vorlageId}`)).data).toMatchObject({
        auto_minutes: 90,
        auto_vortage: null,
        auto_nachtage: null,
      }),
    );
  });
});

describe('the newsletter window', () => {
  let newsletterId: number;
  let empfaenger: Row;

  beforeAll(async () => {
    [empfaenger] = await api<Row[]>(
      'GET',
      `/api/benutzer${query({ where: { kennnummer: { $ne: null }, primaeremail_id: { $ne: null }, aktiviert: true }, limit: 1 })}`,
    );
    const gruppe = await api<Row>('POST', '/api/benutzer-gruppe', {
      name: 'E2E Empfänger',
      typ: 'NWG',
      zuordnung: 'benutzer',
    });
    await api('POST', `/api/benutzer-gruppe/${gruppe.id}/benutzers`, [empfaenger.id]);
    newsletterId = (
      await api<Row>('POST', '/api/newsletter', {
        titel: 'E2E Steuerrecht aktuell',
        betreff: 'Neues im September',
        newsletter_vorlagen_id: vorlageId,
        body: '<p>Die Frist endet bald.</p><script>alert("body")</script><img src="x.png" onerror="alert(\'onerror\')">',
        Benutzer_Gruppes: [gruppe.id],
      })
    ).id;
  });

  it('generates the Inhalte form from the scheme and saves json_content', async () => {
    await page.goto(`${server.url}/#/newsletter/newsletter/${newsletterId}`);
    await geladen();
    await hasText(page.locator('.newsletter-empfaenger'), 'Empfänger: 1');
    await tab('Inhalte').click();
    await page.locator('#field-inhalt-titel').fill('Ausgabe September');
    await page.locator('#field-inhalt-ausgabe').fill('9');
    await page.locator('#field-inhalt-ausgabe').press('Tab');
    await page.locator('label.bp6-switch', { has: page.locator('#field-inhalt-sonderausgabe') }).click();
    await page.locator('#field-inhalt-datum').fill('01.09.2026');
    await page.locator('#field-inhalt-beginn').fill('09:30');
    await panel().locator('.ql-editor').first().click();
    await page.keyboard.type('Willkommen zur Ausgabe');
    for (let i = 0; i < 3; i++) await panel().getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    await page.locator('#field-inhalt-termine-0-thema').fill('Lohnsteuer');
    await page.locator('#field-inhalt-termine-1-thema').fill('Umsatzsteuer');
    await page.locator('#field-inhalt-termine-1-tag').fill('15.10.2026');
    await page.locator('#field-inhalt-termine-2-thema').fill('Wegfall');
    // The second entry moves up, the (now) third goes.
    await panel()
      .getByRole('group', { name: 'Termine 2' })
      .getByRole('button', { name: 'Nach oben' })
      .click();
    await panel()
      .getByRole('group', { name: 'Termine 3' })
      .getByRole('button', { name: 'Eintrag entfernen' })
      .click();
    await hasValue(page.locator('#field-inhalt-termine-0-thema'), 'Umsatzsteuer');
    await shot('03-newsletter-inhalte');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await geladen();
    await eventually(async () =>
      expect((await api<Row>('GET', `/api/newsletter/${newsletterId}`)).json_content).toEqual({
        titel: 'Ausgabe September',
        ausgabe: 9,
        sonderausgabe: true,
        datum: '2026-09-01',
        beginn: '09:30',
        einleitung: '<p>Willkommen zur Ausgabe</p>',
        termine: [
          { thema: 'Umsatzsteuer', tag: '2026-10-15' },
          { thema: 'Lohnsteuer', tag: null },
        ],
      }),
    );
  });

  it('shows the sanitized body inert in the staff screen', async () => {
    await tab('Body').click();
    await hasText(panel().locator('.ql-editor'), 'Die Frist endet bald.');
    expect(await page.locator('script', { hasText: 'alert' }).count()).toBe(0);
    expect(await page.locator('[onerror]').count()).toBe(0);
    await shot('04-newsletter-body');
  });

  it('previews the newsletter for one recipient in a sandboxed frame', async () => {
    await page.getByRole('button', { name: 'Vorschau' }).click();
    await page.getByLabel('Kennnummer des Empfängers').fill('gibt-es-nicht');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await hasText(
      page.locator('.newsletter-vorschau-fehler'),
      'Es gibt keinen Benutzer mit der Kennnummer gibt-es-nicht.',
    );
    await page.getByLabel('Kennnummer des Empfängers').fill(String(empfaenger.kennnummer));
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    const frame = page.locator('iframe.newsletter-vorschau');
    await visible(frame);
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    const inhalt = page.frameLocator('iframe.newsletter-vorschau').locator('body');
    const erwartet = [
      'E2E Steuerrecht aktuell',
      'Die Frist endet bald.',
      'Ausgabe September',
      '01.09.2026',
      'Willkommen zur Ausgabe',
      'Umsatzsteuer',
      '15.10.2026',
      'Newsletter abbestellen',
      `${String(empfaenger.ansprache)},`,
    ];
    await eventually(async () => {
      const text = await inhalt.innerText();
      for (const teil of erwartet) expect(text).toContain(teil);
    });
    await shot('05-newsletter-vorschau');
    await page.keyboard.press('Escape');
  });

  it('plans a dispatch, shows its progress and log, and withdraws unsent ones', async () => {
    await page.goto(`${server.url}/#/newsletter/newsletter/${newsletterId}`);
    await geladen();
    await page.getByRole('button', { name: 'Versand planen' }).click();
    await visible(toast('Dispatcher erfolgreich angelegt'));
    const [dispatcher] = await api<Row[]>(
      'GET',
      `/api/newsletter-dispatcher${query({ where: { newsletter_id: newsletterId }, order: [['id', 'DESC']] })}`,
    );
    await eventually(async () =>
      expect((await api<Row>('GET', `/api/newsletter-dispatcher/${dispatcher.id}`)).versendet).toBe(true),
    );
    await page.goto(`${server.url}/#/newsletter/versendete`);
    await hasText(page.locator('table'), /E2E Steuerrecht aktuell.*1 \/ 1/);
    await page.goto(`${server.url}/#/newsletter/versendete/${dispatcher.id}`);
    await hasText(page.locator('.dispatcher-zahlen'), '1 von 1 versendet');
    const adresse = await api<Row>('GET', `/api/benutzer-email/${String(empfaenger.primaeremail_id)}`);
    await hasText(page.locator('.related-table tbody'), new RegExp(`${String(adresse.email)}Versendet`));
    await shot('05a-dispatcher-versendet');
    // A dispatch planned for tomorrow has not started: it can be withdrawn.
    const morgen = await api<Row>('POST', '/api/newsletter-dispatcher', {
      newsletter_id: newsletterId,
      versand_time: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
    });
    await page.goto(`${server.url}/#/newsletter/dispatcher/${morgen.id}`);
    await hasText(page.locator('.dispatcher-kopf'), /^Geplant/);
    await shot('05b-dispatcher-geplant');
    await page.getByRole('button', { name: 'Unversendete Dispatcher löschen' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Löschen' }).click();
    await visible(toast('1 Dispatcher gelöscht'));
    await page.waitForURL(/#\/newsletter\/dispatcher$/);
    const rest = await api<Row[]>(
      'GET',
      `/api/newsletter-dispatcher${query({ where: { newsletter_id: newsletterId } })}`,
    );
    expect(rest.map((d) => d.id)).toEqual([dispatcher.id]);
  });

  it('refreshes the contents of a StBdirekt template for the academy, a failure ignored', async () => {
    const vorlage = await api<Row>('POST', '/api/newsletter-vorlagen', {
      titel: 'E2E StBdirekt',
      external_data_type: 'StBdirekt',
      json_content_scheme: { titel: 'String', meldung: 'HTML' },
    });
    const n = await api<Row>('POST', '/api/newsletter', {
      titel: 'E2E StBdirekt November',
      newsletter_vorlagen_id: vorlage.id,
    });
    const info = await api<Row>('GET', '/loginInfo');
    const laden = page.getByRole('button', { name: 'StBdirekt-Inhalte laden' });
    // Not the academy: no refresh offered.
    await api('PUT', `/api/benutzer/${info.id}`, { verband: 3 });
    await page.goto(`${server.url}/#/newsletter/newsletter/${n.id}`);
    await geladen();
    await tab('Inhalte').click();
    await visible(page.locator('#field-inhalt-titel'));
    expect(await laden.count()).toBe(0);
    await api('PUT', `/api/benutzer/${info.id}`, { verband: 2 });
    await page.reload();
    await geladen();
    await tab('Inhalte').click();
    stbdirekt.status = 200;
    stbdirekt.antwort = JSON.stringify({ titel: 'StBdirekt 11/2026', meldung: '<p>Grundsteuer neu</p>' });
    await laden.click();
    await hasValue(page.locator('#field-inhalt-titel'), 'StBdirekt 11/2026');
    await hasText(panel().locator('.ql-editor'), 'Grundsteuer neu');
    // Spec 002 §8: a failing service changes nothing and shows nothing.
    stbdirekt.status = 503;
    await laden.click();
    await eventually(async () => expect(await laden.isDisabled()).toBe(false));
    await hasValue(page.locator('#field-inhalt-titel'), 'StBdirekt 11/2026');
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    await shot('06a-newsletter-stbdirekt');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await geladen();
    await eventually(async () =>
      expect((await api<Row>('GET', `/api/newsletter/${n.id}`)).json_content).toEqual({
        titel: 'StBdirekt 11/2026',
        meldung: '<p>Grundsteuer neu</p>',
      }),
    );
    await api('PUT', `/api/benutzer/${info.id}`, { verband: null });
  });

  it('refuses planning a dispatch for an unsaved newsletter', async () => {
    await page.goto(`${server.url}/#/newsletter/newsletter/new`);
    await geladen();
    expect(await tab('Downloads').getAttribute('aria-disabled')).toBe('true');
    // Spec 002 §4: a new newsletter is 'offen', read-only.
    await tab('Grunddaten').click();
    await hasValue(page.locator('#field-bearbeitungsstatus'), 'offen');
    expect(await page.locator('#field-bearbeitungsstatus').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Versand planen' }).click();
    await visible(toast('Newsletter muss zuvor gespeichert werden.'));
    await shot('06-newsletter-nicht-gespeichert');
  });
});

describe('news and websites', () => {
  const feld = (name: string) => page.locator(`[id="field-${name}"]`);
  const schalter = (name: string) => page.locator('label.bp6-switch', { has: feld(name) });

  it('edits a news item with the link title and detail page rules, round trip', async () => {
    await page.goto(`${server.url}/#/website/news/new`);
    // Loaded anew: the test above changed this user's verband, which decides the colour themes
    // the form offers and the server accepts.
    await page.reload();
    await geladen();
    await feld('titel').fill('E2E Neue Seminare');
    expect(await tab('Detailseite').getAttribute('aria-disabled')).toBe('true');
    expect(await tab('Dateien').getAttribute('aria-disabled')).toBe('true');
    expect(await feld('data.link_titel').isDisabled()).toBe(true);
    await feld('data.link').fill('https://stbv-demo.de/seminare');
    await eventually(async () => expect(await feld('data.link_titel').isDisabled()).toBe(false));
    await feld('data.link_titel').fill('Mehr erfahren');
    await feld('data.link').fill('');
    await hasValue(feld('data.link_titel'), '');
    expect(await feld('data.link_titel').isDisabled()).toBe(true);
    await feld('data.link').fill('https://stbv-demo.de/seminare');
    await feld('data.link_titel').fill('Zu den Seminaren');
    await schalter('data.detail_page').click();
    await tab('Detailseite').click();
    await panel().locator('.ql-editor').click();
    await page.keyboard.type('Alle Termine im Herbst');
    await shot('07-news-detailseite');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/website\/news\/\d+$/);
    await geladen();
    const id = Number(page.url().split('/').pop());
    const gespeichert = await api<Row>('GET', `/api/news/${id}`);
    expect(gespeichert).toMatchObject({ titel: 'E2E Neue Seminare' });
    expect(gespeichert.data).toMatchObject({
      detail_page: true,
      link: 'https://stbv-demo.de/seminare',
      link_titel: 'Zu den Seminaren',
      content: '<p>Alle Termine im Herbst</p>',
    });
    expect(await tab('Dateien').getAttribute('aria-disabled')).not.toBe('true');
    await tab('Dateien').click();
    await shot('08-news-dateien');
  });

  it('edits a website with its certificate template, round trip', async () => {
    await page.goto(`${server.url}/#/website/websites/new`);
    await geladen();
    await feld('website').fill('https://akademie-demo.de');
    await feld('sonstiges').fill('Hauptseite der Akademie');
    await feld('data.seminar_bescheinigung_template').fill('bescheinigung-akademie.pdf');
    await shot('09-webseite');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/#\/website\/websites\/\d+$/);
    await geladen();
    const id = Number(page.url().split('/').pop());
    expect(await api<Row>('GET', `/api/verband-website/${id}`)).toMatchObject({
      website: 'https://akademie-demo.de',
      sonstiges: 'Hauptseite der Akademie',
      data: { seminar_bescheinigung_template: 'bescheinigung-akademie.pdf' },
    });
    await page.reload();
    await geladen();
    await hasValue(feld('data.seminar_bescheinigung_template'), 'bescheinigung-akademie.pdf');
  });
});
