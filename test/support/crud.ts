/**
 * One round trip of a generic resource through HTTP: create, read, list with includes, update,
 * delete. The data-model suites call it once per resource with realistic sample values.
 */
import type request from 'supertest';

export interface CrudCase {
  resource: string;
  /** Values to create with (foreign keys must point at existing rows). */
  create: Record<string, unknown>;
  /** Values to change afterwards. */
  update: Record<string, unknown>;
  /** Association names of the spec that must resolve on read and list. */
  include?: string[];
}

export async function crudRoundTrip(agent: request.Agent, c: CrudCase): Promise<Record<string, unknown>> {
  const base = `/node/api/${c.resource}`;
  const created = await agent.post(base).send(c.create);
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`${c.resource}: Anlegen ergab ${created.status} ${created.text}`);
  }
  const id = created.body.id as number;
  expect(id).toEqual(expect.any(Number));
  expect(created.body).toMatchObject(c.create);

  const include = JSON.stringify(c.include ?? []);
  const read = await agent.get(`${base}/${id}`).query({ include });
  expect(read.status).toBe(200);
  for (const association of c.include ?? []) expect(read.body).toHaveProperty(association);

  const list = await agent.get(base).query({ include, where: JSON.stringify({ id }), count: 'true' });
  expect(list.status).toBe(200);
  expect(list.body.count).toBe(1);
  expect(list.body.rows[0].id).toBe(id);

  const updated = await agent.put(`${base}/${id}`).send(c.update);
  if (updated.status !== 200)
    throw new Error(`${c.resource}: Ändern ergab ${updated.status} ${updated.text}`);
  expect(updated.body).toMatchObject(c.update);

  expect((await agent.delete(`${base}/${id}`)).status).toBe(200);
  expect((await agent.get(`${base}/${id}`)).status).toBe(404);
  return created.body;
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
