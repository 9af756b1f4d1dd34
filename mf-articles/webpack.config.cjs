const { createAppConfig } = require('shared-kernel/build/webpack-app');

const config = createAppConfig({
  appDir: __dirname,
  name: 'mf_articles',
  exposes: { './app': './src/app.tsx' },
});

// pdf.js's worker (src/detail/pdf/pdfjs.ts: new URL(..., import.meta.url)) is an asset of this app, served from its
// own origin. A hashed `.js` name: the static servers cache hashed files for good, and the build's precompression
// writes .gz/.br only for .js files. It is minified already: the minifier is told so (it would take seconds to
// minify it again for nothing).
for (const name of ['worker', 'renderer']) {
  config.module.rules.push({
    test: new RegExp(`pdfjs-dist[\\\\/]legacy[\\\\/]build[\\\\/]pdf\\.${name}\\.min\\.mjs$`),
    type: 'asset/resource',
    generator: { filename: `pdf.${name}.[contenthash:8].js` },
  });
}

class MinifiedAssetsPlugin {
  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('MinifiedAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'MinifiedAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE - 1 }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (/^pdf\.(worker|renderer)\.[0-9a-f]{8}\.js$/.test(name)) compilation.updateAsset(name, (source) => source, { minimized: true });
        }
      });
    });
  }
}
config.plugins.push(new MinifiedAssetsPlugin());

module.exports = config;
