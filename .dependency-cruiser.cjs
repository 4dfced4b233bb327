/** The three layer rules of DESIGN.md §2. */
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
        path: '^src/(membership|seminars|billing|promotions|newsletter|reporting)/',
        pathNot: '[.]entity[.]ts$',
      },
      to: {
        path: '^src/(membership|seminars|billing|promotions|newsletter|reporting)/(domain|adapters)/',
        pathNot: '^src/$1/',
      },
    },
    {
      name: 'contexts-through-their-module (entities)',
      comment:
        'the one exception above: a TypeORM entity may name an entity of another context as the target of an association the API exposes (rw-transaction → Veranstaltung)',
      severity: 'error',
      from: {
        path: '^src/(membership|seminars|billing|promotions|newsletter|reporting)/adapters/persistence/.+[.]entity[.]ts$',
      },
      to: {
        path: '^src/(membership|seminars|billing|promotions|newsletter|reporting)/',
        pathNot: ['^src/$1/', '^src/[^/]+/adapters/persistence/.+[.]entity[.]ts$'],
      },
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
