/**
 * Summaries / exports of a seminar through HTTP on a real database (issue 13, spec 002 §3, §7):
 * booking → verify → export (which runs the invoice run) → SEPA files parsed and checked →
 * the summary's invoices by e-mail into the file outbox. The SEPA files here are the 2009 versions
 * a bank may still need (SEPA_FORMAT=2009), validated against the German banks' schemas; the 2019
 * versions are test/integration/sepa-dateien.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { AuditTrail } from '../../src/platform/audit/audit-trail';
import { anschrift, seminarMitVorlage } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { pdfPages } from '../support/pdf-text';
import { pruefeGegenSchema } from '../support/standards';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { parseXml, xmlAll, xmlText } from '../support/xml';

const STARTUP_TIMEOUT = 180_000;
const GLAEUBIGER = {
  SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
  SEPA_CREDITOR_NAME: 'Steuerberaterverband Düsseldorf e. V.',
  SEPA_CREDITOR_IBAN: 'DE02120300000000202051',
  SEPA_CREDITOR_BIC: 'BYLADEM1001',
};

describe.each(databases())('summaries and SEPA files on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const list = async (resource: string, where: Record<string, unknown>) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Record<string, unknown>[];
  // The export's run renders and archives its invoices' PDFs too: wait for its result.
  const exportiere = () =>
    agent
      .post('/node/api/rw-abrechnung')
      .set('Prefer', 'wait=25')
      .send({ category: 'seminare', category_id: ids.seminar });
  const buche = (benutzer: number, betrag: number, titel: string) =>
    post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      benutzer_id: benutzer,
      betrag,
      titel,
    });
  const verifiziere = () =>
    agent
      .post('/node/api/rw-transaction/setAllVerifiziert')
      .send({ category: 'seminare', category_id: ids.seminar })
      .expect(200);
  const mitglied = async (
    name: string,
    kennnummer: string,
    konto: Record<string, unknown> | null,
    typ: string,
  ) => {
    const id = await post('benutzer', { firma: name, kennnummer });
    const kontoId = konto ? await post('benutzer-konto', { benutzer_id: id, inhaber: name, ...konto }) : null;
    await post('rw-bezahloption', {
      benutzer_id: id,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      typ,
      benutzer_konto_id: kontoId,
      benutzer_adresse_id: await post('benutzer-adresse', anschrift(id)),
    });
    return id;
  };
  const outbox = () => {
    const dir = join(t.dir, 'outbox');
    try {
      return readdirSync(dir).map((f) => readFileSync(join(dir, f), 'latin1'));
    } catch {
      return [];
    }
  };
  const anhangText = (mail: string) => {
    const anhang =
      /Content-Transfer-Encoding: base64\r?\nContent-Disposition: attachment[^\r\n]*\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        mail,
      );
    expect(anhang).not.toBeNull();
    return pdfPages(Buffer.from(anhang![1].replace(/\r?\n/g, ''), 'base64')).join(' ');
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { ...GLAEUBIGER, SEPA_FORMAT: '2009' } });
    agent = await t.login();
    ids.seminar = await seminarMitVorlage(agent, {
      kuerzel: 'EX',
      titel: 'Bilanzierung kompakt',
      lgId: 'EX1',
      stellen: 4,
    });
    ids.kanzlei = await mitglied(
      'Müller & Partner',
      '400101',
      {
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
        sepa_referenz: 'MANDAT-400101',
        sepa_datum: '2025-01-15',
      },
      'debit',
    );
    ids.schaefer = await mitglied('Schäfer Steuerberatung', '400102', null, 'transfer');
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('exports: runs the invoice run and gathers its invoices into one summary with a log row', async () => {
    await buche(ids.kanzlei, 349, 'Tag 1');
    await buche(ids.kanzlei, 314.1, 'Tag 2');
    await buche(ids.schaefer, 100, 'Tag 1');
    await verifiziere();
    const response = await exportiere();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ all: 2, created: 2, storno: 0, fehler: [], betrag: 763.1 });
    expect(response.body.id).toEqual(expect.any(Number));
    ids.abrechnung = response.body.id as number;
    const [abrechnung] = await list('rw-abrechnung', { id: ids.abrechnung });
    expect(abrechnung).toMatchObject({
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      data: {
        betrag: 763.1,
        all: 2,
        created: 2,
        storno: 0,
        sepa_debit: { anzahl: 1, betrag: 663.1 },
        sepa_transfer: null,
        rechnungenEmail: 0,
      },
    });
    const rechnungen = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
    expect(rechnungen.map((r) => r.rw_abrechnung_id)).toEqual([ids.abrechnung, ids.abrechnung]);
    ids.r1 = rechnungen[0].id as number;
    expect(await list('rw-abrechnung-log', { rw_abrechnung_id: ids.abrechnung })).toEqual([
      expect.objectContaining({ type: 'create', admin_name: expect.any(String) }),
    ]);
    const audit = await list('audit', { resource: 'rw-abrechnung', record_id: ids.abrechnung });
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('writes nothing when there is nothing to export, and refuses an unknown category', async () => {
    const leer = await exportiere();
    expect(leer.status).toBe(409);
    expect(leer.body.message).toBe('Es gibt keine Rechnungen, die noch in keiner Abrechnung enthalten sind.');
    const falsch = await agent.post('/node/api/rw-abrechnung').send({ category: 'kurse', category_id: 1 });
    expect(falsch.status).toBe(400);
    expect(falsch.body.message).toBe('bad category');
    const alsDatensatz = await agent
      .post('/node/api/rw-abrechnung')
      .send({ category: 'seminare', veranstaltung_id: ids.seminar, data: { betrag: 1 } });
    expect(alsDatensatz.status).toBe(409);
    expect(alsDatensatz.body.message).toBe(
      'Abrechnungen entstehen beim Export und können nicht über die allgemeine Bearbeitung angelegt werden.',
    );
    expect(await list('rw-abrechnung', { veranstaltung_id: ids.seminar })).toHaveLength(1);
  });

  it('downloads the direct debits as pain.008.001.02 with count, control sum, mandate and accounts', async () => {
    const response = await agent
      .get('/node/api/rw-abrechnung/sepaDebit')
      .query({ id: ids.abrechnung })
      .buffer(true);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="SEPA-Lastschrift-Abrechnung-${ids.abrechnung}.xml"`,
    );
    pruefeGegenSchema(response.text, 'sepa/dk-gbic/pain.008.001.02.xsd');
    const doc = parseXml(response.text);
    expect(doc.attributes.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    const [init] = xmlAll(doc, 'CstmrDrctDbtInitn');
    expect(xmlText(init, 'GrpHdr/NbOfTxs')).toBe('1');
    expect(xmlText(init, 'GrpHdr/CtrlSum')).toBe('663.10');
    const [info] = xmlAll(init, 'PmtInf');
    expect(xmlText(info, 'CtrlSum')).toBe('663.10');
    expect(xmlText(info, 'CdtrAcct/Id/IBAN')).toBe('DE02120300000000202051');
    expect(xmlText(info, 'CdtrSchmeId/Id/PrvtId/Othr/Id')).toBe('DE98ZZZ09999999999');
    const posten = xmlAll(info, 'DrctDbtTxInf');
    expect(posten).toHaveLength(1);
    const summe = posten.reduce((s, p) => s + Math.round(Number(xmlText(p, 'InstdAmt')) * 100), 0);
    expect(summe).toBe(66310);
    expect(xmlText(posten[0], 'DbtrAcct/Id/IBAN')).toBe('DE89370400440532013000');
    expect(xmlText(posten[0], 'DrctDbtTx/MndtRltdInf/MndtId')).toBe('MANDAT-400101');
    expect(xmlText(posten[0], 'DrctDbtTx/MndtRltdInf/DtOfSgntr')).toBe('2025-01-15');
    expect(xmlText(posten[0], 'Dbtr/Nm')).toBe('Mueller + Partner');
    expect(xmlText(info, 'ReqdColltnDt')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const transfer = await agent.get('/node/api/rw-abrechnung/sepaTransfer').query({ id: ids.abrechnung });
    expect(transfer.status).toBe(409);
    expect(transfer.body.message).toBe('Die Abrechnung enthält keine Zahlungen für diese SEPA-Datei.');
    const logs = await list('rw-abrechnung-log', { rw_abrechnung_id: ids.abrechnung });
    expect(logs.map((l) => l.type)).toEqual(['create', 'sepaDebit']);
  });

  it('refunds a storno of an exported invoice by credit transfer (pain.001.001.03)', async () => {
    // Only what was received is refunded (issue 28): the debit was collected.
    await agent.post(`/node/api/rw-rechnung/${ids.r1}/bezahlt`).send({ datum: '2026-01-10' }).expect(200);
    await agent.delete(`/node/api/rw-rechnung/${ids.r1}/modifyAll`).expect(200);
    const response = await exportiere();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ all: 1, created: 0, storno: 1, betrag: -663.1 });
    ids.storno = response.body.id as number;
    const [abrechnung] = await list('rw-abrechnung', { id: ids.storno });
    expect(abrechnung.data).toMatchObject({
      all: 1,
      sepa_debit: null,
      sepa_transfer: { anzahl: 1, betrag: 663.1 },
    });
    const xml = await agent
      .get('/node/api/rw-abrechnung/sepaTransfer')
      .query({ id: ids.storno })
      .buffer(true);
    expect(xml.status).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`SEPA-Ueberweisung-Abrechnung-${ids.storno}.xml`);
    pruefeGegenSchema(xml.text, 'sepa/dk-gbic/pain.001.001.03.xsd');
    const doc = parseXml(xml.text);
    expect(doc.attributes.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const [info] = xmlAll(doc, 'CstmrCdtTrfInitn/PmtInf');
    expect(xmlText(info, 'NbOfTxs')).toBe('1');
    expect(xmlText(info, 'CtrlSum')).toBe('663.10');
    expect(xmlText(info, 'DbtrAcct/Id/IBAN')).toBe('DE02120300000000202051');
    expect(xmlText(info, 'CdtTrfTxInf/CdtrAcct/Id/IBAN')).toBe('DE89370400440532013000');
    expect(xmlText(info, 'CdtTrfTxInf/Amt/InstdAmt')).toBe('663.10');
    expect((await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id: ids.storno })).status).toBe(409);
  });

  it('leaves no summary, no invoice and nothing locked after a fault halfway through an export', async () => {
    ids.weber = await mitglied('Weber Kanzlei', '400103', { iban: 'DE89370400440532013000' }, 'debit');
    ids.weberVorgang = await buche(ids.weber, 50, 'Tag 1');
    await verifiziere();
    const rechnungenVorher = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
    const audit = t.app.get(AuditTrail);
    const record = audit.record.bind(audit);
    // The summary's audit entry comes after the run issued its invoice: fail there.
    const spy = jest.spyOn(audit, 'record').mockImplementation((manager, entry) => {
      if (entry.resource === 'rw-abrechnung') throw new Error('Störung nach dem Rechnungslauf');
      return record(manager, entry);
    });
    try {
      expect((await exportiere()).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await list('rw-abrechnung', { veranstaltung_id: ids.seminar })).toHaveLength(2);
    expect(await list('rw-rechnung', { veranstaltung_id: ids.seminar })).toEqual(rechnungenVorher);
    const [vorgang] = await list('rw-transaction', { id: ids.weberVorgang });
    expect(vorgang).toMatchObject({ rw_rechnung_id: null, locked: false });
  });

  it('refuses a debit without mandate, naming the member', async () => {
    const response = await exportiere();
    expect(response.status).toBe(200);
    const refused = await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id: response.body.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Die SEPA-Lastschrift kann nicht erstellt werden, keine Zahlung hat vollständige Daten: Weber Kanzlei \(EX-\d{4}-\d{4}\): kein SEPA-Lastschriftmandat mit Datum\.$/,
    );
    expect((await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id: 999999 })).status).toBe(404);
  });

  it('mails every invoice of a summary with its PDF and records it', async () => {
    const ohne = await agent.post(`/node/api/rw-abrechnung/${ids.abrechnung}/rechnungenEmail`);
    expect(ohne.status).toBe(409);
    expect(ohne.body.message).toMatch(/^0 von 2 Rechnungen versendet; nicht versendet: EX-/);
    for (const [benutzer, email] of [
      [ids.kanzlei, 'buchhaltung@mueller-partner.test'],
      [ids.schaefer, 'info@schaefer.test'],
    ] as const) {
      const id = await post('benutzer-email', { benutzer_id: benutzer, email });
      await agent.put(`/node/api/benutzer/${benutzer}`).send({ primaeremail_id: id }).expect(200);
    }
    const vorher = outbox().length;
    // The first PDFs of a process parse the fonts, which may take longer than the usual wait for
    // the quick answer; the 202 path and its progress are test/integration/lange-arbeit.test.ts.
    const response = await agent
      .post(`/node/api/rw-abrechnung/${ids.abrechnung}/rechnungenEmail`)
      .set('Prefer', 'wait=25');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Email erfolgreich versendet', versendet: 2, bereits: 0 });
    const mails = outbox().slice(vorher);
    expect(mails).toHaveLength(2);
    const rechnungen = await list('rw-rechnung', { rw_abrechnung_id: ids.abrechnung });
    for (const r of rechnungen) {
      const mail = mails.find((m) => m.includes(`Ihre Rechnung ${String(r.rechnungs_nr)}`));
      expect(mail).toBeDefined();
      expect(anhangText(mail!)).toContain(`Rechnung ${String(r.rechnungs_nr)}`);
    }
    expect(mails.some((m) => m.includes('To: buchhaltung@mueller-partner.test'))).toBe(true);
    expect(mails.some((m) => m.includes('To: info@schaefer.test'))).toBe(true);
    const [abrechnung] = await list('rw-abrechnung', { id: ids.abrechnung });
    expect((abrechnung.data as Record<string, unknown>).rechnungenEmail).toBe(2);
    const logs = await list('rw-abrechnung-log', { rw_abrechnung_id: ids.abrechnung });
    expect(logs.map((l) => l.type)).toEqual(['create', 'sepaDebit', 'rechnungenEmail']);
  });
});
