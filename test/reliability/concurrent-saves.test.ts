import type { EntityManager } from 'typeorm';
import { RECENT_MS } from '../../src/platform/auth/recent-sessions';
import { databases, startTestApp, type TestApp } from '../support/test-app';

/**
 * Many members of staff saving at the same moment: every save is answered, none is lost, and each
 * has exactly its one audit entry — also on SQLite, where all requests share one connection.
 */
describe.each(databases())('simultaneous saves on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps every one of 50 simultaneous saves, reads and failing deletes apart', async () => {
    const api = await t.login();
    const seed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.post('/node/api/verband-bezirk').send({ bezirk_nummer: i, bezirk_name: `Alt ${i}` }),
      ),
    );
    // Created at the same moment, their ids need not follow the request order.
    const ids = seed.map((a) => a.body.id as number).sort((a, b) => a - b);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        api.post('/node/api/benutzer').send({ nachname: `Gleichzeitig ${i}`, vorname: 'Eva' }),
      ),
      ...ids
        .slice(0, 5)
        .map((id, i) => api.put(`/node/api/verband-bezirk/${id}`).send({ bezirk_name: `Neu ${i}` })),
      ...ids.slice(5).map((id) => api.delete(`/node/api/verband-bezirk/${id}`)),
      // Deletes that fail halfway (the second id does not exist) roll back, and only themselves.
      ...Array.from({ length: 10 }, () => api.delete('/node/api/verband-bezirk').send([ids[0], 999_999])),
      // Reads in between must see committed data only, and answer.
      ...Array.from({ length: 10 }, () => api.get('/node/api/benutzer').query({ count: true, limit: 5 })),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 300)).toEqual(Array(10).fill(404));

    const benutzer = await api
      .get('/node/api/benutzer')
      .query({ where: JSON.stringify({ nachname: { $like: 'Gleichzeitig%' } }), count: true });
    expect(benutzer.body.count).toBe(20);
    const bezirke = (
      await api.get('/node/api/verband-bezirk').query({ order: JSON.stringify([['id', 'ASC']]) })
    ).body as { bezirk_name: string }[];
    expect(bezirke.map((b) => b.bezirk_name)).toEqual(['Neu 0', 'Neu 1', 'Neu 2', 'Neu 3', 'Neu 4']);
    const audit = await api
      .get('/node/api/audit')
      .query({ where: JSON.stringify({ resource: 'benutzer', action: 'create' }), count: true });
    expect(audit.body.count).toBe(20);
  });

  it('keeps two transactions that wait for I/O apart: one rolling back takes only its own work', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const insert = (name: string) => (manager: EntityManager) =>
      manager.query('INSERT INTO verband_bezirk (bezirk_nummer, bezirk_name) VALUES (?, ?)', [99, name]);
    const failing = t.dataSource.transaction(async (manager) => {
      await insert('Zurückgerollt')(manager);
      await pause();
      await pause();
      throw new Error('Abbruch');
    });
    const succeeding = t.dataSource.transaction(async (manager) => {
      await pause();
      await insert('Bleibt')(manager);
    });
    // A plain query meanwhile must not land inside either transaction.
    const plain = (async () => {
      await pause();
      await t.dataSource.query('INSERT INTO verband_bezirk (bezirk_nummer, bezirk_name) VALUES (?, ?)', [
        99,
        'Ohne',
      ]);
    })();
    await expect(failing).rejects.toThrow('Abbruch');
    await succeeding;
    await plain;
    const rows: { bezirk_name: string }[] = await t.dataSource.query(
      'SELECT bezirk_name FROM verband_bezirk WHERE bezirk_nummer = 99 ORDER BY bezirk_name',
    );
    expect(rows.map((r) => r.bezirk_name)).toEqual(['Bleibt', 'Ohne']);
  });

  it('answers the reads of other staff while a long transaction runs, with what was committed', async () => {
    const api = await t.login();
    // Past the moment in which the app still remembers the session it just wrote.
    await new Promise((resolve) => setTimeout(resolve, RECENT_MS + 100));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let begun!: () => void;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    const running = t.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO verband_bezirk (bezirk_nummer, bezirk_name) VALUES (?, ?)', [
        77,
        'Noch nicht bestätigt',
      ]);
      begun();
      await held;
    });
    const bezirke77 = () =>
      api
        .get('/node/api/verband-bezirk')
        .query({ where: JSON.stringify({ bezirk_nummer: 77 }), count: true });
    try {
      await inside;
      let timer!: NodeJS.Timeout;
      const waited = new Promise<'gewartet'>(
        (resolve) => (timer = setTimeout(() => resolve('gewartet'), 3000)),
      );
      const answer = await Promise.race([bezirke77(), waited]);
      clearTimeout(timer);
      expect(answer).not.toBe('gewartet');
      expect(answer).toMatchObject({ status: 200, body: { count: 0 } });
    } finally {
      finish();
      await running;
    }
    expect((await bezirke77()).body.count).toBe(1);
  });
});
