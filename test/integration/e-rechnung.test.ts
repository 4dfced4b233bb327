/**
 * Issue 29, e-invoices, through HTTP on both databases: an invoice to a firm (or to a member whose
 * payment option asks for it) is archived as ZUGFeRD / Factur-X EN 16931 — the embedded
 * `factur-x.xml` (extracted with pdfdetach) satisfies the CII D16B schema (xmllint) and the EN 16931
 * business rules (CEN's schematron), the PDF declares PDF/A-3 and the Factur-X profile in its XMP
 * and relates the XML as its Alternative; 0 % seminars are exempt (category E) with the reason of
 * the association's data; a storno is a credit note 381 naming the cancelled invoice; the XML alone
 * downloads as XRechnung with the Leitweg-ID; an invoice to a private person stays a plain PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import type request from 'supertest';
import { anschrift } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { binary } from '../support/pdf-text';
import { en16931Verstoesse } from '../support/schematron';
import { pruefeGegenSchema } from '../support/standards';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;
const CII_XSD = 'einvoice/cii-d16b-xsd/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd';
type Row = Record<string, unknown>;

const VERBAND = {
  name: 'Steuerberaterverband Düsseldorf e. V.',
  strasse: 'Grafenberger Allee 98',
  plz: '40237',
  ort: 'Düsseldorf',
  steuernummer: '103/5701/0815',
  ust_idnr: 'DE811234567',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bank: 'Commerzbank',
  glaeubiger_id: 'DE13ZZZ00000012345',
  befreiungsgruende: {
    seminare: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    abos: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    bundle: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    produkte: 'Steuerfrei nach § 4 Nr. 14 UStG',
  },
};
const LEITWEG_ID = '04011000-1234512345-06';
/** Who answers questions about invoices: named in every XRechnung (BR-DE-2). */
const KONTAKT = {
  kontakt_name: 'Birgit Buchhaltung',
  kontakt_telefon: '+49 211 669070',
  kontakt_email: 'rechnungen@stbv-duesseldorf.example',
};

/** The files embedded in `pdf`, by name, as pdfdetach (poppler) extracts them. */
function eingebetteteDateien(pdf: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'e-rechnung-'));
  try {
    writeFileSync(join(dir, 'rechnung.pdf'), pdf);
    const liste = execFileSync('pdfdetach', ['-list', join(dir, 'rechnung.pdf')]).toString();
    const namen = [...liste.matchAll(/^\d+: (.+)$/gm)].map((m) => m[1].trim());
    execFileSync('pdfdetach', ['-saveall', '-o', dir, join(dir, 'rechnung.pdf')]);
    return Object.fromEntries(namen.map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The XMP metadata of the document and the AFRelationship of each associated file. */
async function pdfA(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const metadata = doc.context.lookup(doc.catalog.get(PDFName.of('Metadata'))) as PDFRawStream;
  const af = doc.context.lookup(doc.catalog.get(PDFName.of('AF')), PDFArray);
  const beziehungen = af.asArray().map((ref) => {
    const spec = doc.context.lookup(ref as PDFRef, PDFDict);
    return String(spec.get(PDFName.of('AFRelationship')));
  });
  return { xmp: Buffer.from(metadata.getContents()).toString('utf8'), beziehungen };
}

const wert = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}(?: [^>]*)?>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);

