import type request from 'supertest';
import { createRecord } from '../support/crud';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Issue 5: merging users, e-mails, addresses and accounts — all or nothing. */
describe.each(databases())('merges on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t.close());

  const post = (resource: string, body: Record<string, unknown>) => createRecord(api, resource, body);
  const get = (resource: string, where: object) =>
    api
      .get(`/node/api/${resource}`)
      .query({ where: JSON.stringify(where) })
      .then((r) => r.body);

  /** Two duplicates of one person, each with contacts, groups and an employee. */
  async function duplicates() {
    const gruppeA = await post('benutzer-gruppe', {
      name: `Vorstand ${Math.random()}`,
      typ: 'Intern',
      zuordnung: 'benutzer',
    });
    const gruppeB = await post('benutzer-gruppe', {
      name: `Ausschuss ${Math.random()}`,
      typ: 'Intern',
      zuordnung: 'benutzer',
    });
    const staying = await post('benutzer', {
      vorname: 'Jürgen',
      nachname: 'Müller',
      kennnummer: 'M-1',
      Benutzer_Gruppes: [gruppeA.id],
    });
    const obsolete = await post('benutzer', {
      vorname: 'Jürgen',
      nachname: 'Mueller',
      titel: 'Dr.',
      tel1: '030 123456',
      kennnummer: 'M-2',
      Benutzer_Gruppes: [gruppeA.id, gruppeB.id],
    });
    const email = await post('benutzer-email', { benutzer_id: obsolete.id, email: 'j.mueller@kanzlei.de' });
    await api.put(`/node/api/benutzer/${obsolete.id}`).send({ primaeremail_id: email.id });
    const adresse = await post('benutzer-adresse', { benutzer_id: obsolete.id, zeile1: 'Hauptstraße 1' });
    const konto = await post('benutzer-konto', { benutzer_id: obsolete.id, iban: 'DE89370400440532013000' });
    const mitarbeiter = await post('benutzer', { nachname: 'Angestellte', parent_id: obsolete.id });
    await api.post(`/node/api/benutzer/${obsolete.id}/password`).send({ password: 'Altes-Passwort-1' });
    return { staying, obsolete, email, adresse, konto, mitarbeiter, gruppeA, gruppeB };
  }

  it('moves everything to the staying user, takes chosen fields, deletes the obsolete one', async () => {
    const d = await duplicates();
    const response = await api.post('/node/api/benutzer/merge').send({
      staying_id: d.staying.id,
      obsolete_id: d.obsolete.id,
      take: ['titel', 'tel1', 'primaeremail_id'],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Benutzer erfolgreich zusammengeführt');
    expect((await api.get(`/node/api/benutzer/${d.obsolete.id}`)).status).toBe(404);

    const merged = await api.get(`/node/api/benutzer/${d.staying.id}`).query({
      include: JSON.stringify([
        'Benutzer_Emails',
        'Benutzer_Adresses',
        'Benutzer_Kontos',
        'Mitarbeiter',
        'Benutzer_Gruppes',
      ]),
    });
    expect(merged.body).toMatchObject({
      nachname: 'Müller',
      kennnummer: 'M-1',
      titel: 'Dr.',
      tel1: '030 123456',
      primaeremail_id: d.email.id,
      anzeigename: 'Dr. Jürgen Müller',
    });
    expect(merged.body.Benutzer_Emails.map((e: { id: number }) => e.id)).toEqual([d.email.id]);
    expect(merged.body.Benutzer_Adresses.map((a: { id: number }) => a.id)).toEqual([d.adresse.id]);
    expect(merged.body.Benutzer_Kontos.map((k: { id: number }) => k.id)).toEqual([d.konto.id]);
    expect(merged.body.Mitarbeiter.map((m: { id: number }) => m.id)).toEqual([d.mitarbeiter.id]);
    expect(merged.body.Benutzer_Gruppes.map((g: { id: number }) => g.id).sort()).toEqual(
      [d.gruppeA.id, d.gruppeB.id].sort(),
    );
    // The password was not taken: the staying user has none.
    expect((await api.get(`/node/api/benutzer/${d.staying.id}/password`)).body).toEqual({ gesetzt: false });
  });

  it('lets an administrator merge a staff duplicate away without taking its login or password', async () => {
    const d = await duplicates();
    await api
      .put(`/node/api/benutzer/${d.obsolete.id}`)
      .send({ benutzername: 'jmueller', atr_verband_mitarbeiter: true });
    const takeLogin = await api.post('/node/api/benutzer/merge').send({
      staying_id: d.staying.id,
      obsolete_id: d.obsolete.id,
      take: ['password', 'benutzername', 'atr_verband_mitarbeiter'],
    });
    expect(takeLogin.status).toBe(400);
    const merged = await api
      .post('/node/api/benutzer/merge')
      .send({ staying_id: d.staying.id, obsolete_id: d.obsolete.id });
    expect(merged.status).toBe(200);
    expect(merged.body.benutzer).toMatchObject({ id: d.staying.id, atr_verband_mitarbeiter: false });
    expect(merged.body.benutzer).not.toHaveProperty('password');
    const login = await t
      .anonymous()
      .set('X-Api-Request', '1')
      .post('/node/login')
      .send({ user: 'jmueller', password: 'Altes-Passwort-1' });
    expect(login.status).toBe(401);
  });

  it('refuses bad requests and changes nothing', async () => {
    const d = await duplicates();
    const self = await api
      .post('/node/api/benutzer/merge')
      .send({ staying_id: d.staying.id, obsolete_id: d.staying.id });
    expect(self.status).toBe(409);
    const badTake = await api
      .post('/node/api/benutzer/merge')
      .send({ staying_id: d.staying.id, obsolete_id: d.obsolete.id, take: ['id'] });
    expect(badTake.status).toBe(400);
    const missing = await api
      .post('/node/api/benutzer/merge')
      .send({ staying_id: d.staying.id, obsolete_id: 999999 });
    expect(missing.status).toBe(404);
    expect((await api.get(`/node/api/benutzer/${d.obsolete.id}`)).status).toBe(200);
  });

  it('leaves both users unchanged when the merge fails halfway', async () => {
    const d = await duplicates();
    // Let the very last step, deleting the obsolete user, fail after all references were moved.
    const trigger =
      kind === 'sqlite'
        ? `CREATE TRIGGER merge_fails BEFORE DELETE ON benutzer WHEN OLD.id = ${d.obsolete.id} BEGIN SELECT RAISE(ABORT, 'Testfehler'); END`
        : `CREATE TRIGGER merge_fails BEFORE DELETE ON benutzer FOR EACH ROW BEGIN IF OLD.id = ${d.obsolete.id} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Testfehler'; END IF; END`;
    await t.dataSource.query(trigger);
    try {
      const response = await api
        .post('/node/api/benutzer/merge')
        .send({ staying_id: d.staying.id, obsolete_id: d.obsolete.id, take: ['titel'] });
      expect(response.status).toBe(500);
      expect(response.text).not.toMatch(/Testfehler|TRIGGER|benutzer_email/);
    } finally {
      await t.dataSource.query('DROP TRIGGER merge_fails');
    }
    expect((await get('benutzer-email', { id: d.email.id }))[0].benutzer_id).toBe(d.obsolete.id);
    expect((await get('benutzer-adresse', { id: d.adresse.id }))[0].benutzer_id).toBe(d.obsolete.id);
    expect((await get('benutzer-konto', { id: d.konto.id }))[0].benutzer_id).toBe(d.obsolete.id);
    expect((await get('benutzer', { id: d.mitarbeiter.id }))[0].parent_id).toBe(d.obsolete.id);
    expect(await get('benutzer-benutzer-gruppe', { benutzer_id: d.obsolete.id })).toHaveLength(2);
    expect((await get('benutzer', { id: d.staying.id }))[0].titel).toBeNull();
  });

  it('merges e-mails, moving group links and the primary e-mail reference', async () => {
    const b = await post('benutzer', { nachname: 'Mehrfach' });
    const gruppe = await post('benutzer-gruppe', {
      name: `NWG ${Math.random()}`,
      typ: 'NWG',
      zuordnung: 'email',
    });
    const kept = await post('benutzer-email', {
      benutzer_id: b.id,
      email: 'a@beispiel.de',
      Benutzer_Gruppes: [gruppe.id],
    });
    const gone = await post('benutzer-email', {
      benutzer_id: b.id,
      email: 'A@Beispiel.de',
      Benutzer_Gruppes: [gruppe.id],
    });
    await api.put(`/node/api/benutzer/${b.id}`).send({ primaeremail_id: gone.id, re_email_id: gone.id });
    const response = await api
      .post('/node/api/benutzer-email/merge')
      .send({ staying_id: kept.id, obsolete_id: gone.id });
    expect(response.body.message).toBe('Emails erfolgreich zusammengeführt');
    expect((await get('benutzer', { id: b.id }))[0]).toMatchObject({
      primaeremail_id: kept.id,
      re_email_id: kept.id,
    });
    expect(await get('benutzer-email-gruppe', { benutzer_gruppe_id: gruppe.id })).toEqual([
      expect.objectContaining({ benutzer_email_id: kept.id }),
    ]);
    expect((await api.get(`/node/api/benutzer-email/${gone.id}`)).status).toBe(404);
  });

  it('merges addresses and accounts of one user, and refuses those of different users', async () => {
    const b = await post('benutzer', { nachname: 'Adressen' });
    const other = await post('benutzer', { nachname: 'Fremd' });
    const a1 = await post('benutzer-adresse', { benutzer_id: b.id, zeile1: 'Alt 1', deaktiv: true });
    const a2 = await post('benutzer-adresse', { benutzer_id: b.id, zeile1: 'Neu 2' });
    await api.put(`/node/api/benutzer/${b.id}`).send({ re_adresse_id: a2.id, mi_adresse_id: a2.id });
    const merged = await api
      .post('/node/api/benutzer-adresse/merge')
      .send({ staying_id: a1.id, obsolete_id: a2.id });
    expect(merged.body.message).toBe('Adressen erfolgreich zusammengeführt');
    expect((await get('benutzer', { id: b.id }))[0]).toMatchObject({
      re_adresse_id: a1.id,
      mi_adresse_id: a1.id,
    });

    const k1 = await post('benutzer-konto', { benutzer_id: b.id, iban: 'DE89370400440532013000' });
    const k2 = await post('benutzer-konto', { benutzer_id: b.id, iban: 'DE89370400440532013000' });
    const kFremd = await post('benutzer-konto', { benutzer_id: other.id, iban: 'DE89370400440532013000' });
    expect(
      (await api.post('/node/api/benutzer-konto/merge').send({ staying_id: k1.id, obsolete_id: k2.id })).body
        .message,
    ).toBe('Kontos erfolgreich zusammengeführt');
    const refused = await api
      .post('/node/api/benutzer-konto/merge')
      .send({ staying_id: k1.id, obsolete_id: kFremd.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Es können nur Einträge desselben Benutzers zusammengeführt werden.');
    expect((await api.get(`/node/api/benutzer-konto/${kFremd.id}`)).status).toBe(200);
  });
});
