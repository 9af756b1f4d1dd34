// Jest settings shared by the front-end workspaces: swc transpiles TypeScript/JSX, jsdom plays the browser.
const path = require('node:path');

function jestWebConfig(appDir, overrides = {}) {
  const pkg = require(path.join(appDir, 'package.json'));
  return {
    displayName: pkg.name,
    rootDir: appDir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
    },
    // marked ships ES modules only: swc turns them into CommonJS for jest like the workspaces' own code
    transformIgnorePatterns: ['/node_modules/(?!(marked)/)'],
    setupFiles: [path.join(__dirname, 'jest-setup.cjs')],
    globals: { __APP_VERSION__: pkg.version, __APP_NAME__: pkg.name },
    // the contract's run-time enums from their source (jest resolves the package's "node" build, which tests do not build)
    moduleNameMapper: { '^contracts/enums$': path.join(__dirname, '..', '..', 'contracts', 'src', 'enums.ts') },
    ...overrides,
  };
}

module.exports = { jestWebConfig };
