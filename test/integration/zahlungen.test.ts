/**
 * Payments through HTTP on a real database (issue 28): a summary exported and its debit file
 * downloaded, then a hand-made camt.053.001.08 statement (valid against the ISO schema) with the
 * batch entry of that file, a transfer naming an invoice number, a returned debit with the bank's
 * fee, an unknown credit and an outgoing payment; read twice; the reconciliation list worked by
 * hand; manual "bezahlt"; a storno before payment (netted, no refund) and after it (refunded to
 * the refund account of the payment option).
 */
import type request from 'supertest';
import { camt053, camtFehler } from '../support/camt';
import { seminarMitVorlage } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { pdfPages } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { parseXml, xmlAll, xmlText } from '../support/xml';

const STARTUP_TIMEOUT = 180_000;
const GLAEUBIGER = {
  SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
  SEPA_CREDITOR_NAME: 'Steuerberaterverband Düsseldorf e. V.',
  SEPA_CREDITOR_IBAN: 'DE02120300000000202051',
  SEPA_CREDITOR_BIC: 'BYLADEM1001',
};
const IBAN = {
  a: 'DE89370400440532013000',
  b: 'DE02500105170137075030',
  d: 'DE12500105170648489890',
  e: 'DE02100100100006820101',
  erstattung: 'DE02120300000000202051',
};

