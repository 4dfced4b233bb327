/**
 * What only some requests need is loaded at their first use, not with the app: the e-invoice
 * library (with the spreadsheet reader and second PDF library it brings), BullMQ with its Redis
 * client (only with REDIS_URL) and fontkit (first PDF). Together they were 40 % of requiring the
 * app's modules, paid on every start and in every test file that starts an app.
 */
const geladen: string[] = [];
jest.mock('@e-invoice-eu/core', () => geladen.push('@e-invoice-eu/core'));
jest.mock('bullmq', () => geladen.push('bullmq'));
jest.mock('@pdf-lib/fontkit', () => geladen.push('@pdf-lib/fontkit'));

test('the app module loads without the libraries only some requests need', () => {
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require('./app.module').AppModule).toBeDefined();
  });
  expect(geladen).toEqual([]);
});
