import type request from 'supertest';
import { createRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 27: the bodies of the hand-written controllers are checked by one zod schema each
 * (platform/http/zod-body.ts). A bad body, one route per context, is a 400 in the house shape with
 * a German message naming the field by its label, and nothing is written (no record, no audit
 * entry, since every write is audited).
 */
describe.each(databases())('request bodies on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t.close());

  const count = async (resource: string) =>
    Number((await api.get(`/node/api/${resource}`).query({ count: 'true', limit: '1' })).body.count);

  /** Sends the bad body and expects the 400 with `message`, and no change in the counted resources. */
  async function refused(
    send: () => request.Test,
    message: string,
    errors: Record<string, string>,
    resources: string[] = [],
  ) {
    const counted = ['audit', ...resources];
    const before = await Promise.all(counted.map(count));
    const answer = await send();
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 'INVALID_FIELDS',
        message: `Bitte prüfen Sie die Eingaben: ${message}`,
        errors,
      },
    });
    expect(await Promise.all(counted.map(count))).toEqual(before);
  }

  it('promotions: the former hand validators of anwenden and berechnen, and the bulk vouchers', async () => {
    await refused(
      () => api.post('/node/api/wb-voucher/anwenden').send({ code: ' ', veranstaltung_id: 'x', preis: '5' }),
      '„Code“ fehlt; „Seminar“ muss eine gültige ID sein; „Preis“ muss ein Betrag ab 0 sein.',
      { code: 'fehlt', veranstaltung_id: 'muss eine gültige ID sein', preis: 'muss ein Betrag ab 0 sein' },
    );
    await refused(
      () =>
        api.post('/node/api/wb-rabatt/berechnen').send({
          preis: 100,
          teilnehmer: { id: 1, gruppenIds: [2, 0] },
          seminar: { id: 1, datum: '1.12.2026' },
          buchungsdatum: '2026-11-27',
        }),
      '„Teilnehmer › Gruppen › Eintrag 2“ muss eine gültige ID sein; „Seminar › Datum“ muss ein Datum (JJJJ-MM-TT) sein.',
      {
        'teilnehmer.gruppenIds.1': 'muss eine gültige ID sein',
        'seminar.datum': 'muss ein Datum (JJJJ-MM-TT) sein',
      },
    );
    await refused(
      () => api.post('/node/api/wb-voucher/bulk').send({ num: 5, relation: 'alle', titel: ['Sommer'] }),
      '„Titel“ darf höchstens 255 Zeichen lang sein.',
      { titel: 'darf höchstens 255 Zeichen lang sein' },
      ['wb-voucher'],
    );
  });

  it('membership: a merge without the record to dissolve', async () => {
    const bleibt = await createRecord(api, 'benutzer', { nachname: 'Bleibt' });
    await refused(
      () => api.post('/node/api/benutzer/merge').send({ staying_id: bleibt.id, take: 'vorname' }),
      '„Aufgelöster Eintrag“ fehlt; „Übernommene Felder“ muss eine Liste von Feldnamen sein.',
      { obsolete_id: 'fehlt', take: 'muss eine Liste von Feldnamen sein' },
      ['benutzer'],
    );
  });

  it('newsletter: a dispatch at a time that is none', async () => {
    const newsletter = await createRecord(api, 'newsletter', { titel: 'Bodies' });
    await refused(
      () =>
        api.post('/node/api/newsletter-dispatcher').send({ newsletter_id: newsletter.id, versand_time: 42 }),
      '„Versandzeit“ ist kein gültiger Zeitpunkt.',
      { versand_time: 'ist kein gültiger Zeitpunkt' },
      ['newsletter-dispatcher'],
    );
  });

  it('seminars: non-participation with bad events, and downloads deleted without ids', async () => {
    await refused(
      () =>
        api.post('/node/api/veranstaltung-nicht-teilnahme').send({ benutzer_id: 1, event_ids: [1, 'zwei'] }),
      '„Seminar“ fehlt; „Termine › Eintrag 2“ muss eine gültige ID sein.',
      { veranstaltung_id: 'fehlt', 'event_ids.1': 'muss eine gültige ID sein' },
      ['veranstaltung-nicht-teilnahme'],
    );
    await refused(
      () => api.delete('/node/api/download').send([]),
      '„IDs“ darf nicht leer sein.',
      { '': 'darf nicht leer sein' },
      ['download'],
    );
  });

  it('billing: a booking that is a list, and runs, exports, sums and verify-all with bad fields', async () => {
    await refused(
      () => api.post('/node/api/rw-transaction').send([{ category: 'seminare' }]),
      '„Buchung“ muss aus Feldern mit Werten bestehen.',
      { '': 'muss aus Feldern mit Werten bestehen' },
      ['rw-transaction'],
    );
    await refused(
      () =>
        api
          .post('/node/api/rw-rechnung')
          .send({ category: 'seminare', category_id: 'x', only_verified: 'ja' }),
      '„Abgerechneter Eintrag“ muss eine gültige ID sein; „Nur verifizierte Vorgänge“ ist ungültig.',
      { category_id: 'muss eine gültige ID sein', only_verified: 'ist ungültig' },
      ['rw-rechnung', 'rw-transaction'],
    );
    await refused(
      () => api.post('/node/api/rw-abrechnung').send({ category: 5, category_id: 0 }),
      '„Bereich“ muss ein Text sein; „Abgerechneter Eintrag“ muss eine gültige ID sein.',
      { category: 'muss ein Text sein', category_id: 'muss eine gültige ID sein' },
      ['rw-abrechnung', 'rw-rechnung'],
    );
    await refused(
      () =>
        api
          .post('/node/api/rw-calculation/calcCategory')
          .send({ category: 'seminare', category_ids: [1, 'zwei'] }),
      '„Abgerechnete Einträge › Eintrag 2“ muss eine gültige ID sein.',
      { 'category_ids.1': 'muss eine gültige ID sein' },
    );
    await refused(
      () =>
        api
          .post('/node/api/rw-transaction/setAllVerifiziert')
          .send({ category: 'seminare', category_id: -1 }),
      '„Abgerechneter Eintrag“ muss eine gültige ID sein.',
      { category_id: 'muss eine gültige ID sein' },
      ['rw-transaction'],
    );
  });

  it('billing: a booking with fields of the wrong type, each named as the booking dialog names it', async () => {
    await refused(
      () =>
        api.post('/node/api/rw-transaction').send({
          category: 'seminare',
          benutzer_id: 'eins',
          wb_rabatt_id: -1,
          voucher_code: 5,
          preis: 9,
        }),
      '„Mitglied“ muss eine gültige ID sein; „Listenpreis“ muss eine Preisstufe von 1 bis 6 sein; „Rabatt“ muss die ID eines Rabatts oder 0 (kein Rabatt) sein; „Gutschein“ muss ein Code sein.',
      {
        benutzer_id: 'muss eine gültige ID sein',
        preis: 'muss eine Preisstufe von 1 bis 6 sein',
        wb_rabatt_id: 'muss die ID eines Rabatts oder 0 (kein Rabatt) sein',
        voucher_code: 'muss ein Code sein',
      },
      ['rw-transaction'],
    );
  });

  it('generic resources: a record that is a list, and a deletion of ids that are none', async () => {
    await refused(
      () => api.post('/node/api/verband-bezirk').send([{ bezirk_nummer: 9, bezirk_name: 'Nord' }]),
      '„Eintrag“ muss aus Feldern mit Werten bestehen.',
      { '': 'muss aus Feldern mit Werten bestehen' },
      ['verband-bezirk'],
    );
    const bezirk = await createRecord(api, 'verband-bezirk', { bezirk_nummer: 8, bezirk_name: 'Süd' });
    await refused(
      () => api.delete('/node/api/verband-bezirk').send([bezirk.id, 'zwei']),
      '„IDs › Eintrag 2“ muss eine gültige ID sein.',
      { '1': 'muss eine gültige ID sein' },
      ['verband-bezirk'],
    );
    await refused(
      () => api.delete('/node/api/verband-bezirk').send({ ids: [bezirk.id] }),
      '„IDs“ muss eine Liste sein.',
      { '': 'muss eine Liste sein' },
      ['verband-bezirk'],
    );
  });

  it('platform: the own password change without the current password', async () => {
    await refused(
      () => api.post('/node/setPassword').send({ password: ' ' }),
      '„Bisheriges Passwort“ fehlt; „Neues Passwort“ darf nicht leer sein.',
      { old_password: 'fehlt', password: 'darf nicht leer sein' },
    );
  });
});
