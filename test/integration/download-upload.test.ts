import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type request from 'supertest';
import { databases, startTestApp, TestApp } from '../support/test-app';

/**
 * A download record and its file in one step (issue 8): stored under a new name, served publicly,
 * nothing half-written on bad input; deleting the record removes its file.
 */
describe.each(databases())('download upload on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;
  let seminarId: number;
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
  const upload = (data: unknown, name = 'x.pdf') =>
    api.post('/node/api/download/upload').field('data', JSON.stringify(data)).attach('file', pdf, name);
  const gut = () => ({ relation: 'Veranstaltung', relation_id: seminarId, category: 'Skript' });

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
    seminarId = (await api.post('/node/api/veranstaltung').send({ titel: 'Lohnsteuer aktuell' })).body.id;
  });
  afterAll(() => t?.close());

  it('stores the file under a new name and creates its record with size and extension', async () => {
    const response = await upload({ ...gut(), title: 'Skript', public: true }, 'Skript Übung.PDF');
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      real_name: 'Skript Übung.PDF',
      title: 'Skript',
      relation: 'Veranstaltung',
      relation_id: seminarId,
      category: 'Skript',
      size: pdf.length,
      ext: 'pdf',
      public: true,
    });
    expect(response.body.file_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    const served = await t.anonymous().get(`/download/${response.body.file_name}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(served.body as Buffer).toString()).toContain('%PDF-1.4');
  });

  it('keeps a given name, takes the id as digits, and ignores storage fields from the client', async () => {
    const response = await upload({
      ...gut(),
      relation_id: String(seminarId),
      real_name: 'Anmeldung per Fax.pdf',
      category: 'Fax-Anmeldung',
      file_name: '../../geheim.pdf',
      size: 1,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ real_name: 'Anmeldung per Fax.pdf', size: pdf.length });
    expect(response.body.file_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
  });

  it.each([
    [{ category: 'Kochrezept' }, 'category', /„Kategorie“ passt nicht zu „Seminar“ \(erlaubt: Skript,/],
    [{ category: 'Bild' }, 'category', /„Kategorie“ passt nicht zu „Seminar“/],
    [{ relation: 'Mond' }, 'relation', /„Gehört zu“ hat einen unzulässigen Wert \(erlaubt: Seminar,/],
    [{ relation: undefined }, 'relation', /„Gehört zu“ ist ein Pflichtfeld/],
    [{ relation_id: 'abc' }, 'relation_id', /„Datensatz“ muss eine positive ganze Zahl sein/],
    [{ relation_id: -4 }, 'relation_id', /„Datensatz“ muss eine positive ganze Zahl sein/],
    [{ relation_id: 2.5 }, 'relation_id', /„Datensatz“ muss eine positive ganze Zahl sein/],
    [
      { relation_id: 99999 },
      'relation_id',
      /„Datensatz“ verweist auf keinen vorhandenen Eintrag \(Seminar 99999\)/,
    ],
    // These pass the checks before storing and are refused by the writer: the stored file goes again.
    [{ public: 'vielleicht' }, 'public', /„Öffentlich“/],
    [{ title: 'Skript '.repeat(50) }, 'title', /„Titel“/],
  ])(
    'refuses %p naming the field in German, and leaves no file and no record',
    async (bad, field, message) => {
      const files = stored().length;
      const records = await count();
      const response = await upload({ ...gut(), ...bad });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual([field]);
      expect(response.body.message).toMatch(/^Bitte prüfen Sie die Eingaben: „/);
      expect(response.body.message).toMatch(message);
      expect(stored().length).toBe(files);
      expect(await count()).toBe(records);
    },
  );

  it('answers a missing file and a broken data part in German', async () => {
    const noFile = await api.post('/node/api/download/upload').field('data', JSON.stringify(gut()));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({
      message: 'Bitte wählen Sie eine Datei aus.',
      errors: { file: 'Bitte wählen Sie eine Datei aus.' },
    });
    const broken = await api
      .post('/node/api/download/upload')
      .field('data', '{kaputt')
      .attach('file', pdf, 'x.pdf');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Die Angaben zur Datei sind kein gültiges JSON.');
  });

  it('needs the X-Api-Request header like every state-changing call', async () => {
    const response = await api
      .post('/node/api/download/upload')
      .unset('X-Api-Request')
      .field('data', JSON.stringify(gut()))
      .attach('file', pdf, 'x.pdf');
    expect(response.status).toBe(403);
  });

  it('removes the file with its record, one or several at a time', async () => {
    const first = (await upload(gut())).body;
    expect((await api.delete(`/node/api/download/${first.id}`)).body).toEqual({ deleted: 1 });
    expect(stored()).not.toContain(first.file_name);
    expect((await t.anonymous().get(`/download/${first.file_name}`)).status).toBe(404);
    expect((await api.get(`/node/api/download/${first.id}`)).status).toBe(404);

    const [a, b] = [(await upload(gut())).body, (await upload(gut())).body];
    expect((await api.delete('/node/api/download').send([a.id, b.id])).body).toEqual({ deleted: 2 });
    expect(stored()).not.toContain(a.file_name);
    expect(stored()).not.toContain(b.file_name);
    expect((await api.delete('/node/api/download/999999')).status).toBe(404);
  });

  it('keeps a non-public download non-public when staff try to change its file name (issue 26)', async () => {
    const secret = (await upload({ ...gut(), public: false }, 'Intern.pdf')).body;
    const renamed = await api
      .put(`/node/api/download/${secret.id}`)
      .send({ file_name: 'umbenannt.pdf', size: 1, ext: 'exe', real_name: 'Intern neu.pdf' });
    expect(renamed.status).toBe(200);
    // The file fields are read-only; the name shown to staff changes, the flag stays.
    expect(renamed.body).toMatchObject({
      file_name: secret.file_name,
      size: pdf.length,
      ext: 'pdf',
      real_name: 'Intern neu.pdf',
      public: false,
    });
    expect(stored()).toContain(secret.file_name);
    const anonymous = await t.anonymous().get(`/download/${secret.file_name}`);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.message).toBe('Diese Datei ist nicht öffentlich.');
    expect((await t.anonymous().get('/download/umbenannt.pdf')).status).toBe(404);
    expect((await api.get(`/download/${secret.file_name}`)).status).toBe(200);

    const meta = (await api.get('/node/meta/download')).body as {
      fields: { name: string; readOnly: boolean }[];
    };
    const readOnly = meta.fields.filter((f) => f.readOnly).map((f) => f.name);
    expect(readOnly).toEqual(expect.arrayContaining(['file_name', 'size', 'ext']));
    expect(readOnly).not.toContain('real_name');
  });

  it('creates a download only with its file', async () => {
    const before = await count();
    const bare = await api
      .post('/node/api/download')
      .send({ ...gut(), file_name: 'ohne-datei.pdf', public: true });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Ein Download wird mit seiner Datei angelegt: bitte die Datei hochladen.');
    expect(await count()).toBe(before);
  });

  it('lets staff make a download public or not, and keeps its category fitting its record (issue 35)', async () => {
    const download = (await upload({ ...gut(), public: true }, 'Skript.pdf')).body;
    const privat = await api
      .put(`/node/api/download/${download.id}`)
      .send({ public: false, version: download.version });
    expect(privat.status).toBe(200);
    expect(privat.body.public).toBe(false);
    expect((await t.anonymous().get(`/download/${download.file_name}`)).status).toBe(403);

    const bild = await api.put(`/node/api/download/${download.id}`).send({ category: 'Bild' });
    expect(bild.status).toBe(400);
    expect(bild.body.message).toMatch(/„Kategorie“ passt nicht zu „Seminar“/);
    const referent = await api
      .put(`/node/api/download/${download.id}`)
      .send({ relation: 'Veranstaltung-Referent' });
    expect(referent.status).toBe(400);
    expect((await api.get(`/node/api/download/${download.id}`)).body).toMatchObject({
      relation: 'Veranstaltung',
      category: 'Skript',
      public: false,
    });
  });
});
