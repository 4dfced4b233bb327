import type request from 'supertest';
import type { AssociationMeta } from '../../common/resource-meta';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { mitarbeiterKonten, type MitarbeiterKonten } from '../support/mitarbeiter';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 26, the side doors to an account: tried as a member of staff without the admin right would,
 * over every path that writes a Benutzer (generic save, merge, password routes), and the hash that
 * must never leave the server over any route that answers a Benutzer.
 */
describe.each(databases())('side doors to staff accounts on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mia: request.Agent;
  let adminId: number;
  let benutzer: MitarbeiterKonten['benutzer'];
  let counter = 0;
  const MIA_PASSWORD = 'Seitentuer-im-Verband-26';
  const FREMD_PASSWORD = 'Fremdes-Kennwort-Birke-7';

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({
      admin,
      adminId,
      mitarbeiter: mia,
      benutzer,
    } = await mitarbeiterKonten(t, {
      nachname: 'Seitz',
      vorname: 'Mia',
      benutzername: 'mia-s',
      password: MIA_PASSWORD,
    }));
  });
  afterAll(() => t.close());

  const member = async (fields: Record<string, unknown> = {}) => {
    const created = await admin
      .post('/node/api/benutzer')
      .send({ nachname: `Mitglied${++counter}`, ...fields });
    expect(created.status).toBe(201);
    return created.body as { id: number; version: number };
  };
  const canLogIn = async (user: string, password: string) =>
    (await t.anonymous().set('X-Api-Request', '1').post('/node/login').send({ user, password })).status ===
    200;
  const expectRefused = (answer: request.Response, status: number, message: string | RegExp) => {
    expect(answer.status).toBe(status);
    expect(answer.body.message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
  };

  it('does not let a merge give anyone a password, the admin right, staff or a login', async () => {
    const fresh = await member();
    expect(
      (await mia.post(`/node/api/benutzer/${fresh.id}/password`).send({ password: FREMD_PASSWORD })).status,
    ).toBe(200);
    const before = await benutzer(adminId);
    for (const take of [['password'], ['atr_verband_admin'], ['atr_verband_mitarbeiter'], ['benutzername']]) {
      const answer = await mia
        .post('/node/api/benutzer/merge')
        .send({ staying_id: adminId, obsolete_id: fresh.id, take });
      expectRefused(answer, 400, /^Diese Felder können nicht übernommen werden/);
    }
    // Without take, a merge into or out of a staff account is an administrator's.
    expectRefused(
      await mia.post('/node/api/benutzer/merge').send({ staying_id: adminId, obsolete_id: fresh.id }),
      403,
      'Nur Administratoren dürfen Mitarbeiter zusammenführen.',
    );
    expectRefused(
      await mia.post('/node/api/benutzer/merge').send({ staying_id: fresh.id, obsolete_id: adminId }),
      403,
      'Nur Administratoren dürfen Mitarbeiter zusammenführen.',
    );
    expect(await benutzer(adminId)).toEqual(before);
    expect((await benutzer(fresh.id)).id).toBe(fresh.id);
    expect(await canLogIn('admin', FREMD_PASSWORD)).toBe(false);
    expect(await canLogIn('admin', ADMIN_PASSWORD)).toBe(true);
  });

  it('lets staff merge members, answering the merged Benutzer as a read does', async () => {
    const staying = await member({ vorname: 'Alt' });
    const obsolete = await member({ vorname: 'Neu' });
    await mia.post(`/node/api/benutzer/${obsolete.id}/password`).send({ password: FREMD_PASSWORD });
    const merged = await mia
      .post('/node/api/benutzer/merge')
      .send({ staying_id: staying.id, obsolete_id: obsolete.id, take: ['vorname'] });
    expect(merged.status).toBe(200);
    expect(merged.body.benutzer).toEqual(await benutzer(staying.id));
    expect(merged.body.benutzer.vorname).toBe('Neu');
    expect(JSON.stringify(merged.body)).not.toMatch(/scrypt|"password"/);
  });

  it('keeps the last active administrator through a merge (409), even as an administrator', async () => {
    const target = await member();
    const answer = await admin
      .post('/node/api/benutzer/merge')
      .send({ staying_id: target.id, obsolete_id: adminId });
    expectRefused(answer, 409, 'Es muss mindestens ein aktiver Administrator bleiben.');
    expect((await benutzer(adminId)).atr_verband_admin).toBe(true);
    expect((await benutzer(target.id)).id).toBe(target.id);
  });

  it('treats the login name following the kennnummer as a rename of the login', async () => {
    const created = await admin.post('/node/api/benutzer').send({
      nachname: 'Kenn',
      kennnummer: 'K-26',
      benutzername: 'K-26',
      atr_verband_mitarbeiter: true,
    });
    const id = created.body.id as number;
    const renameRefused = 'Nur Administratoren dürfen den Benutzernamen eines Mitarbeiters ändern.';
    expectRefused(await mia.put(`/node/api/benutzer/${id}`).send({ kennnummer: 'K-99' }), 403, renameRefused);
    // The first admin's login is its kennnummer: neither a new one nor none moves it.
    expectRefused(
      await mia.put(`/node/api/benutzer/${adminId}`).send({ kennnummer: 'admin2' }),
      403,
      renameRefused,
    );
    expectRefused(
      await mia.put(`/node/api/benutzer/${adminId}`).send({ kennnummer: null }),
      403,
      renameRefused,
    );
    expect(await canLogIn('admin', ADMIN_PASSWORD)).toBe(true);

    // Nobody renames the last active administrator or leaves a staff account without a login.
    expectRefused(
      await admin.put(`/node/api/benutzer/${adminId}`).send({ kennnummer: 'chef' }),
      409,
      /^Der Benutzername des letzten aktiven Administrators kann nicht geändert werden/,
    );
    expectRefused(
      await admin.put(`/node/api/benutzer/${id}`).send({ kennnummer: null }),
      400,
      'Ein Mitarbeiter braucht einen Benutzernamen.',
    );
    expect((await benutzer(id)).benutzername).toBe('K-26');
    expect((await benutzer(adminId)).benutzername).toBe('admin');

    // An administrator may rename another: the login follows, and the audit says so.
    const renamed = await admin.put(`/node/api/benutzer/${id}`).send({ kennnummer: 'K-27' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.benutzername).toBe('K-27');
    const trail = await admin.get('/node/api/audit').query({
      where: JSON.stringify({ resource: 'benutzer', record_id: id, action: 'update' }),
    });
    expect(trail.body[0]).toMatchObject({
      user_id: adminId,
      changes: { benutzername: { before: 'K-26', after: 'K-27' } },
    });
  });

  it('does not let staff change the verband of a member of staff', async () => {
    const before = await benutzer(adminId);
    expectRefused(
      await mia.put(`/node/api/benutzer/${adminId}`).send({ verband: before.verband === 2 ? 3 : 2 }),
      403,
      'Nur Administratoren dürfen den Verband eines Mitarbeiters ändern.',
    );
    expect((await benutzer(adminId)).verband).toBe(before.verband);
    const m = await member();
    expect((await mia.put(`/node/api/benutzer/${m.id}`).send({ verband: 2 })).status).toBe(200);
  });

  it('discards a password a member got before an administrator makes them staff', async () => {
    const m = await member({ benutzername: `wird-staff-${counter}` });
    expect(
      (await mia.post(`/node/api/benutzer/${m.id}/password`).send({ password: FREMD_PASSWORD })).status,
    ).toBe(200);
    expect((await admin.get(`/node/api/benutzer/${m.id}/password`)).body.gesetzt).toBe(true);
    expect(
      (await admin.put(`/node/api/benutzer/${m.id}`).send({ atr_verband_mitarbeiter: true })).status,
    ).toBe(200);
    expect((await admin.get(`/node/api/benutzer/${m.id}/password`)).body.gesetzt).toBe(false);
    expect(await canLogIn(`wird-staff-${counter}`, FREMD_PASSWORD)).toBe(false);
  });

  it('never answers a password hash, over any route that answers a Benutzer', async () => {
    const m = await member({ vorname: 'Hash' });
    await admin.post(`/node/api/benutzer/${m.id}/password`).send({ password: FREMD_PASSWORD });
    const other = await member();
    const employee = await member({ parent_id: m.id });
    const answers: request.Response[] = [
      await admin.get(`/node/api/benutzer/${m.id}`),
      await admin.get('/node/api/benutzer').query({ where: JSON.stringify({ id: m.id }) }),
      await admin
        .get('/node/api/benutzer')
        .query({ where: JSON.stringify({ id: employee.id }), include: JSON.stringify(['Parent']) }),
      await admin.get('/node/api/benutzer').query({ group: JSON.stringify(['password']) }),
      await admin.put(`/node/api/benutzer/${m.id}`).send({ vorname: 'Hashi', password: 'x' }),
      await admin.post('/node/api/benutzer').send({ nachname: 'Neu', password: FREMD_PASSWORD }),
      await admin.get('/node/loginInfo'),
      await admin.get(`/node/api/benutzer/${m.id}/password`),
      await admin
        .get('/node/api/audit')
        .query({ where: JSON.stringify({ resource: 'benutzer', record_id: m.id }) }),
      await admin.post('/node/api/benutzer/merge').send({ staying_id: m.id, obsolete_id: other.id }),
      await admin.get('/node/api/benutzer-email').query({ include: JSON.stringify(['Benutzer']), limit: 5 }),
    ];
    // Every resource's association to a Benutzer, included in a list of that resource.
    for (const resource of t.app.get(ResourceRegistry).names()) {
      const meta = (await admin.get(`/node/meta/${resource}`)).body as { associations: AssociationMeta[] };
      for (const association of meta.associations.filter((a) => a.resource === 'benutzer')) {
        const answer = await admin
          .get(`/node/api/${resource}`)
          .query({ include: JSON.stringify([association.name]), limit: 20 });
        expect([resource, association.name, answer.status]).toEqual([resource, association.name, 200]);
        answers.push(answer);
      }
    }
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      expect(JSON.stringify(answer.body)).not.toContain('scrypt');
    }
  });
});
