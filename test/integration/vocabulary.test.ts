import type request from 'supertest';
import { associationLabel, enumLabels, fieldLabel, resourceLabel } from '../../common/vocabulary';
import { ResourceRegistry } from '../../src/platform/resources/resource-registry';
import { databases, startTestApp, TestApp } from '../support/test-app';

/** A database name slipped through as a label: snake_case or camelCase. */
const looksLikeAName = (label: string) => /_|^[a-z]+[A-Z]/.test(label);

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
    const raw: string[] = [];
    const check = (where: string, label: string | undefined) => {
      if (!label) missing.push(where);
      else if (looksLikeAName(label)) raw.push(`${where} → ${label}`);
    };
    for (const name of registry.names()) {
      const definition = registry.get(name);
      const metadata = t.dataSource.getMetadata(definition.entity);
      check(`${name} (Ressource)`, resourceLabel(name)?.singular);
      check(`${name} (Ressource, Mehrzahl)`, resourceLabel(name)?.plural);
      for (const column of metadata.columns) {
        const field = column.propertyName;
        if (!definition.hidden?.includes(field)) check(`${name}.${field}`, fieldLabel(name, field));
        const values = definition.enums?.[field] ?? column.enum?.map(String) ?? [];
        const labels = enumLabels(name, field);
        for (const value of values) check(`${name}.${field}=${value}`, labels?.[value]);
        // Labels of values the field cannot take would turn up as options elsewhere.
        for (const value of Object.keys(labels ?? {}).filter((v) => values.length && !values.includes(v)))
          raw.push(`${name}.${field}=${value} (kein Wert des Feldes)`);
      }
      for (const relation of metadata.relations) {
        check(`${name}.${relation.propertyName}`, associationLabel(name, relation.propertyName));
      }
    }
    expect(missing).toEqual([]);
    expect(raw).toEqual([]);
  });

  it('names a missing required field by its German label, keyed by its name for the form', async () => {
    const response = await api.post('/node/api/veranstaltung-event').send({ titel: 'Ohne Seminar' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Bitte prüfen Sie die Eingaben: „Seminar“ ist ein Pflichtfeld.');
    expect(response.body.message).not.toContain('veranstaltung_id');
    expect(response.body.errors).toEqual({ veranstaltung_id: 'ist ein Pflichtfeld' });
  });

  it('names fields of domain rules by their labels, also inside the message', async () => {
    const percent = await api
      .post('/node/api/wb-rabatt')
      .send({ titel: 'Zu viel', typ: 'percent', wert: 150 });
    expect(percent.status).toBe(400);
    expect(percent.body.message).toContain('„Wert“');
    expect(percent.body.errors).toEqual({ wert: 'darf als Prozentsatz höchstens 100 sein' });

    const period = await api
      .post('/node/api/wb-rabatt')
      .send({ titel: 'Verkehrt', gueltigVon: '2026-05-01', gueltigBis: '2026-04-01' });
    expect(period.status).toBe(400);
    expect(period.body.message).toBe(
      'Bitte prüfen Sie die Eingaben: „Gültig bis“ darf nicht vor „Gültig von“ liegen.',
    );
    expect(period.body.errors).toEqual({ gueltigBis: 'darf nicht vor „Gültig von“ liegen' });
  });

  it('names a link list and a missing record as staff know them', async () => {
    const links = await api.post('/node/api/wb-abo').send({ titel: 'Abo', Benutzer_Gruppes: 'alle' });
    expect(links.status).toBe(400);
    expect(links.body.message).toBe('Bitte prüfen Sie die Eingaben: „Gruppen“ muss eine Liste sein.');

    const gone = await api.get('/node/api/rw-rechnung/987654');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Eintrag 987654 in „Rechnungen“ wurde nicht gefunden.');
  });
});
