import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** The query language of DESIGN.md §3 against known data, on every database. */
describe.each(databases())('generic resource API on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  const ids: Record<string, number> = {};

  const list = async (query: Record<string, unknown>, resource = 'benutzer') => {
    const encoded = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const response = await api.get(`/node/api/${resource}`).query(encoded);
    if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
    return response.body;
  };
  const names = async (where: unknown) =>
    (await list({ where, attributes: ['nachname'], order: [['nachname', 'ASC']] })).map(
      (r: { nachname: string }) => r.nachname,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    const gruppe = await api
      .post('/node/api/benutzer-gruppe')
      .send({ name: 'Vorstand', typ: 'Intern', zuordnung: 'benutzer' });
    ids.gruppe = gruppe.body.id;
    const people = [
      {
        nachname: 'Müller',
        vorname: 'Jürgen',
        gender: 'male',
        atr_mitglied: true,
        stb_datum: '2020-05-01',
        kennnummer: 'K1',
      },
      {
        nachname: 'Schäfer',
        vorname: 'Anna',
        gender: 'female',
        atr_mitglied: true,
        stb_datum: '2024-01-15',
        kennnummer: 'K2',
      },
      { nachname: 'Özdemir', vorname: 'Can', gender: 'male', atr_mitglied: false, kennnummer: 'K3' },
      {
        nachname: 'Weber',
        vorname: 'Lena',
        gender: null,
        atr_mitglied: false,
        stb_datum: '2025-12-31',
        kennnummer: 'K4',
      },
    ];
    for (const p of people) {
      const created = await api
        .post('/node/api/benutzer')
        .send({ ...p, Benutzer_Gruppes: p.atr_mitglied ? [ids.gruppe] : [] });
      expect(created.status).toBe(201);
      ids[p.nachname] = created.body.id;
      const email = await api
        .post('/node/api/benutzer-email')
        .send({ benutzer_id: created.body.id, email: `${p.kennnummer.toLowerCase()}@beispiel.de` });
      await api.put(`/node/api/benutzer/${created.body.id}`).send({ primaeremail_id: email.body.id });
    }
    await api
      .post('/node/api/benutzer-email')
      .send({ benutzer_id: ids['Müller'], email: 'juergen@privat.de' });
    await api.put(`/node/api/benutzer/${ids['Weber']}`).send({ parent_id: ids['Müller'] });
  });
  afterAll(() => t.close());

  it('filters by equality, null and shorthand lists', async () => {
    expect(await names({ atr_mitglied: true, nachname: { $ne: 'Administrator' } })).toEqual([
      'Müller',
      'Schäfer',
    ]);
    expect(await names({ gender: null, atr_verband_mitarbeiter: false })).toEqual(['Weber']);
    expect(await names({ kennnummer: ['K1', 'K3'] })).toEqual(['Müller', 'Özdemir']);
  });

  it('supports every comparison operator', async () => {
    expect(await names({ stb_datum: { $gt: '2020-05-01' } })).toEqual(['Schäfer', 'Weber']);
    expect(await names({ stb_datum: { $gte: '2020-05-01', $lt: '2025-01-01' } })).toEqual([
      'Müller',
      'Schäfer',
    ]);
    expect(await names({ stb_datum: { $lte: '2020-05-01' } })).toEqual(['Müller']);
    expect(await names({ stb_datum: { $between: ['2024-01-01', '2025-12-31'] } })).toEqual([
      'Schäfer',
      'Weber',
    ]);
    expect(await names({ kennnummer: { $in: ['K2', 'K4'] } })).toEqual(['Schäfer', 'Weber']);
    expect(await names({ kennnummer: { $notIn: ['K1', 'K2', 'admin'] } })).toEqual(['Özdemir', 'Weber']);
    expect(await names({ kennnummer: { $eq: 'K2' } })).toEqual(['Schäfer']);
    expect(await names({ kennnummer: { $ne: 'admin' }, stb_datum: { $not: null } })).toEqual([
      'Müller',
      'Schäfer',
      'Weber',
    ]);
    expect(await names({ atr_mitglied: { $not: true }, kennnummer: { $ne: 'admin' } })).toEqual([
      'Özdemir',
      'Weber',
    ]);
  });

  it('matches $like case-insensitively, umlauts included, and $notLike', async () => {
    expect(await names({ nachname: { $like: 'müller' } })).toEqual(['Müller']);
    expect(await names({ nachname: { $like: '%SCHÄF%' } })).toEqual(['Schäfer']);
    expect(await names({ nachname: { $like: 'özd%' } })).toEqual(['Özdemir']);
    expect(await names({ nachname: { $notLike: '%Ä%' }, kennnummer: { $ne: 'admin' } })).toEqual([
      'Müller',
      'Özdemir',
      'Weber',
    ]);
  });

  it('combines $or, $and and association paths', async () => {
    expect(
      await names({ $or: [{ kennnummer: 'K1' }, { $and: [{ gender: 'female' }, { atr_mitglied: true }] }] }),
    ).toEqual(['Müller', 'Schäfer']);
    const rows = await list({
      where: { '$Benutzer_Emails.email$': { $like: '%privat%' } },
      include: ['Benutzer_Emails'],
      attributes: ['id', 'nachname'],
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].nachname).toBe('Müller');
    // As in Sequelize, a "$Assoc.field$" condition narrows the included rows of that join too.
    expect(rows[0].Benutzer_Emails).toEqual([expect.objectContaining({ email: 'juergen@privat.de' })]);
  });

  it('includes associations with attributes, where, required and nesting', async () => {
    const [mueller] = await list({
      where: { id: ids['Müller'] },
      attributes: ['id', 'nachname'],
      include: [
        { association: 'Primaeremail', attributes: ['email'] },
        {
          association: 'Mitarbeiter',
          attributes: ['id', 'nachname'],
          include: [{ association: 'Benutzer_Emails', attributes: ['email'] }],
        },
        { association: 'Benutzer_Gruppes', attributes: ['name'] },
      ],
    });
    expect(mueller.Primaeremail).toEqual({ id: expect.any(Number), email: 'k1@beispiel.de' });
    expect(mueller.Mitarbeiter).toEqual([
      {
        id: ids['Weber'],
        nachname: 'Weber',
        Benutzer_Emails: [{ id: expect.any(Number), email: 'k4@beispiel.de' }],
      },
    ]);
    expect(mueller.Benutzer_Gruppes).toEqual([{ id: ids.gruppe, name: 'Vorstand' }]);
    expect(mueller.vorname).toBeUndefined();

    const filtered = await list({
      attributes: ['nachname'],
      include: [
        { association: 'Benutzer_Emails', where: { email: { $like: '%privat%' } }, attributes: ['email'] },
      ],
    });
    expect(filtered.map((r: { nachname: string }) => r.nachname)).toEqual(['Müller']);
    expect(filtered[0].Benutzer_Emails).toEqual([{ id: expect.any(Number), email: 'juergen@privat.de' }]);

    const optional = await list({
      where: { kennnummer: ['K1', 'K3'] },
      attributes: ['nachname'],
      include: [{ association: 'Benutzer_Emails', where: { email: { $like: '%privat%' } }, required: false }],
      order: [['nachname', 'ASC']],
    });
    expect(optional.map((r: { Benutzer_Emails: unknown[] }) => r.Benutzer_Emails.length)).toEqual([1, 0]);
  });

  it('orders, pages and counts, also across to-many includes', async () => {
    const order = [['nachname', 'DESC']];
    const page = await list({
      where: { kennnummer: { $ne: 'admin' } },
      attributes: ['nachname'],
      order,
      limit: 2,
      offset: 1,
      count: 'true',
    });
    expect(page.count).toBe(4);
    // German order: Ö sorts as O.
    expect(page.rows.map((r: { nachname: string }) => r.nachname)).toEqual(['Schäfer', 'Özdemir']);
    const withEmails = await list({
      where: { kennnummer: { $ne: 'admin' } },
      include: ['Benutzer_Emails'],
      attributes: ['nachname'],
      order: [['nachname', 'ASC']],
      limit: 1,
      count: 'true',
    });
    expect(withEmails.count).toBe(4);
    expect(withEmails.rows).toHaveLength(1);
    expect(withEmails.rows[0].Benutzer_Emails).toHaveLength(2);
    const byEmail = await list({
      include: [{ association: 'Primaeremail', attributes: ['email'] }],
      attributes: ['nachname'],
      order: [['Primaeremail.email', 'DESC']],
      limit: 1,
    });
    expect(byEmail[0].nachname).toBe('Weber');
  });

  it('pages over records first and loads each to-many include for exactly that page', async () => {
    const query = {
      where: { kennnummer: { $ne: 'admin' } },
      include: [{ association: 'Benutzer_Emails', attributes: ['email'] }],
      attributes: ['nachname'],
      order: [['nachname', 'ASC']],
    };
    const all = await list(query);
    // German order with a to-many include too (SQLite sorted those by bytes: Özdemir last).
    expect(all.map((r: { nachname: string }) => r.nachname)).toEqual([
      'Müller',
      'Özdemir',
      'Schäfer',
      'Weber',
    ]);
    expect(all[0].Benutzer_Emails.map((e: { email: string }) => e.email)).toEqual([
      'k1@beispiel.de',
      'juergen@privat.de',
    ]);
    expect(await list({ ...query, limit: 1 })).toEqual(all.slice(0, 1));
    expect(await list({ ...query, limit: 2, offset: 1, count: 'true' })).toEqual({
      count: 4,
      rows: all.slice(1, 3),
    });
    expect(await list({ ...query, offset: 2 })).toEqual(all.slice(2));
    // The count travels with the page's rows; a page without rows still has it.
    expect(await list({ ...query, limit: 2, offset: 10, count: 'true' })).toEqual({ count: 4, rows: [] });
    expect(await list({ ...query, limit: 0, count: 'true' })).toEqual({ count: 4, rows: [] });
  });

  it('counts roots, not joined rows, for association filters and required includes', async () => {
    const withEmails = await list({
      where: { kennnummer: { $ne: 'admin' }, '$Benutzer_Emails.email$': { $like: '%e%' } },
      attributes: ['nachname'],
      order: [['nachname', 'ASC']],
      count: 'true',
    });
    expect(withEmails.count).toBe(4);
    expect(withEmails.rows.map((r: { nachname: string }) => r.nachname)).toEqual([
      'Müller',
      'Özdemir',
      'Schäfer',
      'Weber',
    ]);
    const members = await list({
      include: [{ association: 'Benutzer_Gruppes', where: { name: 'Vorstand' }, attributes: ['name'] }],
      attributes: ['nachname'],
      order: [['nachname', 'DESC']],
      limit: 1,
      count: 'true',
    });
    expect(members).toEqual({
      count: 2,
      rows: [
        { id: ids['Schäfer'], nachname: 'Schäfer', Benutzer_Gruppes: [{ id: ids.gruppe, name: 'Vorstand' }] },
      ],
    });
    const sorted = await api
      .get('/node/api/benutzer')
      .query({ include: '["Benutzer_Emails"]', order: '[["Benutzer_Emails.email","ASC"]]' });
    expect(sorted.status).toBe(400);
    expect(sorted.body.message).toBe(
      'Sortierung nach "Benutzer_Emails.email" ist nicht möglich: "Benutzer_Emails" hat mehrere Einträge je Zeile.',
    );
  });

  it('counts all groups and distinct rows, not those of the page', async () => {
    const where = { kennnummer: { $ne: 'admin' } };
    expect(
      await list({ where, group: ['gender'], order: [['count', 'DESC']], limit: 1, count: 'true' }),
    ).toEqual({
      count: 3,
      rows: [{ gender: 'male', count: 2 }],
    });
    expect(
      await list({ attributes: ['gender'], distinct: 'true', where, limit: 2, offset: 1, count: 'true' }),
    ).toEqual({ count: 3, rows: [{ gender: 'female' }, { gender: 'male' }] });
    // A page past the end still counts all of them.
    expect(await list({ where, group: ['gender'], limit: 2, offset: 5, count: 'true' })).toEqual({
      count: 3,
      rows: [],
    });
  });

  it('refuses a limit above 1000 by default', async () => {
    const response = await api.get('/node/api/benutzer').query({ limit: '1001' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Es können höchstens 1000 Einträge auf einmal abgefragt werden.');
    expect((await api.get('/node/api/benutzer').query({ limit: '1000' })).status).toBe(200);
  });

  it('groups with counts and lists distinct values', async () => {
    const groups = await list({
      where: { kennnummer: { $ne: 'admin' } },
      group: ['atr_mitglied'],
      order: [['atr_mitglied', 'ASC']],
    });
    expect(groups).toEqual([
      { atr_mitglied: false, count: 2 },
      { atr_mitglied: true, count: 2 },
    ]);
    const genders = await list({
      attributes: ['gender'],
      distinct: 'true',
      where: { kennnummer: { $ne: 'admin' } },
      order: [['gender', 'ASC']],
    });
    expect(genders).toEqual([{ gender: null }, { gender: 'female' }, { gender: 'male' }]);
  });

  it('answers group and distinct fields of to-one associations nested in their objects', async () => {
    const where = { kennnummer: { $ne: 'admin' } };
    expect(await list({ where, group: ['$Parent.nachname$'], order: [['count', 'DESC']] })).toEqual([
      { Parent: { nachname: null }, count: 3 },
      { Parent: { nachname: 'Müller' }, count: 1 },
    ]);
    expect(
      await list({
        where: { kennnummer: ['K1', 'K2'] },
        attributes: ['atr_mitglied', 'Primaeremail.email'],
        distinct: 'true',
        order: [['Primaeremail.email', 'DESC']],
      }),
    ).toEqual([
      { atr_mitglied: true, Primaeremail: { email: 'k2@beispiel.de' } },
      { atr_mitglied: true, Primaeremail: { email: 'k1@beispiel.de' } },
    ]);
    const unknown = await api
      .get('/node/api/benutzer')
      .query({ group: '["gender"]', attributes: '["gender","5Y5[8"]' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unbekanntes Feld "5Y5[8" bei "benutzer".');
  });

  it('searches the registered fields word by word, umlauts included', async () => {
    const rows = await list({ search: 'jürgen müller', attributes: ['nachname'] });
    expect(rows.map((r: { nachname: string }) => r.nachname)).toEqual(['Müller']);
    expect(await list({ search: 'k4@beispiel', attributes: ['nachname'] })).toEqual([
      { id: ids['Weber'], nachname: 'Weber' },
    ]);
  });

  it('answers an ETag and 304 for an unchanged list', async () => {
    const first = await api.get('/node/api/benutzer').query({ attributes: '["id"]' });
    expect(first.headers.etag).toBeDefined();
    const again = await api
      .get('/node/api/benutzer')
      .query({ attributes: '["id"]' })
      .set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    await api.put(`/node/api/benutzer/${ids['Özdemir']}`).send({ vorname: 'Cem' });
    const changed = await api
      .get('/node/api/benutzer')
      .query({ attributes: '["id","vorname"]' })
      .set('If-None-Match', first.headers.etag);
    expect(changed.status).toBe(200);
  });

  it('creates, reads, updates (with link lists) and deletes', async () => {
    const created = await api
      .post('/node/api/benutzer')
      .send({ nachname: 'Neumann', Benutzer_Gruppes: [ids.gruppe], Unbekannt: 'wird ignoriert' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ nachname: 'Neumann', aktiviert: true, atr_mitglied: false });
    const read = await api
      .get(`/node/api/benutzer/${created.body.id}`)
      .query({ include: '["Benutzer_Gruppes"]' });
    expect(read.body.Benutzer_Gruppes.map((g: { id: number }) => g.id)).toEqual([ids.gruppe]);
    const updated = await api
      .put(`/node/api/benutzer/${created.body.id}`)
      .send({ vorname: 'Björn', Benutzer_Gruppes: [] });
    expect(updated.body.vorname).toBe('Björn');
    const reread = await api
      .get(`/node/api/benutzer/${created.body.id}`)
      .query({ include: '["Benutzer_Gruppes"]' });
    expect(reread.body.Benutzer_Gruppes).toEqual([]);
    expect((await api.delete(`/node/api/benutzer/${created.body.id}`)).status).toBe(200);
    expect((await api.get(`/node/api/benutzer/${created.body.id}`)).status).toBe(404);
    expect((await api.delete(`/node/api/benutzer/${created.body.id}`)).status).toBe(404);
  });

  it('deletes several link rows at once', async () => {
    const links = await list({ where: { benutzer_gruppe_id: ids.gruppe } }, 'benutzer-benutzer-gruppe');
    expect(links.length).toBe(2);
    const response = await api
      .delete('/node/api/benutzer-benutzer-gruppe')
      .send(links.map((l: { id: number }) => l.id));
    expect(response.body).toEqual({ deleted: 2 });
    expect(await list({ where: { benutzer_gruppe_id: ids.gruppe } }, 'benutzer-benutzer-gruppe')).toEqual([]);
  });

  it('refuses bad values with German field messages and changes nothing', async () => {
    const before = await list({ attributes: ['id'], count: 'true' });
    const bad = await api
      .post('/node/api/benutzer')
      .send({ nachname: 'X', gender: 'divers', stb_datum: '31.02.2024', aktiviert: 'vielleicht' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Bitte prüfen Sie die Eingaben/);
    expect(bad.body.errors).toEqual({
      gender: expect.stringMatching(/unzulässigen Wert/),
      stb_datum: expect.stringMatching(/Datum/),
      aktiviert: expect.stringMatching(/wahr oder falsch/),
    });
    const missing = await api.post('/node/api/benutzer-email').send({ email: 'ohne@benutzer.de' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.benutzer_id).toBe('ist ein Pflichtfeld');
    const orphan = await api.post('/node/api/benutzer-email').send({ benutzer_id: 999999, email: 'x@y.de' });
    expect(orphan.status).toBe(409);
    expect((await list({ attributes: ['id'], count: 'true' })).count).toBe(before.count);
  });

  it('never lets a password hash out or in through the generic API', async () => {
    const admin = (await list({ where: { benutzername: 'admin' } }))[0];
    expect(admin).not.toHaveProperty('password');
    await api.put(`/node/api/benutzer/${admin.id}`).send({ password: 'gesetzt-ueber-die-api' });
    expect(
      (
        await t
          .anonymous()
          .set('X-Api-Request', '1')
          .post('/node/login')
          .send({ user: 'admin', password: 'gesetzt-ueber-die-api' })
      ).status,
    ).toBe(401);
    const filter = await api
      .get('/node/api/benutzer')
      .query({ where: JSON.stringify({ password: { $like: 's%' } }) });
    expect(filter.status).toBe(400);
  });

  it.each([
    ['unknown resource', '/node/api/gibt-es-nicht', {}, /Unbekannte Ressource "gibt-es-nicht"/],
    ['unknown field', '/node/api/benutzer', { where: '{"foo":1}' }, /Unbekanntes Feld "foo"/],
    [
      'hostile key',
      '/node/api/benutzer',
      { where: '{"1=1 OR nachname":1}' },
      /Unbekanntes Feld "1=1 OR nachname"/,
    ],
    [
      'hostile association path',
      '/node/api/benutzer',
      { where: '{"$Benutzer_Emails.email) OR (1=1$":1}' },
      /Unbekanntes Feld/,
    ],
    [
      'unknown operator',
      '/node/api/benutzer',
      { where: '{"nachname":{"$regexp":"x"}}' },
      /Unbekannter Operator "\$regexp"/,
    ],
    [
      'unknown association',
      '/node/api/benutzer',
      { include: '["Passwoerter"]' },
      /Unbekannte Verknüpfung "Passwoerter"/,
    ],
    [
      'hostile order field',
      '/node/api/benutzer',
      { order: '[["nachname; DROP TABLE benutzer","ASC"]]' },
      /Unbekanntes Feld/,
    ],
    [
      'hostile order direction',
      '/node/api/benutzer',
      { order: '[["nachname","ASC; DROP TABLE benutzer"]]' },
      /Sortierrichtung/,
    ],
    [
      'object as value',
      '/node/api/benutzer',
      { where: '{"nachname":{"$eq":{"$gt":""}}}' },
      /Ungültiger Wert/,
    ],
    ['broken JSON', '/node/api/benutzer', { where: '{"nachname":' }, /kein gültiges JSON/],
    ['negative limit', '/node/api/benutzer', { limit: '-1' }, /limit/],
    ['bad id', '/node/api/benutzer/1%20OR%201=1', {}, /Ungültige ID/],
  ])('answers 400 naming the culprit: %s', async (_name, path, query, message) => {
    const response = await api.get(path).query(query);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(response.text).not.toMatch(/SELECT|sqlite|mysql|at .*\.ts/i);
  });

  it('hostile values are bound, not executed', async () => {
    expect(await names({ nachname: "x' OR '1'='1" })).toEqual([]);
    expect((await list({ attributes: ['id'], count: 'true' })).count).toBeGreaterThan(4);
  });
});
