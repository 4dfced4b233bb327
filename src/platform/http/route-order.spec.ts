import express, { type Express } from 'express';
import request from 'supertest';
import { type LayerLike, mayOverlap, routesFirst } from './route-order';

type Method = 'get' | 'post' | 'put' | 'delete' | 'all';

/** Routes as the app registers them: contexts' own first, the generic ones last. */
const ROUTES: [Method, string][] = [
  ['get', '/node/docs'],
  ['get', '/node/api/auftraege'],
  ['get', '/node/api/auftraege/:name'],
  ['get', '/node/api/:resource/files'],
  ['get', '/node/api/:resource/files/*path'],
  ['post', '/node/api/benutzer/merge'],
  ['get', '/node/api/rw-auswertung/umsatz'],
  ['get', '/node/api/rw-auswertung/umsatz/:monat'],
  ['get', '/node/api/veranstaltung/:id/ical'],
  ['all', '/node/api/alles/:id'],
  ['post', '/node/api/rw-transaction'],
  ['get', '/node/health'],
  ['get', '/node/api/:resource'],
  ['get', '/node/api/:resource/:id'],
  ['post', '/node/api/:resource'],
  ['put', '/node/api/:resource/:id'],
];
const GENERIC = new Set(['/node/api/:resource', '/node/api/:resource/:id']);

/** An app whose every route answers with its own method and path; a middleware in front marks requests. */
function appWith(routes: [Method, string][], reorder: boolean): Express {
  const app = express();
  app.use((req, res, next) => {
    res.setHeader('X-Vorher', 'ja');
    next();
  });
  for (const [method, path] of routes) app[method](path, (req, res) => res.send(`${method} ${path}`));
  app.use((req, res) => res.status(404).send('keine Route'));
  if (reorder) routesFirst(stackOf(app), (route) => GENERIC.has(route.path as string));
  return app;
}

const stackOf = (app: Express) => app.router.stack as unknown as LayerLike[];
const routeOrder = (app: Express) =>
  stackOf(app)
    .filter((layer) => layer.route)
    .map((layer) => {
      const methods = Object.keys(layer.route!.methods);
      // Express 5 registers app.all() as every method it knows.
      return `${methods.length > 4 ? 'all' : methods.join()} ${String(layer.route!.path)}`;
    });

describe('routesFirst', () => {
  it('moves the chosen routes ahead of every route that cannot answer the same request', () => {
    expect(routeOrder(appWith(ROUTES, true))).toEqual([
      'get /node/api/auftraege',
      'get /node/api/:resource',
      'get /node/api/auftraege/:name',
      'get /node/api/:resource/files',
      'get /node/api/:resource/files/*path',
      'get /node/api/rw-auswertung/umsatz',
      'all /node/api/alles/:id',
      'get /node/api/:resource/:id',
      'post /node/api/rw-transaction',
      'post /node/api/:resource',
      'put /node/api/:resource/:id',
      'get /node/docs',
      'post /node/api/benutzer/merge',
      'get /node/api/rw-auswertung/umsatz/:monat',
      'get /node/api/veranstaltung/:id/ical',
      'get /node/health',
    ]);
  });

  it('keeps middleware where it is: routes are reordered only among themselves', () => {
    const app = appWith(ROUTES, true);
    const names = stackOf(app).map((layer) => (layer.route ? 'route' : 'middleware'));
    expect(names[0]).toBe('middleware');
    expect(names.at(-1)).toBe('middleware');
    expect(names.slice(1, -1).every((name) => name === 'route')).toBe(true);
  });

  it('answers every request with the same route as before', async () => {
    const before = appWith(ROUTES, false);
    const after = appWith(ROUTES, true);
    const requests: [string, string][] = [
      ['get', '/node/api/auftraege'],
      ['get', '/node/api/AUFTRAEGE'],
      ['get', '/node/api/auftraege/'],
      ['head', '/node/api/auftraege'],
      ['get', '/node/api/benutzer'],
      ['head', '/node/api/benutzer'],
      ['get', '/node/api/auftraege/gruppen'],
      ['get', '/node/api/benutzer/files'],
      ['get', '/node/api/benutzer/files/a/b.pdf'],
      ['get', '/node/api/rw-auswertung/umsatz'],
      ['get', '/node/api/rw-auswertung/umsatz/2026-11'],
      ['get', '/node/api/rw-auswertung/17'],
      ['get', '/node/api/alles/3'],
      ['delete', '/node/api/alles/3'],
      ['post', '/node/api/benutzer/merge'],
      ['post', '/node/api/benutzer'],
      ['post', '/node/api/rw-transaction'],
      ['put', '/node/api/benutzer/7'],
      ['get', '/node/api/veranstaltung/5/ical'],
      ['get', '/node/api/benutzer/5/ical'],
      ['get', '/node/health'],
      ['get', '/node/docs'],
      ['get', '/node/unbekannt'],
      ['delete', '/node/api/benutzer'],
    ];
    for (const [method, path] of requests) {
      const send = (app: Express) => request(app)[method as 'get'](path);
      const [was, is] = await Promise.all([send(before), send(after)]);
      expect({ method, path, status: is.status, text: is.text, marked: is.headers['x-vorher'] }).toEqual({
        method,
        path,
        status: was.status,
        text: was.text,
        marked: 'ja',
      });
    }
  });
});

describe('mayOverlap', () => {
  /** A route as `method path`; a path `re:…` is a regular expression. */
  const route = (text: string) => {
    const [method, path] = text.split(' ');
    return {
      path: path.startsWith('re:') ? new RegExp(path.slice(3)) : path,
      methods: { [method]: true },
    };
  };

  it.each<[string, string, boolean]>([
    // Other methods, lengths or fixed segments: apart.
    ['get /a/:x', 'post /a/:x', false],
    ['get /a/:x', 'get /a/:x/:y', false],
    ['get /a/b', 'get /a/c', false],
    ['get /a/B', 'get /A/b/', true],
    ['head /a', 'get /a', true],
    ['_all /a', 'put /a', true],
    ['get /a/:id.pdf', 'get /a/b', true],
    // A trailing wildcard: further segments. Express needs at least one for it; taken as possibly
    // none, the order is only less bold.
    ['get /a/*rest', 'get /a/b/c', true],
    ['get /a/*rest', 'get /a/b', true],
    ['get /a/*rest', 'get /a', true],
    ['get /a/*rest', 'get /', false],
    ['get /a/*rest', 'get /b/c', false],
    ['get /a/*rest', 'get /:x/*more', true],
    // Optional parts, inner wildcards and paths that are no text: overlapping anything of their method.
    ['get /a/*rest/b', 'get /c', true],
    ['get /a{/:x}', 'get /c/d/e', true],
    ['get re:^/a', 'get /b', true],
    ['get /a/*rest', 'post /b', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(mayOverlap(route(a), route(b))).toBe(expected);
    expect(mayOverlap(route(b), route(a))).toBe(expected);
  });
});
