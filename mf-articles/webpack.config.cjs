const { createAppConfig } = require('shared-kernel/build/webpack-app');

const config = createAppConfig({
  appDir: __dirname,
  name: 'mf_articles',
  exposes: { './app': './src/app.tsx' },
});

// pdf.js's files are assets of this app, served from its own origin and resolved by `new URL(..., import.meta.url)`
// from the chunk's public path (src/detail/pdf/pdfjs.ts, src/detail/pdf/host-assets.ts): its parser worker and
// renderer worker, and its display API as published (pdf.min.mjs) for the PDF host worker, which imports it by URL
// (the main-thread engine bundles pdf.mjs instead). Hashed `.js` names: the static servers cache hashed files for
// good, and the build's precompression writes .gz/.br only for .js files. They are minified already: the minifier is
// told so (it would take seconds to minify them again for nothing).
for (const [file, name] of [['pdf\\.worker\\.min', 'pdf.worker'], ['pdf\\.renderer\\.min', 'pdf.renderer'], ['pdf\\.min', 'pdf.display']]) {
  config.module.rules.push({
    test: new RegExp(`pdfjs-dist[\\\\/]legacy[\\\\/]build[\\\\/]${file}\\.mjs$`),
    type: 'asset/resource',
    generator: { filename: `${name}.[contenthash:8].js` },
  });
}

// The URL modules of those assets stay in the chunks that name them: in the vendor chunk `lib-pdfjs-dist` (pdf.js's
// main-thread build) they would make the worker engine's chunk load that chunk too.
const vendors = config.optimization.splitChunks.cacheGroups.defaultVendors;
const vendorTest = vendors.test;
vendors.test = (module) => !String(module.type).startsWith('asset') && vendorTest.test(module.nameForCondition() ?? '');

// The PDF host worker (src/detail/pdf/host.worker.ts) is a file of its own, not a chunk: a worker has no federation
// runtime to load chunks with, and it starts from a blob: module on the page's origin, where the chunks' public path
// is unknown. So it imports nothing at run time (pdf.js comes by URL) and is emitted transpiled and minified by swc as
// an asset, with a hashed name like pdf.js's files; the app's TypeScript rule leaves it alone.
const HOST_WORKER = /[\\/]src[\\/]detail[\\/]pdf[\\/]host\.worker\.ts$/;
for (const rule of config.module.rules) {
  if (rule.use?.loader === 'swc-loader') rule.exclude = [].concat(rule.exclude ?? [], HOST_WORKER);
}
config.module.rules.push({
  test: HOST_WORKER,
  type: 'asset/resource',
  generator: { filename: 'pdf-host.[contenthash:8].js' },
  use: {
    loader: 'swc-loader',
    options: {
      jsc: { parser: { syntax: 'typescript' }, target: 'es2020', minify: { compress: true, mangle: true } },
      minify: true,
    },
  },
});

class MinifiedAssetsPlugin {
  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MinifiedAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MinifiedAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1 }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (/^pdf(\.(worker|renderer|display)|-host)\.[0-9a-f]{8}\.js$/.test(name)) compilation.updateAsset(name, (source) => source, { minimized: true });
        }
      });
    });
  }
}
config.plugins.push(new MinifiedAssetsPlugin());

module.exports = config;
