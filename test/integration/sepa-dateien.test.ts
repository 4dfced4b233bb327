/**
 * SEPA files of a summary in the versions German banks take (issue 28, spec 002 §7): through HTTP
 * on both databases a summary's direct debits (pain.008.001.08) and refunds (pain.001.001.09) are
 * downloaded twice, validated with xmllint against the ISO schemas in ../shared/standards/sepa,
 * their counts and sums recomputed, the DK restrictions checked (character set, identifiers, SLEV),
 * the ids compared across downloads and summaries, and the members without IBAN or mandate found
 * left out and listed while the others are in the file.
 */
import type request from 'supertest';
import { SEPA_AUSGELASSEN, sepaAusgelassenLesen } from '../../common/sepa';
import { target2Geschaeftstag } from '../../src/billing/domain/sepa';
import { seminarMitVorlage } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { pruefeGegenSchema } from '../support/standards';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { parseXml, xmlAll, xmlText, type XmlElement } from '../support/xml';

const STARTUP_TIMEOUT = 180_000;
const GLAEUBIGER = {
  SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
  SEPA_CREDITOR_NAME: 'Steuerberaterverband Düsseldorf e. V.',
  SEPA_CREDITOR_IBAN: 'DE02120300000000202051',
  SEPA_CREDITOR_BIC: 'BYLADEM1001',
};
/** The DK character set of the SEPA Latin subset, and the DK identifier (RestrictedIdentificationSEPA1). */
const DK_ZEICHEN = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const DK_KENNUNG = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

const cents = (betrag: string) => Math.round(Number(betrag) * 100);
const alle = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(alle)];

/** The file's ids: message, payment information and the end-to-end id of each payment. */
const kennungen = (doc: XmlElement, posten: string) => {
  const [init] = doc.children;
  return {
    nachricht: xmlText(init, 'GrpHdr/MsgId'),
    zahlung: xmlText(init, 'PmtInf/PmtInfId'),
    enden: xmlAll(init, `PmtInf/${posten}/PmtId/EndToEndId`).map((e) => e.text),
  };
};

/** Count and control sum in the group header and the payment block agree with the payments. */
function pruefeSummen(doc: XmlElement, posten: string, betrag: string) {
  const [init] = doc.children;
  const [info] = xmlAll(init, 'PmtInf');
  const zahlungen = xmlAll(info, posten);
  const summe = zahlungen.reduce((s, p) => s + cents(xmlText(p, betrag)), 0);
  for (const teil of [xmlAll(init, 'GrpHdr')[0], info]) {
    expect(Number(xmlText(teil, 'NbOfTxs'))).toBe(zahlungen.length);
    expect(cents(xmlText(teil, 'CtrlSum'))).toBe(summe);
  }
  return { anzahl: zahlungen.length, summe };
}

/** What the German banks add to the ISO schema: character set, identifiers, SLEV, no agent without BIC or NOTPROVIDED. */
function pruefeDk(doc: XmlElement) {
  for (const e of alle(doc))
    if (e.children.length === 0)
      expect([e.name, e.text]).toEqual([e.name, expect.stringMatching(DK_ZEICHEN)]);
  for (const e of alle(doc).filter((x) => ['MsgId', 'PmtInfId', 'EndToEndId', 'MndtId'].includes(x.name)))
    expect(e.text).toMatch(DK_KENNUNG);
  expect(
    alle(doc)
      .filter((e) => e.name === 'ChrgBr')
      .map((e) => e.text),
  ).toEqual(['SLEV']);
  for (const e of alle(doc).filter((x) => x.name === 'FinInstnId')) {
    const bic = xmlAll(e, 'BICFI');
    if (bic.length === 0) expect(xmlText(e, 'Othr/Id')).toBe('NOTPROVIDED');
  }
}

