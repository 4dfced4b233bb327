/** The layer rules of DESIGN.md §2. */

const CONTEXTS = 'membership|seminars|billing|promotions|newsletter|reporting';

/**
 * Contexts whose use cases depend on ports only (application/ ↛ adapters/, TypeORM). A context joins
 * with one more word here once its application/ is clean (docs/architecture.md says which are).
 */
const PORTED = ['newsletter', 'billing'];

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules: no Nest, no TypeORM, no adapters, no platform',
      severity: 'error',
      from: { path: '^src/[^/]+/domain/' },
      to: { path: ['node_modules/@nestjs', 'node_modules/typeorm', '/adapters/', '^src/platform/'] },
    },
    {
      name: 'contexts-through-their-module',
      comment:
        'a context uses another only through what its module exports (its application/ public services)',
      severity: 'error',
      from: {
        path: `^src/(${CONTEXTS})/`,
        pathNot: '[.]entity[.]ts$',
      },
      to: {
        path: `^src/(${CONTEXTS})/(domain|adapters)/`,
        pathNot: '^src/$1/',
      },
    },
    {
      name: 'contexts-through-their-module (entities)',
      comment:
        'the one exception above: a TypeORM entity may name an entity of another context as the target of an association the API exposes (rw-transaction → Veranstaltung)',
      severity: 'error',
      from: {
        path: `^src/(${CONTEXTS})/adapters/persistence/.+[.]entity[.]ts$`,
      },
      to: {
        path: `^src/(${CONTEXTS})/`,
        pathNot: ['^src/$1/', '^src/[^/]+/adapters/persistence/.+[.]entity[.]ts$'],
      },
    },
    {
      name: 'application-through-ports',
      comment:
        'a use case depends on ports (application/ports/), never on its adapters/ or TypeORM; for the contexts in PORTED',
      severity: 'error',
      from: { path: `^src/(${PORTED.join('|')})/application/` },
      to: { path: ['^src/$1/adapters/', 'node_modules/typeorm'] },
    },
    {
      name: 'not-another-contexts-application',
      comment:
        "contexts never call each other's application code: reads go through a read port the other module exports (its application/ports/), writes through events",
      severity: 'error',
      from: { path: `^src/(${CONTEXTS})/` },
      to: {
        path: `^src/(${CONTEXTS})/application/`,
        pathNot: ['^src/$1/', '^src/[^/]+/application/ports/'],
      },
    },
    {
      name: 'no-circular',
      comment:
        'no import cycles in the server or in the client features. Cycles made only of TypeORM entities are the two sides of a relation and allowed.',
      severity: 'error',
      from: { path: '^(src|client/src/features)/' },
      to: { circular: true, via: { pathNot: '[.]entity[.]ts$' } },
    },
    {
      name: 'common-is-pure',
      comment:
        'common/ holds rules shared by server and client: plain TypeScript, no packages, no src/ or client/',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: ['node_modules', '^src/', '^client/'] },
    },
    {
      name: 'client-does-not-import-server',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
