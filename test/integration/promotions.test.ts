import type request from 'supertest';
import { GUTSCHEIN_ZEICHEN } from '../../common/gutschein';
import { databases, startTestApp, TestApp } from '../support/test-app';
import { createRecord, readRecord } from '../support/crud';

type Row = Record<string, unknown> & { id: number };

const CODE = new RegExp(`^[${GUTSCHEIN_ZEICHEN}]{10}$`);

/** The codes of a CSV export (UTF-8 with BOM, `;`, CRLF; first column Code). */
const csvCodes = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => line.split(';')[0]);

/**
 * Issue 12 through HTTP: the Rabatt rules of spec 002 §4–§5 on save, bulk vouchers with unique
 * codes (also when two runs race), their CSV, a voucher applied to a booking, and the discounts a
 * booking gets.
 */
describe.each(databases())('promotions on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let seminar: Row;
  let anderes: Row;
  let typ: Row;
  let gruppe: Row;

  const post = (resource: string, body: Record<string, unknown>) => createRecord(api, resource, body);
  const get = (resource: string, id: number) => readRecord(api, resource, id);
  const count = async (resource: string, where: Record<string, unknown> = {}) =>
    Number(
      (
        await api
          .get(`/node/api/${resource}`)
          .query({ count: 'true', limit: '1', where: JSON.stringify(where) })
      ).body.count,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    typ = await post('veranstaltung-typ', { bezeichnung: 'Tagesseminar' });
    seminar = await post('veranstaltung', {
      titel: 'Umsatzsteuer aktuell',
      lg_id: '2026-301',
      veranstaltung_typ_id: typ.id,
    });
    anderes = await post('veranstaltung', { titel: 'Lohnsteuer kompakt', lg_id: '2026-302' });
    gruppe = await post('benutzer-gruppe', { name: 'Kanzleiinhaber', typ: 'NWG' });
  });
  afterAll(() => t.close());

  describe('Rabatt save rules', () => {
    it('gives a new discount the defaults and lets the titles follow the internal title', async () => {
      const rabatt = await post('wb-rabatt', { titel: 'Frühbucher 2026' });
      expect(rabatt).toMatchObject({
        typ: 'full',
        wert: 0,
        aktiv: true,
        gueltigVonTageVorSeminar: 90,
        gueltigBisTageVorSeminar: 20,
        seminarAuswahlTyp: 'alle',
        benutzerAuswahlTyp: 'alle',
        titel_frontend: 'Frühbucher 2026',
        titel_warenkorb: 'Frühbucher 2026',
        titel_rechnung: 'Frühbucher 2026',
      });
      await api
        .put(`/node/api/wb-rabatt/${rabatt.id}`)
        .send({ titel_rechnung: 'Rabatt Frühbucher', version: rabatt.version })
        .expect(200);
      const umbenannt = await api
        .put(`/node/api/wb-rabatt/${rabatt.id}`)
        .send({ titel: 'Frühbucher 2027', version: Number(rabatt.version) + 1 })
        .expect(200);
      expect(umbenannt.body).toMatchObject({
        titel_frontend: 'Frühbucher 2027',
        titel_warenkorb: 'Frühbucher 2027',
        titel_rechnung: 'Rabatt Frühbucher',
      });
    });

    it('drops the minimum price for a fixed price and resets jederXte for a participant limit', async () => {
      const rabatt = await post('wb-rabatt', {
        titel: 'Staffel',
        typ: 'percent',
        wert: 10,
        minPreis: 150,
        jederXte: 4,
      });
      const saved = (
        await api
          .put(`/node/api/wb-rabatt/${rabatt.id}`)
          .send({ typ: 'full', wert: 99, maxTeilnehmerBuchungen: 2, version: rabatt.version })
          .expect(200)
      ).body;
      expect(saved).toMatchObject({ typ: 'full', minPreis: null, maxTeilnehmerBuchungen: 2, jederXte: 0 });
    });

    it.each([
      [{ wert: -1 }, /„Wert“ darf nicht negativ sein/],
      [{ typ: 'percent', wert: 120 }, /„Wert“ darf als Prozentsatz höchstens 100 sein/],
      [{ typ: 'full', minPreis: 50 }, /„Mindestpreis“ ist bei der Rabattart „Festpreis“ nicht möglich/],
      [
        { seminareVon: '2026-06-01', seminareBis: '2026-05-31' },
        /„Seminare bis“ darf nicht vor „Seminare von“ liegen/,
      ],
    ])('refuses %j with a German 400 naming the field and saves nothing', async (eingabe, meldung) => {
      const vorher = await count('wb-rabatt');
      const neu = await api.post('/node/api/wb-rabatt').send({ titel: 'Falsch', ...eingabe });
      expect(neu.status).toBe(400);
      expect(neu.body.message).toMatch(meldung);
      expect(await count('wb-rabatt')).toBe(vorher);

      const rabatt = await post('wb-rabatt', { titel: 'Richtig', typ: 'reduction', wert: 5 });
      const update = await api
        .put(`/node/api/wb-rabatt/${rabatt.id}`)
        .send({ ...eingabe, titel: 'Geändert', version: rabatt.version });
      expect(update.status).toBe(400);
      expect(update.body.message).toMatch(meldung);
      expect(await get('wb-rabatt', rabatt.id)).toMatchObject({
        titel: 'Richtig',
        wert: 5,
        version: rabatt.version,
      });
    });
  });

  describe('bulk vouchers', () => {
    const bulk = (body: Record<string, unknown>) => api.post('/node/api/wb-voucher/bulk').send(body);

    it('creates num vouchers for a seminar with unique codes of the unambiguous alphabet', async () => {
      const answer = await bulk({
        num: 250,
        relation: 'Veranstaltung',
        relation_id: seminar.id,
        typ: 'percent',
        wert: 15,
        titel: 'Herbstaktion',
      }).expect(200);
      expect(answer.body).toEqual({ created: 250, relation: 'Veranstaltung', relation_id: seminar.id });
      expect(await count('wb-voucher', { relation: 'Veranstaltung', relation_id: seminar.id })).toBe(250);
      const csv = await api
        .get('/node/api/wb-voucher/export')
        .query({ relation: 'Veranstaltung', relation_id: seminar.id })
        .expect(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/Gutscheine Seminar/);
      expect(csv.text.split('\r\n')[0].replace(/^\uFEFF/, '')).toBe('Code;Titel;Wert;Gültig');
      expect(csv.text).toContain(';Herbstaktion;− 15 %;ja');
      const codes = csvCodes(csv.text);
      expect(codes).toHaveLength(250);
      expect(new Set(codes).size).toBe(250);
      expect(codes.filter((code) => !CODE.test(code))).toEqual([]);
      const [einer] = (
        await api
          .get('/node/api/wb-voucher')
          .query({ where: JSON.stringify({ code: codes[0] }) })
          .expect(200)
      ).body;
      expect(einer).toMatchObject({
        code: codes[0],
        typ: 'percent',
        wert: 15,
        valid: true,
        titel: 'Herbstaktion',
      });
    });

    it('creates vouchers for all seminars with relation "alle"', async () => {
      await bulk({ num: 3, relation: 'alle', typ: 'reduction', wert: 25 }).expect(200);
      expect(await count('wb-voucher', { relation: null, relation_id: null })).toBe(3);
      const csv = await api.get('/node/api/wb-voucher/export').query({ relation: 'alle' }).expect(200);
      expect(csvCodes(csv.text)).toHaveLength(3);
      expect(csv.text).toContain(';− 25,00 €;ja');
    });

    it.each([
      [{ num: 0, relation: 'alle' }, /„Anzahl“ muss eine ganze Zahl zwischen 1 und 10\.000 sein/],
      [{ num: 10001, relation: 'alle' }, /„Anzahl“ muss eine ganze Zahl zwischen 1 und 10\.000 sein/],
      [{ num: 2.5, relation: 'alle' }, /„Anzahl“/],
      [{ num: 5 }, /„Gilt für“ muss „alle“ oder ein Seminar sein/],
      [
        { num: 5, relation: 'alle', typ: 'percent', wert: 101 },
        /„Wert“ darf als Prozentsatz höchstens 100 sein/,
      ],
      [{ num: 5, relation: 'alle', wert: -3 }, /„Wert“ darf nicht negativ sein/],
      [
        { num: 5, relation: 'Veranstaltung', relation_id: 987654 },
        /„Seminar“ verweist auf kein vorhandenes Seminar/,
      ],
    ])('refuses %j with a German 400 and creates nothing', async (body, meldung) => {
      const vorher = await count('wb-voucher');
      const answer = await bulk(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(meldung);
      expect(await count('wb-voucher')).toBe(vorher);
    });

    it('refuses the export without a relation or without vouchers', async () => {
      expect((await api.get('/node/api/wb-voucher/export')).status).toBe(400);
      const leer = await api
        .get('/node/api/wb-voucher/export')
        .query({ relation: 'Veranstaltung', relation_id: anderes.id });
      expect(leer.status).toBe(404);
      expect(leer.body.message).toBe('Für diese Auswahl gibt es keine Gutscheine.');
    });

    it('gives two bulk runs of 5 000 at once 10 000 different codes', async () => {
      const body = { num: 5000, relation: 'Veranstaltung', relation_id: anderes.id, typ: 'full', wert: 99 };
      const [a, b] = await Promise.all([bulk(body), bulk(body)]);
      expect([a.status, b.status, a.body.created, b.body.created]).toEqual([200, 200, 5000, 5000]);
      const csv = await api
        .get('/node/api/wb-voucher/export')
        .query({ relation: 'Veranstaltung', relation_id: anderes.id })
        .expect(200);
      const codes = csvCodes(csv.text);
      expect(codes).toHaveLength(10000);
      expect(new Set(codes).size).toBe(10000);
    }, 120_000);
  });

  describe('a voucher applied to a booking', () => {
    const anwenden = (code: unknown, veranstaltung_id: number, preis: number) =>
      api.post('/node/api/wb-voucher/anwenden').send({ code, veranstaltung_id, preis });

    it.each([
      ['full', 149, 'FESTPREIS1', 100, 149],
      ['percent', 12.5, 'PROZENT125', 31.13, 217.87],
      ['reduction', 25.5, 'NACHLASS25', 25.5, 223.5],
    ])('%s %d on 249,00 €', async (typ, wert, code, abzug, betrag) => {
      await post('wb-voucher', { code, typ, wert, relation: 'Veranstaltung', relation_id: seminar.id });
      const answer = await anwenden(code.toLowerCase(), seminar.id, 249).expect(200);
      expect(answer.body).toMatchObject({ abzug, betrag, gutschein: { code, typ } });
    });

    it('rounds a percentage to the cent', async () => {
      await post('wb-voucher', { code: 'DRITTEL333', typ: 'percent', wert: 33.33 });
      expect((await anwenden('DRITTEL333', anderes.id, 19.99).expect(200)).body).toMatchObject({
        abzug: 6.66,
        betrag: 13.33,
      });
    });

    it('refuses unknown, invalid and foreign vouchers in German', async () => {
      await post('wb-voucher', { code: 'UNGUELTIG1', valid: false });
      await post('wb-voucher', { code: 'ANDERES001', relation: 'Veranstaltung', relation_id: anderes.id });
      const fehlt = await anwenden('GIBTESNICH', seminar.id, 249);
      expect([fehlt.status, fehlt.body.message]).toEqual([404, 'Gutschein existiert nicht!']);
      const ungueltig = await anwenden('UNGUELTIG1', seminar.id, 249);
      expect([ungueltig.status, ungueltig.body.message]).toEqual([409, 'Gutschein ist ungültig!']);
      const fremd = await anwenden('ANDERES001', seminar.id, 249);
      expect([fremd.status, fremd.body.message]).toEqual([409, 'Der Gutschein ist hier nicht anwendbar!']);
      await anwenden('ANDERES001', anderes.id, 249).expect(200);
      const falsch = await api.post('/node/api/wb-voucher/anwenden').send({ code: 'X', preis: -1 });
      expect(falsch.status).toBe(400);
      expect(falsch.body.message).toMatch(/„Seminar“ fehlt; „Preis“ muss ein Betrag ab 0 sein/);
    });
  });

  describe('the discounts of a booking', () => {
    it('applies the best discount that the seminar, the group, the date and the limits allow', async () => {
      const alle = await api.get('/node/api/wb-rabatt').query({ attributes: JSON.stringify(['id']) });
      for (const r of alle.body as Row[]) await api.delete(`/node/api/wb-rabatt/${r.id}`).expect(200);
      const gruppenRabatt = await post('wb-rabatt', {
        titel: 'Kanzleiinhaber',
        typ: 'percent',
        wert: 20,
        benutzerAuswahlTyp: 'gruppen',
        Benutzer_Gruppes: [gruppe.id],
        seminarAuswahlTyp: 'typen',
        Veranstaltung_Typs: [typ.id],
      });
      const fuenfter = await post('wb-rabatt', {
        titel: 'Jeder 5. kostenfrei',
        typ: 'full',
        wert: 0,
        jederXte: 5,
        seminarAuswahlTyp: 'einzelne',
        Veranstaltungs: [seminar.id],
      });
      const frueh = await post('wb-rabatt', {
        titel: 'Frühbucher',
        typ: 'reduction',
        wert: 30,
        gueltigSeminarbezogen: true,
        maxTeilnehmerBuchungen: 1,
      });
      const buchung = (aenderung: Record<string, unknown> = {}) => ({
        preis: 249,
        teilnehmer: { id: 7, gruppenIds: [gruppe.id] },
        seminar: { id: seminar.id, typId: typ.id, datum: '2026-06-15' },
        buchungsdatum: '2026-04-01',
        frueher: [],
        ...aenderung,
      });
      const berechnen = async (b: Record<string, unknown>) =>
        (await api.post('/node/api/wb-rabatt/berechnen').send(b).expect(200)).body;

      expect(await berechnen(buchung())).toEqual({
        rabatte: [
          { id: gruppenRabatt.id, titel: 'Kanzleiinhaber', abzug: 49.8, betrag: 199.2 },
          { id: frueh.id, titel: 'Frühbucher', abzug: 30, betrag: 219 },
        ],
        gewaehlt: { id: gruppenRabatt.id, titel: 'Kanzleiinhaber', abzug: 49.8, betrag: 199.2 },
        betrag: 199.2,
      });
      const fuenfte = await berechnen(
        buchung({
          frueher: [1, 2, 3, 4].map((n) => ({ teilnehmerId: 100 + n, seminarId: seminar.id, rabattIds: [] })),
        }),
      );
      expect(fuenfte.gewaehlt).toMatchObject({ id: fuenfter.id, betrag: 0 });
      const ohneGruppe = await berechnen(
        buchung({
          teilnehmer: { id: 7, gruppenIds: [] },
          buchungsdatum: '2026-05-30',
        }),
      );
      expect(ohneGruppe).toEqual({ rabatte: [], gewaehlt: null, betrag: 249 });
      const zweiteFruehbuchung = await berechnen(
        buchung({
          teilnehmer: { id: 7, gruppenIds: [] },
          frueher: [{ teilnehmerId: 7, seminarId: anderes.id, rabattIds: [frueh.id] }],
        }),
      );
      expect(zweiteFruehbuchung.betrag).toBe(249);

      const falsch = await api.post('/node/api/wb-rabatt/berechnen').send({ preis: 'viel' });
      expect(falsch.status).toBe(400);
      expect(falsch.body.message).toMatch(/Bitte prüfen Sie die Eingaben/);
    });
  });

  describe('bundles and products', () => {
    it.each([
      ['wb-bundle', { preis: 500, is_netto: false }],
      ['produkt', { preis: 20, aktiv: true }],
    ])(
      '%s: defaults, the titles following the internal title, the invoice template',
      async (resource, vorgaben) => {
        const vorlage = await post('rw-vorlage', { titel: 'Rechnung Verkauf' });
        const neu = await post(resource, { titel: 'Steuerpaket', rw_vorlage_id: vorlage.id });
        expect(neu).toMatchObject({
          ...vorgaben,
          rw_vorlage_id: vorlage.id,
          titel_frontend: 'Steuerpaket',
          titel_warenkorb: 'Steuerpaket',
          titel_rechnung: 'Steuerpaket',
        });
        const saved = (
          await api
            .put(`/node/api/${resource}/${neu.id}`)
            .send({
              titel: 'Steuerpaket 2027',
              titel_warenkorb: 'Paket 2027',
              preis: 79.9,
              version: neu.version,
            })
            .expect(200)
        ).body;
        expect(saved).toMatchObject({
          titel_frontend: 'Steuerpaket 2027',
          titel_warenkorb: 'Paket 2027',
          titel_rechnung: 'Steuerpaket 2027',
          preis: 79.9,
        });
        const negativ = await api
          .put(`/node/api/${resource}/${neu.id}`)
          .send({ preis: -1, version: saved.version });
        expect(negativ.status).toBe(400);
        expect(negativ.body.message).toMatch(/„Preis“/);
        expect((await get(resource, neu.id)).preis).toBe(79.9);
        const liste = await api
          .get(`/node/api/${resource}`)
          .query({ where: JSON.stringify({ titel: 'Steuerpaket 2027' }) })
          .expect(200);
        expect(liste.body.map((r: Row) => r.id)).toEqual([neu.id]);
      },
    );
  });
});