describe.each(databases())('SEPA 2019 files of a summary on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};
  let lastschrift: ReturnType<typeof kennungen>;

  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createRecord(agent, resource, body)).id;
  const list = async (resource: string, where: Record<string, unknown>) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]) })
        .expect(200)
    ).body as Record<string, unknown>[];
  // `only_verified: false`: the bookings need no verifying first.
  const exportiere = async () => {
    // The export archives its invoices' PDFs before it answers: longer than the default wait.
    const response = await agent
      .post('/node/api/rw-abrechnung')
      .set('Prefer', 'wait=25')
      .send({ category: 'seminare', category_id: ids.seminar, only_verified: false })
      .expect(200);
    return response.body.id as number;
  };
  const lade = async (art: 'sepaDebit' | 'sepaTransfer', id: number) => {
    const response = await agent.get(`/node/api/rw-abrechnung/${art}`).query({ id }).buffer(true).expect(200);
    return {
      xml: response.text,
      doc: parseXml(response.text),
      ausgelassen: sepaAusgelassenLesen(response.headers[SEPA_AUSGELASSEN.toLowerCase()] as string),
    };
  };
  const mitglied = async (name: string, kennnummer: string, konto: Record<string, unknown>) => {
    const id = await post('benutzer', { firma: name, kennnummer });
    const adresse = await post('benutzer-adresse', {
      benutzer_id: id,
      strasse: 'Königsallee 12a',
      plz: '40212',
      ort: 'Düsseldorf',
    });
    const kontoId = await post('benutzer-konto', { benutzer_id: id, inhaber: name, ...konto });
    await post('rw-bezahloption', {
      benutzer_id: id,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      typ: 'debit',
      benutzer_konto_id: kontoId,
      benutzer_adresse_id: adresse,
    });
    await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      benutzer_id: id,
      betrag: 100 + Number(kennnummer.slice(-1)),
      titel: 'Tag 1',
    });
    return id;
  };
  const mandat = (n: number) => ({ sepa_referenz: `MANDAT-${n}`, sepa_datum: '2025-01-15' });

  beforeAll(async () => {
    t = await startTestApp(kind, { env: GLAEUBIGER });
    agent = await t.login();
    ids.seminar = await seminarMitVorlage(agent, {
      kuerzel: 'SP',
      titel: 'Umsatzsteuer aktuell',
      lgId: 'SP1',
      stellen: 4,
    });
    ids.mueller = await mitglied('Müller & Söhne', '500101', {
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
      ...mandat(1),
    });
    ids.becker = await mitglied('Becker Steuerberatung', '500102', {
      iban: 'DE02120300000000202051',
      ...mandat(2),
    });
    ids.weber = await mitglied('Weber Kanzlei', '500103', { iban: 'DE89370400440532013000' });
    ids.oezdemir = await mitglied('Özdemir Beratung', '500104', mandat(4));
    ids.abrechnung = await exportiere();
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  it('debits as pain.008.001.08 within the DK rules, leaving out and listing who has no mandate or IBAN', async () => {
    const erste = await lade('sepaDebit', ids.abrechnung);
    pruefeGegenSchema(erste.xml, 'sepa/pain.008.001.08.xsd');
    expect(erste.doc.attributes.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    pruefeDk(erste.doc);
    expect(pruefeSummen(erste.doc, 'DrctDbtTxInf', 'InstdAmt')).toEqual({ anzahl: 2, summe: 10100 + 10200 });
    const rechnungen = await list('rw-rechnung', { rw_abrechnung_id: ids.abrechnung });
    const nummer = (benutzer: number) =>
      String(rechnungen.find((r) => r.benutzer_id === benutzer)!.rechnungs_nr);
    expect(erste.ausgelassen).toEqual([
      {
        name: 'Weber Kanzlei',
        rechnung: nummer(ids.weber),
        gruende: ['kein SEPA-Lastschriftmandat mit Datum'],
      },
      { name: 'Özdemir Beratung', rechnung: nummer(ids.oezdemir), gruende: ['keine gültige IBAN'] },
    ]);
    const [info] = xmlAll(erste.doc, 'CstmrDrctDbtInitn/PmtInf');
    const posten = xmlAll(info, 'DrctDbtTxInf');
    expect(posten.map((p) => xmlText(p, 'PmtId/EndToEndId'))).toEqual([
      nummer(ids.mueller),
      nummer(ids.becker),
    ]);
    expect(xmlText(posten[0], 'Dbtr/Nm')).toBe('Mueller + Soehne');
    expect(xmlAll(posten[0], 'Dbtr/PstlAdr')[0].children.map((c) => [c.name, c.text])).toEqual([
      ['StrtNm', 'Koenigsallee'],
      ['BldgNb', '12a'],
      ['PstCd', '40212'],
      ['TwnNm', 'Duesseldorf'],
      ['Ctry', 'DE'],
    ]);
    expect(xmlText(posten[0], 'DbtrAgt/FinInstnId/BICFI')).toBe('COBADEFFXXX');
    expect(xmlText(posten[1], 'DbtrAgt/FinInstnId/Othr/Id')).toBe('NOTPROVIDED');
    expect(xmlText(info, 'PmtTpInf/SeqTp')).toBe('RCUR');
    expect(xmlText(info, 'CdtrAgt/FinInstnId/BICFI')).toBe('BYLADEM1001');
    // A business day, after the 14 days the pre-notification announced.
    const datum = xmlText(info, 'ReqdColltnDt');
    expect(target2Geschaeftstag(datum)).toBe(true);
    const ausgestellt = new Date(String(rechnungen[0].createdAt));
    expect(Date.parse(datum)).toBeGreaterThanOrEqual(
      Date.parse(ausgestellt.toISOString().slice(0, 10)) + 14 * 86_400_000,
    );

    const zweite = await lade('sepaDebit', ids.abrechnung);
    lastschrift = kennungen(erste.doc, 'DrctDbtTxInf');
    expect(kennungen(zweite.doc, 'DrctDbtTxInf')).toEqual(lastschrift);
    expect(lastschrift.nachricht).not.toBe(lastschrift.zahlung);
    const logs = await list('rw-abrechnung-log', { rw_abrechnung_id: ids.abrechnung });
    expect(logs.map((l) => l.type)).toEqual(['create', 'sepaDebit', 'sepaDebit']);
  });

  it('refunds as pain.001.001.09 with ids of its own summary, leaving out who has no IBAN', async () => {
    const rechnungen = await list('rw-rechnung', { rw_abrechnung_id: ids.abrechnung });
    for (const benutzer of [ids.mueller, ids.oezdemir]) {
      const r = rechnungen.find((x) => x.benutzer_id === benutzer)!;
      // Only what was received is refunded (issue 28): both had paid.
      await agent
        .post(`/node/api/rw-rechnung/${String(r.id)}/bezahlt`)
        .send({ datum: '2026-01-10' })
        .expect(200);
      await agent.delete(`/node/api/rw-rechnung/${String(r.id)}/modifyAll`).expect(200);
    }
    const storno = await exportiere();
    const erste = await lade('sepaTransfer', storno);
    pruefeGegenSchema(erste.xml, 'sepa/pain.001.001.09.xsd');
    expect(erste.doc.attributes.xmlns).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    pruefeDk(erste.doc);
    expect(pruefeSummen(erste.doc, 'CdtTrfTxInf', 'Amt/InstdAmt')).toEqual({ anzahl: 1, summe: 10100 });
    expect(erste.ausgelassen).toEqual([
      { name: 'Özdemir Beratung', rechnung: expect.stringMatching(/^SP-/), gruende: ['keine gültige IBAN'] },
    ]);
    const [info] = xmlAll(erste.doc, 'CstmrCdtTrfInitn/PmtInf');
    expect(xmlText(info, 'CdtTrfTxInf/CdtrAcct/Id/IBAN')).toBe('DE89370400440532013000');
    expect(target2Geschaeftstag(xmlText(info, 'ReqdExctnDt/Dt'))).toBe(true);
    const ueberweisung = kennungen(erste.doc, 'CdtTrfTxInf');
    expect(kennungen((await lade('sepaTransfer', storno)).doc, 'CdtTrfTxInf')).toEqual(ueberweisung);
    // Another summary, another file: nothing collides with the debits of the first.
    const frueher = [lastschrift.nachricht, lastschrift.zahlung, ...lastschrift.enden];
    for (const id of [ueberweisung.nachricht, ueberweisung.zahlung, ...ueberweisung.enden])
      expect(frueher).not.toContain(id);
  });

  it('refuses a file whose members all lack data, naming them', async () => {
    const ohne = await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id: ids.abrechnung + 999 });
    expect(ohne.status).toBe(404);
    await post('rw-transaction', {
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      benutzer_id: ids.weber,
      betrag: 50,
      titel: 'Tag 2',
    });
    const id = await exportiere();
    const refused = await agent.get('/node/api/rw-abrechnung/sepaDebit').query({ id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Die SEPA-Lastschrift kann nicht erstellt werden, keine Zahlung hat vollständige Daten: Weber Kanzlei \(SP-\d{4}-\d{4}\): kein SEPA-Lastschriftmandat mit Datum\.$/,
    );
  });
});
