/** @type {import('jest').Config} */
const swc = (syntax) => [
  '@swc/jest',
  {
    swcrc: false,
    jsc: { parser: { syntax }, target: 'es2022' },
    // strictMode false: PGlite's bundle is sloppy-mode CommonJS and must stay so
    module: { type: 'commonjs', strictMode: syntax === 'typescript' },
  },
];

module.exports = {
  displayName: 'api',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': swc('typescript'),
    // PGlite's CommonJS build loads node builtins with dynamic import(), which Jest's module sandbox refuses
    // without --experimental-vm-modules; swc turns those into require() calls.
    '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': swc('ecmascript'),
    // pptxgenjs (the converter tests' pptx maker) loads node:fs the same way
    '/node_modules/pptxgenjs/dist/.+\\.cjs\\.js$': swc('ecmascript'),
  },
  // the wire contract's sources (its dist/ is for the built API)
  moduleNameMapper: {
    '^contracts$': '<rootDir>/../contracts/src/index.ts',
    '^contracts/enums$': '<rootDir>/../contracts/src/enums.ts',
  },
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/|pptxgenjs/)'],
  // PGlite starts in about 3 s per instance (more on a busy machine): a longer timeout, set in a setup file
  // because this config is also a project of the root jest.config.cjs, where testTimeout is not per project
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  // api/dist, built once before the suites (the crash and worker tests start the built API as a child)
  globalSetup: '<rootDir>/test/global-setup.ts',
};
