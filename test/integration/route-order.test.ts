import type { Express } from 'express';
import { type LayerLike, mayOverlap } from '../../src/platform/http/route-order';
import { startTestApp, TestApp } from '../support/test-app';

/** The app's own route table after start (initWithRouteOrder): the generic routes early, context routes still first where they must be. */
describe('route order of the app', () => {
  let t: TestApp;
  let stack: LayerLike[];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    stack = (t.app.getHttpAdapter().getInstance() as Express).router.stack as unknown as LayerLike[];
  });
  afterAll(() => t.close());

  const indexOf = (method: string, path: string) =>
    stack.findIndex((layer) => layer.route?.path === path && layer.route.methods[method]);

  it('tries the generic list route before the context routes it cannot collide with', () => {
    const list = indexOf('get', '/node/api/:resource');
    expect(list).toBeGreaterThan(0);
    expect(list).toBeLessThan(indexOf('get', '/node/health'));
    expect(list).toBeLessThan(indexOf('get', '/node/api/rw-auswertung/umsatz'));
    expect(list).toBeLessThan(indexOf('post', '/node/api/benutzer/merge'));
    // In front: the API documentation's few routes (registered before Nest's) and those that could
    // answer a list address themselves.
    const generic = stack[list].route!;
    const ahead = stack
      .slice(0, list)
      .filter((layer) => layer.route && !layer.route.path?.toString().startsWith('/node/docs'));
    expect(ahead.every((layer) => mayOverlap(layer.route!, generic))).toBe(true);
    // A handful: the fixed addresses of settings and jobs (auftraege, verbandsdaten, datev-einstellungen, …).
    expect(ahead.length).toBeLessThan(10);
  });

  it('keeps the context routes of the same shape ahead of the generic ones', async () => {
    expect(indexOf('get', '/node/api/auftraege')).toBeLessThan(indexOf('get', '/node/api/:resource'));
    expect(indexOf('get', '/node/api/rw-abrechnung/sepaDebit')).toBeLessThan(
      indexOf('get', '/node/api/:resource/:id'),
    );
    const api = await t.login();
    const auftraege = await api.get('/node/api/auftraege');
    expect(auftraege.status).toBe(200);
    expect(Array.isArray(auftraege.body)).toBe(true);
  });
});
