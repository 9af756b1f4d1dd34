// Builds the webpack configuration of any front-end app (the shell host or a domain remote), so every app is
// compiled, shared and emitted the same way. Each app's webpack.config.cjs is a few lines that call this.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons, vendorAliases } = require('./federation.cjs');
const { PrecompressPlugin } = require('./compress-plugin.cjs');
const { RouteChunksPlugin } = require('./route-chunks-plugin.cjs');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2020',
  },
};

// The federation runtime every app is built with: the site's own (runtime/federation-runtime.ts, 2-3 KB gzipped)
// in place of `@module-federation/runtime`, whose core is about 20 KB gzipped on a first load. The enhanced plugin
// takes an alias of that package from the config instead of setting its own; its bundler runtime
// (`@module-federation/webpack-bundler-runtime`) is unchanged and calls this one.
const federationRuntimeAliases = {
  '@module-federation/runtime$': path.join(__dirname, 'runtime', 'federation-runtime.ts'),
  '@module-federation/runtime/helpers$': path.join(__dirname, 'runtime', 'helpers.ts'),
};

function packageNameOf(module) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(module.resource ?? module.context ?? '');
  return match ? match[1].replace(/[\\/]/g, '-').replace(/^@/, '') : 'misc';
}

/** Writes index.html from the app's template, with the entry's scripts and a preload per initial file. */
class HtmlEntryPlugin {
  constructor(templatePath) {
    this.templatePath = templatePath;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('HtmlEntryPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'HtmlEntryPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const files = [];
          for (const entry of compilation.entrypoints.values()) files.push(...entry.getFiles().filter((f) => f.endsWith('.js')));
          const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
          const tags = files.map((f) => `<script defer src="${publicPath}${f}"></script>`).join('\n    ');
          const html = fs.readFileSync(this.templatePath, 'utf8').replace('<!-- scripts -->', tags);
          compilation.emitAsset('index.html', new sources.RawSource(html));
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.appDir       the app's folder
 * @param {string} options.name         the federation container name (identifier)
 * @param {boolean} [options.host]      true for the shell
 * @param {Record<string,string>} [options.exposes]
 */
function createAppConfig({ appDir, name, host = false, exposes = {} }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const version = process.env.APP_VERSION || pkg.version;
  const outDir = process.env.APP_OUT_DIR ? path.resolve(process.env.APP_OUT_DIR) : path.join(appDir, 'dist');
  return {
    mode: 'production',
    context: appDir,
    target: 'web',
    devtool: false,
    entry: host ? { main: './src/index.ts' } : {},
    output: {
      path: outDir,
      // Remotes are served from their own origins: 'auto' resolves chunk URLs from the remote entry's URL.
      publicPath: host ? '/' : 'auto',
      // Entry files keep stable names (the federation runtime resolves paths from this template before hashing);
      // they are served with no-cache, while hashed chunks are immutable.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: { ...vendorAliases, ...federationRuntimeAliases } },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: swcOptions },
        },
      ],
    },
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      splitChunks: {
        cacheGroups: {
          // Library chunks are named after their package, so a file's name says what it is (bench, caching).
          defaultVendors: {
            test: /[\\/]node_modules[\\/]/,
            priority: -10,
            reuseExistingChunk: true,
            name: (module) => `lib-${packageNameOf(module)}`,
          },
          // The federation runtime in its own initial chunk, so its cost is visible and cached apart from the app.
          ...(host && {
            federationRuntime: {
              test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
              name: 'federation-runtime',
              chunks: 'initial',
              priority: 10,
              enforce: true,
            },
          }),
        },
      },
    },
    plugins: [
      new webpack.DefinePlugin({
        __APP_VERSION__: JSON.stringify(version),
        __APP_NAME__: JSON.stringify(pkg.name),
        // only the shell registers and loads remotes: the runtime's code for it is left out of the remotes
        FEDERATION_LOADS_REMOTES: JSON.stringify(host),
      }),
      new ModuleFederationPlugin({
        name,
        filename: host ? undefined : 'remoteEntry.js',
        exposes,
        shared: sharedSingletons,
        manifest: true,
        dts: false,
        experiments: {
          // No remotes known at build time (the shell registers each remote's entry through the runtime above,
          // shell/src/federation): the bundler runtime's loading of such remotes is left out. disableSnapshot and
          // target only trim the official runtime, in case the alias above is removed.
          optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
        },
      }),
      ...(host ? [new HtmlEntryPlugin(path.join(appDir, 'src', 'index.html'))] : [new RouteChunksPlugin()]),
      new PrecompressPlugin(),
    ],
    stats: 'errors-warnings',
    // The manifest plugin logs a notice for every remote built with publicPath 'auto', which is intended here.
    infrastructureLogging: { level: 'error' },
  };
}

/**
 * The webpack configuration of a remote's server part (its pages as HTML): one CommonJS file for Node,
 * `<outDir>-server/render.cjs` (outside the folder the remote's files are served from), with everything bundled
 * but Node's own modules and `external` packages (loaded at run time), and the production builds of React Router.
 * Code only the browser runs (pdf.js) is replaced by `browserOnly` stubs.
 * @param {object} options
 * @param {string} options.appDir
 * @param {string} options.entry          e.g. './src/server/render.tsx'
 * @param {string[]} [options.external]    packages required at run time, not bundled
 * @param {RegExp[]} [options.browserOnly] module requests replaced by an empty module
 */
function createServerConfig({ appDir, entry, external = [], browserOnly = [] }) {
  const pkg = require(path.join(appDir, 'package.json'));
  const version = process.env.APP_VERSION || pkg.version;
  const clientOut = process.env.APP_OUT_DIR ? path.resolve(process.env.APP_OUT_DIR) : path.join(appDir, 'dist');
  const routerProd = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [appDir] })), 'dist', 'production', 'index.js');
  return {
    mode: 'production',
    context: appDir,
    target: 'node20',
    devtool: false,
    entry: { render: entry },
    output: { path: `${clientOut}-server`, filename: '[name].cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // the contracts' enums from their sources, as in the browser build (their 'node' export is the API's build)
      alias: { 'react-router$': routerProd, 'react-router-dom$': routerProd, 'contracts/enums$': path.join(__dirname, '..', '..', 'contracts', 'src', 'enums.ts') },
    },
    externals: Object.fromEntries(external.map((name) => [name, `commonjs ${name}`])),
    module: { rules: [{ test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: swcOptions } }] },
    // the server has no use for a page's own minifying or splitting: one file, readable stack traces
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    // React Router's server code has a dynamic require for frameworks that this build never takes
    ignoreWarnings: [{ module: /react-router/, message: /Critical dependency/ }],
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(version), __APP_NAME__: JSON.stringify(pkg.name), 'process.env.NODE_ENV': JSON.stringify('production') }),
      ...browserOnly.map((request) => new webpack.NormalModuleReplacementPlugin(request, path.join(__dirname, 'empty-module.cjs'))),
    ],
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

module.exports = { createAppConfig, createServerConfig, swcOptions };
