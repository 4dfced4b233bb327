import type request from 'supertest';
import type { ResourceMeta } from '../../common/resource-meta';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { routes } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string; example?: unknown; description?: string }[];
}
type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }>;
  };
};

/** Which operation of the generic API a route of the resource controller is (GET is always allowed). */
const OPERATION: Record<string, keyof ResourceMeta['operations']> = {
  POST: 'create',
  PUT: 'update',
  DELETE: 'delete',
};

/** Issue 18: OpenAPI at /node/docs for staff only, listing every route the app answers. */
describe('API documentation', () => {
  let t: TestApp;
  let staff: request.Agent;
  let doc: OpenApi;
  let metas: ResourceMeta[];

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    staff = await t.login();
    const answer = await staff.get('/node/docs-json');
    expect(answer.status).toBe(200);
    doc = answer.body;
    metas = await Promise.all(
      t.app
        .get(ResourceRegistry)
        .names()
        .map(async (name) => (await staff.get(`/node/meta/${name}`).expect(200)).body as ResourceMeta),
    );
  });
  afterAll(() => t.close());

  it('is only for staff with a session', async () => {
    for (const url of [
      '/node/docs',
      '/node/docs/',
      '/node/docs-json',
      '/node/docs/swagger-ui-init.js',
      '/node/docs/swagger-ui.css',
    ]) {
      const answer = await t.anonymous().get(url);
      expect([url, answer.status, answer.body.message]).toEqual([url, 403, 'Sie sind nicht angemeldet.']);
    }
    const ui = await staff.get('/node/docs');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger-ui-init.js');
    expect((await staff.get('/node/docs/swagger-ui-init.js')).text).toContain('"openapi": "3.0.0"');
  });

  it('documents every route the app answers, the generic ones once per resource', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const missing: string[] = [];
    for (const { method, path } of routes(t)) {
      // The documentation's own pages.
      if (path.startsWith('/node/docs')) continue;
      const openApiPath = path.replace(/[:*](\w+)/g, '{$1}');
      const verb = method.toLowerCase();
      if (doc.paths[openApiPath]?.[verb]) continue;
      if (!openApiPath.startsWith('/node/api/{resource}')) {
        missing.push(`${method} ${path}`);
        continue;
      }
      for (const meta of metas) {
        const operation = OPERATION[method];
        if (operation && !meta.operations[operation]) continue;
        const concrete = openApiPath.replace('{resource}', meta.name);
        if (!doc.paths[concrete]?.[verb]) missing.push(`${method} ${concrete}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('tags and summarises every operation', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([verb]) => verb !== 'parameters')
        .map(([verb, op]) => ({ route: `${verb.toUpperCase()} ${path}`, op })),
    );
    expect(operations.filter(({ op }) => !op.tags?.length).map(({ route }) => route)).toEqual([]);
    const unsummarised = operations.filter(({ op }) => !op.summary).map(({ route }) => route);
    expect(unsummarised).toEqual([]);
  });

  it("describes a resource's fields from its metadata and its list's query language with examples", () => {
    const konto = doc.components.schemas.BenutzerKonto;
    expect(konto.properties.iban).toMatchObject({ type: 'string', maxLength: 34, nullable: true });
    expect(konto.properties.id).toMatchObject({ type: 'integer', readOnly: true });
    expect(konto.required).toContain('benutzer_id');
    const gruppe = doc.components.schemas.BenutzerGruppe;
    expect(gruppe.properties.typ.enum).toEqual(expect.arrayContaining(['Teilnehmer', 'Bezirk']));
    const list = doc.paths['/node/api/benutzer'].get;
    const names = list.parameters!.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'where',
        'include',
        'order',
        'attributes',
        'group',
        'count',
        'limit',
        'offset',
        'search',
      ]),
    );
    const include = list.parameters!.find((p) => p.name === 'include')!;
    expect(JSON.parse(include.example as string)).toEqual([expect.any(String)]);
    // A read-only resource documents no writes.
    expect(Object.keys(doc.paths['/node/api/audit'])).toEqual(['get']);
    expect(doc.paths['/node/api/audit/{id}'].put).toBeUndefined();
  });

  it("documents a resource's named filters with the condition each stands for, as its metadata", () => {
    const vorgaenge = metas.find((meta) => meta.name === 'rw-transaction')!;
    expect(vorgaenge.scopes).toEqual({
      aktuell: { child_id: null, storno: false },
      neueste: { child_id: null },
    });
    const scope = doc.paths['/node/api/rw-transaction'].get.parameters!.find((p) => p.name === 'scope');
    expect(vorgaenge.parameterScopes).toEqual({
      seminar: 'die Vorgänge des Seminars und seiner Veranstaltungen',
    });
    expect(scope).toMatchObject({
      in: 'query',
      schema: { type: 'string' },
      example: 'aktuell,seminar:1',
      description:
        'Benannte Filter, mehrere durch Kommas getrennt, mit `where` UND-verknüpft: `aktuell` = `{"child_id":null,"storno":false}`; `neueste` = `{"child_id":null}`; `seminar:Nummer` = die Vorgänge des Seminars und seiner Veranstaltungen',
    });
    expect(doc.paths['/node/api/rw-transaction/{id}'].get.parameters!.map((p) => p.name)).toContain('scope');
    // A resource without scopes documents none.
    const kreis = doc.paths['/node/api/rw-kreis'].get.parameters!.map((p) => p.name);
    expect(kreis).not.toContain('scope');
  });

  it('gives every example of a list call an answer of 200', async () => {
    const failures: string[] = [];
    for (const meta of metas) {
      const parameters = doc.paths[`/node/api/${meta.name}`].get.parameters!;
      const query = Object.fromEntries(
        parameters
          .filter((p) => p.example !== undefined && p.name !== 'group')
          .map((p) => [p.name, String(p.example)]),
      );
      // Grouped rows carry only the group fields and count, so group is tried on its own.
      const group = { group: String(parameters.find((p) => p.name === 'group')!.example) };
      for (const q of [query, group]) {
        const answer = await staff.get(`/node/api/${meta.name}`).query(q);
        if (answer.status !== 200)
          failures.push(`${meta.name} ${JSON.stringify(q)} → ${answer.status} ${answer.body.message}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
