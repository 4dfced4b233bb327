import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Issue 5: the membership rules as staff meet them through the API. */
describe.each(databases())('membership rules on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const response = await api.post('/node/api/benutzer').send(body);
    expect(response.status).toBe(201);
    return response.body;
  };

  it('derives anrede, anzeigename, ansprache and sortname, and recomputes the automatic anrede', async () => {
    const b = await create({ gender: 'male', titel: 'Dr.', vorname: 'Jürgen', nachname: 'Müller' });
    expect(b).toMatchObject({
      anrede: 'Sehr geehrter Herr Dr.',
      anzeigename: 'Dr. Jürgen Müller',
      ansprache: 'Sehr geehrter Herr Dr. Müller',
      sortname: 'Müller, Jürgen',
    });
    const female = await api.put(`/node/api/benutzer/${b.id}`).send({ gender: 'female', titel: null });
    expect(female.body.anrede).toBe('Sehr geehrte Frau');
    const firma = await api.put(`/node/api/benutzer/${b.id}`).send({ firma: 'Müller Steuerberatung GmbH' });
    expect(firma.body).toMatchObject({
      anrede: 'Sehr geehrte Damen und Herren',
      anzeigename: 'Müller Steuerberatung GmbH',
    });
    await api.put(`/node/api/benutzer/${b.id}`).send({ anrede: 'Liebe Kolleginnen und Kollegen' });
    const kept = await api.put(`/node/api/benutzer/${b.id}`).send({ firma: null, gender: 'male' });
    expect(kept.body.anrede).toBe('Liebe Kolleginnen und Kollegen');
    const noOverride = await api.put(`/node/api/benutzer/${b.id}`).send({ anzeigename: 'Falsch' });
    expect(noOverride.body.anzeigename).toBe('Jürgen Müller');
  });

  it('lets benutzername follow kennnummer while they are equal', async () => {
    const b = await create({ nachname: 'Kennung', kennnummer: '4711' });
    expect(b.benutzername).toBe('4711');
    expect((await api.put(`/node/api/benutzer/${b.id}`).send({ kennnummer: '4712' })).body.benutzername).toBe(
      '4712',
    );
    await api.put(`/node/api/benutzer/${b.id}`).send({ benutzername: 'kennung' });
    expect((await api.put(`/node/api/benutzer/${b.id}`).send({ kennnummer: '4713' })).body.benutzername).toBe(
      'kennung',
    );
  });

  it('enforces the employer rules and Freigabe only for employees', async () => {
    const firma = await create({ firma: 'Schäfer & Partner' });
    const mitarbeiter = await create({ nachname: 'Angestellt', parent_id: firma.id, freigabe: true });
    expect(mitarbeiter.freigabe).toBe(true);
    const self = await api.put(`/node/api/benutzer/${firma.id}`).send({ parent_id: firma.id });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('Benutzer kann nicht sich selbst zugeordnet werden!');
    const chain = await create({ nachname: 'Kette' });
    const twoLevels = await api.put(`/node/api/benutzer/${chain.id}`).send({ parent_id: mitarbeiter.id });
    expect(twoLevels.status).toBe(409);
    const employerWithStaff = await api.put(`/node/api/benutzer/${firma.id}`).send({ parent_id: chain.id });
    expect(employerWithStaff.status).toBe(409);
    expect(employerWithStaff.body.message).toMatch(/eigenen Mitarbeitern/);
    const unlinked = await api.put(`/node/api/benutzer/${mitarbeiter.id}`).send({ parent_id: null });
    expect(unlinked.body.freigabe).toBe(false);
  });

  it('refuses an invalid IBAN with a German field error and saves nothing', async () => {
    const b = await create({ nachname: 'Konto' });
    const bad = await api
      .post('/node/api/benutzer-konto')
      .send({ benutzer_id: b.id, iban: 'DE89370400440532013001' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.iban).toMatch(/Prüfsumme/);
    const shortIban = await api
      .post('/node/api/benutzer-konto')
      .send({ benutzer_id: b.id, iban: 'DE8937040044053201300' });
    expect(shortIban.body.message).toMatch(/22 Stellen/);
    const badBic = await api
      .post('/node/api/benutzer-konto')
      .send({ benutzer_id: b.id, iban: 'DE89370400440532013000', bic: 'XYZ' });
    expect(badBic.body.errors.bic).toMatch(/BIC ist ungültig/);
    expect(
      (await api.get('/node/api/benutzer-konto').query({ where: JSON.stringify({ benutzer_id: b.id }) }))
        .body,
    ).toEqual([]);
    const good = await api.post('/node/api/benutzer-konto').send({
      benutzer_id: b.id,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      sepa_referenz: 'M-1',
      sepa_datum: '2024-02-01',
    });
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  });

  it('refuses an invalid e-mail address', async () => {
    const b = await create({ nachname: 'Post' });
    const bad = await api
      .post('/node/api/benutzer-email')
      .send({ benutzer_id: b.id, email: 'kein-at-zeichen.de' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('E-Mail-Adresse ist ungültig.');
  });

  it("makes a Benutzer's first e-mail its primary one, and leaves a chosen one alone (issue 35)", async () => {
    const b = await create({ nachname: 'Erstmail' });
    const email = (address: string) =>
      api.post('/node/api/benutzer-email').send({ benutzer_id: b.id, email: address }).expect(201);
    const erste = (await email('erste@beispiel.de')).body;
    const benutzer = async () => (await api.get(`/node/api/benutzer/${b.id}`).expect(200)).body;
    expect((await benutzer()).primaeremail_id).toBe(erste.id);
    const zweite = (await email('zweite@beispiel.de')).body;
    expect((await benutzer()).primaeremail_id).toBe(erste.id);
    await api.put(`/node/api/benutzer/${b.id}`).send({ primaeremail_id: zweite.id }).expect(200);
    await email('dritte@beispiel.de');
    expect((await benutzer()).primaeremail_id).toBe(zweite.id);
    // Gone with its e-mail: the next new one takes its place.
    await api.delete(`/node/api/benutzer-email/${zweite.id}`).expect(200);
    const vierte = (await email('vierte@beispiel.de')).body;
    expect((await benutzer()).primaeremail_id).toBe(vierte.id);
    // A refused e-mail changes nothing.
    const ohne = await create({ nachname: 'Ohnemail' });
    await api.post('/node/api/benutzer-email').send({ benutzer_id: ohne.id, email: 'kaputt' }).expect(400);
    expect((await api.get(`/node/api/benutzer/${ohne.id}`)).body.primaeremail_id).toBeNull();
  });

  it('deletes a Benutzer with its e-mails, addresses and accounts', async () => {
    const b = await create({ nachname: 'Weg' });
    const email = await api
      .post('/node/api/benutzer-email')
      .send({ benutzer_id: b.id, email: 'weg@beispiel.de' });
    await api.put(`/node/api/benutzer/${b.id}`).send({ primaeremail_id: email.body.id });
    await api.post('/node/api/benutzer-adresse').send({ benutzer_id: b.id, zeile1: 'Weg 1' });
    expect((await api.delete(`/node/api/benutzer/${b.id}`)).status).toBe(200);
    expect((await api.get(`/node/api/benutzer-email/${email.body.id}`)).status).toBe(404);
  });
});
