import { startTestApp, type TestApp } from '../support/test-app';
import { KOMPRIMIEREN_AB_BYTES } from '../../src/platform/http/api-compression';

/** API answers on the wire (issue 33): compressed by the browser's Accept-Encoding from 1 KB on. */
describe('compression of API answers', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    cookie = await t.sessionCookie();
  });
  afterAll(() => t.close());

  /** superagent would send its own Accept-Encoding: each call names one. */
  const holen = (path: string, acceptEncoding: string) => {
    const call = t.anonymous().get(path).set('Cookie', cookie).set('X-Api-Request', '1');
    return call.set('Accept-Encoding', acceptEncoding);
  };
  // The Benutzer form's description: several KB of JSON on an empty database.
  const GROSS = '/node/meta/benutzer';

  it('sends a large answer as brotli to a browser that takes it, the same JSON once decoded', async () => {
    const roh = await holen(GROSS, 'identity');
    expect(roh.status).toBe(200);
    expect(roh.headers['content-encoding']).toBeUndefined();
    expect(Number(roh.headers['content-length'])).toBeGreaterThan(KOMPRIMIEREN_AB_BYTES);

    const br = await holen(GROSS, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(br.body).toEqual(roh.body);
    expect(Number(br.headers['content-length'])).toBeLessThan(Number(roh.headers['content-length']) / 3);
    // Still the uncompressed answer's ETag: a conditional GET with it is answered 304.
    expect(br.headers['etag']).toBe(roh.headers['etag']);
    const unveraendert = await holen(GROSS, 'br').set('If-None-Match', br.headers['etag']);
    expect(unveraendert.status).toBe(304);
  });

  it('sends gzip to a client that takes only gzip', async () => {
    const gzip = await holen(GROSS, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual((await holen(GROSS, 'identity')).body);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const klein = await holen('/node/loginInfo', 'br');
    expect(klein.status).toBe(200);
    expect(klein.headers['content-encoding']).toBeUndefined();
  });

  it('sends a streamed answer as it streams it, whole and uncompressed', async () => {
    const csv = ['Name;Ort', ...Array.from({ length: 300 }, (_, i) => `Steuerberater ${i};Berlin`)].join(
      '\n',
    );
    const antwort = await t
      .anonymous()
      .post('/node/csv/parse')
      .set('Cookie', cookie)
      .set('X-Api-Request', '1')
      .set('Accept-Encoding', 'br')
      .attach('file', Buffer.from(csv), 'liste.csv');
    expect(antwort.status).toBe(200);
    expect(antwort.headers['content-encoding']).toBeUndefined();
    expect(antwort.body).toHaveLength(300);
  });
});
