import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import type request from 'supertest';
import { FileStorage } from '../../src/platform/files/file-storage';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { Download } from '../../src/seminars/adapters/persistence/download.entity';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** Keeps a response body as bytes. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Every path below a directory, relative to it. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

const AREA = 'test-dateien';
const BASE = `/node/api/${AREA}/files`;

describe.each(databases())('file areas on %s', (kind) => {
  let t: TestApp;
  let agent: request.Agent;
  let filesDir: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // A file area of its own, independent of the real resources with files (pdf-vorlage, …).
    class TestDateien {}
    t.app.get(ResourceRegistry).register([{ name: AREA, entity: TestDateien, files: true }]);
    agent = await t.login();
    filesDir = join(t.dir, 'files');
  });
  afterAll(() => t.close());

  const download = (path: string, client: request.Agent = agent) =>
    client.get(`${BASE}/download/${path}`).buffer(true).parse(binary);

  it('uploads, lists, downloads identical bytes, overwrites with PUT and deletes', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000)]);
    const created = await agent
      .post(`${BASE}/Einladung%20M%C3%BCller.pdf`)
      .field('data', JSON.stringify({ titel: 'egal' }))
      .attach('file', pdf, 'upload.pdf');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: 'Einladung Müller.pdf',
      path: 'Einladung Müller.pdf',
      size: pdf.length,
      isDirectory: false,
      modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(tree(filesDir)).toEqual([AREA, `${AREA}/Einladung Müller.pdf`]);

    const sub = await agent
      .post(`${BASE}/vorlagen/rechnung.html`)
      .attach('file', Buffer.from('<p>Grüße</p>'), 'r.html');
    expect(sub.status).toBe(201);

    const list = await agent.get(BASE);
    expect(list.status).toBe(200);
    expect(list.body.map((e: { path: string; isDirectory: boolean }) => [e.path, e.isDirectory])).toEqual([
      ['vorlagen', true],
      ['Einladung Müller.pdf', false],
    ]);
    const inDir = await agent.get(BASE).query({ dir: 'vorlagen' });
    expect(inDir.body).toEqual([
      expect.objectContaining({ name: 'rechnung.html', path: 'vorlagen/rechnung.html', size: 14 }),
    ]);
    const all = await agent.get(BASE).query({ recursive: 'true' });
    expect(all.body.map((e: { path: string }) => e.path)).toEqual([
      'Einladung Müller.pdf',
      'vorlagen/rechnung.html',
    ]);

    const got = await download('Einladung%20M%C3%BCller.pdf');
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body as Buffer, pdf)).toBe(0);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(pdf.length));
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Einladung Mueller.pdf"; filename*=UTF-8''Einladung%20M%C3%BCller.pdf`,
    );
    const html = await download('vorlagen/rechnung.html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((html.body as Buffer).toString()).toBe('<p>Grüße</p>');

    const again = await agent
      .post(`${BASE}/vorlagen/rechnung.html`)
      .attach('file', Buffer.from('neu'), 'r.html');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Datei existiert bereits');
    expect((await download('vorlagen/rechnung.html')).body.toString()).toBe('<p>Grüße</p>');

    const replaced = await agent
      .put(`${BASE}/vorlagen/rechnung.html`)
      .attach('file', Buffer.from('<p>neu</p>'), 'r.html');
    expect(replaced.status).toBe(200);
    expect(replaced.body.size).toBe(10);
    expect((await download('vorlagen/rechnung.html')).body.toString()).toBe('<p>neu</p>');

    const deleted = await agent.delete(`${BASE}/vorlagen/rechnung.html`);
    expect(deleted.status).toBe(200);
    expect((await agent.delete(`${BASE}/vorlagen/rechnung.html`)).status).toBe(404);
    const gone = await agent.get(`${BASE}/download/vorlagen/rechnung.html`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Datei nicht gefunden');
    expect((await agent.delete(`${BASE}/vorlagen`)).status).toBe(200);
    expect((await agent.delete(`${BASE}/Einladung%20M%C3%BCller.pdf`)).status).toBe(200);
    expect(tree(filesDir)).toEqual([AREA]);
  });

  it('stores an upload without a path under its own file name', async () => {
    const response = await agent
      .post(BASE)
      .query({ dir: 'neu' })
      .attach('file', Buffer.from('x'), 'Größe.txt');
    expect(response.status).toBe(201);
    expect(response.body.path).toBe('neu/Größe.txt');
    expect((await download('neu/Gr%C3%B6%C3%9Fe.txt')).body.toString()).toBe('x');
    await agent.delete(`${BASE}/neu/Gr%C3%B6%C3%9Fe.txt`);
    await agent.delete(`${BASE}/neu`);
  });

  it('answers an upload without a file with 400, and one over 25 MB (UPLOAD_MAX_MB) with 413', async () => {
    const missing = await agent.post(`${BASE}/leer.txt`).field('data', '{}');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Keine Datei hochgeladen/);
    const big = await agent
      .put(`${BASE}/gross.bin`)
      .attach('file', Buffer.alloc(25 * 1024 * 1024 + 1), 'g.bin');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Die Datei ist zu groß (höchstens 25 MB).');
    expect(tree(filesDir)).toEqual([AREA]);
  });

  it.each([
    ['../x'],
    ['..%2fx'],
    ['%2e%2e/x'],
    ['%2E%2E%2Fx'],
    ['a/../../x'],
    ['%252e%252e/x'],
    ['%252e%252e%252fx'],
    ['/etc/passwd'],
    ['%2fetc%2fpasswd'],
    ['..%5cx'],
    ['x%00.txt'],
    ['.versteckt'],
  ])('refuses the path %s with 400 and touches nothing', async (path) => {
    const before = tree(t.dir).filter((p) => !p.includes('sqlite'));
    for (const call of [
      agent.post(`${BASE}/${path}`).attach('file', Buffer.from('böse'), 'x'),
      agent.put(`${BASE}/${path}`).attach('file', Buffer.from('böse'), 'x'),
      agent.get(`${BASE}/download/${path}`),
      agent.delete(`${BASE}/${path}`),
    ]) {
      const response = await call;
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Ungültiger Dateipfad');
    }
    expect(tree(t.dir).filter((p) => !p.includes('sqlite'))).toEqual(before);
    expect(existsSync(join(t.dir, 'x'))).toBe(false);
    expect(existsSync(join(filesDir, 'x'))).toBe(false);
  });

  it('refuses raw backslashes, which HTTP clients would turn into slashes', async () => {
    // supertest (WHATWG URL) rewrites `\\` to `/`, so these go out through node:http as they are.
    const cookie = await t.sessionCookie();
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, method, path, headers: { cookie, 'X-Api-Request': '1' } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const [method, path] of [
      ['GET', `${BASE}/download/..\\x`],
      ['GET', `${BASE}/download/a\\..\\..\\x`],
      ['DELETE', `${BASE}/..\\..\\x`],
      ['GET', `/download/..\\..\\etc\\passwd`],
    ]) {
      const response = await raw(method, path);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body).message).toBe('Ungültiger Dateipfad');
    }
  });

  it('refuses traversal in the list directory and in upload file names', async () => {
    for (const dir of ['..', '../..', '%2e%2e', '/etc', 'a/../..']) {
      const response = await agent.get(BASE).query({ dir });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Ungültiger Dateipfad');
    }
    const malformed = await agent.delete(`${BASE}/%zz`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Die Adresse enthält ungültig kodierte Zeichen.');
    const named = await agent.post(BASE).attach('file', Buffer.from('x'), '..');
    expect(named.status).toBe(400);
    expect(tree(filesDir)).toEqual([AREA]);
  });

  it('answers an unknown resource with 400 and a resource without files with 404', async () => {
    const unknown = await agent.get('/node/api/gibt-es-nicht/files');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unbekannte Ressource "gibt-es-nicht".');
    const noFiles = await agent
      .post('/node/api/verband-bezirk/files/x.txt')
      .attach('file', Buffer.from('x'), 'x.txt');
    expect(noFiles.status).toBe(404);
    expect(noFiles.body.message).toBe('Die Ressource "verband-bezirk" hat keinen Dateibereich.');
    expect((await agent.get('/node/api/verband-bezirk/files/download/x.txt')).status).toBe(404);
    expect(tree(filesDir)).toEqual([AREA]);
  });

  it('refuses /node file routes without a session with 403', async () => {
    const anonymous = t.anonymous().set('X-Api-Request', '1');
    for (const call of [
      anonymous.get(BASE),
      anonymous.get(`${BASE}/download/a.txt`),
      anonymous.post(`${BASE}/a.txt`).attach('file', Buffer.from('x'), 'a.txt'),
      anonymous.put(`${BASE}/a.txt`).attach('file', Buffer.from('x'), 'a.txt'),
      anonymous.delete(`${BASE}/a.txt`),
    ]) {
      expect((await call).status).toBe(403);
    }
    expect(
      (await agent.post(`${BASE}/a.txt`).unset('X-Api-Request').attach('file', Buffer.from('x'), 'a.txt'))
        .status,
    ).toBe(403);
    expect(tree(filesDir)).toEqual([AREA]);
  });

  it('serves public downloads at /download/{file_name} without a session', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000)]);
    await t.app.get(FileStorage).write('download', 'Programm 2026.pdf', pdf);
    // A file is served only by its record (issue 26), as the upload and the demo data write both.
    const anonymous = t.anonymous();
    expect((await anonymous.get('/download/Programm%202026.pdf')).body).toEqual({
      statusCode: 404,
      message: 'Datei nicht gefunden',
      code: 'FILE_NOT_FOUND',
    });
    expect((await agent.get('/download/Programm%202026.pdf')).status).toBe(404);
    await t.dataSource.getRepository(Download).insert({ file_name: 'Programm 2026.pdf', public: true });
    const response = await anonymous.get('/download/Programm%202026.pdf').buffer(true).parse(binary);
    expect(response.status).toBe(200);
    expect(Buffer.compare(response.body as Buffer, pdf)).toBe(0);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Programm 2026.pdf"');
    expect(response.headers['set-cookie']).toBeUndefined();

    const missing = await anonymous.get('/download/fehlt.pdf');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      statusCode: 404,
      message: 'Datei nicht gefunden',
      code: 'FILE_NOT_FOUND',
    });
    for (const path of ['..%2f..%2fetc%2fpasswd', '%2e%2e%2fx', '%252e%252e%252fx', '.versteckt']) {
      const refused = await anonymous.get(`/download/${path}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Ungültiger Dateipfad');
    }
  });
});
