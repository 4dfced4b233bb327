import express from 'express';
import request from 'supertest';
import { weakEtag } from './etag';

describe('weakEtag', () => {
  const bodies = ['', 'a', JSON.stringify([{ name: 'Müller', betrag: 390 }]), 'x'.repeat(70_000)];

  /** An app answering each body with Express's own ETag, or with weakEtag. */
  function app(etag?: typeof weakEtag) {
    const instance = express();
    if (etag) instance.set('etag', etag);
    instance.get('/:n', (req, res) => res.send(bodies[Number(req.params.n)]));
    return instance;
  }

  it('gives the very ETag Express computes by default, so caches and If-None-Match keep working', async () => {
    for (const n of bodies.keys()) {
      const [byDefault, own] = await Promise.all([
        request(app()).get(`/${n}`),
        request(app(weakEtag)).get(`/${n}`),
      ]);
      expect(own.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      expect(own.headers.etag).toBe(byDefault.headers.etag);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request(app(weakEtag)).get('/2');
    const again = await request(app(weakEtag)).get('/2').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
  });

  it('takes text as well as bytes', () => {
    expect(weakEtag('Müller', 'utf8')).toBe(weakEtag(Buffer.from('Müller')));
  });
});
