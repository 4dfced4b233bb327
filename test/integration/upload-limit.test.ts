import { databases, startTestApp } from '../support/test-app';

/**
 * Issue 17: the largest upload is configurable (UPLOAD_MAX_MB, default 25 MB; files.test.ts holds
 * the default). An app of its own: passport's strategies are process-wide.
 */
describe.each(databases())('the upload limit on %s', (kind) => {
  it('takes the limit from UPLOAD_MAX_MB and answers a bigger file with 413 in German', async () => {
    const t = await startTestApp(kind, { env: { UPLOAD_MAX_MB: '1' } });
    try {
      const api = await t.login();
      const seminar = (await api.post('/node/api/veranstaltung').send({ titel: 'Upload-Grenze' })).body;
      const upload = (bytes: number) =>
        api
          .post('/node/api/download/upload')
          .field(
            'data',
            JSON.stringify({
              relation: 'Veranstaltung',
              relation_id: seminar.id,
              category: 'Skript',
              title: 'Skript',
            }),
          )
          .attach(
            'file',
            Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 'a')]),
            'skript.pdf',
          );
      const big = await upload(1024 * 1024 + 1);
      expect([big.status, big.body.message]).toEqual([413, 'Die Datei ist zu groß (höchstens 1 MB).']);
      expect((await api.get('/node/api/download?count=true&limit=1')).body.count).toBe(0);
      expect((await upload(1024 * 1024)).status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
