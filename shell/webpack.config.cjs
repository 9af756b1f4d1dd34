const { createAppConfig } = require('shared-kernel/build/webpack-app');

module.exports = createAppConfig({ appDir: __dirname, name: 'shell', host: true });
