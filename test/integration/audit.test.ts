import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

const STALE = 'Der Eintrag wurde inzwischen geändert. Bitte neu laden.';

interface AuditRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  resource: string;
  record_id: number;
  action: string;
  changes: Record<string, { before?: unknown; after?: unknown }> | null;
}

/** Issue 17: concurrent edits are not lost, and every change is audited in its own transaction. */
describe.each(databases())('edit versions and audit trail on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let adminId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    adminId = (await api.get('/node/loginInfo')).body.id;
  });
  afterAll(() => t.close());

  const trail = async (resource: string, recordId: number): Promise<AuditRow[]> => {
    const answer = await api.get('/node/api/audit').query({
      where: JSON.stringify({ resource, record_id: recordId }),
      order: JSON.stringify([['id', 'ASC']]),
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  const newBenutzer = async (nachname: string) => {
    const created = await api.post('/node/api/benutzer').send({ nachname, vorname: 'Eva' });
    expect(created.status).toBe(201);
    return created.body as { id: number; version: number; nachname: string };
  };

  describe('concurrent edits', () => {
    it('starts at version 1 and raises it with every save', async () => {
      const b = await newBenutzer('Version');
      expect(b.version).toBe(1);
      const saved = await api.put(`/node/api/benutzer/${b.id}`).send({ ...b, tel1: '0221 1' });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(2);
      // The answer is what the form keeps: saving it again is not stale.
      const again = await api.put(`/node/api/benutzer/${b.id}`).send({ ...saved.body, tel1: '0221 2' });
      expect(again.status).toBe(200);
      expect(again.body.version).toBe(3);
    });

    it('refuses a save based on an older version and keeps the newer data', async () => {
      const b = await newBenutzer('Zweimal');
      const first = await api.put(`/node/api/benutzer/${b.id}`).send({ ...b, vorname: 'Erste' });
      expect(first.status).toBe(200);
      const second = await api.put(`/node/api/benutzer/${b.id}`).send({ ...b, vorname: 'Zweite' });
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(STALE);
      const stored = (await api.get(`/node/api/benutzer/${b.id}`)).body;
      expect(stored).toMatchObject({ vorname: 'Erste', version: 2 });
    });

    it('lets exactly one of two simultaneous saves of the same version through', async () => {
      const b = await newBenutzer('Gleichzeitig');
      const answers = await Promise.all(
        ['Links', 'Rechts'].map((vorname) => api.put(`/node/api/benutzer/${b.id}`).send({ ...b, vorname })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.vorname;
      expect((await api.get(`/node/api/benutzer/${b.id}`)).body).toMatchObject({
        vorname: winner,
        version: 2,
      });
    });

    it('still takes saves that carry no version (workflows, partial updates)', async () => {
      const b = await newBenutzer('Ohne');
      const saved = await api.put(`/node/api/benutzer/${b.id}`).send({ tel1: '1' });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(2);
    });

    it('refuses a version that is no number with a German field message', async () => {
      const b = await newBenutzer('Unsinn');
      const answer = await api.put(`/node/api/benutzer/${b.id}`).send({ ...b, version: 'zwei' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('„Version“ ist ungültig');
    });

    it('raises the version when only the links change', async () => {
      const gruppe = await api.post('/node/api/benutzer-gruppe').send({ name: 'Links', typ: 'Intern' });
      const b = await newBenutzer('Verknüpft');
      const saved = await api
        .put(`/node/api/benutzer/${b.id}`)
        .send({ version: b.version, Benutzer_Gruppes: [gruppe.body.id] });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(2);
      const stale = await api.put(`/node/api/benutzer/${b.id}`).send({ version: 1, Benutzer_Gruppes: [] });
      expect(stale.status).toBe(409);
    });
  });

  describe('audit trail', () => {
    it('records who created, changed and deleted a record, with the changed fields', async () => {
      const b = await newBenutzer('Protokoll');
      const saved = await api.put(`/node/api/benutzer/${b.id}`).send({ ...b, nachname: 'Protokolliert' });
      expect(saved.status).toBe(200);
      // A save that changes nothing leaves no entry.
      expect((await api.put(`/node/api/benutzer/${b.id}`).send(saved.body)).status).toBe(200);
      expect((await api.delete(`/node/api/benutzer/${b.id}`)).status).toBe(200);

      const rows = await trail('benutzer', b.id);
      expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
      for (const row of rows) expect(row).toMatchObject({ user_id: adminId, user_name: expect.any(String) });
      expect(rows[0].changes).toMatchObject({ nachname: { after: 'Protokoll' }, vorname: { after: 'Eva' } });
      // The derived names change with it; unchanged fields are not listed.
      expect(rows[1].changes).toEqual({
        nachname: { before: 'Protokoll', after: 'Protokolliert' },
        sortname: { before: 'Protokoll, Eva', after: 'Protokolliert, Eva' },
        anzeigename: { before: 'Eva Protokoll', after: 'Eva Protokolliert' },
        ansprache: { before: 'Sehr geehrte(r) Protokoll', after: 'Sehr geehrte(r) Protokolliert' },
      });
      expect(rows[2].changes).toMatchObject({ nachname: { before: 'Protokolliert' } });
    });

    it('records link changes as id lists', async () => {
      const gruppe = await api.post('/node/api/benutzer-gruppe').send({ name: 'Audit', typ: 'Intern' });
      const b = await newBenutzer('Gruppiert');
      await api.put(`/node/api/benutzer/${b.id}`).send({ Benutzer_Gruppes: [gruppe.body.id] });
      const [, update] = await trail('benutzer', b.id);
      expect(update.changes).toEqual({ Benutzer_Gruppes: { before: [], after: [gruppe.body.id] } });
    });

    it('says that a password was set or removed, never what it is', async () => {
      const b = await newBenutzer('Geheim');
      expect(
        (await api.post(`/node/api/benutzer/${b.id}/password`).send({ password: 'Geheimes-Wort-123' }))
          .status,
      ).toBe(200);
      expect((await api.delete(`/node/api/benutzer/${b.id}/password`)).status).toBe(200);
      const rows = await trail('benutzer', b.id);
      expect(rows.map((r) => [r.action, r.changes])).toEqual([
        ['create', expect.anything()],
        ['password', null],
        ['password-removed', null],
      ]);
      const stored: { changes: string | null }[] = await t.dataSource.query('SELECT changes FROM audit');
      expect(stored.some((r) => /password|scrypt|Geheimes-Wort-123/.test(r.changes ?? ''))).toBe(false);
    });

    it('records both records of a merge', async () => {
      const staying = await newBenutzer('Bleibt');
      const obsolete = await newBenutzer('Geht');
      await api.put(`/node/api/benutzer/${obsolete.id}`).send({ firma: 'Geht GmbH' });
      const merge = await api
        .post('/node/api/benutzer/merge')
        .send({ staying_id: staying.id, obsolete_id: obsolete.id, take: ['firma'] });
      expect(merge.status).toBe(200);
      const [stayingEntry] = (await trail('benutzer', staying.id)).filter((r) => r.action === 'merge');
      expect(stayingEntry.changes).toMatchObject({
        firma: { before: null, after: 'Geht GmbH' },
        obsolete_id: { before: obsolete.id },
      });
      const [obsoleteEntry] = (await trail('benutzer', obsolete.id)).filter((r) => r.action === 'merge');
      expect(obsoleteEntry.changes).toMatchObject({
        nachname: { before: 'Geht' },
        staying_id: { after: staying.id },
      });
    });

    it('writes nothing when the change is rolled back', async () => {
      const b = await newBenutzer('Bleibt da');
      const before = (await trail('benutzer', b.id)).length;
      // The second id does not exist: the whole delete is undone, the first record's entry too.
      const answer = await api.delete('/node/api/benutzer').send([b.id, 999_999]);
      expect(answer.status).toBe(404);
      expect((await api.get(`/node/api/benutzer/${b.id}`)).status).toBe(200);
      expect(await trail('benutzer', b.id)).toHaveLength(before);
    });

    it('is read-only and readable with German labels', async () => {
      expect((await api.post('/node/api/audit').send({ resource: 'x', action: 'create' })).status).toBe(409);
      const rows = (await api.get('/node/api/audit').query({ limit: 1 })).body as AuditRow[];
      expect(rows).toHaveLength(1);
      expect((await api.put(`/node/api/audit/${rows[0].id}`).send({ action: 'delete' })).status).toBe(409);
      expect((await api.delete(`/node/api/audit/${rows[0].id}`)).status).toBe(409);
      const meta = (await api.get('/node/meta/audit')).body;
      expect(meta.operations).toEqual({ create: false, update: false, delete: false });
    });
  });
});
