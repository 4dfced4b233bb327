import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, input: what a record needs before it is stored — a Benutzer a Nachname or a Firma, an
 * e-mail a valid address, a primary e-mail one of the Benutzer's own — and every refusal a German
 * 400 that changes nothing.
 */
describe.each(databases())('required fields on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t.close());

  const count = async (resource: string) =>
    (await api.get(`/node/api/${resource}?count=true&limit=1`)).body.count as number;

  it('refuses a Benutzer without Nachname and Firma, on create and on update', async () => {
    const before = await count('benutzer');
    for (const body of [{}, { vorname: 'Anna' }, { nachname: '  ', firma: '' }]) {
      const answer = await api.post('/node/api/benutzer').send(body);
      expect([answer.status, answer.body.message]).toEqual([
        400,
        'Bitte prüfen Sie die Eingaben: „Nachname“ oder „Firma“ muss angegeben sein.',
      ]);
    }
    expect(await count('benutzer')).toBe(before);

    const person = (await api.post('/node/api/benutzer').send({ vorname: 'Anna', nachname: 'Adler' })).body;
    expect((await api.put(`/node/api/benutzer/${person.id}`).send({ nachname: '' })).status).toBe(400);
    expect((await api.get(`/node/api/benutzer/${person.id}`)).body.nachname).toBe('Adler');
    const firma = await api.post('/node/api/benutzer').send({ firma: 'Adler Steuerberatung GmbH' });
    expect(firma.status).toBe(201);
  });

  it('takes no invisible characters for a Nachname or a Firma (issue 26)', async () => {
    const before = await count('benutzer');
    for (const body of [
      { nachname: '\u200B' },
      { nachname: '\u200C\u200D', firma: ' \u2060\uFEFF' },
      { vorname: 'Anna', nachname: '\u0007\u0000' },
    ]) {
      const answer = await api.post('/node/api/benutzer').send(body);
      expect([answer.status, answer.body.message]).toEqual([
        400,
        'Bitte prüfen Sie die Eingaben: „Nachname“ oder „Firma“ muss angegeben sein.',
      ]);
      expect(answer.body.errors).toEqual({ nachname: 'oder „Firma“ muss angegeben sein' });
    }
    expect(await count('benutzer')).toBe(before);

    const person = (await api.post('/node/api/benutzer').send({ nachname: 'Adler' }).expect(201)).body;
    expect((await api.put(`/node/api/benutzer/${person.id}`).send({ nachname: '\u200B\u200B' })).status).toBe(
      400,
    );
    expect((await api.get(`/node/api/benutzer/${person.id}`)).body.nachname).toBe('Adler');
    // A visible name with an invisible firma stays a person, named by that name.
    const mitFirma = await api
      .post('/node/api/benutzer')
      .send({ vorname: 'Anna', nachname: 'Adler', firma: '\u200B' });
    expect(mitFirma.status).toBe(201);
    expect(mitFirma.body.anzeigename).toBe('Anna Adler');
  });

  it('refuses an e-mail without a valid address', async () => {
    const b = (await api.post('/node/api/benutzer').send({ nachname: 'Post' })).body;
    const before = await count('benutzer-email');
    for (const [email, message] of [
      ['', 'Bitte prüfen Sie die Eingaben: „Email“ ist ein Pflichtfeld.'],
      ['   ', 'Bitte prüfen Sie die Eingaben: „Email“ ist ein Pflichtfeld.'],
      ['post-at-example.de', 'E-Mail-Adresse ist ungültig.'],
    ]) {
      const answer = await api.post('/node/api/benutzer-email').send({ benutzer_id: b.id, email });
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    const missing = await api.post('/node/api/benutzer-email').send({ benutzer_id: b.id });
    expect(missing.status).toBe(400);
    expect(await count('benutzer-email')).toBe(before);
  });

  it('takes as primary e-mail only one of the Benutzer’s own', async () => {
    const anna = (await api.post('/node/api/benutzer').send({ nachname: 'Anna' })).body;
    const bernd = (await api.post('/node/api/benutzer').send({ nachname: 'Bernd' })).body;
    const fremd = (
      await api.post('/node/api/benutzer-email').send({ benutzer_id: bernd.id, email: 'b@x.de' })
    ).body;
    const eigen = (await api.post('/node/api/benutzer-email').send({ benutzer_id: anna.id, email: 'a@x.de' }))
      .body;
    for (const primaeremail_id of [fremd.id, 999999]) {
      const answer = await api.put(`/node/api/benutzer/${anna.id}`).send({ primaeremail_id });
      expect([answer.status, answer.body.message]).toEqual([
        400,
        'Bitte prüfen Sie die Eingaben: „Primäre Email“ muss eine E-Mail-Adresse dieses Benutzers sein.',
      ]);
    }
    const created = await api.post('/node/api/benutzer').send({ nachname: 'Neu', primaeremail_id: eigen.id });
    expect(created.status).toBe(400);
    // Her first e-mail became her primary one; the refused changes left it so.
    expect((await api.get(`/node/api/benutzer/${anna.id}`)).body.primaeremail_id).toBe(eigen.id);
    expect((await api.put(`/node/api/benutzer/${anna.id}`).send({ primaeremail_id: eigen.id })).status).toBe(
      200,
    );
  });
});
