/** Jest configuration for Stryker: the `unit` project of jest.config.js alone. Integration and
 * browser tests take seconds per run; mutants are judged by the unit tests beside the code. */
const { projects } = require('./jest.config.js');

const { displayName: _displayName, ...unit } = projects.find((project) => project.displayName === 'unit');

module.exports = { ...unit, rootDir: __dirname };
