const path = require('node:path');
const { createAppConfig } = require('shared-kernel/build/webpack-app');
const { StartupPreloadPlugin } = require('./build/preload-plugin.cjs');
const { RouteOwnersPlugin } = require('./build/route-owners-plugin.cjs');

const config = createAppConfig({ appDir: __dirname, name: 'shell', host: true });
config.plugins.push(
  new StartupPreloadPlugin(),
  new RouteOwnersPlugin({
    // the kernel's package root, from one of its published build files
    routeTable: path.join(path.dirname(require.resolve('shared-kernel/build/webpack-app')), '..', 'src', 'routing', 'route-table.ts'),
    shellRoutes: path.join(__dirname, 'src', 'routing', 'shell-routes.ts'),
  }),
);

module.exports = config;
