/**
 * The OpenAPI paths of the generic resources (DESIGN.md §3), one set per resource, built from the
 * same metadata as `GET /node/meta/{resource}`: a schema of its fields (types, enums, required,
 * read-only) and the query language of the list call with examples that fit the resource.
 */
import type {
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger';
import type { AssociationMeta, FieldMeta, ResourceMeta } from '../../../common/resource-meta';

export interface ResourcePaths {
  paths: Record<string, PathItemObject>;
  schemas: Record<string, SchemaObject>;
}

/** `benutzer-email` → `BenutzerEmail`: a schema name. */
export function schemaName(resource: string): string {
  return resource
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The schema of a change (PUT): the same fields, none required. */
const CHANGE = 'Aenderung';

const ref = (resource: string, suffix = '') => ({
  $ref: `#/components/schemas/${schemaName(resource)}${suffix}`,
});

function fieldSchema(field: FieldMeta): SchemaObject {
  const schema: SchemaObject = (() => {
    switch (field.type) {
      case 'integer':
        return { type: 'integer' };
      case 'decimal':
      case 'money':
        return {
          type: 'number',
          description:
            field.type === 'money'
              ? 'Betrag in Euro, 2 Nachkommastellen'
              : `${field.decimals ?? 0} Nachkommastellen`,
        };
      case 'boolean':
        return { type: 'boolean' };
      case 'date':
        return { type: 'string', format: 'date' };
      case 'datetime':
        return { type: 'string', format: 'date-time' };
      case 'time':
        return { type: 'string', pattern: '^\\d{2}:\\d{2}$', example: '09:30' };
      case 'enum':
        return { type: 'string', enum: [...(field.values ?? [])] };
      case 'json':
        return { description: 'JSON' };
      case 'richtext':
        return { type: 'string', description: 'HTML (wird beim Speichern bereinigt)' };
      case 'text':
      case 'longtext':
        return { type: 'string' };
    }
  })();
  if (field.maxLength) schema.maxLength = field.maxLength;
  if (field.nullable) schema.nullable = true;
  if (field.readOnly) schema.readOnly = true;
  if (field.default !== undefined) schema.default = field.default;
  if (field.association)
    schema.description = [schema.description, `Verweis (${field.association})`].filter(Boolean).join('; ');
  return schema;
}

/** An association's value when it is included (`include`) or, for writable lists, saved as ids. */
function associationSchema(association: AssociationMeta): SchemaObject {
  const target: SchemaObject | ReferenceObject = association.resource
    ? ref(association.resource)
    : { type: 'object' };
  if (association.kind === 'to-one')
    return { allOf: [target], nullable: true, readOnly: true, description: 'Nur mit include' };
  if (!association.writable)
    return { type: 'array', items: target, readOnly: true, description: 'Nur mit include' };
  return {
    type: 'array',
    items: { oneOf: [target, { type: 'integer' }] },
    description: 'Gelesen mit include als Datensätze; gespeichert als Liste von IDs',
  };
}

function recordSchema(meta: ResourceMeta): SchemaObject {
  const properties: Record<string, SchemaObject | ReferenceObject> = {};
  for (const field of meta.fields) properties[field.name] = fieldSchema(field);
  for (const association of meta.associations) properties[association.name] = associationSchema(association);
  const required = meta.fields.filter((field) => field.required).map((field) => field.name);
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

/** Examples of the query language that name this resource's own fields and associations. */
function listParameters(meta: ResourceMeta, listLimitMax: number): ParameterObject[] {
  const display = meta.display[0] ?? 'id';
  const textField = meta.fields.find((f) => f.type === 'text' && !f.readOnly)?.name ?? display;
  const enumField = meta.fields.find((f) => f.type === 'enum' && f.values?.length);
  const association = meta.associations[0];
  const where = enumField
    ? { [enumField.name]: enumField.values![0], id: { $gt: 100 } }
    : { [textField]: { $like: '%Beispiel%' }, id: { $gt: 100 } };
  const json = (
    name: string,
    description: string,
    example: unknown,
    schema: SchemaObject = { type: 'string' },
  ): ParameterObject => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
    example: JSON.stringify(example),
  });
  return [
    json(
      'where',
      'Filter als JSON: `{feld: wert}` ist Gleichheit (`null`: leer); Operatoren `$eq $ne $gt $gte $lt $lte $in $notIn $like $notLike $between $not`; `$or`/`$and` mit Listen; `"$Verknüpfung.feld$"` filtert auf eine eingeschlossene Verknüpfung. `$like` ohne Rücksicht auf Groß-/Kleinschreibung.',
      association?.kind === 'to-one' && association.resource
        ? { $or: [where, { [`$${association.name}.${association.display[0]}$`]: { $like: 'A%' } }] }
        : where,
    ),
    json(
      'include',
      `Verknüpfungen als JSON-Liste von Namen oder \`{association, attributes, where, required, include}\` (höchstens 3 Ebenen). Verknüpfungen: ${meta.associations.map((a) => a.name).join(', ') || '—'}`,
      association ? [association.name] : [],
    ),
    json('order', 'Sortierung als JSON: `[[feld, "ASC"|"DESC"], …]`', [[display, 'ASC']]),
    json('attributes', 'Nur diese Felder (JSON-Liste oder durch Kommas getrennt)', ['id', display]),
    json(
      'group',
      'Gruppieren nach diesen Feldern (JSON-Liste, auch `Verknüpfung.feld` einer Eins-zu-eins-Verknüpfung); jede Zeile trägt die Felder, die einer Verknüpfung in deren Objekt, und `count`',
      [enumField?.name ?? display],
    ),
    {
      name: 'count',
      in: 'query',
      required: false,
      description: 'true: Antwort `{count, rows}` mit der Gesamtzahl',
      schema: { type: 'boolean' },
      example: true,
    },
    {
      name: 'distinct',
      in: 'query',
      required: false,
      description: 'true: doppelte Zeilen nur einmal',
      schema: { type: 'boolean' },
    },
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: `Höchstens so viele Zeilen (bis ${listLimitMax})`,
      schema: { type: 'integer', minimum: 0, maximum: listLimitMax },
      example: 50,
    },
    {
      name: 'offset',
      in: 'query',
      required: false,
      description: 'So viele Zeilen überspringen',
      schema: { type: 'integer', minimum: 0 },
      example: 0,
    },
    {
      name: 'search',
      in: 'query',
      required: false,
      description: meta.searchable.length
        ? `Suchtext: jedes Wort muss in einem dieser Felder vorkommen: ${meta.searchable.join(', ')}`
        : 'Suchtext (diese Ressource hat keine Suchfelder)',
      schema: { type: 'string' },
    },
    ...scopeParameter(meta),
  ];
}

