import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** A download record and its file in one step (issue 8); nothing half-written on bad input. */
describe.each(databases())('download upload on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  const pdf = Buffer.from('%PDF-1.4 Skript für Übungen');
  const stored = () => {
    try {
      return readdirSync(join(t.dir, 'files', 'download'));
    } catch {
      return [];
    }
  };
  const count = async () =>
    (await api.get('/node/api/download').query({ count: 'true', limit: '0' })).body.count;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t?.close());

  it('stores the file under a new name and creates its record with size and extension', async () => {
    const seminar = await api.post('/node/api/veranstaltung').send({ titel: 'Lohnsteuer aktuell' });
    const response = await api
      .post('/node/api/download/upload')
      .field(
        'data',
        JSON.stringify({
          title: 'Skript',
          category: 'Skript',
          relation: 'Veranstaltung',
          relation_id: seminar.body.id,
          public: true,
        }),
      )
      .attach('file', pdf, 'Skript Übung.PDF');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      real_name: 'Skript Übung.PDF',
      title: 'Skript',
      size: pdf.length,
      ext: 'pdf',
      public: true,
    });
    expect(response.body.file_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const served = await t.anonymous().get(`/download/${response.body.file_name}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(served.body as Buffer).toString()).toContain('%PDF-1.4');
  });

  it.each([
    [{ category: 'Kochrezept' }, 'category'],
    [{ relation: 'Mond' }, 'relation'],
    [{ relation_id: 'abc' }, 'relation_id'],
  ])('refuses %p naming the field, and leaves no file and no record', async (data, field) => {
    const files = stored().length;
    const records = await count();
    const response = await api
      .post('/node/api/download/upload')
      .field('data', JSON.stringify(data))
      .attach('file', pdf, 'x.pdf');
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect(response.body.message).toMatch(/^Bitte prüfen Sie die Eingaben: „/);
    expect(stored().length).toBe(files);
    expect(await count()).toBe(records);
  });

  it('answers a missing file and a broken data part in German', async () => {
    const noFile = await api.post('/node/api/download/upload').field('data', '{}');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/Keine Datei hochgeladen/);
    const broken = await api
      .post('/node/api/download/upload')
      .field('data', '{kaputt')
      .attach('file', pdf, 'x.pdf');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Die Angaben zur Datei sind kein gültiges JSON.');
  });
});
