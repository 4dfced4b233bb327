/** The layer rules of DESIGN.md §2. */

const CONTEXTS = 'membership|seminars|billing|promotions|newsletter|reporting';

/**
 * Contexts whose use cases depend on ports only (application/ ↛ adapters/, TypeORM). A context joins
 * with one more word here once its application/ is clean (docs/architecture.md says which are).
 */
const PORTED = ['newsletter'];

/**
 * TEMPORARY exceptions to `not-another-contexts-application`: billing and seminars still call each
 * other's application code (issue 27 replaces these calls by an event: billing announces a changed
 * booking, seminars listens), and billing's booking asks promotions' price finding directly (to
 * become a read port promotions exports). Exactly these files (the context captured as $1), each
 * allowed exactly its listed targets; delete an entry when its call is gone.
 */
const CONTEXT_APPLICATION_EXCEPTIONS = [
  {
    from: '^src/(billing)/application/buchungen[.]ts$',
    to: ['^src/seminars/application/teilnehmer[.]ts$', '^src/promotions/application/preisfindung[.]ts$'],
  },
  {
    from: '^src/(billing)/(application/rechnungslauf|application/vorgaenge|billing[.]resources)[.]ts$',
    to: ['^src/seminars/application/teilnehmer[.]ts$'],
  },
  {
    from: '^src/(seminars)/(application/teilnehmer|adapters/persistence/seminar[.]hooks)[.]ts$',
    to: ['^src/billing/application/seminar-anbindung[.]ts$'],
  },
];

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
      from: {
        path: `^src/(${CONTEXTS})/`,
        pathNot: CONTEXT_APPLICATION_EXCEPTIONS.map((ausnahme) => ausnahme.from),
      },
      to: {
        path: `^src/(${CONTEXTS})/application/`,
        pathNot: ['^src/$1/', '^src/[^/]+/application/ports/'],
      },
    },
    ...CONTEXT_APPLICATION_EXCEPTIONS.map((ausnahme) => ({
      name: 'not-another-contexts-application (temporary exception)',
      comment: 'the files of a temporary exception above may reach only their one listed target',
      severity: 'error',
      from: { path: ausnahme.from },
      to: {
        path: `^src/(${CONTEXTS})/application/`,
        pathNot: ['^src/$1/', '^src/[^/]+/application/ports/', ...ausnahme.to],
      },
    })),
    {
      name: 'no-circular',
      comment:
        'no import cycles in the server or in the client features. Cycles made only of TypeORM entities are the two sides of a relation and allowed. TEMPORARY: src/seed/ is left out until issue 27 moves the seed onto the product use cases (its parts import seed.ts and it imports them back)',
      severity: 'error',
      from: { path: '^(src|client/src/features)/', pathNot: '^src/seed/' },
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
