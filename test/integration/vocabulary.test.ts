import type request from 'supertest';
import { associationLabel, enumLabels, fieldLabel, resourceLabel } from '../../common/vocabulary';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { databases, startTestApp, TestApp } from '../support/test-app';

/**
 * Staff never see a database name (issue 8): every field, association, enum value and resource the
 * server registers has a German label, and field errors name fields by them.
 */
describe.each(databases())('German vocabulary on %s', (kind) => {
  let t: TestApp;
  let api: request.Agent;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = await t.login();
  });
  afterAll(() => t?.close());

  it('labels every column, association, enum value and resource that is registered', () => {
    const registry = t.app.get(ResourceRegistry);
    const missing: string[] = [];
    for (const name of registry.names()) {
      const definition = registry.get(name);
      const metadata = t.dataSource.getMetadata(definition.entity);
      if (!resourceLabel(name)) missing.push(`${name} (Ressource)`);
      for (const column of metadata.columns) {
        const field = column.propertyName;
        if (!definition.hidden?.includes(field) && !fieldLabel(name, field)) missing.push(`${name}.${field}`);
      }
      for (const relation of metadata.relations) {
        if (!associationLabel(name, relation.propertyName)) missing.push(`${name}.${relation.propertyName}`);
      }
      for (const [field, values] of Object.entries(definition.enums ?? {})) {
        for (const value of values)
          if (!enumLabels(name, field)?.[value]) missing.push(`${name}.${field}=${value}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names a missing required field by its German label', async () => {
    const response = await api.post('/node/api/rw-kreis').send({ template: 'R-{nr}' });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('„Titel“ ist ein Pflichtfeld');
    expect(response.body.errors).toEqual({ titel: 'ist ein Pflichtfeld' });
  });

  it('names fields of domain rules by their labels too', async () => {
    const response = await api
      .post('/node/api/wb-rabatt')
      .send({ titel: 'Zu viel', typ: 'percent', wert: 150 });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('„Wert“');
    expect(response.body.message).not.toMatch(/„[a-z]+[A-Z_]/);
  });
});
