import { createServer, Server } from 'node:http';
import request from 'supertest';
import { Like } from 'typeorm';
import { Benutzer } from '../../src/membership/adapters/persistence/benutzer.entity';
import { BenutzerEmail } from '../../src/membership/adapters/persistence/benutzer-kontakt.entity';
import { ADMIN_PASSWORD, databases, startTestApp, TestApp } from '../support/test-app';

const encode = (query: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );

/**
 * The bounds of the query language (issues 16 and 17): each answers 400 with a German message
 * before the engine sends any SQL, and numbers no column can hold never reach the database.
 */
describe.each(databases())('query limits on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  // Node refuses URLs over 16 KB; a proxy or server with a larger limit would let 10 000 values through.
  let wide: Server;
  let wideApi: request.Agent;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { LIST_LIMIT_MAX: '50' } });
    api = await t.login();
    wide = createServer({ maxHeaderSize: 1 << 20 }, t.app.getHttpAdapter().getInstance());
    wideApi = request.agent(wide).set('X-Api-Request', '1');
    await wideApi.post('/node/login').send({ user: 'admin', password: ADMIN_PASSWORD }).expect(200);
    for (const nachname of ['Albers', 'Brandt', 'Claasen']) {
      const created = await api.post('/node/api/benutzer').send({ nachname });
      ids.push(created.body.id);
    }
  });
  afterAll(async () => {
    wide.close();
    await t.close();
  });

  /** Asks through `agent` and expects a 400 with `message`, without any query of the engine. */
  const refused = async (
    query: Record<string, unknown>,
    message: string | RegExp,
    resource = 'benutzer',
    agent = api,
  ) => {
    const queries = jest.spyOn(t.dataSource, 'query');
    try {
      const response = await agent.get(`/node/api/${resource}`).query(encode(query));
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      // Every SELECT of the engine names its first result column c0.
      expect(queries.mock.calls.map(([sql]) => String(sql)).filter((sql) => / AS c0\b/.test(sql))).toEqual(
        [],
      );
    } finally {
      queries.mockRestore();
    }
  };
  const ok = async (query: Record<string, unknown>, resource = 'benutzer', agent = api) => {
    const response = await agent.get(`/node/api/${resource}`).query(encode(query));
    if (response.status !== 200) throw new Error(`${response.status} ${response.text}`);
    return response.body;
  };

  it('caps limit at LIST_LIMIT_MAX', async () => {
    expect((await ok({ limit: 50 })).length).toBeGreaterThan(0);
    await refused({ limit: 51 }, /^Es können höchstens 50 Einträge auf einmal abgefragt werden\.$/);
    await refused({ limit: '1e300' }, /"limit" muss eine ganze Zahl/);
  });

  it('pages from an offset without a limit', async () => {
    const all = await ok({ attributes: ['id'], order: [['id', 'ASC']] });
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await ok({ attributes: ['id'], order: [['id', 'ASC']], offset: 2 })).toEqual(all.slice(2));
    expect(await ok({ attributes: ['id'], order: [['id', 'ASC']], offset: 2, count: true })).toEqual({
      count: all.length,
      rows: all.slice(2),
    });
  });

  it('nests includes at most three levels deep and includes each association once', async () => {
    const three = [
      { association: 'Benutzer_Emails', include: [{ association: 'Benutzer', include: ['Primaeremail'] }] },
    ];
    await ok({ include: three, where: { id: ids[0] } });
    await refused(
      {
        include: [
          { association: 'Benutzer_Emails', include: [{ ...three[0], association: 'Benutzer_Emails' }] },
        ],
      },
      'Verknüpfungen in "include" können höchstens 3 Ebenen tief verschachtelt werden.',
    );
    await refused(
      { include: ['Benutzer_Emails', { association: 'Benutzer_Emails', attributes: ['email'] }] },
      'Die Verknüpfung "Benutzer_Emails" ist in "include" mehrfach angegeben.',
    );
  });

  it('bounds $in lists and the values of a where', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const found = await ok(
      { where: { id: { $in: values(10000) } }, attributes: ['id'] },
      'benutzer',
      wideApi,
    );
    expect(found.length).toBeGreaterThanOrEqual(4);
    await refused(
      { where: { id: { $in: values(10001) } } },
      '"$in" bei Feld "id" darf höchstens 10000 Werte enthalten.',
      'benutzer',
      wideApi,
    );
    await refused(
      { where: { $or: [{ id: { $notIn: values(6000) } }, { id: values(6000) }] } },
      'Die Bedingung enthält zu viele Werte (höchstens 10000).',
      'benutzer',
      wideApi,
    );
    const include = ['Benutzer_Emails', 'Benutzer_Adresses', 'Benutzer_Kontos', 'Benutzer_Gruppes'].map(
      (association) => ({ association, where: { id: values(8000) } }),
    );
    await refused({ include }, 'Die Abfrage enthält zu viele Werte (höchstens 30000).', 'benutzer', wideApi);
  });

  it('refuses deep nesting of where and long association paths', async () => {
    const nested = (depth: number): Record<string, unknown> =>
      depth === 1 ? { id: ids[0] } : { $and: [nested(depth - 1)] };
    expect(await ok({ where: nested(20), attributes: ['id'] })).toEqual([{ id: ids[0] }]);
    await refused({ where: nested(60) }, 'Die Bedingung ist zu tief verschachtelt (höchstens 20 Ebenen).');
    await refused(
      { where: { '$Parent.Parent.Parent.Parent.id$': 1 } },
      'Der Pfad "Parent.Parent.Parent.Parent.id" ist zu lang (höchstens 3 Verknüpfungen hintereinander).',
    );
  });

  it('refuses numbers outside the range of their column instead of comparing them', async () => {
    await refused(
      { where: { id: { $gt: 1e300 } } },
      'Wert für Feld "id" liegt außerhalb des zulässigen Bereichs.',
    );
    await refused({ where: '{"id":9007199254740993}' }, /Feld "id" liegt außerhalb/);
    await refused({ where: { id: { $in: [ids[0], -1e300] } } }, /Feld "id" liegt außerhalb/);
    await refused({ where: { betrag: { $gt: 1e12 } } }, /Feld "betrag" liegt außerhalb/, 'rw-transaction');
    expect(await ok({ where: { id: { $gt: 9007199254740991 } } })).toEqual([]);
  });

  it('refuses sorting by a field of a to-many association and too many joined tables', async () => {
    await refused(
      { include: ['Benutzer_Emails'], order: [['Benutzer_Emails.email', 'ASC']] },
      'Sortierung nach "Benutzer_Emails.email" ist nicht möglich: "Benutzer_Emails" hat mehrere Einträge je Zeile.',
    );
    // 56 to-one joins: each person with its 8 to-one associations, in four places.
    const people = ['Parent', 'Primaeremail', 'Re_Email', 'Re_Adresse', 'Re_Konto', 'Mi_Adresse', 'Mi_Konto'];
    const person = (association: string) => ({ association, include: [...people, 'Verband_Bezirk'] });
    const booking = (association: string) => ({
      association,
      include: [person('Benutzer'), person('Teilnehmer')],
    });
    await refused(
      { include: [person('Benutzer'), person('Teilnehmer'), booking('First'), booking('Child')] },
      /^Die Abfrage verknüpft zu viele Tabellen \(höchstens 40\)/,
      'rw-transaction',
    );
  });

  it('loads the to-many includes of a list longer than one query holds ids', async () => {
    const people = Array.from({ length: 1100 }, (_, i) => ({ nachname: `Stapel ${i}`, kennnummer: `S${i}` }));
    const insert = (entity: typeof Benutzer | typeof BenutzerEmail, rows: object[]) =>
      t.dataSource.createQueryBuilder().insert().into(entity).values(rows).updateEntity(false).execute();
    await insert(Benutzer, people);
    const stored = await t.dataSource.getRepository(Benutzer).find({ where: { nachname: Like('Stapel %') } });
    await insert(
      BenutzerEmail,
      stored.map((b) => ({ benutzer_id: b.id, email: `${b.kennnummer}@stapel.de`.toLowerCase() })),
    );
    const rows = await ok({
      where: { nachname: { $like: 'Stapel %' } },
      attributes: ['kennnummer'],
      include: [{ association: 'Benutzer_Emails', attributes: ['email'] }],
    });
    expect(rows).toHaveLength(1100);
    for (const row of rows) {
      expect(row.Benutzer_Emails).toEqual([
        { id: expect.any(Number), email: `${row.kennnummer.toLowerCase()}@stapel.de` },
      ]);
    }
  });

  it('answers hostile keys as unknown fields', async () => {
    await refused({ where: '{"__proto__":{"id":1}}' }, /Unbekanntes Feld "__proto__"/);
    await refused({ where: { constructor: 1 } }, /Unbekanntes Feld "constructor"/);
    await refused({ include: ['__proto__'] }, /Unbekannte Verknüpfung "__proto__"/);
  });
});
