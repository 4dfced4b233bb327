/**
 * Bookings through HTTP on a real database (issue 13): `POST /node/api/rw-transaction` prices a
 * booking by the participant's tier, the discounts and a voucher; `…/preis` tells the amount
 * without writing; bad input is refused in German with nothing written; priced bookings flow
 * through verify, invoice run and storno.
 */
import type request from 'supertest';
import { anschrift } from '../support/abrechnung-daten';
import { createRecord, readRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STARTUP_TIMEOUT = 180_000;

type Row = Record<string, unknown>;

describe.each(databases())('bookings on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  const ids: Record<string, number> = {};

  const post = async (resource: string, body: Row) => (await createRecord(agent, resource, body)).id;
  const get = (resource: string, id: number) => readRecord(agent, resource, id);
  const buche = (body: Row) => agent.post('/node/api/rw-transaction').send(body);
  const preis = (body: Row) => agent.post('/node/api/rw-transaction/preis').send(body);
  const anzahl = async (resource: string, where: Row = {}) =>
    (
      await agent
        .get(`/node/api/${resource}`)
        .query({ where: JSON.stringify(where), count: 'true', limit: 1 })
        .expect(200)
    ).body.count as number;

  /** What a refused booking must leave untouched. */
  const stand = async () => ({
    vorgaenge: await anzahl('rw-transaction'),
    audit: await anzahl('audit', { resource: 'rw-transaction' }),
    teilnehmer: (await get('veranstaltung', ids.seminar)).teilnehmer_count,
    gutscheine: await anzahl('wb-voucher', { valid: true }),
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    agent = await t.login();
    ids.kanzlei = await post('benutzer', {
      firma: 'Weber & Kollegen Steuerberatung',
      kennnummer: '410001',
      atr_mitglied: true,
    });
    ids.mitarbeiter = await post('benutzer', {
      vorname: 'Jonas',
      nachname: 'Brückner',
      kennnummer: '410002',
      parent_id: ids.kanzlei,
    });
    ids.gast = await post('benutzer', { vorname: 'Eva', nachname: 'Öztürk', kennnummer: '410003' });
    ids.fremd = await post('benutzer', {
      vorname: 'Paul',
      nachname: 'Fremd',
      kennnummer: '410004',
      parent_id: ids.gast,
    });
    const kreis = await post('rw-kreis', { titel: 'Buchungstest', template: 'BT-{yyyy}-{nr:4}' });
    const vorlage = await post('rw-vorlage', { titel: 'Seminarrechnung Buchungstest', rw_kreis_id: kreis });
    const typ = await post('veranstaltung-typ', {
      bezeichnung: 'Tagesseminar Buchungstest',
      mwst: 19,
      rw_vorlage_id: vorlage,
    });
    const staffel = {
      preis1: 290,
      preis1_beschreibung: 'Mitglieder',
      preis2: 390,
      preis2_beschreibung: 'Nichtmitglieder',
      preis3: 245.5,
      preis3_beschreibung: 'Mitarbeiter von Mitgliedern',
    };
    ids.seminar = await post('veranstaltung', {
      titel: 'Erbschaftsteuer kompakt',
      lg_id: 'B-2026-01',
      veranstaltung_typ_id: typ,
      mwst: 19,
      ...staffel,
    });
    ids.event = await post('veranstaltung-event', {
      veranstaltung_id: ids.seminar,
      titel: 'Modul 2: Bewertung',
      datum: '2026-09-15',
      beginn: '09:00',
      ende: '13:00',
      einzeln_buchbar: true,
      preis1: 120,
      preis1_beschreibung: 'Mitglieder',
      preis2: 150,
      preis2_beschreibung: 'Nichtmitglieder',
    });
    ids.aktion = await post('veranstaltung', {
      titel: 'Umsatzsteuer im Frühjahr',
      lg_id: 'B-2026-02',
      veranstaltung_typ_id: typ,
      mwst: 19,
      ...staffel,
    });
    ids.rabatt = await post('wb-rabatt', {
      titel: 'Frühjahrsaktion',
      titel_rechnung: 'Frühjahrsaktion 10 %',
      typ: 'percent',
      wert: 10,
      seminarAuswahlTyp: 'einzelne',
      Veranstaltungs: [ids.aktion],
    });
    ids.gutschein = await post('wb-voucher', {
      code: 'FRUEHJAHR6',
      typ: 'reduction',
      wert: 25,
      relation: 'Veranstaltung',
      relation_id: ids.aktion,
    });
    ids.andererGutschein = await post('wb-voucher', {
      code: 'ERBSTEUER7',
      typ: 'full',
      wert: 99,
      relation: 'Veranstaltung',
      relation_id: ids.seminar,
    });
    ids.bundle = await post('wb-bundle', { titel: 'Lohn kompakt', preis: 100, is_netto: true, mwst: 19 });
    ids.produkt = await post('produkt', {
      titel: 'Tabellenbuch 2026',
      titel_rechnung: 'Tabellenbuch',
      preis: 39.9,
    });
    ids.warenkorb = await post('warenkorb', { benutzer_id: ids.kanzlei });
  }, STARTUP_TIMEOUT);
  afterAll(() => t.close(), STARTUP_TIMEOUT);

  describe('the price tier by participant', () => {
    it('books a member at the member price, named and titled from participant and seminar', async () => {
      const response = await buche({
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.kanzlei,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        buchung_typ: 'backoffice',
      });
      expect(response.status).toBe(201);
      const id = response.body.id as number;
      expect(response.body).toMatchObject({
        id,
        first_id: id,
        child_id: null,
        betrag: 290,
        verifiziert: false,
        storno: false,
        locked: false,
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.kanzlei,
        veranstaltung_id: ids.seminar,
        buchung_typ: 'backoffice',
        titel: 'B-2026-01 - Erbschaftsteuer kompakt',
        teilnehmer: 'Weber & Kollegen Steuerberatung',
        data: {
          preis_stufe: 1,
          preis_bezeichnung: 'Mitglieder',
          listenpreis: 290,
          rabatt_id: null,
          gutschein_code: null,
          betrag_manuell: false,
        },
      });
      expect(Date.now() - Date.parse(response.body.buchung_time as string)).toBeLessThan(60_000);
      // The generic reader answers the same row.
      expect(await get('rw-transaction', id)).toEqual(response.body);
      expect((await get('veranstaltung', ids.seminar)).teilnehmer_count).toBe(1);
      expect(await anzahl('audit', { resource: 'rw-transaction', action: 'create', record_id: id })).toBe(1);
    });

    it('books an employee of the member at the employee price, the member paying', async () => {
      const response = await buche({
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.mitarbeiter,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        betrag: 245.5,
        benutzer_id: ids.kanzlei,
        teilnehmer_id: ids.mitarbeiter,
        teilnehmer: 'Jonas Brückner',
        data: { preis_stufe: 3, preis_bezeichnung: 'Mitarbeiter von Mitgliedern' },
      });
    });

    it('books a non-member at the non-member price; a chosen tier overrides it', async () => {
      const gast = await buche({
        benutzer_id: ids.gast,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
      });
      expect(gast.status).toBe(201);
      expect(gast.body).toMatchObject({ betrag: 390, teilnehmer_id: ids.gast, data: { preis_stufe: 2 } });
      const gewaehlt = await preis({
        benutzer_id: ids.gast,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        preis: 1,
      });
      expect(gewaehlt.status).toBe(200);
      expect(gewaehlt.body).toMatchObject({ preis_stufe: 1, preis: 290, betrag: 290 });
    });

    it('prices an event that is booked on its own by its own tiers, under its seminar', async () => {
      const response = await buche({
        benutzer_id: ids.gast,
        category: 'seminare',
        veranstaltung_event_id: ids.event,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        betrag: 150,
        veranstaltung_id: ids.seminar,
        veranstaltung_event_id: ids.event,
        titel: 'B-2026-01 - Modul 2: Bewertung',
      });
    });

    it('prices bundles (net price plus VAT) and products by their own price', async () => {
      const bundle = await buche({ benutzer_id: ids.kanzlei, category: 'bundle', wb_bundle_id: ids.bundle });
      expect(bundle.status).toBe(201);
      expect(bundle.body).toMatchObject({ betrag: 119, titel: 'Lohn kompakt', wb_bundle_id: ids.bundle });
      const produkt = await buche({
        benutzer_id: ids.kanzlei,
        category: 'produkte',
        produkt_id: ids.produkt,
        warenkorb_id: ids.warenkorb,
      });
      expect(produkt.status).toBe(201);
      expect(produkt.body).toMatchObject({
        betrag: 39.9,
        titel: 'Tabellenbuch',
        warenkorb_id: ids.warenkorb,
      });
    });

    it('lets staff enter an amount of their own, kept as entered', async () => {
      const response = await buche({
        benutzer_id: ids.kanzlei,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        betrag: 199.99,
        verifiziert: true,
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        betrag: 199.99,
        verifiziert: true,
        data: { listenpreis: 290, betrag_manuell: true },
      });
    });
  });

  describe('discounts and vouchers', () => {
    const aktion = () => ({ benutzer_id: ids.kanzlei, category: 'seminare', veranstaltung_id: ids.aktion });

    it('tells the amount with the best discount without writing anything', async () => {
      const vorher = await stand();
      const response = await preis(aktion());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        preis_stufe: 1,
        preis_bezeichnung: 'Mitglieder',
        preis: 290,
        rabatte: [{ id: ids.rabatt, titel: 'Frühjahrsaktion 10 %', betrag: 261, abzug: 29 }],
        rabatt_id: ids.rabatt,
        gutschein: null,
        betrag: 261,
        titel: 'B-2026-02 - Umsatzsteuer im Frühjahr',
        teilnehmer: 'Weber & Kollegen Steuerberatung',
      });
      const mitGutschein = await preis({ ...aktion(), voucher_code: 'fruehjahr6' });
      expect(mitGutschein.body).toMatchObject({
        betrag: 236,
        gutschein: { code: 'FRUEHJAHR6', typ: 'reduction', wert: 25, anzeige: '− 25,00 €', abzug: 25 },
      });
      const ohneRabatt = await preis({ ...aktion(), wb_rabatt_id: 0 });
      expect(ohneRabatt.body).toMatchObject({ rabatt_id: null, betrag: 290 });
      expect(await stand()).toEqual(vorher);
    });

    it('books with discount and voucher, recording both, and uses the voucher up', async () => {
      const response = await buche({
        ...aktion(),
        teilnehmer_id: ids.mitarbeiter,
        voucher_code: 'FRUEHJAHR6',
      });
      expect(response.status).toBe(201);
      // 245.50 − 10 % (24.55) = 220.95 − 25.00 = 195.95
      expect(response.body).toMatchObject({
        betrag: 195.95,
        data: {
          preis_stufe: 3,
          listenpreis: 245.5,
          rabatt_id: ids.rabatt,
          rabatt_titel: 'Frühjahrsaktion 10 %',
          rabatt_abzug: 24.55,
          gutschein_code: 'FRUEHJAHR6',
          gutschein_abzug: 25,
        },
      });
      expect((await get('wb-voucher', ids.gutschein)).valid).toBe(false);
    });

    it('refuses unusable vouchers with the spec’s messages, writing nothing', async () => {
      const vorher = await stand();
      for (const [code, message] of [
        ['FRUEHJAHR6', 'Gutschein ist ungültig!'],
        ['GIBTESNICH', 'Gutschein existiert nicht!'],
        ['ERBSTEUER7', 'Der Gutschein ist hier nicht anwendbar!'],
      ]) {
        for (const antwort of [
          await buche({ ...aktion(), voucher_code: code }),
          await preis({ ...aktion(), voucher_code: code }),
        ]) {
          expect(antwort.status).toBe(400);
          expect(antwort.body.message).toBe(message);
        }
      }
      const bundle = await buche({
        benutzer_id: ids.kanzlei,
        category: 'bundle',
        wb_bundle_id: ids.bundle,
        voucher_code: 'ERBSTEUER7',
      });
      expect(bundle.status).toBe(400);
      expect(bundle.body.message).toBe('Der Gutschein ist hier nicht anwendbar!');
      expect(await stand()).toEqual(vorher);
      expect((await get('wb-voucher', ids.andererGutschein)).valid).toBe(true);
    });

    it('redeems a voucher once when two bookings race for it', async () => {
      await post('wb-voucher', { code: 'WETTLAUF26', typ: 'percent', wert: 50, relation: null });
      const vorher = await anzahl('rw-transaction');
      const antworten = await Promise.all(
        [ids.kanzlei, ids.gast].map((benutzer_id) =>
          buche({
            benutzer_id,
            category: 'seminare',
            veranstaltung_id: ids.seminar,
            voucher_code: 'WETTLAUF26',
          }),
        ),
      );
      expect(antworten.map((a) => a.status).sort()).toEqual([201, 400]);
      expect(antworten.find((a) => a.status === 400)!.body.message).toBe('Gutschein ist ungültig!');
      expect(await anzahl('rw-transaction')).toBe(vorher + 1);
    });

    it('refuses a discount that does not apply to the booking', async () => {
      const vorher = await stand();
      const response = await buche({
        benutzer_id: ids.kanzlei,
        category: 'seminare',
        veranstaltung_id: ids.seminar,
        wb_rabatt_id: ids.rabatt,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(`Der Rabatt ${ids.rabatt} ist für diese Buchung nicht anwendbar.`);
      expect(await stand()).toEqual(vorher);
    });
  });

  describe('bad input', () => {
    const gut = () => ({
      benutzer_id: ids.kanzlei,
      teilnehmer_id: ids.kanzlei,
      category: 'seminare',
      veranstaltung_id: ids.seminar,
    });

    it.each<[string, () => Row, number, string]>([
      [
        'a negative amount',
        () => ({ ...gut(), betrag: -10 }),
        400,
        'Bitte prüfen Sie die Eingaben: „Betrag“ darf nicht negativ sein.',
      ],
      [
        'an amount with three decimals',
        () => ({ ...gut(), betrag: 12.345 }),
        400,
        'Bitte prüfen Sie die Eingaben: „Betrag“ darf höchstens zwei Nachkommastellen haben.',
      ],
      [
        'a participant who is neither the member nor its employee',
        () => ({ ...gut(), teilnehmer_id: ids.fremd }),
        400,
        'Paul Fremd ist weder das Mitglied selbst noch ein Mitarbeiter von Weber & Kollegen Steuerberatung.',
      ],
      [
        'an unknown member',
        () => ({ ...gut(), benutzer_id: 999999, teilnehmer_id: undefined }),
        404,
        'Mitglied 999999 wurde nicht gefunden.',
      ],
      [
        'an unknown participant',
        () => ({ ...gut(), teilnehmer_id: 999998 }),
        404,
        'Teilnehmer 999998 wurde nicht gefunden.',
      ],
      [
        'an unknown seminar',
        () => ({ ...gut(), veranstaltung_id: 999997 }),
        404,
        'Seminar 999997 wurde nicht gefunden.',
      ],
      [
        'an unknown event',
        () => ({ ...gut(), veranstaltung_id: undefined, veranstaltung_event_id: 999996 }),
        404,
        'Veranstaltung 999996 wurde nicht gefunden.',
      ],
      [
        'an unknown bundle',
        () => ({ benutzer_id: ids.kanzlei, category: 'bundle', wb_bundle_id: 999995 }),
        404,
        'Bundle 999995 wurde nicht gefunden.',
      ],
      [
        'an unknown product',
        () => ({
          benutzer_id: ids.kanzlei,
          category: 'produkte',
          produkt_id: 999994,
          warenkorb_id: ids.warenkorb,
        }),
        404,
        'Produkt 999994 wurde nicht gefunden.',
      ],
      [
        'a seminar booked under another category',
        () => ({ ...gut(), category: 'bundle' }),
        400,
        'Eine Buchung im Bereich „bundle“ kann nicht auf veranstaltung_id lauten.',
      ],
      [
        'an unknown category',
        () => ({ ...gut(), category: 'kurse' }),
        400,
        'Bitte prüfen Sie die Eingaben: „Bereich“ hat einen unzulässigen Wert (erlaubt: Seminare, Abos, Bundle, Produkte).',
      ],
      [
        'a tier the seminar does not have',
        () => ({ ...gut(), preis: 5 }),
        400,
        'Die Preisstufe 5 ist für diese Veranstaltung nicht festgelegt.',
      ],
      [
        'system fields of a transaction',
        () => ({ ...gut(), storno: true, locked: true }),
        400,
        'Eine Buchung nimmt diese Angaben nicht an: storno, locked. Teilnehmername, Buchungszeit und Preisangaben ergeben sich aus der Buchung.',
      ],
    ])('refuses %s in German, writing nothing', async (_, body, status, message) => {
      const vorher = await stand();
      const response = await buche(body());
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
      expect(await stand()).toEqual(vorher);
    });
  });

  describe('priced bookings through verify, invoice run and storno', () => {
    it('invoices the priced amounts per member, cancels one and re-invoices the rest', async () => {
      const jahr = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(
        new Date(),
      );
      const seminar = await post('veranstaltung', {
        titel: 'Bilanzierung Update',
        lg_id: 'B-2026-03',
        veranstaltung_typ_id: (await get('veranstaltung', ids.seminar)).veranstaltung_typ_id,
        mwst: 19,
        preis1: 290,
        preis1_beschreibung: 'Mitglieder',
        preis2: 390,
        preis2_beschreibung: 'Nichtmitglieder',
        preis3: 245.5,
        preis3_beschreibung: 'Mitarbeiter von Mitgliedern',
      });
      for (const benutzer of [ids.kanzlei, ids.gast])
        await post('rw-bezahloption', {
          benutzer_id: benutzer,
          category: 'seminare',
          veranstaltung_id: seminar,
          typ: 'transfer',
          benutzer_adresse_id: await post('benutzer-adresse', anschrift(benutzer)),
        });
      const gebucht = async (body: Row) =>
        (await buche({ category: 'seminare', veranstaltung_id: seminar, ...body }).expect(201)).body as Row;
      const chef = await gebucht({ benutzer_id: ids.kanzlei });
      const mitarbeiter = await gebucht({ benutzer_id: ids.kanzlei, teilnehmer_id: ids.mitarbeiter });
      const gast = await gebucht({ benutzer_id: ids.gast });
      const verifiziert = await agent
        .post('/node/api/rw-transaction/setAllVerifiziert')
        .send({ category: 'seminare', category_id: seminar })
        .expect(200);
      expect((verifiziert.body as Row[]).map((v) => v.id)).toEqual([chef.id, mitarbeiter.id, gast.id]);

      const lauf = () =>
        agent
          .post('/node/api/rw-rechnung')
          // The run renders and archives its invoices' PDFs too: wait for its result.
          .set('Prefer', 'wait=25')
          .send({ category: 'seminare', category_id: seminar, only_verified: true });
      expect((await lauf().expect(200)).body).toMatchObject({ all: 2, created: 2, storno: 0 });
      const rechnungen = async () =>
        (
          await agent
            .get('/node/api/rw-rechnung')
            .query({
              where: JSON.stringify({ veranstaltung_id: seminar }),
              order: JSON.stringify([['id', 'ASC']]),
            })
            .expect(200)
        ).body as Row[];
      const [r1, r2] = await rechnungen();
      expect(r1).toMatchObject({ benutzer_id: ids.kanzlei, betrag: 535.5, netto: 450, mwst: 85.5 });
      expect(r2).toMatchObject({ benutzer_id: ids.gast, betrag: 390, netto: 327.73, mwst: 62.27 });
      const nummer = (r: Row) => Number(String(r.rechnungs_nr).split('-').pop());
      expect(String(r1.rechnungs_nr)).toMatch(new RegExp(`^BT-${jahr}-\\d{4}$`));
      expect(nummer(r2)).toBe(nummer(r1) + 1);
      for (const v of [chef, mitarbeiter])
        expect(await get('rw-transaction', v.id as number)).toMatchObject({
          locked: true,
          rw_rechnung_id: r1.id,
        });

      // The employee cancels: the next run cancels the member's invoice and invoices the rest.
      await agent.put(`/node/api/rw-transaction/${mitarbeiter.id}`).send({ storno: true }).expect(200);
      expect((await lauf().expect(200)).body).toMatchObject({ all: 1, created: 1, storno: 1 });
      const [, , storno, neu] = await rechnungen();
      expect(storno).toMatchObject({
        storno_parent_id: r1.id,
        betrag: -535.5,
        netto: -450,
        mwst: -85.5,
        rechnungs_nr: `BT-${jahr}-${String(nummer(r2) + 1).padStart(4, '0')}`,
      });
      expect(neu).toMatchObject({
        benutzer_id: ids.kanzlei,
        betrag: 290,
        rechnungs_nr: `BT-${jahr}-${String(nummer(r2) + 2).padStart(4, '0')}`,
      });
      expect((await get('rw-rechnung', r1.id as number)).storno_id).toBe(storno.id);
      expect((await get('veranstaltung', seminar)).teilnehmer_count).toBe(2);
    });
  });
});