describe.each(databases())('e-invoices (ZUGFeRD / Factur-X, XRechnung) on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};
  const post = async (resource: string, body: Row) =>
    (await createRecord(agent, resource, body)).id as number;
  const rechnungVon = async (benutzer_id: number, veranstaltung_id = ids.kongress) =>
    (
      (
        await agent
          .get('/node/api/rw-rechnung')
          .query({
            where: JSON.stringify({ benutzer_id, veranstaltung_id, storno_parent_id: null }),
          })
          .expect(200)
      ).body as Row[]
    )[0];
  const pdf = async (id: unknown) => {
    const response = await agent.get(`/node/api/rw-rechnung/${id}/render`).buffer(true).parse(binary);
    expect(response.status).toBe(200);
    return response.body as Buffer;
  };
  /** The embedded XML, checked against the CII schema and the EN 16931 rules. */
  const eRechnung = async (id: unknown) => {
    const dateien = eingebetteteDateien(await pdf(id));
    expect(Object.keys(dateien)).toEqual(['factur-x.xml']);
    const xml = dateien['factur-x.xml'];
    pruefeGegenSchema(xml, CII_XSD);
    expect(await en16931Verstoesse(xml)).toEqual([]);
    return xml;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    await agent.put('/node/api/verbandsdaten').send(VERBAND).expect(200);
    const kreis = await post('rw-kreis', { titel: 'E-Rechnungen', template: 'ER-{yyyy}-{nr:4}' });
    const vorlage = await post('rw-vorlage', { titel: 'E-Rechnung', rw_kreis_id: kreis });
    const seminar = async (mwst: number, titel: string) =>
      post('veranstaltung', {
        titel,
        lg_id: titel.slice(0, 8),
        mwst,
        veranstaltung_typ_id: await post('veranstaltung-typ', {
          bezeichnung: titel,
          mwst,
          rw_vorlage_id: vorlage,
        }),
      });
    ids.kongress = await seminar(19, 'Steuerkongress');
    ids.seminar = await seminar(0, 'Umsatzsteuer aktuell');
    const mitglied = async (
      benutzer: Row,
      option: Row | ((id: number) => Promise<Row>),
      seminare: number[],
    ) => {
      const id = await post('benutzer', benutzer);
      for (const veranstaltung_id of seminare) {
        await post('rw-bezahloption', {
          benutzer_id: id,
          category: 'seminare',
          veranstaltung_id,
          typ: 'transfer',
          benutzer_adresse_id: await post('benutzer-adresse', anschrift(id)),
          ...(typeof option === 'function' ? await option(id) : option),
        });
        await post('rw-transaction', {
          category: 'seminare',
          veranstaltung_id,
          benutzer_id: id,
          betrag: 290,
          titel: 'Teilnahme',
        });
      }
      return id;
    };
    ids.firma = await mitglied({ firma: 'Kanzlei Schmidt GmbH', nachname: 'Schmidt' }, {}, [ids.kongress]);
    ids.selbstaendig = await mitglied(
      { vorname: 'Bernd', nachname: 'Berg' },
      { e_rechnung: true, leitweg_id: LEITWEG_ID },
      [ids.kongress, ids.seminar],
    );
    ids.lastschrift = await mitglied(
      { firma: 'Kanzlei Lastschrift' },
      async (id) => ({
        typ: 'debit',
        benutzer_konto_id: await post('benutzer-konto', {
          benutzer_id: id,
          inhaber: 'Kanzlei Lastschrift',
          iban: 'DE02120300000000202051',
          sepa_referenz: 'MANDAT-4711',
          sepa_datum: '2025-11-03',
        }),
      }),
      [ids.kongress],
    );
    ids.privat = await mitglied({ vorname: 'Clara', nachname: 'Clever' }, {}, [ids.kongress]);
    for (const category_id of [ids.kongress, ids.seminar]) {
      await agent
        .post('/node/api/rw-transaction/setAllVerifiziert')
        .send({ category: 'seminare', category_id })
        .expect(200);
      const lauf = await agent
        .post('/node/api/rw-rechnung')
        .set('Prefer', 'wait=25')
        .send({ category: 'seminare', category_id });
      expect(lauf.status).toBe(200);
      expect(lauf.body).toMatchObject({ fehler: [] });
    }
  }, STARTUP_TIMEOUT);
  afterAll(() => t?.close());

  it('archives the invoice to a firm as PDF/A-3 with a valid EN 16931 factur-x.xml of its stored data', async () => {
    const rechnung = await rechnungVon(ids.firma);
    const original = await pdf(rechnung.id);

    const xml = await eRechnung(rechnung.id);
    expect(wert(xml, 'ram:TypeCode')[0]).toBe('380');
    expect(wert(xml, 'ram:ID')).toContain(rechnung.rechnungs_nr);
    expect(wert(xml, 'ram:ID')).toContain('urn:cen.eu:en16931:2017');
    expect(wert(xml, 'ram:Name')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Teilnahme/), VERBAND.name, 'Kanzlei Schmidt GmbH']),
    );
    expect(wert(xml, 'ram:GrandTotalAmount')).toEqual(['290.00']);
    expect(wert(xml, 'ram:TaxBasisTotalAmount')).toEqual(['243.70']);
    expect(wert(xml, 'ram:IBANID')).toEqual(['DE89370400440532013000']);

    const { xmp, beziehungen } = await pdfA(original);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toMatch(/<pdfaid:conformance>[AB]<\/pdfaid:conformance>/);
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(beziehungen).toEqual(['/Alternative']);
    // The archived original is the e-invoice: every download serves the same bytes.
    expect((await pdf(rechnung.id)).equals(original)).toBe(true);
  });

  it('states a debit as SEPA direct debit with mandate and the debited account, the creditor ID in the terms', async () => {
    const xml = await eRechnung((await rechnungVon(ids.lastschrift)).id);
    expect(wert(xml, 'ram:TypeCode')).toContain('59');
    expect(wert(xml, 'ram:DirectDebitMandateID')).toEqual(['MANDAT-4711']);
    expect(wert(xml, 'ram:Description').join(' ')).toContain('Gläubiger-ID DE13ZZZ00000012345');
    expect(wert(xml, 'ram:IBANID')).toEqual(['DE02120300000000202051']);
  });

  it('exempts the 0 % seminar with category E and the reason of the association data', async () => {
    const rechnung = await rechnungVon(ids.selbstaendig, ids.seminar);
    const xml = await eRechnung(rechnung.id);
    // The line and the breakdown.
    expect(wert(xml, 'ram:CategoryCode')).toEqual(['E', 'E']);
    expect(wert(xml, 'ram:RateApplicablePercent')).toEqual(['0', '0']);
    expect(wert(xml, 'ram:ExemptionReason')).toEqual(['Umsatzsteuerfrei nach § 4 Nr. 22a UStG']);
    expect(wert(xml, 'ram:CalculatedAmount')).toEqual(['0.00']);
    expect(wert(xml, 'ram:GrandTotalAmount')).toEqual(['290.00']);
    expect(wert(xml, 'ram:BuyerReference')).toEqual([LEITWEG_ID]);
  });

  it('issues the storno as credit note 381 that references the cancelled invoice', async () => {
    const rechnung = await rechnungVon(ids.firma);
    const { storno } = (await agent.delete(`/node/api/rw-rechnung/${rechnung.id}/modifyAll`).expect(200))
      .body as { storno: number };

    const xml = await eRechnung(storno);
    expect(wert(xml, 'ram:TypeCode')[0]).toBe('381');
    expect(xml).toMatch(
      new RegExp(
        `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${rechnung.rechnungs_nr as string}<`,
      ),
    );
    expect(wert(xml, 'ram:GrandTotalAmount')).toEqual(['290.00']);
  });

  it('downloads the XML alone as XRechnung with the Leitweg-ID and the seller contact, once the association names one', async () => {
    const rechnung = await rechnungVon(ids.selbstaendig);
    // BR-DE-2: without a contact for invoices the XRechnung is refused, saying what is missing.
    const ohneKontakt = await agent.get(`/node/api/rw-rechnung/${rechnung.id}/xrechnung`).expect(409);
    expect(ohneKontakt.body.message).toBe(
      `Die XRechnung zu ${rechnung.rechnungs_nr as string} kann so nicht erstellt werden. In den Verbandsdaten fehlt beim Ansprechpartner für Rechnungen: Ansprechpartner, Telefon, E-Mail.`,
    );
    const falsch = await agent
      .put('/node/api/verbandsdaten')
      .send({ ...VERBAND, kontakt_telefon: 'ruf an', kontakt_email: 'buchhaltung@' })
      .expect(400);
    expect(falsch.body.errors).toEqual({
      kontakt_telefon: expect.stringContaining('enthält nur Ziffern'),
      kontakt_email: expect.stringContaining('ist keine gültige E-Mail-Adresse'),
    });
    await agent
      .put('/node/api/verbandsdaten')
      .send({ ...VERBAND, ...KONTAKT })
      .expect(200);

    const response = await agent.get(`/node/api/rw-rechnung/${rechnung.id}/xrechnung`).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.headers['content-disposition']).toContain(`${rechnung.rechnungs_nr as string}.xml`);
    const xml = response.text;
    pruefeGegenSchema(xml, CII_XSD);
    expect(await en16931Verstoesse(xml)).toEqual([]);
    expect(wert(xml, 'ram:BuyerReference')).toEqual([LEITWEG_ID]);
    expect(wert(xml, 'ram:ID')).toContain(rechnung.rechnungs_nr);
    // BT-24 of XRechnung 3.0, the seller contact of BR-DE-2 (name, telephone, e-mail).
    expect(xml).toMatch(
      /<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>urn:cen\.eu:en16931:2017#compliant#urn:xeinkauf\.de:kosit:xrechnung_3\.0<\/ram:ID>/,
    );
    const kontakt = /<ram:SellerTradeParty>.*<\/ram:SellerTradeParty>/s.exec(xml)![0];
    expect(wert(kontakt, 'ram:PersonName')).toEqual([KONTAKT.kontakt_name]);
    expect(wert(kontakt, 'ram:CompleteNumber')).toEqual([KONTAKT.kontakt_telefon]);
    expect(wert(kontakt, 'ram:URIID')).toEqual([KONTAKT.kontakt_email]);
    // Without a Leitweg-ID the buyer reference (BR-DE-15) is the invoice number.
    const firma = await rechnungVon(ids.firma);
    const ohneLeitweg = (await agent.get(`/node/api/rw-rechnung/${firma.id}/xrechnung`).expect(200)).text;
    expect(wert(ohneLeitweg, 'ram:BuyerReference')).toEqual([firma.rechnungs_nr]);
    expect(await en16931Verstoesse(ohneLeitweg)).toEqual([]);

    const fehlt = await agent.get('/node/api/rw-rechnung/999999/xrechnung');
    expect(fehlt.status).toBe(404);
    expect(fehlt.body.message).toBe('Rechnung 999999 wurde nicht gefunden.');
  });

  it('the rules check is no formality: an exempt breakdown without reason is named', async () => {
    const rechnung = await rechnungVon(ids.selbstaendig, ids.seminar);
    const xml = (await agent.get(`/node/api/rw-rechnung/${rechnung.id}/xrechnung`).expect(200)).text;
    const ohneGrund = xml.replace(/<ram:ExemptionReason>[^<]*<\/ram:ExemptionReason>/, '');
    expect((await en16931Verstoesse(ohneGrund)).map((v) => v.id)).toContain('BR-E-10');
  });

  it('keeps the invoice to a private person a plain PDF', async () => {
    const rechnung = await rechnungVon(ids.privat);
    expect(eingebetteteDateien(await pdf(rechnung.id))).toEqual({});
  });

  it('refuses a malformed Leitweg-ID in German, nothing stored', async () => {
    const falsch = await agent.post('/node/api/rw-bezahloption').send({
      benutzer_id: ids.privat,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
      leitweg_id: 'Stadt Köln',
    });
    expect(falsch.status).toBe(400);
    expect(JSON.stringify(falsch.body)).toContain('Leitweg-ID');
    const optionen = await agent
      .get('/node/api/rw-bezahloption')
      .query({ where: JSON.stringify({ benutzer_id: ids.privat, veranstaltung_id: ids.seminar }) })
      .expect(200);
    expect(optionen.body).toEqual([]);
  });
});
