const { jestWebConfig } = require('./build/jest-web.cjs');

module.exports = jestWebConfig(__dirname, {
  collectCoverageFrom: ['<rootDir>/src/**/*.{ts,tsx}'],
});
