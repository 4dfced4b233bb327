/**
 * The transformer's cache key (issue 18): Jest caches transformed and instrumented code under it
 * alone, so a key without the coverage flag served uninstrumented code to a coverage run
 * ("Unknown% (0/0)" once the cache was warm).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const transformer = require('./esm-to-cjs.transformer.js') as {
  getCacheKey(source: string, path: string, options: { configString: string; instrument: boolean }): string;
  process(source: string, path: string): { code: string };
};

const key = (
  over: Partial<{ source: string; path: string; configString: string; instrument: boolean }> = {},
) => {
  const { source, path, ...options } = {
    source: 'export const a = 1;',
    path: '/p/src/a.ts',
    configString: '{"rootDir":"/p"}',
    instrument: false,
    ...over,
  };
  return transformer.getCacheKey(source, path, options);
};

describe('the test transformer', () => {
  it('keys its cache by source, path, project config and whether coverage instruments the file', () => {
    expect(key()).toBe(key());
    expect(key({ instrument: true })).not.toBe(key());
    expect(key({ path: '/p/src/b.ts' })).not.toBe(key());
    expect(key({ configString: '{"rootDir":"/q"}' })).not.toBe(key());
    expect(key({ source: 'export const a = 2;' })).not.toBe(key());
  });

  it('compiles client components with the automatic JSX runtime', () => {
    const { code } = transformer.process('export const X = () => <b>x</b>;', '/p/client/src/X.tsx');
    expect(code).toContain('react/jsx-runtime');
  });
});
