import type request from 'supertest';
import { mitarbeiterKonten, type MitarbeiterKonten } from '../support/mitarbeiter';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Issue 17, staff accounts: only an administrator makes a Benutzer staff, renames or deactivates a
 * staff account, grants the admin right or sets a staff account's password; everyone changes their
 * own password with the old one; staff passwords have 12 characters and are not common; one
 * active administrator always remains; each change is in the audit.
 */
describe.each(databases())('staff accounts on %s', (kind) => {
  let t: TestApp;
  let admin: request.Agent;
  let mia: request.Agent;
  let miaId: number;
  let adminId: number;
  let benutzer: MitarbeiterKonten['benutzer'];
  const MIA_PASSWORD = 'Lindenallee-im-Verband-26';

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({
      admin,
      adminId,
      mitarbeiter: mia,
      mitarbeiterId: miaId,
      benutzer,
    } = await mitarbeiterKonten(t, {
      nachname: 'Muster',
      vorname: 'Mia',
      benutzername: 'mia',
      password: MIA_PASSWORD,
    }));
  });
  afterAll(() => t.close());

  const member = async (nachname: string) =>
    (await admin.post('/node/api/benutzer').send({ nachname })).body as { id: number; version: number };

  it('has given the first admin the admin right', async () => {
    expect((await benutzer(adminId)).atr_verband_admin).toBe(true);
    expect((await benutzer(miaId)).atr_verband_admin).toBe(false);
  });

  it('refuses staff without the admin right every change of staff accounts with 403, changing nothing', async () => {
    const m = await member('Mitglied');
    const before = await benutzer(adminId);
    const count = (await admin.get('/node/api/benutzer?count=true&limit=1')).body.count;
    const attempts: [request.Test, string][] = [
      [
        mia.post('/node/api/benutzer').send({ nachname: 'Neu', atr_verband_mitarbeiter: true }),
        'Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.',
      ],
      [
        mia.put(`/node/api/benutzer/${m.id}`).send({ atr_verband_mitarbeiter: true }),
        'Nur Administratoren dürfen einen Benutzer zum Mitarbeiter machen.',
      ],
      [
        mia.put(`/node/api/benutzer/${miaId}`).send({ atr_verband_admin: true }),
        'Nur Administratoren dürfen Administratorrechte vergeben oder entziehen.',
      ],
      [
        mia.put(`/node/api/benutzer/${adminId}`).send({ benutzername: 'chef' }),
        'Nur Administratoren dürfen den Benutzernamen eines Mitarbeiters ändern.',
      ],
      [
        mia.put(`/node/api/benutzer/${adminId}`).send({ aktiviert: false }),
        'Nur Administratoren dürfen einem Mitarbeiter den Zugang entziehen.',
      ],
      [
        mia.delete(`/node/api/benutzer/${adminId}`),
        'Nur Administratoren dürfen einem Mitarbeiter den Zugang entziehen.',
      ],
      [
        mia.post(`/node/api/benutzer/${adminId}/password`).send({ password: 'Ganz-neues-Kennwort-1' }),
        'Nur Administratoren dürfen das Passwort eines Mitarbeiters setzen oder entfernen; das eigene ändern Sie in den Einstellungen.',
      ],
      [
        mia
          .post('/node/api/Benutzer/hashPassword')
          .send({ benutzer_id: adminId, password: 'Ganz-neues-Kennwort-1' }),
        'Nur Administratoren dürfen das Passwort eines Mitarbeiters setzen oder entfernen; das eigene ändern Sie in den Einstellungen.',
      ],
      [
        mia.delete(`/node/api/benutzer/${adminId}/password`),
        'Nur Administratoren dürfen das Passwort eines Mitarbeiters setzen oder entfernen; das eigene ändern Sie in den Einstellungen.',
      ],
    ];
    for (const [attempt, message] of attempts) {
      const answer = await attempt;
      // A refusal of its own, not "not logged in": the client shows it and mia stays logged in.
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([403, 'NUR_ADMIN', message]);
    }
    expect(await benutzer(adminId)).toEqual(before);
    expect((await benutzer(m.id)).atr_verband_mitarbeiter).toBe(false);
    expect((await admin.get('/node/api/benutzer?count=true&limit=1')).body.count).toBe(count);
    // The admin's password still works, and mia's session too.
    await t.login('admin', ADMIN_PASSWORD);
    expect((await mia.get('/node/loginInfo')).status).toBe(200);
  });

  it('lets staff without the admin right edit members and set their passwords by the rules', async () => {
    const m = await member('Kunde');
    const edited = await mia.put(`/node/api/benutzer/${m.id}`).send({ vorname: 'Karl', version: m.version });
    expect(edited.status).toBe(200);
    const weak = await mia.post(`/node/api/benutzer/${m.id}/password`).send({ password: 'kurz-1' });
    expect([weak.status, weak.body.message]).toEqual([
      400,
      'Das Passwort muss mindestens 12 Zeichen lang sein.',
    ]);
    const common = await mia.post(`/node/api/benutzer/${m.id}/password`).send({ password: 'Passwort12345' });
    expect([common.status, common.body.message]).toEqual([
      400,
      'Dieses Passwort ist zu leicht zu erraten; bitte ein anderes wählen.',
    ]);
    expect((await mia.get(`/node/api/benutzer/${m.id}/password`)).body.gesetzt).toBe(false);
    expect(
      (await mia.post(`/node/api/benutzer/${m.id}/password`).send({ password: 'Karls-Kanzlei-Nord' })).status,
    ).toBe(200);
  });

  it('lets everyone change their own password only with the old one and by the rules, audited', async () => {
    const weak = await mia
      .post('/node/setPassword')
      .send({ old_password: MIA_PASSWORD, password: 'mia-1234567890' });
    expect([weak.status, weak.body.message]).toEqual([
      400,
      'Das Passwort darf den Benutzernamen nicht enthalten.',
    ]);
    const wrongOld = await mia
      .post('/node/setPassword')
      .send({ old_password: 'falsch', password: 'Neues-Kennwort-Eiche' });
    expect(wrongOld.status).toBe(409);
    const ok = await mia
      .post('/node/setPassword')
      .send({ old_password: MIA_PASSWORD, password: 'Neues-Kennwort-Eiche' });
    expect(ok.status).toBe(200);
    await t.login('mia', 'Neues-Kennwort-Eiche');
    const trail = await admin.get(
      `/node/api/audit?where=${encodeURIComponent(JSON.stringify({ resource: 'benutzer', record_id: miaId, action: 'password' }))}`,
    );
    // Newest first: Mia's own change, then the admin's setting of her first password.
    expect(trail.body.map((r: { user_id: number }) => r.user_id)).toEqual([miaId, adminId]);
    await mia
      .post('/node/setPassword')
      .send({ old_password: 'Neues-Kennwort-Eiche', password: MIA_PASSWORD });
  });

  it('lets an administrator grant the admin right, audited, and keeps one active administrator', async () => {
    const selfDemotion = await admin.put(`/node/api/benutzer/${adminId}`).send({ atr_verband_admin: false });
    expect([selfDemotion.status, selfDemotion.body.message]).toEqual([
      409,
      'Es muss mindestens ein aktiver Administrator bleiben.',
    ]);
    expect((await admin.delete(`/node/api/benutzer/${adminId}`)).status).toBe(409);
    const weak = await admin.post(`/node/api/benutzer/${miaId}/password`).send({ password: 'qwertzuiop123' });
    expect(weak.status).toBe(400);

    expect((await admin.put(`/node/api/benutzer/${miaId}`).send({ atr_verband_admin: true })).status).toBe(
      200,
    );
    const trail = await admin.get(
      `/node/api/audit?where=${encodeURIComponent(JSON.stringify({ resource: 'benutzer', record_id: miaId, action: 'update' }))}`,
    );
    expect(trail.body[0].changes).toEqual({ atr_verband_admin: { before: false, after: true } });
    // Now Mia may, and the first admin may step down.
    expect((await mia.put(`/node/api/benutzer/${adminId}`).send({ atr_verband_admin: false })).status).toBe(
      200,
    );
    const last = await mia.put(`/node/api/benutzer/${miaId}`).send({ atr_verband_admin: false });
    expect(last.status).toBe(409);
    expect((await mia.put(`/node/api/benutzer/${adminId}`).send({ atr_verband_admin: true })).status).toBe(
      200,
    );
  });
});
