/**
 * Issue 28, § 14 UStG complete, through HTTP on both databases: the association's data in the
 * settings (administrators only, checked, audited; the SEPA configuration until saved), printed on
 * every invoice with the exemption reason of 0 % lines, the association's account on a transfer
 * invoice and its Gläubiger-ID with the mandate on a debit pre-notification; no invoice to a
 * recipient without address; a product at 7 % invoiced at 7 %.
 */
import type request from 'supertest';
import { anschrift } from '../support/abrechnung-daten';
import { createRecord } from '../support/crud';
import { mitarbeiterKonten } from '../support/mitarbeiter';
import { pdfPages } from '../support/pdf-text';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;
type Row = Record<string, unknown>;

const KONFIGURATION = {
  SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
  SEPA_CREDITOR_NAME: 'Verband aus der Konfiguration',
  SEPA_CREDITOR_IBAN: 'DE02120300000000202051',
  SEPA_CREDITOR_BIC: 'BYLADEM1001',
};

const DATEN = {
  name: 'Steuerberaterverband Düsseldorf e. V.',
  strasse: 'Grafenberger Allee 98',
  plz: '40237',
  ort: 'Düsseldorf',
  steuernummer: '103/5701/0815',
  ust_idnr: '',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  bank: 'Commerzbank',
  // A valid creditor id other than the configuration's: the saved data wins.
  glaeubiger_id: 'DE13ZZZ00000012345',
  befreiungsgruende: {
    seminare: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    abos: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    bundle: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG',
    produkte: 'Steuerfrei nach § 4 Nr. 14 UStG',
  },
};

