// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, see docs/testing.md): the pure rules and the query
 * compiler, judged by the unit tests. Not part of CI: it takes long on two cores.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
/**
 * STRYKER_SPECS=<glob,…>: judge an area by these specs only. Code used everywhere (src/shared) is
 * otherwise run against every spec that imports it, about 15 seconds per mutant instead of one.
 */
const specs = process.env.STRYKER_SPECS?.split(',').map((glob) => `<rootDir>/${glob}`);

const config = {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'stryker.jest.config.js',
    enableFindRelatedTests: true,
    ...(specs ? { config: { testMatch: specs } } : {}),
  },
  coverageAnalysis: 'perTest',
  // Mutants in module-level constants need every test re-run in a fresh module registry: 95 % of
  // the time for a fifth of the mutants. They are left out of the score (docs/testing.md).
  ignoreStatic: true,
  mutate: [
    'src/*/domain/**/*.ts',
    'common/**/*.ts',
    'src/platform/resources/query/where-compiler.ts',
    'src/platform/resources/query/read-plan.ts',
    'src/newsletter/application/**/*.ts',
    'src/billing/application/**/*.ts',
    'src/shared/**/*.ts',
    '!**/*.spec.ts',
    '!**/*.testing.ts',
  ],
  // The machine has two cores that the app, the databases and other test runs share.
  concurrency: 1,
  // Reruns test only mutants whose code or tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  ignorePatterns: ['dist', 'data', 'coverage', 'test-results', 'client/dist', 'reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: null },
};

export default config;
