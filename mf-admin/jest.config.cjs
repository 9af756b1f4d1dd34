const { jestWebConfig } = require('shared-kernel/build/jest-web');

module.exports = jestWebConfig(__dirname);
