/**
 * Jest transformer. NestJS 12 ships as ES modules only; Node ≥ 20.19 can require() them at run time,
 * but Jest's module loader cannot before Node 24.9. So, for Jest only, TypeScript sources and the
 * ESM-only packages are transpiled to CommonJS (no type check: `npm run typecheck` does that).
 */
const ts = require('typescript');
const crypto = require('node:crypto');
const { readFileSync } = require('node:fs');

const tsconfig = JSON.parse(readFileSync(`${__dirname}/../../tsconfig.json`, 'utf8')).compilerOptions;
const compilerOptions = {
  ...ts.convertCompilerOptionsFromJson(tsconfig, process.cwd()).options,
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  sourceMap: false,
  inlineSourceMap: true,
  allowJs: true,
  isolatedModules: true,
};

/** Client components (`.tsx`, counted by coverage) use React's automatic JSX runtime. */
const tsxOptions = { ...compilerOptions, jsx: ts.JsxEmit.ReactJSX };

module.exports = {
  /**
   * Jest keys its cache of transformed (and, for coverage, instrumented) code by this alone, so it
   * must name everything that changes the output: the source, its path (source maps, coverage), the
   * project's config and whether coverage instruments the file.
   */
  getCacheKey(source, path, { configString, instrument }) {
    return crypto
      .createHash('sha1')
      .update(source)
      .update(path)
      .update(configString)
      .update(instrument ? 'instrument' : '')
      .update('v6')
      .digest('hex');
  },
  process(source, path) {
    let code = source;
    if (!path.endsWith('.ts')) {
      // An ESM file's own `const require = createRequire(...)` would clash with CommonJS's require.
      if (/^\s*const require\s*=/m.test(code)) code = code.replace(/\brequire\b/g, '__esmRequire');
      code = code.replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href");
      code = code.replace(/\bimport\.meta\.dirname\b/g, '__dirname');
      // @nestjs/terminus checks for optional packages without loading them.
      code = code.replace(/\bimport\.meta\.resolve\(/g, 'require.resolve(');
    }
    const options = path.endsWith('.tsx') ? tsxOptions : compilerOptions;
    const output = ts.transpileModule(code, { compilerOptions: options, fileName: path });
    return { code: output.outputText };
  },
};
