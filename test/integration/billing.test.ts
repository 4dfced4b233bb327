/**
 * Billing core through HTTP on a real database (issue 13): number circles, versioned booking
 * transactions and invoice runs with storno invoices — the product's own code paths, no SQL over
 * seeded rows.
 */
import type request from 'supertest';
import { RwBezahloption } from '../../src/billing/adapters/persistence/rw-bezahloption.entity';
import { Nummernvergabe } from '../../src/billing/application/nummernvergabe';
import { anschrift } from '../support/abrechnung-daten';
import { createRecord, readRecord } from '../support/crud';
import { binary, pdfPages } from '../support/pdf-text';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

/** The current year in Berlin, as the circle template's {yyyy} prints it. */
const jahr = () =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(new Date());

describe.each(databases())('billing core on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const get = (resource: string, id: number) => readRecord(agent, resource, id);
  const list = async (resource: string, where: Record<string, unknown>) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Record<string, unknown>[];
  // The results are what these tests check: they wait as long as a client may, since on a busy
  // machine 40 runs at once take longer than the second the server waits by default.
  const lauf = (body: Record<string, unknown>) =>
    agent.post('/node/api/rw-rechnung').set('Prefer', 'wait=25').send(body);
  const buche = (veranstaltung: number, benutzer: number, betrag: number, titel: string) =>
    post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: veranstaltung,
      benutzer_id: benutzer,
      betrag,
      titel,
    });

  /** A seminar of a type whose invoice template numbers from `kreis`. */
  const seminarMitKreis = async (kreis: number, titel: string, termine: Record<string, string> = {}) => {
    const vorlage = await post('rw-vorlage', { titel: `Vorlage ${titel}`, rw_kreis_id: kreis });
    const typ = await post('veranstaltung-typ', {
      bezeichnung: `Typ ${titel}`,
      mwst: 19,
      rw_vorlage_id: vorlage,
    });
    return post('veranstaltung', { titel, lg_id: titel, veranstaltung_typ_id: typ, mwst: 19, ...termine });
  };
  /** A payment option with a full address of the member (a run refuses one without, § 14 UStG). */
  const bezahloption = async (benutzer: number, veranstaltung: number, extra: Record<string, unknown> = {}) =>
    post('rw-bezahloption', {
      benutzer_id: benutzer,
      category: 'seminare',
      veranstaltung_id: veranstaltung,
      typ: 'transfer',
      benutzer_adresse_id: await post('benutzer-adresse', anschrift(benutzer)),
      ...extra,
    });

  /** The mails an SMTP server started for this suite received. */
  const empfangen: { an: string[]; roh: string }[] = [];
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink({
      onMessage({ to, raw }, answer) {
        empfangen.push({ an: to, roh: raw.toString('latin1') });
        answer();
      },
    });
    t = await startTestApp(kind, { env: { MAIL_URL: smtp.url } });
    agent = await t.login();
    ids.kanzlei = await post('benutzer', { firma: 'Müller & Partner Steuerberater', kennnummer: '300101' });
    ids.schaefer = await post('benutzer', {
      vorname: 'Bärbel',
      nachname: 'Schäfer',
      kennnummer: '300102',
    });
    ids.adresse = await post('benutzer-adresse', {
      benutzer_id: ids.kanzlei,
      bezeichnung: 'Kanzlei',
      strasse: 'Königsallee 12',
      plz: '40213',
      ort: 'Düsseldorf',
    });
    ids.konto = await post('benutzer-konto', {
      benutzer_id: ids.kanzlei,
      inhaber: 'Müller & Partner Steuerberater',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    ids.kreis = await post('rw-kreis', {
      titel: 'Seminarrechnungen',
      template: 'RE-{yyyy}-{nr:5}',
      offset_nr: 1000,
    });
    ids.seminar = await seminarMitKreis(ids.kreis, 'Umsatzsteuer aktuell – Frühjahrstagung', {
      beginn: '2026-03-10T08:00:00.000Z',
      ende: '2026-03-11T15:00:00.000Z',
    });
    await bezahloption(ids.kanzlei, ids.seminar, {
      typ: 'debit',
      benutzer_adresse_id: ids.adresse,
      benutzer_konto_id: ids.konto,
    });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  }, STARTUP_TIMEOUT);

  describe('booking → verify → invoice → storno → re-invoice', () => {
    const nr = (n: number) => `RE-${jahr()}-0${1000 + n}`;

    it('verifies one booking, then all of the seminar', async () => {
      ids.a = await buche(ids.seminar, ids.kanzlei, 349, 'Tag 1');
      ids.b = await buche(ids.seminar, ids.kanzlei, 314.1, 'Tag 2');
      ids.c = await buche(ids.seminar, ids.schaefer, 100, 'Tag 1');
      const verifiziert = await agent.put(`/node/api/rw-transaction/${ids.a}`).send({ verifiziert: true });
      expect(verifiziert.status).toBe(200);
      expect(verifiziert.body).toMatchObject({
        id: ids.a,
        verifiziert: true,
        first_id: ids.a,
        child_id: null,
      });

      const alle = await agent
        .post('/node/api/rw-transaction/setAllVerifiziert')
        .send({ category: 'seminare', category_id: ids.seminar });
      expect(alle.status).toBe(200);
      expect(alle.body.map((r: { id: number }) => r.id)).toEqual([ids.b, ids.c]);
      expect((await get('rw-transaction', ids.c)).verifiziert).toBe(true);
    });

    it('invoices per member, reports the member without payment option, locks the invoiced', async () => {
      const response = await lauf({ category: 'seminare', category_id: ids.seminar, only_verified: true });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        all: 2,
        created: 1,
        storno: 0,
        fehler: ['Für Bärbel Schäfer fehlt eine Zahlungsart'],
      });
      const [rechnung] = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
      ids.r1 = rechnung.id as number;
      // 663.10 gross at 19 %: net 66310 / 1.19 = 557.2269 → 557.23 once for the rate.
      expect(rechnung).toMatchObject({
        rechnungs_nr: nr(1),
        betrag: 663.1,
        netto: 557.23,
        mwst: 105.87,
        benutzer_id: ids.kanzlei,
        rw_kreis_id: ids.kreis,
        bezahloption_typ: 'debit',
        storno_id: null,
        storno_parent_id: null,
      });
      expect(rechnung.data).toMatchObject({
        positionen: [
          { vorgang_id: ids.a, titel: 'Tag 1', betrag: 349, mwst: 19 },
          { vorgang_id: ids.b, titel: 'Tag 2', betrag: 314.1, mwst: 19 },
        ],
        steuern: [{ satz: 19, brutto: 663.1, netto: 557.23, mwst: 105.87 }],
        empfaenger: {
          name: 'Müller & Partner Steuerberater',
          adresse: { strasse: 'Königsallee 12', plz: '40213', ort: 'Düsseldorf' },
        },
        bezahlung: { typ: 'debit', konto: { iban: 'DE89370400440532013000' } },
      });
      for (const id of [ids.a, ids.b])
        expect(await get('rw-transaction', id)).toMatchObject({ locked: true, rw_rechnung_id: ids.r1 });
      expect(await get('rw-transaction', ids.c)).toMatchObject({ locked: false, rw_rechnung_id: null });
      expect((await get('rw-kreis', ids.kreis)).current_nr).toBe(1);
    });

    it('refuses every change of an invoiced transaction and of the invoice, changing nothing', async () => {
      const vorher = await get('rw-transaction', ids.a);
      const aendern = await agent.put(`/node/api/rw-transaction/${ids.a}`).send({ betrag: 1 });
      expect(aendern.status).toBe(409);
      expect(aendern.body.message).toBe(
        'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      );
      // Not its verification either (issue 26): the invoice was issued on it.
      const entverifizieren = await agent
        .put(`/node/api/rw-transaction/${ids.a}`)
        .send({ verifiziert: false });
      expect(entverifizieren.status).toBe(409);
      expect(entverifizieren.body.message).toBe(
        'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      );
      // System fields are not writable: the lock cannot be lifted by a save.
      const entsperren = await agent
        .put(`/node/api/rw-transaction/${ids.a}`)
        .send({ locked: false, rw_rechnung_id: null, child_id: 1 });
      expect(entsperren.status).toBe(200);
      const loeschen = await agent.delete(`/node/api/rw-transaction/${ids.a}`);
      expect(loeschen.status).toBe(409);
      expect(loeschen.body.message).toBe(
        'Ein abgerechneter oder gesperrter Vorgang kann nicht gelöscht werden; bitte stornieren.',
      );
      const revert = await agent.delete(`/node/api/rw-transaction/${ids.a}/revert`);
      expect(revert.status).toBe(409);
      expect(revert.body.message).toBe('Ein gesperrter Vorgang kann nicht zurückgesetzt werden.');
      expect(await get('rw-transaction', ids.a)).toEqual(vorher);

      const rechnung = await get('rw-rechnung', ids.r1);
      const put = await agent
        .put(`/node/api/rw-rechnung/${ids.r1}`)
        .send({ netto: 1, benutzer_id: ids.schaefer });
      expect(put.status).toBe(409);
      const del = await agent.delete(`/node/api/rw-rechnung/${ids.r1}`);
      expect(del.status).toBe(409);
      expect(del.body.message).toBe(
        'Eine ausgestellte Rechnung kann nicht gelöscht werden; bitte stornieren.',
      );
      expect(await get('rw-rechnung', ids.r1)).toEqual(rechnung);
    });

    it('cancels an invoiced transaction; the next run issues a storno and re-invoices the rest', async () => {
      const storno = await agent.put(`/node/api/rw-transaction/${ids.b}`).send({ storno: true });
      expect(storno.status).toBe(200);
      expect(storno.body).toMatchObject({ id: ids.b, storno: true, locked: true, verifiziert: true });
      const verify = await agent.put(`/node/api/rw-transaction/${ids.b}`).send({ verifiziert: false });
      expect(verify.status).toBe(409);
      expect(verify.body.message).toBe(
        'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      );
      expect(await get('rw-transaction', ids.b)).toEqual(storno.body);
      const aufheben = await agent.put(`/node/api/rw-transaction/${ids.b}`).send({ storno: false });
      expect(aufheben.status).toBe(409);
      expect(aufheben.body.message).toBe('Ein gesperrter Vorgang kann nicht zurückgesetzt werden.');

      const response = await lauf({ category: 'seminare', category_id: ids.seminar });
      expect(response.body).toEqual({
        all: 2,
        created: 1,
        storno: 1,
        fehler: ['Für Bärbel Schäfer fehlt eine Zahlungsart'],
      });
      const [r1, s, r2] = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
      expect(r1).toMatchObject({ id: ids.r1, storno_id: s.id });
      expect(s).toMatchObject({
        rechnungs_nr: nr(2),
        storno_parent_id: ids.r1,
        betrag: -663.1,
        netto: -557.23,
        mwst: -105.87,
        rw_kreis_id: ids.kreis,
      });
      expect((s.data as { positionen: unknown[] }).positionen).toMatchObject([
        { vorgang_id: ids.a, betrag: -349 },
        { vorgang_id: ids.b, betrag: -314.1 },
      ]);
      // 349.00 at 19 %: 293.2773 → 293.28 net.
      expect(r2).toMatchObject({
        rechnungs_nr: nr(3),
        betrag: 349,
        netto: 293.28,
        mwst: 55.72,
        storno_id: null,
      });

      // A stays on the cancelled invoice as history; its new version is on the new one.
      const a = await get('rw-transaction', ids.a);
      expect(a).toMatchObject({ rw_rechnung_id: ids.r1, locked: true, child_id: expect.any(Number) });
      expect(await get('rw-transaction', a.child_id as number)).toMatchObject({
        first_id: ids.a,
        child_id: null,
        betrag: 349,
        verifiziert: true,
        rw_rechnung_id: r2.id,
        locked: true,
      });
      expect((await get('rw-kreis', ids.kreis)).current_nr).toBe(3);
    });

    it('renders the invoice and its storno as PDF with number, member, lines and totals', async () => {
      const text = async (id: number) => {
        const response = await agent.get(`/node/api/rw-rechnung/${id}/render`).buffer(true).parse(binary);
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        return pdfPages(response.body as Buffer)
          .join(' ')
          .replace(/\s+/g, ' ');
      };
      const rechnung = await text(ids.r1);
      for (const erwartet of [
        `Rechnung ${nr(1)}`,
        'Müller & Partner Steuerberater',
        'Königsallee 12',
        '40213 Düsseldorf',
        'Leistungszeitraum: 10.03.2026 – 11.03.2026',
        'Tag 1',
        '349,00 €',
        '314,10 €',
        '19 % 557,23 € 105,87 € 663,10 €',
        'Summe 557,23 € 105,87 € 663,10 €',
        'von Ihrem Konto DE89370400440532013000 ein',
        'Vorabankündigung',
      ])
        expect(rechnung).toContain(erwartet);
      const [, s] = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
      const storno = await text(s.id as number);
      expect(storno).toContain(`Stornorechnung ${nr(2)}`);
      expect(storno).toContain(`Storno der Rechnung ${nr(1)}`);
      expect(storno).toContain('Leistungszeitraum: 10.03.2026 – 11.03.2026');
      expect(storno).toContain('Summe -557,23 € -105,87 € -663,10 €');
      expect((await agent.get('/node/api/rw-rechnung/999999/render')).status).toBe(404);
    });

    it('sends the invoice to the member’s primary e-mail with the PDF attached', async () => {
      const ohne = await agent.post(`/node/api/rw-rechnung/${ids.r1}/rechnungEmail`);
      expect(ohne.status).toBe(409);
      expect(ohne.body.message).toBe(
        'Das Mitglied der Rechnung hat keine primäre Email-Adresse; die Rechnung wurde nicht versendet.',
      );
      const email = await post('benutzer-email', {
        benutzer_id: ids.kanzlei,
        email: 'buchhaltung@mueller-partner.test',
      });
      await agent.put(`/node/api/benutzer/${ids.kanzlei}`).send({ primaeremail_id: email }).expect(200);
      const response = await agent.post(`/node/api/rw-rechnung/${ids.r1}/rechnungEmail`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: 'Email erfolgreich versendet' });
      const mail = empfangen[empfangen.length - 1];
      expect(mail.an).toEqual(['buchhaltung@mueller-partner.test']);
      expect(mail.roh).toContain(`Ihre Rechnung ${nr(1)}`);
      expect(mail.roh).toMatch(/Content-Type: application\/pdf; name=RE-\d{4}-01001\.pdf/);
      const anhang =
        /Content-Transfer-Encoding: base64\r\nContent-Disposition: attachment[^\r]*\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
          mail.roh,
        );
      expect(anhang).not.toBeNull();
      const pdf = Buffer.from(anhang![1].replace(/\r\n/g, ''), 'base64');
      expect(pdfPages(pdf).join(' ')).toContain(`Rechnung ${nr(1)}`);
    });

    it('finds nothing left to invoice or cancel on the next run', async () => {
      const response = await lauf({ category: 'seminare', category_id: ids.seminar });
      expect(response.body).toMatchObject({ created: 0, storno: 0 });
      expect(await list('rw-rechnung', { veranstaltung_id: ids.seminar })).toHaveLength(3);
      expect((await get('rw-kreis', ids.kreis)).current_nr).toBe(3);
    });

    it('wrote the runs and the storno into the audit trail', async () => {
      const audit = await list('audit', { resource: 'rw-rechnung' });
      expect(audit.map((a) => [a.action, a.record_id])).toEqual(
        expect.arrayContaining([
          ['invoice-run', ids.r1],
          ['storno', expect.any(Number)],
        ]),
      );
      expect(audit.filter((a) => a.action === 'invoice-run')).toHaveLength(2);
      expect(
        await list('audit', { resource: 'rw-transaction', action: 'storno', record_id: ids.b }),
      ).toHaveLength(1);
    });
  });

  describe('cancelling an invoice for a corrected run (modifyAll)', () => {
    const nr = (n: number) => `RE-${jahr()}-0${1000 + n}`;

    it('issues the storno at once, cancels the transactions and re-opens copies', async () => {
      const [, s1, r2] = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
      const [a2] = await list('rw-transaction', { rw_rechnung_id: r2.id });
      const response = await agent.delete(`/node/api/rw-rechnung/${r2.id}/modifyAll`).query({ copy: 'true' });
      expect(response.status).toBe(200);
      const { storno, kopien } = response.body as { storno: number; kopien: number[] };
      expect(await get('rw-rechnung', storno)).toMatchObject({
        rechnungs_nr: nr(4),
        storno_parent_id: r2.id,
        betrag: -349,
        netto: -293.28,
        mwst: -55.72,
      });
      expect((await get('rw-rechnung', r2.id as number)).storno_id).toBe(storno);
      expect(await get('rw-transaction', a2.id as number)).toMatchObject({
        storno: true,
        child_id: kopien[0],
      });
      expect(await get('rw-transaction', kopien[0])).toMatchObject({
        first_id: ids.a,
        storno: false,
        locked: false,
        rw_rechnung_id: null,
        betrag: 349,
      });

      for (const [id, meldung] of [
        [r2.id, 'Die Rechnung ist bereits storniert.'],
        [s1.id, 'Eine Stornorechnung kann nicht storniert werden.'],
      ] as const) {
        const again = await agent.delete(`/node/api/rw-rechnung/${id}/modifyAll`).query({ copy: 'true' });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(meldung);
      }

      const korrigiert = await lauf({ category: 'seminare', category_id: ids.seminar });
      expect(korrigiert.body).toMatchObject({ created: 1, storno: 0 });
      const neu = (await list('rw-rechnung', { veranstaltung_id: ids.seminar })).at(-1)!;
      expect(neu).toMatchObject({ rechnungs_nr: nr(5), betrag: 349 });
      expect((await get('rw-kreis', ids.kreis)).current_nr).toBe(5);
    });
  });

  describe('versions of a transaction', () => {
    it('writes a new version on a change, keeps the old one, and reverts to it', async () => {
      const d = await buche(ids.seminar, ids.schaefer, 100, 'Tag 3');
      const geaendert = await agent
        .put(`/node/api/rw-transaction/${d}`)
        .send({ betrag: 120, titel: 'Tag 3 (neu)' });
      expect(geaendert.status).toBe(200);
      const d2 = geaendert.body.id as number;
      expect(d2).toBeGreaterThan(d);
      expect(geaendert.body).toMatchObject({
        first_id: d,
        child_id: null,
        betrag: 120,
        titel: 'Tag 3 (neu)',
      });
      expect(await get('rw-transaction', d)).toMatchObject({ child_id: d2, betrag: 100, titel: 'Tag 3' });
      const aktuell = await list('rw-transaction', { first_id: d, child_id: null, storno: false });
      expect(aktuell.map((r) => r.id)).toEqual([d2]);

      const alt = await agent.put(`/node/api/rw-transaction/${d}`).send({ betrag: 130 });
      expect(alt.status).toBe(409);
      expect(alt.body.message).toBe(
        'Dies ist eine ältere Version des Vorgangs; bearbeitet werden kann nur die aktuelle.',
      );
      const mitVerlauf = await agent.delete(`/node/api/rw-transaction/${d2}`);
      expect(mitVerlauf.status).toBe(409);
      expect(mitVerlauf.body.message).toBe(
        'Ein Vorgang mit früheren Versionen kann nicht gelöscht werden; bitte stornieren.',
      );

      const revert = await agent.delete(`/node/api/rw-transaction/${d2}/revert`);
      expect(revert.status).toBe(200);
      expect(revert.body).toMatchObject({ id: d, child_id: null, betrag: 100 });
      expect((await agent.get(`/node/api/rw-transaction/${d2}`)).status).toBe(404);

      const erste = await agent.delete(`/node/api/rw-transaction/${d}/revert`);
      expect(erste.status).toBe(409);
      expect(erste.body.message).toBe(
        'Die erste Version eines Vorgangs kann nur zurückgesetzt werden, wenn sie storniert ist.',
      );
      const gemischt = await agent.put(`/node/api/rw-transaction/${d}`).send({ storno: true, betrag: 5 });
      expect(gemischt.status).toBe(409);
      expect(gemischt.body.message).toBe(
        'Ein Vorgang wird ohne weitere Änderungen storniert oder wiederhergestellt.',
      );
      await agent.put(`/node/api/rw-transaction/${d}`).send({ storno: true }).expect(200);
      await agent.put(`/node/api/rw-transaction/${d}`).send({ storno: false }).expect(200);
      await agent.put(`/node/api/rw-transaction/${d}`).send({ storno: true }).expect(200);
      const aufheben = await agent.delete(`/node/api/rw-transaction/${d}/revert`);
      expect(aufheben.status).toBe(200);
      expect(aufheben.body).toMatchObject({ id: d, storno: false });
      await agent.delete(`/node/api/rw-transaction/${d}`).expect(200);
    });

    it('keeps the seminar’s participant count with the current versions', async () => {
      const seminar = await seminarMitKreis(ids.kreis, 'Zählung');
      const e = await buche(seminar, ids.schaefer, 50, 'Zählung');
      expect((await get('veranstaltung', seminar)).teilnehmer_count).toBe(1);
      const neu = (await agent.put(`/node/api/rw-transaction/${e}`).send({ betrag: 60 }).expect(200)).body;
      expect((await get('veranstaltung', seminar)).teilnehmer_count).toBe(1);
      await agent.put(`/node/api/rw-transaction/${neu.id}`).send({ storno: true }).expect(200);
      expect((await get('veranstaltung', seminar)).teilnehmer_count).toBe(0);
    });

    it('refuses bad amounts and unknown categories in German, writing nothing', async () => {
      const zaehle = async () =>
        (await agent.get('/node/api/rw-transaction').query({ count: 'true' })).body.count;
      const vorher = await zaehle();
      for (const [betrag, meldung] of [
        [-1, 'Bitte prüfen Sie die Eingaben: „Betrag“ darf nicht negativ sein.'],
        [1.005, 'Bitte prüfen Sie die Eingaben: „Betrag“ darf höchstens zwei Nachkommastellen haben.'],
        [1e308, 'Bitte prüfen Sie die Eingaben: „Betrag“ darf höchstens 99.999.999,99 € betragen.'],
        [9e15, 'Bitte prüfen Sie die Eingaben: „Betrag“ darf höchstens 99.999.999,99 € betragen.'],
      ] as const) {
        const response = await agent
          .post('/node/api/rw-transaction')
          .send({ category: 'seminare', veranstaltung_id: ids.seminar, benutzer_id: ids.kanzlei, betrag });
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(meldung);
      }
      expect(await zaehle()).toBe(vorher);
      const bad = await lauf({ category: 'kurse', category_id: ids.seminar });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('bad category');
      const ohneId = await agent
        .post('/node/api/rw-transaction/setAllVerifiziert')
        .send({ category: 'seminare' });
      expect(ohneId.status).toBe(400);
      const alsDatensatz = await lauf({ rechnungs_nr: 'RE-1', betrag: 1 });
      expect(alsDatensatz.status).toBe(409);
    });
  });

  describe('payment options', () => {
    it('belong to the member, one per object; a debit needs an account', async () => {
      const seminar = await seminarMitKreis(ids.kreis, 'Zahlungsarten');
      const fremd = await agent.post('/node/api/rw-bezahloption').send({
        benutzer_id: ids.schaefer,
        category: 'seminare',
        veranstaltung_id: seminar,
        typ: 'debit',
        benutzer_adresse_id: ids.adresse,
        benutzer_konto_id: ids.konto,
      });
      expect(fremd.status).toBe(400);
      expect(fremd.body.errors).toEqual({
        benutzer_adresse_id: 'gehört nicht zu diesem Mitglied',
        benutzer_konto_id: 'gehört nicht zu diesem Mitglied',
      });
      const ohneKonto = await agent
        .post('/node/api/rw-bezahloption')
        .send({ benutzer_id: ids.kanzlei, category: 'seminare', veranstaltung_id: seminar, typ: 'debit' });
      expect(ohneKonto.status).toBe(400);
      expect(ohneKonto.body.message).toMatch(/ist für eine Einzugsermächtigung ein Pflichtfeld/);
      const ohneObjekt = await agent
        .post('/node/api/rw-bezahloption')
        .send({ benutzer_id: ids.kanzlei, category: 'seminare', typ: 'transfer' });
      expect(ohneObjekt.status).toBe(400);

      await bezahloption(ids.kanzlei, seminar, { skript_per_post: true });
      await bezahloption(ids.schaefer, seminar);
      const doppelt = await agent
        .post('/node/api/rw-bezahloption')
        .send({ benutzer_id: ids.kanzlei, category: 'seminare', veranstaltung_id: seminar, typ: 'transfer' });
      expect(doppelt.status).toBe(409);
      expect(doppelt.body.message).toBe(
        'Für dieses Mitglied ist für diesen Eintrag bereits eine Zahlungsart hinterlegt.',
      );
      // The unique index holds where the check is bypassed (two saves racing past it).
      await expect(
        t.dataSource.getRepository(RwBezahloption).insert({
          benutzer_id: ids.kanzlei,
          category: 'seminare',
          veranstaltung_id: seminar,
          typ: 'transfer',
        }),
      ).rejects.toThrow(/UNIQUE|Duplicate/);

      const mehrere = await agent
        .get('/node/api/rw-bezahloption/multiple')
        .query({ where: JSON.stringify({ category: 'seminare', veranstaltung_id: seminar }) });
      expect(mehrere.status).toBe(200);
      expect(mehrere.body.map((o: Record<string, unknown>) => [o.benutzer_id, o.skript_per_post])).toEqual([
        [ids.kanzlei, true],
        [ids.schaefer, false],
      ]);

      await buche(seminar, ids.schaefer, 80, 'Zahlungsarten');
      const weg = await agent
        .delete('/node/api/rw-bezahloption')
        .query({ benutzer_id: ids.schaefer, category: 'seminare', category_id: seminar });
      expect(weg.status).toBe(200);
      expect(weg.body).toEqual({ deleted: 1 });
      const ohne = await lauf({ category: 'seminare', category_id: seminar });
      expect(ohne.body).toEqual({
        all: 1,
        created: 0,
        storno: 0,
        fehler: ['Für Bärbel Schäfer fehlt eine Zahlungsart'],
      });
      const bad = await agent
        .delete('/node/api/rw-bezahloption')
        .query({ benutzer_id: ids.schaefer, category: 'kurse', category_id: seminar });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('bad category');
    });
  });

  describe('circles and rates of bundles and products', () => {
    it('numbers from the template of the bundle or product, at the bundle’s rate or the standard one', async () => {
      const kreis = await post('rw-kreis', { titel: 'Shop', template: 'S{yy}-{nr:3}' });
      const vorlage = await post('rw-vorlage', { titel: 'Shop', rw_kreis_id: kreis });
      const bundle = await post('wb-bundle', {
        titel: 'Bundle Bilanzierung',
        rw_vorlage_id: vorlage,
        mwst: 7,
      });
      await post('rw-bezahloption', {
        benutzer_id: ids.kanzlei,
        category: 'bundle',
        wb_bundle_id: bundle,
        typ: 'transfer',
        benutzer_adresse_id: ids.adresse,
      });
      await post('rw-transaction', {
        category: 'bundle',
        wb_bundle_id: bundle,
        benutzer_id: ids.kanzlei,
        betrag: 107,
        titel: 'Bundle',
      });
      const b = await lauf({ category: 'bundle', category_id: bundle });
      expect(b.body).toMatchObject({ all: 1, created: 1 });
      const [rb] = await list('rw-rechnung', { wb_bundle_id: bundle });
      const yy = jahr().slice(2);
      expect(rb).toMatchObject({
        rechnungs_nr: `S${yy}-001`,
        betrag: 107,
        netto: 100,
        mwst: 7,
        bezahloption_typ: 'transfer',
      });

      const produkt = await post('produkt', { titel: 'Skript Umsatzsteuer', rw_vorlage_id: vorlage });
      const warenkorb = await post('warenkorb', { benutzer_id: ids.kanzlei });
      await post('rw-bezahloption', {
        benutzer_id: ids.kanzlei,
        category: 'produkte',
        warenkorb_id: warenkorb,
        typ: 'transfer',
        benutzer_adresse_id: ids.adresse,
      });
      await post('rw-transaction', {
        category: 'produkte',
        warenkorb_id: warenkorb,
        produkt_id: produkt,
        benutzer_id: ids.kanzlei,
        betrag: 39.9,
      });
      expect((await lauf({ category: 'produkte', category_id: warenkorb })).body).toMatchObject({
        created: 1,
      });
      // 39.90 at the standard 19 %: 33.529… → 33.53 net.
      expect((await list('rw-rechnung', { warenkorb_id: warenkorb }))[0]).toMatchObject({
        rechnungs_nr: `S${yy}-002`,
        netto: 33.53,
        mwst: 6.37,
      });
    });

    it('refuses a run whose object has no invoice template with a circle, writing nothing', async () => {
      const typ = await post('veranstaltung-typ', { bezeichnung: 'Ohne Vorlage', mwst: 19 });
      const seminar = await post('veranstaltung', {
        titel: 'Ohne Vorlage',
        veranstaltung_typ_id: typ,
        mwst: 19,
      });
      await bezahloption(ids.kanzlei, seminar);
      const id = await buche(seminar, ids.kanzlei, 10, 'Ohne Vorlage');
      const response = await lauf({ category: 'seminare', category_id: seminar });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        'Für „Ohne Vorlage“ ist keine Rechnungsvorlage mit Rechnungs-Kreis hinterlegt.',
      );
      expect(await get('rw-transaction', id)).toMatchObject({ locked: false, rw_rechnung_id: null });
    });
  });

  describe('an invoiced transaction keeps its verification (issue 26)', () => {
    it('neither a single change nor verifying all of the seminar touches it', async () => {
      const seminar = await seminarMitKreis(ids.kreis, 'Unverifiziert abgerechnet');
      await bezahloption(ids.kanzlei, seminar);
      const abgerechnet = await buche(seminar, ids.kanzlei, 80, 'Abgerechnet, nicht verifiziert');
      expect((await lauf({ category: 'seminare', category_id: seminar })).body).toMatchObject({ created: 1 });
      const gesperrt = await get('rw-transaction', abgerechnet);
      expect(gesperrt).toMatchObject({ locked: true, verifiziert: false });
      const offen = await buche(seminar, ids.kanzlei, 20, 'Noch offen');
      const protokoll = async () =>
        (await list('audit', { resource: 'rw-transaction', record_id: abgerechnet })).length;
      const eintraegeVorher = await protokoll();

      const einzeln = await agent.put(`/node/api/rw-transaction/${abgerechnet}`).send({ verifiziert: true });
      expect(einzeln.status).toBe(409);
      expect(einzeln.body.message).toBe(
        'Der Vorgang ist abgerechnet und gesperrt; er kann nur noch storniert werden.',
      );
      const alle = await agent
        .post('/node/api/rw-transaction/setAllVerifiziert')
        .send({ category: 'seminare', category_id: seminar });
      expect(alle.status).toBe(200);
      expect(alle.body.map((r: { id: number }) => r.id)).toEqual([offen]);
      expect(await get('rw-transaction', abgerechnet)).toEqual(gesperrt);
      expect(await protokoll()).toBe(eintraegeVorher);
    });
  });

  describe('editing a number circle (issue 26)', () => {
    const kreisMitLauf = async (titel: string) => {
      const kreis = await post('rw-kreis', { titel, template: 'NK-{yyyy}-{nr:3}', offset_nr: 100 });
      const seminar = await seminarMitKreis(kreis, titel);
      await bezahloption(ids.kanzlei, seminar);
      await buche(seminar, ids.kanzlei, 50, titel);
      return { kreis, seminar };
    };

    it('sets counter and starting number before the first number, then keeps them', async () => {
      const { kreis, seminar } = await kreisMitLauf('Kreis vor Gebrauch');
      const vorGebrauch = await agent
        .put(`/node/api/rw-kreis/${kreis}`)
        .send({ offset_nr: 700, current_nr: 5 });
      expect(vorGebrauch.status).toBe(200);
      expect(vorGebrauch.body).toMatchObject({ offset_nr: 700, current_nr: 5 });
      const negativ = await agent.put(`/node/api/rw-kreis/${kreis}`).send({ offset_nr: -1 });
      expect([negativ.status, negativ.body.message]).toEqual([
        400,
        'Bitte prüfen Sie die Eingaben: „Startnummer“ darf nicht negativ sein.',
      ]);

      expect((await lauf({ category: 'seminare', category_id: seminar })).body).toMatchObject({ created: 1 });
      const [rechnung] = await list('rw-rechnung', { rw_kreis_id: kreis });
      expect(rechnung.rechnungs_nr).toBe(`NK-${jahr()}-706`);
      const benutzt = await get('rw-kreis', kreis);
      expect(benutzt.current_nr).toBe(6);
      for (const aenderung of [{ current_nr: 0 }, { current_nr: 5 }, { offset_nr: 0 }, { offset_nr: 600 }]) {
        const answer = await agent.put(`/node/api/rw-kreis/${kreis}`).send(aenderung);
        expect(answer.status).toBe(409);
        expect(answer.body.message).toMatch(
          /^Aus diesem Kreis wurden bereits 6 Nummern vergeben; „(Aktuelle Nummer|Startnummer)“ kann nicht mehr geändert werden/,
        );
      }
      expect(await get('rw-kreis', kreis)).toEqual(benutzt);
      const loeschen = await agent.delete(`/node/api/rw-kreis/${kreis}`);
      expect([loeschen.status, loeschen.body.message]).toEqual([
        409,
        'Aus diesem Kreis wurden bereits Nummern vergeben; er bleibt bestehen, damit keine Nummer doppelt vergeben wird.',
      ]);
      expect(await get('rw-kreis', kreis)).toEqual(benutzt);
    });

    it('changes the template for future years and the title, audited; numbering goes on', async () => {
      const { kreis, seminar } = await kreisMitLauf('Kreis Vorlage');
      await lauf({ category: 'seminare', category_id: seminar }).expect(200);
      const vorher = await get('rw-kreis', kreis);
      // The edit window sends the whole record back, counters unchanged.
      const geaendert = await agent
        .put(`/node/api/rw-kreis/${kreis}`)
        .send({ ...vorher, titel: 'Kreis ab 2099', template: 'NK-2099-{nr:3}' });
      expect(geaendert.status).toBe(200);
      expect(geaendert.body).toMatchObject({
        titel: 'Kreis ab 2099',
        template: 'NK-2099-{nr:3}',
        current_nr: 1,
      });
      const [eintrag] = await list('audit', { resource: 'rw-kreis', record_id: kreis, action: 'update' });
      expect(eintrag.changes).toEqual({
        titel: { before: 'Kreis Vorlage', after: 'Kreis ab 2099' },
        template: { before: 'NK-{yyyy}-{nr:3}', after: 'NK-2099-{nr:3}' },
      });

      await buche(seminar, ids.kanzlei, 70, 'Nachbuchung');
      expect((await lauf({ category: 'seminare', category_id: seminar })).body).toMatchObject({ created: 1 });
      const nummern = (await list('rw-rechnung', { rw_kreis_id: kreis })).map((r) => r.rechnungs_nr);
      expect(nummern).toEqual([`NK-${jahr()}-101`, 'NK-2099-102']);
    });

    it('keeps a used debtor circle’s counters and the circle itself too', async () => {
      const kreis = await post('rw-debitor-kreis', { titel: 'Debitoren Test', offset_nr: 40000 });
      const typ = await post('veranstaltung-typ', {
        bezeichnung: 'Mit Debitor',
        mwst: 19,
        rw_debitor_kreis_id: kreis,
      });
      await post('veranstaltung', { titel: 'Debitor', veranstaltung_typ_id: typ, mwst: 19 });
      expect((await get('rw-debitor-kreis', kreis)).current_nr).toBe(1);
      const answer = await agent.put(`/node/api/rw-debitor-kreis/${kreis}`).send({ offset_nr: 30000 });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(
        /^Aus diesem Kreis wurde bereits eine Nummer vergeben; „Startnummer“/,
      );
      await agent
        .put(`/node/api/rw-debitor-kreis/${kreis}`)
        .send({ titel: 'Debitoren Test (alt)' })
        .expect(200);
      expect((await agent.delete(`/node/api/rw-debitor-kreis/${kreis}`)).status).toBe(409);
      expect((await get('rw-debitor-kreis', kreis)).titel).toBe('Debitoren Test (alt)');
    });
  });

  describe('one database transaction per run', () => {
    it('leaves no invoice, no number taken and nothing locked after a fault halfway', async () => {
      const kreis = await post('rw-kreis', { titel: 'Störfall', template: 'ST-{nr}' });
      const seminar = await seminarMitKreis(kreis, 'Störfall');
      const zweiter = await post('benutzer', { vorname: 'Otto', nachname: 'Zweiter', kennnummer: '300103' });
      await bezahloption(ids.kanzlei, seminar);
      await bezahloption(zweiter, seminar);
      const vorgaenge = [
        await buche(seminar, ids.kanzlei, 100, 'A'),
        await buche(seminar, zweiter, 200, 'B'),
      ];

      const laeufeVorher = (await list('audit', { resource: 'rw-rechnung', action: 'invoice-run' })).length;
      const nummern = t.app.get(Nummernvergabe);
      const echt = nummern.sperren.bind(nummern);
      let aufrufe = 0;
      const spy = jest.spyOn(nummern, 'sperren').mockImplementation(async (...args) => {
        const block = await echt(...args);
        const naechste = block.naechste.bind(block);
        block.naechste = (...nummer) => {
          if (++aufrufe === 2) throw new Error('Störung beim zweiten Beleg');
          return naechste(...nummer);
        };
        return block;
      });
      try {
        const response = await lauf({ category: 'seminare', category_id: seminar });
        expect(response.status).toBe(500);
        expect(aufrufe).toBe(2);
      } finally {
        spy.mockRestore();
      }
      expect(await list('rw-rechnung', { veranstaltung_id: seminar })).toEqual([]);
      expect((await get('rw-kreis', kreis)).current_nr).toBe(0);
      for (const id of vorgaenge)
        expect(await get('rw-transaction', id)).toMatchObject({ locked: false, rw_rechnung_id: null });
      expect((await list('audit', { resource: 'rw-rechnung', action: 'invoice-run' })).length).toBe(
        laeufeVorher,
      );

      const wieder = await lauf({ category: 'seminare', category_id: seminar });
      expect(wieder.body).toMatchObject({ all: 2, created: 2 });
      const nummernListe = (await list('rw-rechnung', { veranstaltung_id: seminar })).map(
        (r) => r.rechnungs_nr,
      );
      expect(nummernListe).toEqual(['ST-1', 'ST-2']);
    });
  });

  // The row lock is MariaDB's; SQLite has one writer at a time anyway.
  (kind === 'mysql' ? it : it.skip)(
    'a run locks only the invoices it cancels: an issued invoice held by another transaction does not stop it',
    async () => {
      const kreis = await post('rw-kreis', { titel: 'Gehalten', template: 'GH-{nr}' });
      const seminar = await seminarMitKreis(kreis, 'Gehalten');
      const zweite = await post('benutzer', { vorname: 'Rita', nachname: 'Riegel', kennnummer: '300211' });
      await bezahloption(ids.kanzlei, seminar);
      await bezahloption(zweite, seminar);
      await buche(seminar, ids.kanzlei, 100, 'A');
      await buche(seminar, zweite, 200, 'B');
      expect((await lauf({ category: 'seminare', category_id: seminar })).body).toMatchObject({ created: 2 });
      const [gehalten] = await list('rw-rechnung', { veranstaltung_id: seminar });
      await buche(seminar, ids.kanzlei, 50, 'C');
      const andere = t.dataSource.createQueryRunner();
      await andere.connect();
      await andere.startTransaction();
      try {
        await andere.query('SELECT id FROM rw_rechnung WHERE id = ? FOR UPDATE', [gehalten.id]);
        const response = await lauf({ category: 'seminare', category_id: seminar }).timeout(15_000);
        expect(response.body).toMatchObject({ created: 1, storno: 0 });
      } finally {
        await andere.rollbackTransaction();
        await andere.release();
      }
    },
    30_000,
  );

  describe('a run of several invoices', () => {
    it('issues them in one INSERT, numbered in order, each with its member’s bookings and audit entry', async () => {
      const kreis = await post('rw-kreis', { titel: 'Sammellauf', template: 'S-{nr:3}', offset_nr: 0 });
      const seminar = await seminarMitKreis(kreis, 'Sammellauf');
      const mitglieder: number[] = [];
      for (const [i, name] of ['Albers', 'Brandt', 'Claasen'].entries()) {
        const mitglied = await post('benutzer', { vorname: 'Kim', nachname: name, kennnummer: `30020${i}` });
        await bezahloption(mitglied, seminar, { typ: 'transfer' });
        await buche(seminar, mitglied, 100 + i, `Sammellauf ${name}`);
        mitglieder.push(mitglied);
      }
      const eingefuegt: string[] = [];
      const logQuery = jest.spyOn(t.dataSource.logger, 'logQuery').mockImplementation((sql: string) => {
        if (/^INSERT INTO [`"]?rw_rechnung[`"]?/i.test(sql)) eingefuegt.push(sql);
      });
      try {
        const response = await lauf({ category: 'seminare', category_id: seminar });
        expect(response.body).toEqual({ all: 3, created: 3, storno: 0, fehler: [] });
      } finally {
        logQuery.mockRestore();
      }

      // MySQL (not MariaDB) cannot answer the ids of a multi-row INSERT: there each invoice is its own.
      const [{ version }] = kind === 'mysql' ? await t.dataSource.query('SELECT VERSION() AS version') : [{}];
      expect(eingefuegt).toHaveLength(kind === 'mysql' && !/MariaDB/i.test(version) ? 3 : 1);
      const rechnungen = await list('rw-rechnung', { veranstaltung_id: seminar });
      expect(rechnungen.map((r) => [r.rechnungs_nr, r.benutzer_id, r.betrag])).toEqual([
        ['S-001', mitglieder[0], 100],
        ['S-002', mitglieder[1], 101],
        ['S-003', mitglieder[2], 102],
      ]);
      for (const r of rechnungen) {
        const [buchung] = await list('rw-transaction', { rw_rechnung_id: r.id });
        expect(buchung).toMatchObject({ benutzer_id: r.benutzer_id, locked: true });
        const [eintrag] = await list('audit', { resource: 'rw-rechnung', record_id: r.id });
        expect(eintrag).toMatchObject({ action: 'invoice-run' });
      }
    });
  });

  describe('number circles under concurrency', () => {
    it('gives 20 parallel runs on one circle gapless unique numbers, each object invoiced once', async () => {
      const kreis = await post('rw-kreis', { titel: 'Parallel', template: 'P-{nr:4}', offset_nr: 500 });
      const vorlage = await post('rw-vorlage', { titel: 'Parallel', rw_kreis_id: kreis });
      const typ = await post('veranstaltung-typ', {
        bezeichnung: 'Parallel',
        mwst: 7,
        rw_vorlage_id: vorlage,
      });
      const seminare: number[] = [];
      for (let i = 0; i < 20; i++) {
        const seminar = await post('veranstaltung', {
          titel: `Parallel ${i}`,
          veranstaltung_typ_id: typ,
          mwst: 7,
        });
        await bezahloption(ids.kanzlei, seminar, { typ: 'transfer' });
        await buche(seminar, ids.kanzlei, 10 + i, `Parallel ${i}`);
        seminare.push(seminar);
      }
      // Every seminar's run twice at once: 40 runs racing for one circle.
      const antworten = await Promise.all(
        [...seminare, ...seminare].map((id) => lauf({ category: 'seminare', category_id: id })),
      );
      expect(antworten.map((a) => a.status)).toEqual(antworten.map(() => 200));
      expect(antworten.reduce((n, a) => n + a.body.created, 0)).toBe(20);
      const rechnungen = await list('rw-rechnung', { rw_kreis_id: kreis });
      expect(rechnungen).toHaveLength(20);
      const nummern = rechnungen.map((r) => r.rechnungs_nr as string).sort();
      expect(nummern).toEqual(Array.from({ length: 20 }, (_x, i) => `P-0${501 + i}`));
      expect(new Set(rechnungen.map((r) => r.veranstaltung_id)).size).toBe(20);
      expect((await get('rw-kreis', kreis)).current_nr).toBe(20);
    }, 120_000);
  });
});
