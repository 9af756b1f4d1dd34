const path = require('node:path');
const { createAppConfig } = require('shared-kernel/build/webpack-app');
const { StartupPreloadPlugin } = require('./build/preload-plugin.cjs');
const { RouteOwnersPlugin } = require('./build/route-owners-plugin.cjs');

const config = createAppConfig({ appDir: __dirname, name: 'shell', host: true });
// The libraries every page start loads (the shell provides them to all remotes) in one file: one request, and one
// gzip stream compresses them better than eight (-2.7 KB on the first load of `/`). Only chunks without a name:
// the shared libraries' own chunks; named chunks are the on-demand ones (Markdown, dompurify, jsencrypt, ads).
config.optimization.splitChunks.cacheGroups.startupLibraries = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|rxjs|tslib|axios)[\\/]|[\\/]shared-kernel[\\/](src|build[\\/]shared)[\\/]/,
  chunks: (chunk) => !chunk.name,
  name: 'lib-startup',
  priority: 5,
  enforce: true,
};
config.plugins.push(
  new StartupPreloadPlugin(),
  new RouteOwnersPlugin({
    // the kernel's package root, from one of its published build files
    routeTable: path.join(path.dirname(require.resolve('shared-kernel/build/webpack-app')), '..', 'src', 'routing', 'route-table.ts'),
    shellRoutes: path.join(__dirname, 'src', 'routing', 'shell-routes.ts'),
  }),
);

module.exports = config;
