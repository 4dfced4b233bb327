/**
 * One round trip of a generic resource through HTTP: create, read, list with includes, update,
 * delete. The data-model suites call it once per resource with realistic sample values. What the
 * resource's metadata says the generic API refuses (operations, lockedWhen, deletableWhen) must be
 * refused with 409 and change nothing.
 */
import type request from 'supertest';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { matchesCondition, type ResourceMeta } from '../../common/resource-meta';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { ResourceWriter } from '../../src/platform/resources/resource-writer';
import type { TestApp } from './test-app';

export interface CrudCase {
  resource: string;
  /** Values to create with (foreign keys must point at existing rows). */
  create: Record<string, unknown>;
  /** Values to change afterwards. */
  update: Record<string, unknown>;
  /** Association names of the spec that must resolve on read and list. */
  include?: string[];
  /** Where the generic API creates nothing: the app whose database takes `create` directly (insertRecord). */
  app?: TestApp;
}

/** Stores a record directly, as the workflow owning a read-only resource would; returns its id. */
export async function insertRecord(
  t: TestApp,
  resource: string,
  body: Record<string, unknown>,
): Promise<number> {
  const definition = t.app.get(ResourceRegistry).get(resource);
  const values = t.app.get(ResourceWriter).values(definition, body, true);
  const result = await t.dataSource.getRepository(definition.entity).insert(values as never);
  return Number(result.identifiers[0]?.id);
}

/**
 * Stores an entity's row exactly as given, the columns the product sets itself included (a
 * version's `child_id`, `storno`): for states a test needs side by side that no API call makes at once.
 */
export async function insertRow<E extends ObjectLiteral>(
  t: TestApp,
  entity: EntityTarget<E>,
  werte: QueryDeepPartialEntity<E>,
): Promise<number> {
  const result = await t.dataSource.getRepository(entity).insert(werte);
  return Number(result.identifiers[0]?.id);
}

function expectRefused(response: request.Response, c: CrudCase, what: string): void {
  if (response.status !== 409)
    throw new Error(
      `${c.resource}: ${what} hätte 409 ergeben müssen, ergab ${response.status} ${response.text}`,
    );
}

export async function crudRoundTrip(agent: request.Agent, c: CrudCase): Promise<Record<string, unknown>> {
  const base = `/node/api/${c.resource}`;
  const meta = (await agent.get(`/node/meta/${c.resource}`).expect(200)).body as ResourceMeta;
  const posted = await agent.post(base).send(c.create);
  let created: Record<string, unknown>;
  if (meta.operations.create) {
    if (posted.status !== 201 && posted.status !== 200)
      throw new Error(`${c.resource}: Anlegen ergab ${posted.status} ${posted.text}`);
    created = posted.body;
  } else {
    expectRefused(posted, c, 'Anlegen');
    if (!c.app) throw new Error(`${c.resource}: die allgemeine API legt nichts an; der Fall braucht app`);
    created = (await agent.get(`${base}/${await insertRecord(c.app, c.resource, c.create)}`).expect(200))
      .body;
  }
  const id = created.id as number;
  expect(id).toEqual(expect.any(Number));
  expect(created).toMatchObject(c.create);

  const include = JSON.stringify(c.include ?? []);
  const read = await agent.get(`${base}/${id}`).query({ include });
  expect(read.status).toBe(200);
  for (const association of c.include ?? []) expect(read.body).toHaveProperty(association);

  const list = await agent.get(base).query({ include, where: JSON.stringify({ id }), count: 'true' });
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(1);
  expect(list.body.rows[0].id).toBe(id);

  const stored = (await agent.get(`${base}/${id}`).expect(200)).body;
  const updated = await agent.put(`${base}/${id}`).send(c.update);
  if (meta.operations.update && !(meta.lockedWhen && matchesCondition(stored, meta.lockedWhen))) {
    if (updated.status !== 200)
      throw new Error(`${c.resource}: Ändern ergab ${updated.status} ${updated.text}`);
    expect(updated.body).toMatchObject(c.update);
  } else {
    expectRefused(updated, c, 'Ändern');
    expect((await agent.get(`${base}/${id}`)).body).toEqual(stored);
  }

  const current = (await agent.get(`${base}/${id}`).expect(200)).body;
  const deleted = await agent.delete(`${base}/${id}`);
  if (meta.operations.delete && (!meta.deletableWhen || matchesCondition(current, meta.deletableWhen))) {
    expect(deleted.status).toBe(200);
    expect((await agent.get(`${base}/${id}`)).status).toBe(404);
  } else {
    expectRefused(deleted, c, 'Löschen');
    expect((await agent.get(`${base}/${id}`)).status).toBe(200);
  }
  return created;
}

export type Record_ = Record<string, unknown> & { id: number };

/** Creates a record through the API; a refusal fails the test with the server's answer. */
export async function createRecord(
  agent: request.Agent,
  resource: string,
  body: Record<string, unknown>,
): Promise<Record_> {
  const response = await agent.post(`/node/api/${resource}`).send(body);
  if (response.status !== 201)
    throw new Error(`${resource}: Anlegen ergab ${response.status} ${response.text}`);
  return response.body;
}

/** Reads one record with the given associations. */
export async function readRecord(
  agent: request.Agent,
  resource: string,
  id: number,
  include: string[] = [],
): Promise<Record_> {
  const response = await agent.get(`/node/api/${resource}/${id}`).query({ include: JSON.stringify(include) });
  if (response.status !== 200)
    throw new Error(`${resource} ${id}: Lesen ergab ${response.status} ${response.text}`);
  return response.body;
}
