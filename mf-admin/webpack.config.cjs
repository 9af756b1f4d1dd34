const { createAppConfig } = require('shared-kernel/build/webpack-app');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mf_admin',
  exposes: { './app': './src/app.tsx' },
});
