import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { clientFiles } from './client-files';

describe('clientFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'client-files-'));
  const script = Buffer.from('console.log("Mitgliederverwaltung");'.repeat(50));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'node'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Verband</title>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(dir, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dir, 'node', 'geheim.txt'), 'nicht ausliefern');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const app = express();
  app.use(clientFiles(dir));
  app.use((_req, res) => res.status(404).json({ message: 'Diese Adresse gibt es nicht.' }));

  /** The answer's bytes on the wire: superagent hands out the body decoded. */
  const gesendet = (response: request.Response) => Number(response.headers['content-length']);

  it('sends the brotli copy to a browser that takes it, with the original type and a year of caching', async () => {
    const response = await request(app)
      .get('/assets/app-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gesendet(response)).toBe(brotliCompressSync(script).length);
    expect(response.text).toBe(script.toString());
  });

  it('sends gzip where brotli is not taken and the file itself where neither is', async () => {
    const gzip = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gesendet(gzip)).toBe(gzipSync(script).length);
    expect(gzip.text).toBe(script.toString());
    const plain = await request(app).get('/assets/app-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/);
    expect(gesendet(plain)).toBe(script.length);
  });

  it('sends files without a compressed copy as they are', async () => {
    const response = await request(app).get('/assets/logo-abc123.png').set('Accept-Encoding', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('has index.html fetched anew each time', async () => {
    const response = await request(app).get('/');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toContain('<title>Verband</title>');
  });

  it('never looks for API paths on disk', async () => {
    const response = await request(app).get('/node/geheim.txt');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Diese Adresse gibt es nicht.' });
  });
});