/** The resource's named filters, each with the condition it stands for or what it selects. */
function scopeParameter({ scopes = {}, parameterScopes = {} }: ResourceMeta): ParameterObject[] {
  const names = Object.keys(scopes);
  const mitNummer = Object.keys(parameterScopes);
  if (names.length + mitNummer.length === 0) return [];
  const filter = [
    ...names.map((name) => `\`${name}\` = \`${JSON.stringify(scopes[name])}\``),
    ...mitNummer.map((name) => `\`${name}:Nummer\` = ${parameterScopes[name]}`),
  ];
  return [
    {
      name: 'scope',
      in: 'query',
      required: false,
      description: `Benannte Filter, mehrere durch Kommas getrennt, mit \`where\` UND-verknüpft: ${filter.join('; ')}`,
      schema: { type: 'string' },
      example: [names[0], mitNummer[0] && `${mitNummer[0]}:1`].filter(Boolean).join(','),
    },
  ];
}

const errorResponses = {
  '400': { description: 'Ungültige Anfrage (deutsche Meldung, `errors` je Feld)' },
  '403': {
    description:
      'Nicht angemeldet (`code` NICHT_ANGEMELDET) oder abgelehnt mit eigenem `code` (ohne X-Api-Request-Header: API_HEADER_FEHLT; fehlendes Recht, z. B. NUR_ADMIN)',
  },
  '409': { description: 'Von einer Geschäftsregel abgelehnt (Grund in `message`)' },
};

const idParameter: ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'integer', minimum: 1 },
};

/** Paths and schemas of every resource; the operations the generic API refuses are left out. */
export function resourcePaths(metas: ResourceMeta[], listLimitMax: number): ResourcePaths {
  const paths: Record<string, PathItemObject> = {};
  const schemas: Record<string, SchemaObject> = {};
  for (const meta of metas) {
    const name = meta.name;
    const { required: _required, ...change } = (schemas[schemaName(name)] = recordSchema(meta));
    schemas[`${schemaName(name)}${CHANGE}`] = change;
    const tags = [`Ressource ${name}`];
    const record = { content: { 'application/json': { schema: ref(name) } } };
    const operation = (id: string, summary: string, rest: Partial<OperationObject>): OperationObject => ({
      tags,
      summary,
      operationId: `${schemaName(name)}_${id}`,
      responses: { ...errorResponses },
      ...rest,
    });
    const collection: PathItemObject = {
      get: operation('list', `${name}: Liste`, {
        parameters: listParameters(meta, listLimitMax),
        responses: {
          '200': {
            description: 'Die Datensätze; mit count=true `{count, rows}`',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { type: 'array', items: ref(name) },
                    {
                      type: 'object',
                      properties: { count: { type: 'integer' }, rows: { type: 'array', items: ref(name) } },
                    },
                  ],
                },
              },
            },
          },
          ...errorResponses,
        },
      }),
    };
    const item: PathItemObject = {
      parameters: [idParameter],
      get: operation('get', `${name}: ein Datensatz`, {
        parameters: listParameters(meta, listLimitMax).filter((p) =>
          ['include', 'attributes', 'scope'].includes(p.name),
        ),
        responses: { '200': { description: 'Der Datensatz (mit ETag)', ...record }, ...errorResponses },
      }),
    };
    if (meta.operations.create)
      collection.post = operation('create', `${name}: anlegen`, {
        requestBody: { required: true, ...record },
        responses: { '201': { description: 'Der angelegte Datensatz mit id', ...record }, ...errorResponses },
      });
    if (meta.operations.update)
      item.put = operation('update', `${name}: ändern`, {
        description:
          'Nur die gesendeten Felder ändern sich; `version` schützt vor dem Überschreiben fremder Änderungen (409).',
        requestBody: { required: true, content: { 'application/json': { schema: ref(name, CHANGE) } } },
        responses: { '200': { description: 'Der gespeicherte Datensatz', ...record }, ...errorResponses },
      });
    if (meta.operations.delete) {
      const deleted = {
        description: 'Gelöscht',
        content: {
          'application/json': { schema: { type: 'object', properties: { deleted: { type: 'integer' } } } },
        },
      };
      item.delete = operation('delete', `${name}: löschen`, {
        responses: { '200': deleted, ...errorResponses },
      });
      collection.delete = operation('deleteMany', `${name}: mehrere löschen`, {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { type: 'array', items: { type: 'integer' } }, example: [1, 2] },
          },
        },
        responses: { '200': deleted, ...errorResponses },
      });
    }
    paths[`/node/api/${name}`] = collection;
    paths[`/node/api/${name}/{id}`] = item;
  }
  return { paths, schemas };
}