describe.each(databases())('payments and bank statements on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};
  const nr: Record<string, string> = {};

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const list = async (resource: string, where: Record<string, unknown>) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Record<string, unknown>[];
  const rechnung = async (id: number) => (await list('rw-rechnung', { id }))[0];
  const status = async (...namen: string[]) =>
    Promise.all(namen.map(async (n) => (await rechnung(ids[n])).zahlstatus));
  const mitglied = async (name: string, typ: string, iban: string | null) => {
    const id = await post('benutzer', { firma: name, kennnummer: `ZA-${name}` });
    const adresse = await post('benutzer-adresse', {
      benutzer_id: id,
      strasse: 'Königsallee 1',
      plz: '40212',
      ort: 'Düsseldorf',
    });
    const konto = iban
      ? await post('benutzer-konto', {
          benutzer_id: id,
          inhaber: name,
          iban,
          sepa_referenz: `MANDAT-${name}`,
          sepa_datum: '2025-01-15',
        })
      : null;
    const option = await post('rw-bezahloption', {
      benutzer_id: id,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      typ,
      benutzer_adresse_id: adresse,
      benutzer_konto_id: konto,
    });
    return { id, option };
  };
  const buche = (benutzer: number, betrag: number) =>
    post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      benutzer_id: benutzer,
      betrag,
      titel: 'Umsatzsteuer aktuell',
    });
  const exportiere = async () => {
    await agent
      .post('/node/api/rw-transaction/setAllVerifiziert')
      .send({ category: 'seminare', category_id: ids.seminar })
      .expect(200);
    const response = await agent
      .post('/node/api/rw-abrechnung')
      .set('Prefer', 'wait=60')
      .send({ category: 'seminare', category_id: ids.seminar });
    expect(response.status).toBe(200);
    return response.body as { id: number };
  };
  const einlesen = (xml: string, name = 'auszug.xml') =>
    agent.post('/node/api/rw-kontoauszug').attach('file', Buffer.from(xml), name);
  const pdfText = async (id: number) => {
    const response = await agent
      .get(`/node/api/rw-rechnung/${id}/render`)
      .buffer(true)
      .parse((res, fertig) => {
        const teile: Buffer[] = [];
        res.on('data', (teil: Buffer) => teile.push(teil));
        res.on('end', () => fertig(null, Buffer.concat(teile)));
      });
    expect(response.status).toBe(200);
    return pdfPages(response.body as Buffer)
      .join(' ')
      .replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { env: GLAEUBIGER });
    agent = await t.login();
    ids.seminar = await seminarMitVorlage(agent, {
      kuerzel: 'ZA',
      titel: 'Umsatzsteuer aktuell',
      lgId: 'ZA1',
      stellen: 4,
    });
    const a = await mitglied('Kanzlei A', 'debit', IBAN.a);
    const b = await mitglied('Kanzlei B', 'debit', IBAN.b);
    const c = await mitglied('Kanzlei C', 'transfer', null);
    const d = await mitglied('Kanzlei D', 'debit', IBAN.d);
    const f = await mitglied('Kanzlei F', 'transfer', null);
    ids.c = c.id;
    ids.optionC = c.option;
    await buche(a.id, 119);
    await buche(b.id, 238);
    await buche(c.id, 100);
    await buche(d.id, 50);
    await buche(f.id, 70);
    ids.abrechnung = (await exportiere()).id;
    const rechnungen = await list('rw-rechnung', { veranstaltung_id: ids.seminar });
    for (const [i, n] of ['ra', 'rb', 'rc', 'rd', 'rf'].entries()) {
      ids[n] = rechnungen[i].id as number;
      nr[n] = rechnungen[i].rechnungs_nr as string;
    }
    const e = await mitglied('Kanzlei E', 'debit', IBAN.e);
    ids.e = e.id;
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  let auszug: string;

  it('issues invoices as open', async () => {
    expect(await status('ra', 'rb', 'rc', 'rd')).toEqual(['offen', 'offen', 'offen', 'offen']);
  });

  it('books a statement: the batch settles the debit file, the transfer its invoice, the return reopens with its fee', async () => {
    const datei = await agent
      .get('/node/api/rw-abrechnung/sepaDebit')
      .query({ id: ids.abrechnung })
      .expect(200);
    const pmtInfId = xmlText(parseXml(datei.text), 'CstmrDrctDbtInitn/PmtInf/PmtInfId');
    auszug = camt053(`AUSZUG-${kind}-1`, [
      {
        referenz: `${kind}-BANK-1`,
        betrag: '407.00',
        sammler: { pmtInfId, anzahl: 3 },
        code: ['IDDT', 'ESDD'],
      },
      {
        referenz: `${kind}-BANK-2`,
        betrag: '100.00',
        name: 'Kanzlei C',
        verwendungszweck: `Rechnung ${nr.rc} Seminar`,
      },
      {
        referenz: `${kind}-BANK-3`,
        betrag: '53.50',
        richtung: 'DBIT',
        endToEnd: nr.rd,
        rueckgabegrund: 'AC04',
        gebuehr: '3.50',
        name: 'Kanzlei D',
        iban: IBAN.d,
      },
      { referenz: `${kind}-BANK-4`, betrag: '50.00', name: 'Kanzlei D', verwendungszweck: 'Nachzahlung' },
      {
        referenz: `${kind}-BANK-5`,
        betrag: '900.00',
        richtung: 'DBIT',
        code: ['ICDT', 'ESCT'],
        name: 'Hausverwaltung',
        verwendungszweck: 'Miete April',
      },
    ]);
    expect(camtFehler(auszug)).toBe('');

    const response = await einlesen(auszug);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ buchungen: 5, zugeordnet: 3, offen: 2, bekannt: 0 });
    expect(await status('ra', 'rb', 'rc', 'rd')).toEqual(['bezahlt', 'bezahlt', 'bezahlt', 'zurueckgebucht']);
    const zahlungenD = await list('rw-zahlung', { rw_rechnung_id: ids.rd });
    expect(zahlungenD).toMatchObject([
      { betrag: 50, art: 'eingang', quelle: 'sepa_sammler', bank_referenz: `${kind}-BANK-1` },
      { betrag: -50, art: 'ruecklastschrift', gebuehr: 3.5, rueckgabegrund: 'AC04', datum: '2026-04-02' },
    ]);
    const offen = await list('rw-kontoauszug-posten', { status: 'offen' });
    expect(offen.map((p) => [p.betrag, p.gutschrift, p.verwendungszweck])).toEqual([
      [50, true, 'Nachzahlung'],
      [900, false, 'Miete April'],
    ]);
    const audit = await list('audit', { resource: 'rw-rechnung', record_id: ids.rd });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['zahlung', 'update']));
  });

  it('reads the same statement again without changing anything', async () => {
    const zahlungen = await list('rw-zahlung', {});
    const response = await einlesen(auszug);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ buchungen: 5, zugeordnet: 0, offen: 0, bekannt: 5 });
    expect(await list('rw-zahlung', {})).toEqual(zahlungen);
    expect(await list('rw-kontoauszug-posten', { status: 'offen' })).toHaveLength(2);
  });

  it('refuses what is not a camt.053.001.08 statement, in German, changing nothing', async () => {
    const alt = await einlesen(auszug.replace('camt.053.001.08', 'camt.053.001.02'));
    expect(alt.status).toBe(400);
    expect(alt.body.message).toMatch(/^Die Datei ist kein Kontoauszug im Format camt\.053\.001\.08/);
    const csv = await einlesen('Datum;Betrag\n01.04.2026;1,00', 'umsaetze.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.message).toMatch(/kein gültiges XML/);
    expect(await list('rw-kontoauszug-posten', {})).toHaveLength(5);
  });

  it('lets staff assign an entry by hand and mark one as not an invoice', async () => {
    const [nachzahlung, miete] = await list('rw-kontoauszug-posten', { status: 'offen' });
    await agent
      .post(`/node/api/rw-kontoauszug-posten/${nachzahlung.id as number}/zuordnen`)
      .send({ rw_rechnung_id: ids.rd })
      .expect(200);
    const abbuchung = await agent
      .post(`/node/api/rw-kontoauszug-posten/${miete.id as number}/zuordnen`)
      .send({ rw_rechnung_id: ids.rd });
    expect(abbuchung.status).toBe(409);
    await agent.post(`/node/api/rw-kontoauszug-posten/${miete.id as number}/keineRechnung`).expect(200);
    const nochmal = await agent.post(`/node/api/rw-kontoauszug-posten/${miete.id as number}/keineRechnung`);
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.message).toBe('Dieser Kontoauszugsposten ist bereits erledigt.');
    expect(await list('rw-kontoauszug-posten', { status: 'offen' })).toEqual([]);
    expect(await status('rd')).toEqual(['bezahlt']);
    const ohneRechnung = await agent
      .post(`/node/api/rw-kontoauszug-posten/${nachzahlung.id as number}/zuordnen`)
      .send({});
    expect(ohneRechnung.status).toBe(400);
    expect(ohneRechnung.body.message).toMatch(/Rechnung/);
  });

  it('lets a credit for a paid invoice wait with its reason; refuses by hand a returned debit that does not fit (400)', async () => {
    const zweiter = camt053(`AUSZUG-${kind}-2`, [
      { referenz: `${kind}-BANK-6`, betrag: '100.00', name: 'Kanzlei C', endToEnd: nr.rc },
      {
        referenz: `${kind}-BANK-7`,
        betrag: '2.00',
        richtung: 'DBIT',
        rueckgabegrund: 'MD06',
        gebuehr: '3.50',
        name: 'Kanzlei A',
      },
      {
        referenz: `${kind}-BANK-8`,
        betrag: '503.50',
        richtung: 'DBIT',
        rueckgabegrund: 'MD06',
        gebuehr: '3.50',
        name: 'Kanzlei A',
      },
    ]);
    expect(camtFehler(zweiter)).toBe('');

    const response = await einlesen(zweiter);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ buchungen: 3, zugeordnet: 0, offen: 3, bekannt: 0 });
    expect(await status('rc')).toEqual(['bezahlt']);
    expect(await list('rw-zahlung', { rw_rechnung_id: ids.rc })).toHaveLength(1);
    const [doppelt, gebuehr, zuViel] = await list('rw-kontoauszug-posten', { status: 'offen' });
    expect(doppelt).toMatchObject({ grund: `Rechnung ${nr.rc} bereits bezahlt`, rw_rechnung_id: null });
    expect(gebuehr.grund).toBeNull();

    const zahlungen = await list('rw-zahlung', {});
    const ohneBetrag = await agent
      .post(`/node/api/rw-kontoauszug-posten/${gebuehr.id as number}/zuordnen`)
      .send({ rw_rechnung_id: ids.ra });
    expect(ohneBetrag.status).toBe(400);
    expect(ohneBetrag.body.message).toBe(
      'Die Bankgebühr der Rücklastschrift (3,50 €) ist nicht kleiner als ihr Betrag (2,00 €); der Posten kann so keiner Rechnung zugeordnet werden.',
    );
    const mehrAlsEingegangen = await agent
      .post(`/node/api/rw-kontoauszug-posten/${zuViel.id as number}/zuordnen`)
      .send({ rw_rechnung_id: ids.ra });
    expect(mehrAlsEingegangen.status).toBe(400);
    expect(mehrAlsEingegangen.body.message).toBe(
      `Die Rücklastschrift gibt 500,00 € zurück, auf die Rechnung ${nr.ra} sind aber nur 119,00 € eingegangen; bitte die Rechnung prüfen.`,
    );
    expect(await list('rw-zahlung', {})).toEqual(zahlungen);
    expect(await status('ra')).toEqual(['bezahlt']);
    for (const p of [doppelt, gebuehr, zuViel])
      await agent.post(`/node/api/rw-kontoauszug-posten/${p.id as number}/keineRechnung`).expect(200);
  });

  it('marks an invoice paid by hand with its date, audited, and refuses it twice', async () => {
    await buche(ids.e, 80);
    ids.abrechnung2 = (await exportiere()).id;
    const [re] = await list('rw-rechnung', { rw_abrechnung_id: ids.abrechnung2 });
    ids.re = re.id as number;
    const zukunft = await agent.post(`/node/api/rw-rechnung/${ids.re}/bezahlt`).send({ datum: '2999-01-01' });
    expect(zukunft.status).toBe(400);
    expect(zukunft.body.message).toBe('„Bezahlt am“ darf nicht in der Zukunft liegen.');
    const kaputt = await agent.post(`/node/api/rw-rechnung/${ids.re}/bezahlt`).send({ datum: '1.4.2026' });
    expect(kaputt.status).toBe(400);
    expect(kaputt.body.message).toMatch(/Bezahlt am/);
    expect(await status('re')).toEqual(['offen']);

    const bezahlt = await agent.post(`/node/api/rw-rechnung/${ids.rf}/bezahlt`).send({ datum: '2026-04-01' });
    expect(bezahlt.status).toBe(200);
    expect(bezahlt.body).toEqual({ zahlstatus: 'bezahlt' });
    expect(await list('rw-zahlung', { rw_rechnung_id: ids.rf })).toMatchObject([
      { betrag: 70, art: 'eingang', quelle: 'manuell', datum: '2026-04-01', admin_name: expect.any(String) },
    ]);
    const audit = await list('audit', { resource: 'rw-rechnung', record_id: ids.rf, action: 'zahlung' });
    expect(audit).toHaveLength(1);
    const nochmal = await agent.post(`/node/api/rw-rechnung/${ids.rf}/bezahlt`).send({ datum: '2026-04-01' });
    expect(nochmal.status).toBe(409);
    expect(nochmal.body.message).toBe(`Die Rechnung ${nr.rf} ist bereits bezahlt.`);
  });

  it('nets a storno off against an unpaid invoice: its debit leaves the summary not yet downloaded, no refund', async () => {
    const storno = await agent.delete(`/node/api/rw-rechnung/${ids.re}/modifyAll`).expect(200);
    ids.stornoE = storno.body.storno as number;
    expect(await status('re')).toEqual(['bezahlt']);
    expect(await list('rw-zahlung', { rw_rechnung_id: ids.re })).toMatchObject([
      { betrag: 80, art: 'verrechnung', quelle: 'storno' },
    ]);
    const lastschrift = await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id: ids.abrechnung2 });
    expect(lastschrift.status).toBe(409);
    expect(lastschrift.body.message).toBe('Die Abrechnung enthält keine Zahlungen für diese SEPA-Datei.');
    expect(await pdfText(ids.stornoE)).toContain(
      `Der Betrag von 80,00 € wird mit der offenen Rechnung ${String((await rechnung(ids.re)).rechnungs_nr)} verrechnet.`,
    );
  });

  it('refunds only what was received, to the refund account of the payment option', async () => {
    const konto = await post('benutzer-konto', {
      benutzer_id: ids.c,
      inhaber: 'Kanzlei C',
      iban: IBAN.erstattung,
    });
    const [option] = await list('rw-bezahloption', { id: ids.optionC });
    await agent
      .put(`/node/api/rw-bezahloption/${ids.optionC}`)
      .send({ version: option.version, neg_typ: 'transfer', neg_benutzer_konto_id: konto })
      .expect(200);
    await agent.post(`/node/api/rw-rechnung/${ids.ra}/bezahlt`).send({ datum: '2026-04-03' }).expect(409);
    const storno = await agent.delete(`/node/api/rw-rechnung/${ids.rc}/modifyAll`).expect(200);
    ids.stornoC = storno.body.storno as number;
    expect(await pdfText(ids.stornoC)).toContain(
      `Der bereits gezahlte Betrag von 100,00 € wird auf Ihr Konto ${IBAN.erstattung} erstattet.`,
    );

    const abrechnung = (await exportiere()).id;

    const [daten] = await list('rw-abrechnung', { id: abrechnung });
    expect(daten.data).toMatchObject({
      storno: 2,
      sepa_transfer: { anzahl: 1, betrag: 100 },
      sepa_debit: null,
    });
    const datei = await agent
      .get('/node/api/rw-abrechnung/sepaTransfer')
      .query({ id: abrechnung })
      .expect(200);
    const zahlungen = xmlAll(parseXml(datei.text), 'CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf');
    expect(zahlungen.map((z) => [xmlText(z, 'Amt/InstdAmt'), xmlText(z, 'CdtrAcct/Id/IBAN')])).toEqual([
      ['100.00', IBAN.erstattung],
    ]);
  });
});
