/**
 * OpenAPI 3 of the whole API at `/node/docs` (Swagger UI) and `/node/docs-json`, built once at
 * start: every controller's routes as @nestjs/swagger reads them, tagged by the context (Nest
 * module) that declares the controller, and the generic resources' routes per resource from
 * their metadata (resource-paths.ts). Under /node, so the API gate asks for a session first.
 */
import type { INestApplication, Type } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ModulesContainer } from '@nestjs/core';
import {
  DECORATORS,
  DocumentBuilder,
  type OpenAPIObject,
  type PathItemObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { AppConfig } from '../../config/env';
import { ResourceMetaService } from '../resources/resource-meta';
import { ResourceRegistry } from '../resources/resource-registry';
import { resourcePaths } from './resource-paths';

export const API_DOCS_PATH = '/node/docs';
export const API_DOCS_JSON_PATH = '/node/docs-json';

/** The tag of a context's controllers, by the Nest module declaring them. */
const CONTEXT_TAGS: Record<string, string> = {
  MembershipModule: 'Mitglieder',
  SeminarsModule: 'Seminare',
  PromotionsModule: 'Angebote',
  BillingModule: 'Abrechnung',
  NewsletterModule: 'Newsletter',
  ReportingModule: 'Auswertungen',
  AuthModule: 'Anmeldung',
  FilesModule: 'Dateien',
  CsvModule: 'CSV',
  HealthModule: 'Betrieb',
  ResourcesModule: 'Ressourcen',
};

/**
 * Gives every controller without its own @ApiTags the tag of its context, so that a new
 * controller is grouped without anyone remembering to.
 */
function tagControllersByContext(app: INestApplication): string[] {
  const used = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    const moduleName = module.metatype.name;
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown>;
      if (Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, controller)?.[0]) continue;
      let tags = Reflect.getMetadata(DECORATORS.API_TAGS, controller) as string[] | undefined;
      if (!tags?.length) {
        tags = [CONTEXT_TAGS[moduleName] ?? moduleName.replace(/Module$/, '')];
        Reflect.defineMetadata(DECORATORS.API_TAGS, tags, controller);
      }
      tags.forEach((tag) => used.add(tag));
    }
  }
  const order = Object.values(CONTEXT_TAGS);
  return [...used].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
}

const VERBS = ['get', 'put', 'post', 'delete'] as const;

/**
 * A context's own route on a resource's path (`POST /node/api/rw-transaction`, registered before
 * the generic one, so it answers) is documented as its controller says, listed under both the
 * context and the resource; what the controller leaves open (summary, body) the resource fills in.
 */
function withContextRoutes(generic: PathItemObject, own: PathItemObject): PathItemObject {
  const merged: PathItemObject = { ...generic };
  for (const verb of VERBS) {
    const operation = own[verb];
    if (!operation) continue;
    const fallback = generic[verb];
    merged[verb] = {
      ...fallback,
      ...operation,
      summary: operation.summary ?? fallback?.summary,
      requestBody: operation.requestBody ?? fallback?.requestBody,
      responses: Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [
          status,
          response && 'description' in response && !response.description && !response.content
            ? (fallback?.responses[status] ?? response)
            : response,
        ]),
      ),
      tags: [...new Set([...(operation.tags ?? []), ...(fallback?.tags ?? [])])],
    };
  }
  return merged;
}

export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const contextTags = tagControllersByContext(app);
  const config = new DocumentBuilder()
    .setTitle('Verbandsverwaltung – API')
    .setDescription(
      [
        'Alle Aufrufe unter `/node` brauchen eine Sitzung (Anmeldung über `POST /node/login`, Cookie `verband.sid`);',
        'ändernde Aufrufe (POST, PUT, DELETE) zusätzlich den Header `X-Api-Request` (diese Seite setzt ihn).',
        'Fehler: JSON `{statusCode, message, errors?}` mit deutscher Meldung. Jede Antwort trägt `X-Request-Id`.',
        'Die allgemeinen Ressourcen (`/node/api/{ressource}`) stehen einzeln unter „Ressource …“; ihre Felder',
        'beschreibt auch `GET /node/meta/{ressource}`.',
      ].join(' '),
    )
    .setVersion('1')
    .addCookieAuth('verband.sid')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  const registry = app.get(ResourceRegistry);
  const metas = app.get(ResourceMetaService);
  const { listLimitMax } = app.get(ConfigService).getOrThrow<AppConfig>('app');
  const resources = resourcePaths(
    registry.names().map((name) => metas.meta(name)),
    listLimitMax,
  );
  for (const [path, item] of Object.entries(resources.paths))
    document.paths[path] = withContextRoutes(item, document.paths[path] ?? {});
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...resources.schemas },
  };
  document.tags = [
    ...contextTags.map((name) => ({ name })),
    ...registry.names().map((name) => ({ name: `Ressource ${name}` })),
  ];
  document.security = [{ cookie: [] }];
  return document;
}

/** Serves the document built once now; the UI sends X-Api-Request with every call it tries. */
export function configureApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, buildApiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Verbandsverwaltung – API',
    swaggerOptions: {
      // Over 70 tags: closed at first, with a filter box for the tag name.
      docExpansion: 'none',
      filter: true,
      requestInterceptor: (request: { headers: Record<string, string> }) => {
        request.headers['X-Api-Request'] = '1';
        return request;
      },
    },
  });
}