describe.each(databases())('association data and § 14 UStG invoices on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mitarbeiter: request.Agent;
  const post = async (resource: string, body: Row) =>
    (await createRecord(admin, resource, body)).id as number;
  const lesen = async (agent: request.Agent) => (await agent.get('/node/api/verbandsdaten').expect(200)).body;
  const audit = async () =>
    (
      await admin
        .get('/node/api/audit')
        .query({
          where: JSON.stringify({ resource: 'verbandsdaten' }),
          order: JSON.stringify([['id', 'ASC']]),
        })
        .expect(200)
    ).body as Row[];
  const pdfSeiten = async (id: number) => {
    const pdf = await admin
      .get(`/node/api/rw-rechnung/${id}/render`)
      .buffer(true)
      .parse((res, done) => {
        const teile: Buffer[] = [];
        res.on('data', (teil: Buffer) => teile.push(teil));
        res.on('end', () => done(null, Buffer.concat(teile)));
      })
      .expect(200);
    return pdfPages(pdf.body as Buffer).map((seite) => seite.replace(/\s+/g, ' '));
  };
  const pdfText = async (id: number) => (await pdfSeiten(id)).join(' ');

  beforeAll(async () => {
    t = await startTestApp(kind, { env: KONFIGURATION });
    ({ admin, mitarbeiter } = await mitarbeiterKonten(t, {
      nachname: 'Vogt',
      vorname: 'Vera',
      benutzername: 'vera-v',
      password: 'Verbandsdaten-Birke-28',
    }));
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  describe('the settings „Verbandsdaten“', () => {
    it('start from the SEPA configuration and the default exemption reason', async () => {
      expect(await lesen(admin)).toMatchObject({
        name: 'Verband aus der Konfiguration',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        glaeubiger_id: 'DE98ZZZ09999999999',
        strasse: '',
        befreiungsgruende: { seminare: 'Umsatzsteuerfrei nach § 4 Nr. 22a UStG' },
        bearbeitbar: true,
      });
    });

    it('are read by all staff, changed by administrators only (403 in German, nothing changed)', async () => {
      expect(await lesen(mitarbeiter)).toMatchObject({ bearbeitbar: false });
      const verweigert = await mitarbeiter.put('/node/api/verbandsdaten').send(DATEN);
      expect(verweigert.status).toBe(403);
      expect(verweigert.body.message).toBe(
        'Die Verbandsdaten dürfen nur Mitarbeiter mit dem Recht „Administrator“ ändern.',
      );
      expect(await audit()).toEqual([]);
      expect((await lesen(admin)).name).toBe('Verband aus der Konfiguration');
    });

    it('refuse bad input with a German 400 naming each field, nothing changed', async () => {
      const falsch = await admin.put('/node/api/verbandsdaten').send({
        ...DATEN,
        steuernummer: '',
        ust_idnr: 'DE12345',
        iban: 'DE89370400440532013001',
        glaeubiger_id: 'DE00ZZZ00000012345',
      });
      expect(falsch.status).toBe(400);
      expect(falsch.body.message).toBe(
        'Bitte prüfen Sie die Eingaben: „USt-IdNr.“ ist ungültig: „DE“ und 9 Ziffern (z. B. DE123456789); ' +
          '„IBAN“ ist ungültig: die Prüfsumme stimmt nicht (Tippfehler?); ' +
          '„Gläubiger-ID“ ist ungültig (Form DE98ZZZ09999999999, Prüfziffer).',
      );
      const ohneSteuer = await admin
        .put('/node/api/verbandsdaten')
        .send({ ...DATEN, steuernummer: null, ust_idnr: null });
      expect(ohneSteuer.status).toBe(400);
      expect(ohneSteuer.body.errors).toEqual({ steuernummer: 'oder USt-IdNr. muss angegeben sein' });
      const typ = await admin
        .put('/node/api/verbandsdaten')
        .send({ ...DATEN, plz: 40237, befreiungsgruende: { ...DATEN.befreiungsgruende, abos: 5 } });
      expect(typ.status).toBe(400);
      expect(typ.body.message).toBe(
        'Bitte prüfen Sie die Eingaben: „PLZ“ muss ein Text sein; „Befreiungsgründe › Abos“ muss ein Text sein.',
      );
      expect(await audit()).toEqual([]);
      expect((await lesen(admin)).name).toBe('Verband aus der Konfiguration');
    });

    it('are saved normalised by an administrator, audited with the changed fields', async () => {
      const gespeichert = await admin.put('/node/api/verbandsdaten').send(DATEN).expect(200);
      expect(gespeichert.body).toMatchObject({
        name: DATEN.name,
        iban: 'DE89370400440532013000',
        ust_idnr: null,
        glaeubiger_id: 'DE13ZZZ00000012345',
        bearbeitbar: true,
      });
      expect(await lesen(mitarbeiter)).toMatchObject({
        strasse: 'Grafenberger Allee 98',
        bearbeitbar: false,
      });
      const [eintrag] = await audit();
      expect(eintrag).toMatchObject({ action: 'create', user_name: expect.any(String) });
      expect((eintrag.changes as Row).iban).toEqual({ after: 'DE89370400440532013000' });
      await admin
        .put('/node/api/verbandsdaten')
        .send({ ...DATEN, bank: 'Commerzbank Düsseldorf' })
        .expect(200);
      const eintraege = await audit();
      expect(eintraege).toHaveLength(2);
      expect(eintraege[1]).toMatchObject({
        action: 'update',
        changes: { bank: { before: 'Commerzbank', after: 'Commerzbank Düsseldorf' } },
      });
    });
  });

  describe('invoices', () => {
    const ids: Record<string, number> = {};
    const rechnungen = async (where: Row) =>
      (
        await admin
          .get('/node/api/rw-rechnung')
          .query({ where: JSON.stringify(where), order: JSON.stringify([['id', 'ASC']]) })
          .expect(200)
      ).body as Row[];

    beforeAll(async () => {
      await admin.put('/node/api/verbandsdaten').send(DATEN).expect(200);
      const kreis = await post('rw-kreis', { titel: 'Rechnungen', template: 'UST-{yyyy}-{nr:4}' });
      ids.vorlage = await post('rw-vorlage', { titel: 'Standard', rw_kreis_id: kreis });
      const typ = await post('veranstaltung-typ', {
        bezeichnung: 'Fachtagung',
        mwst: 0,
        rw_vorlage_id: ids.vorlage,
      });
      // A seminar of the association: exempt (0 %).
      ids.seminar = await post('veranstaltung', {
        titel: 'Umsatzsteuer aktuell',
        lg_id: 'UST-28',
        veranstaltung_typ_id: typ,
        mwst: 0,
      });
      const mitglied = async (firma: string, option: (id: number) => Promise<Row>) => {
        const id = await post('benutzer', { firma });
        await post('rw-bezahloption', {
          benutzer_id: id,
          category: 'seminare',
          veranstaltung_id: ids.seminar,
          ...(await option(id)),
        });
        await post('rw-transaction', {
          category: 'seminare',
          veranstaltung_id: ids.seminar,
          benutzer_id: id,
          betrag: 290,
          titel: 'Umsatzsteuer aktuell',
        });
        return id;
      };
      const adresse = async (id: number) => post('benutzer-adresse', anschrift(id));
      ids.ueberweiser = await mitglied('Kanzlei Überweisung', async (id) => ({
        typ: 'transfer',
        benutzer_adresse_id: await adresse(id),
      }));
      ids.lastschrift = await mitglied('Kanzlei Lastschrift', async (id) => ({
        typ: 'debit',
        benutzer_adresse_id: await adresse(id),
        benutzer_konto_id: await post('benutzer-konto', {
          benutzer_id: id,
          inhaber: 'Kanzlei Lastschrift',
          iban: 'DE02120300000000202051',
          sepa_referenz: 'MANDAT-4711',
          sepa_datum: '2025-11-03',
        }),
      }));
      // A name and no address: no invoice may be issued to it.
      ids.ohneAnschrift = await mitglied('Kanzlei Ohneort', async () => ({ typ: 'transfer' }));
    });

    it('refuses the recipient without address in the run’s list and issues the others', async () => {
      const lauf = await admin
        .post('/node/api/rw-rechnung')
        .set('Prefer', 'wait=25')
        .send({ category: 'seminare', category_id: ids.seminar })
        .expect(200);
      expect(lauf.body).toEqual({
        all: 3,
        created: 2,
        storno: 0,
        fehler: [
          'Für Kanzlei Ohneort wurde keine Rechnung ausgestellt: die Anschrift der Zahlungsart ist unvollständig (Straße, PLZ und Ort sind nach § 14 UStG nötig)',
        ],
      });
      expect(await rechnungen({ benutzer_id: ids.ohneAnschrift })).toEqual([]);
    });

    it('prints issuer, Steuernummer, exemption reason and the association’s account on a transfer invoice', async () => {
      const [rechnung] = await rechnungen({ benutzer_id: ids.ueberweiser });
      const text = await pdfText(rechnung.id as number);
      expect(text).toContain(
        'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
      );
      expect(text).toContain('Steuernummer: 103/5701/0815');
      expect(text).toContain('Umsatzsteuerfrei nach § 4 Nr. 22a UStG');
      expect(text).toContain(
        `Bitte überweisen Sie den Rechnungsbetrag von 290,00 € innerhalb von 14 Tagen auf unser Konto IBAN DE89370400440532013000 (BIC COBADEFFXXX, Commerzbank) unter Angabe der Rechnungsnummer ${rechnung.rechnungs_nr}.`,
      );
    });

    it("prints the association's data as the footer of every page, Gläubiger-ID included, instead of the letterhead's fixed foot", async () => {
      const [rechnung] = await rechnungen({ benutzer_id: ids.ueberweiser });
      const seiten = await pdfSeiten(rechnung.id as number);
      expect(seiten.length).toBeGreaterThan(0);
      for (const seite of seiten) {
        const fuss = seite.slice(seite.lastIndexOf('Seite '));
        expect(fuss).toContain(
          'Steuerberaterverband Düsseldorf e. V. · Grafenberger Allee 98 · 40237 Düsseldorf',
        );
        expect(fuss).toContain('Steuernummer: 103/5701/0815');
        expect(fuss).toMatch(
          /Bankverbindung: IBAN DE89370400440532013000 \(BIC COBADEFFXXX, Commerzbank[^)]*\) · Gläubiger-ID: DE13ZZZ00000012345/,
        );
        expect(seite).not.toContain('Königstraße 12 · 70173 Stuttgart');
      }
    });

    it('names the Gläubiger-ID, the mandate and the collection date on a debit pre-notification', async () => {
      const [rechnung] = await rechnungen({ benutzer_id: ids.lastschrift });
      const text = await pdfText(rechnung.id as number);
      expect(text).toContain(
        'SEPA-Lastschriftmandat MANDAT-4711 vom 03.11.2025 (Gläubiger-ID DE13ZZZ00000012345)',
      );
      expect(text).toMatch(/Vorabankündigung: Die Lastschrift wird frühestens am \d\d\.\d\d\.\d{4} fällig/);
      expect(text).toContain('Steuernummer: 103/5701/0815');
    });

    it('invoices a product at its own VAT rate: a book at 7 %', async () => {
      const kunde = await post('benutzer', { firma: 'Kanzlei Bücherwurm' });
      const produkt = await post('produkt', {
        titel: 'Tabellenbuch 2026',
        preis: 107,
        mwst: '7',
        rw_vorlage_id: ids.vorlage,
      });
      const falsch = await admin.post('/node/api/produkt').send({ titel: 'Falsch', mwst: '16' });
      expect(falsch.status).toBe(400);
      expect(falsch.body.errors).toEqual({
        mwst: 'hat einen unzulässigen Wert (erlaubt: 19, 7, 0)',
      });
      expect(
        (await admin.get(`/node/api/produkt/${await post('produkt', { titel: 'Neu' })}`)).body.mwst,
      ).toBe('19');
      const warenkorb = await post('warenkorb', { benutzer_id: kunde });
      await post('rw-bezahloption', {
        benutzer_id: kunde,
        category: 'produkte',
        warenkorb_id: warenkorb,
        typ: 'transfer',
        benutzer_adresse_id: await post('benutzer-adresse', anschrift(kunde)),
      });
      await admin
        .post('/node/api/rw-transaction')
        .send({ benutzer_id: kunde, category: 'produkte', produkt_id: produkt, warenkorb_id: warenkorb })
        .expect(201);
      const lauf = await admin
        .post('/node/api/rw-rechnung')
        .set('Prefer', 'wait=25')
        .send({ category: 'produkte', category_id: warenkorb })
        .expect(200);
      expect(lauf.body).toMatchObject({ created: 1, fehler: [] });
      const [rechnung] = await rechnungen({ benutzer_id: kunde });
      expect(rechnung).toMatchObject({ betrag: 107, netto: 100, mwst: 7 });
      expect((rechnung.data as Row).steuern).toEqual([{ satz: 7, brutto: 107, netto: 100, mwst: 7 }]);
      const text = await pdfText(rechnung.id as number);
      expect(text).toContain('7 %');
      expect(text).not.toContain('Steuerfrei nach § 4 Nr. 14 UStG');
    });
  });
});
