/// <reference lib="dom" />
/**
 * Issue 30 in Chromium: a new Abo through its stepper — Grunddaten with the cancellation-period
 * hint (gone with sofortige Kündigung) and the Stichmonat only for yearly Abos, Teilnehmereinschränkung,
 * Preise with the first period — saved as one; the existing Abo with its fixed fields read-only
 * and its periods under „Preise & Seminare“; the Turnus window with a seminar outside the period
 * warned about and removed after the question, saved with the bookings' transactions adjusted,
 * and the latest period removable. Screenshots in test-results/screenshots/abo/.
 */
import { eventually, hasText, visible } from './support/browser';
import { browserSession } from './support/session';

type Row = Record<string, unknown> & { id: number };
const session = browserSession('abo');
const { api } = session;
let page: typeof session.page;
let server: typeof session.server;
beforeAll(() => {
  ({ page, server } = session);
});

const feld = (name: string) => page.locator(`[id="field-${name}"]`);
const weiter = () => page.getByRole('button', { name: 'Weiter' }).click();
const where = (w: Record<string, unknown>) => `where=${encodeURIComponent(JSON.stringify(w))}`;

const shot = (name: string) => session.ruhigesBild(name);

describe('the Abo editor and its Turnus timeline', () => {
  let aboId: number;

  it('creates an Abo with its first period through the stepper', async () => {
    await page.goto(`${server.url}/#/werbung/abo/new`);
    await visible(page.locator('.stepper-steps li.active', { hasText: 'Grunddaten' }));
    await feld('titel').fill('Lohnsteuer-Abo');
    await feld('titel').press('Tab');
    const hinweis = page.locator('.abo-hinweis');
    await hasText(hinweis, /Tage vor dem Stichtag sollten innerhalb der Kündigungsfrist/);
    await visible(feld('stichmonat'));
    await feld('turnustyp').selectOption({ label: 'monatlich' });
    await eventually(async () => expect(await feld('stichmonat').count()).toBe(0));
    await page.locator('label', { has: feld('instant_storno') }).click();
    await eventually(async () => expect(await hinweis.count()).toBe(0));
    await page.locator('label', { has: feld('instant_storno') }).click();
    await visible(hinweis);
    await shot('grunddaten');
    await weiter();
    await visible(page.locator('.stepper-steps li.active', { hasText: 'Teilnehmereinschränkung' }));
    await weiter();
    await visible(page.locator('.stepper-steps li.active', { hasText: /^3\s*Preise$/ }));
    await feld('erster_turnus.preis').fill('49,90');
    await feld('erster_turnus.preis').press('Tab');
    await feld('erster_turnus.fromDate').fill('15.01.2026');
    await feld('erster_turnus.fromDate').press('Tab');
    await shot('preise');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await eventually(() => expect(page.url()).toMatch(/#\/werbung\/abo\/\d+$/));
    aboId = Number(page.url().split('/').pop());
    const turni = await api<Row[]>('GET', `/api/wb-abo-turnus?${where({ wb_abo_id: aboId })}`);
    expect(turni).toEqual([
      expect.objectContaining({ von: '2026-01-01', bis: '2026-01-31', preis: 49.9, kuendigungsfrist: 14 }),
    ]);
  });

  it('keeps the fixed fields read-only, lists the periods and opens one', async () => {
    // Opened anew, on its first step (the saved window stays on the step it was saved from).
    await page.goto(`${server.url}/#/werbung/abo/${aboId}`);
    await page.reload();
    await visible(feld('titel'));
    await eventually(async () => expect(await feld('turnustyp').isDisabled()).toBe(true));
    expect(await feld('stichtag').isDisabled()).toBe(true);
    await weiter();
    await weiter();
    await visible(page.locator('.stepper-steps li.active', { hasText: 'Preise & Seminare' }));
    const zeilen = page.locator('.related[data-resource="wb-abo-turnus"] tbody tr');
    await hasText(zeilen.first(), /01\.01\.2026/);
    await shot('preise-und-seminare');
    await zeilen.first().getByRole('button', { name: 'Turnus öffnen' }).click();
    await eventually(() => expect(page.url()).toMatch(new RegExp(`#/werbung/abo/${aboId}/\\d+$`)));
  });

  it('warns about a seminar outside the period, removes it after asking, adjusts transactions, deletes the latest period', async () => {
    const turnusId = Number(page.url().split('/').pop());
    const seminar = await api<Row>('POST', '/api/veranstaltung', {
      titel: 'Lohnsteuer im Frühjahr',
      lg_id: 'ABO-1',
      beginn: '2026-03-10T08:00:00.000Z',
      ende: '2026-03-10T16:00:00.000Z',
    });
    const turnus = await api<Row>('GET', `/api/wb-abo-turnus/${turnusId}`);
    await api('PUT', `/api/wb-abo-turnus/${turnusId}`, {
      version: turnus.version,
      Veranstaltungs: [seminar.id],
    });
    await page.reload();
    const termine = page.locator('.turnus-termine tbody tr');
    await hasText(termine.first(), /Lohnsteuer im Frühjahr/);
    await hasText(termine.first().locator('.turnus-warnung'), 'Seminar liegt ausßerhalb des Turnus');
    await visible(page.getByRole('button', { name: 'Turnus löschen' }));
    await shot('turnus-warnung');

    await termine.first().getByRole('button', { name: 'Lohnsteuer im Frühjahr entfernen' }).click();
    const frage = page.locator('.bp6-alert');
    await hasText(
      frage.locator('.bp6-alert-contents'),
      'Soll das Seminar „Lohnsteuer im Frühjahr“ aus diesem Turnus entfernt werden?',
    );
    await frage.getByRole('button', { name: 'OK' }).click();
    await visible(page.getByText('Diesem Turnus sind keine Seminare oder Veranstaltungen zugeordnet.'));
    expect(
      (
        await api<Row>(
          'GET',
          `/api/wb-abo-turnus/${turnusId}?include=${encodeURIComponent('["Veranstaltungs"]')}`,
        )
      ).Veranstaltungs,
    ).toEqual([]);

    await feld('preis').fill('59,90');
    await feld('preis').press('Tab');
    await page.locator('label', { hasText: 'Vorgänge der Buchungen anpassen' }).click();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await visible(page.locator('.bp6-toast', { hasText: 'Turnus gespeichert, keine Vorgänge angepasst' }));
    expect((await api<Row>('GET', `/api/wb-abo-turnus/${turnusId}`)).preis).toBe(59.9);

    await page.getByRole('button', { name: 'Turnus löschen' }).click();
    await hasText(page.locator('.bp6-alert .bp6-alert-contents'), 'Soll dieser Turnus gelöscht werden?');
    await page.locator('.bp6-alert').getByRole('button', { name: 'OK' }).click();
    await eventually(() => expect(page.url()).toMatch(new RegExp(`#/werbung/abo/${aboId}$`)));
    expect(await api<Row[]>('GET', `/api/wb-abo-turnus?${where({ wb_abo_id: aboId })}`)).toEqual([]);
  });

  it('cancels a booking from the member’s Abo tab at a period end, and revokes it', async () => {
    const neu = (resource: string, body: Record<string, unknown>) =>
      api<Row>('POST', `/api/${resource}`, body).then((r) => r.id);
    const kunde = await neu('benutzer', { firma: 'Abo-Kunde GmbH', kennnummer: 'ABO-K1' });
    const abo = await neu('wb-abo', {
      titel: 'Kündigungs-Abo',
      turnustyp: 'monatlich',
      erster_turnus: { preis: 20, fromDate: '2026-01-15' },
    });
    const [januar] = await api<Row[]>('GET', `/api/wb-abo-turnus?${where({ wb_abo_id: abo })}`);
    for (const [von, bis] of [
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
    ])
      await neu('wb-abo-turnus', { wb_abo_id: abo, von, bis, preis: 20 });
    await neu('wb-abo-buchung', { benutzer_id: kunde, wb_abo_id: abo, first_turnus_id: januar.id });
    await neu('rw-bezahloption', {
      benutzer_id: kunde,
      category: 'abos',
      wb_abo_id: abo,
      typ: 'transfer',
      benutzer_adresse_id: await neu('benutzer-adresse', {
        benutzer_id: kunde,
        strasse: 'Ring 1',
        plz: '50667',
        ort: 'Köln',
      }),
    });

    await page.goto(`${server.url}/#/rw/abo-abrechnung/${abo}/${kunde}`);
    await page.getByRole('tab', { name: 'Abos', exact: true }).click();
    await page.getByRole('button', { name: 'Kündigen' }).first().click();
    const dialog = page.locator('.bp6-dialog');
    await hasText(dialog.locator('.bp6-dialog-header'), 'Abo-Buchung kündigen');
    await dialog.getByRole('button', { name: 'Kündigen', exact: true }).click();
    await hasText(dialog.locator('.bp6-callout.bp6-intent-danger'), 'Bitte wählen Sie ein Kündigungsdatum!');
    await dialog.locator('#abo-kuendigung-turnus').selectOption({ index: 2 });
    // The refusal was about no choice; a past period end is only warned about.
    await eventually(async () =>
      expect(await dialog.locator('.bp6-callout.bp6-intent-danger').count()).toBe(0),
    );
    await hasText(dialog.locator('.bp6-callout.bp6-intent-warning'), /bereits vergangene Seminare/);
    await shot('kuendigen');
    await dialog.getByRole('button', { name: 'Kündigen', exact: true }).click();
    await eventually(async () => expect(await dialog.count()).toBe(0));
    const [gekuendigt] = await api<Row[]>('GET', `/api/wb-abo-buchung?${where({ wb_abo_id: abo })}`);
    expect(gekuendigt).toMatchObject({ storno_valid_from: '2026-03-01' });

    await page.getByRole('button', { name: 'Kündigen' }).first().click();
    await visible(dialog.getByText('Gekündigt zum 01.03.2026'));
    await dialog.getByRole('radio', { name: 'Kündigung widerrufen' }).check();
    await shot('widerrufen');
    await dialog.getByRole('button', { name: 'Kündigung widerrufen', exact: true }).click();
    await eventually(async () => expect(await dialog.count()).toBe(0));
    const [widerrufen] = await api<Row[]>('GET', `/api/wb-abo-buchung?${where({ wb_abo_id: abo })}`);
    expect(widerrufen).toMatchObject({ storno_valid_from: null, last_turnus_id: null });
  });
});
