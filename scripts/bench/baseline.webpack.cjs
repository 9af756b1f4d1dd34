// Webpack config of the one-bundle baseline: same loaders, aliases, minifier and HTML frame as the federated apps.
const path = require('node:path');
const webpack = require('webpack');
const { createAppConfig } = require('shared-kernel/build/webpack-app');

const root = path.resolve(__dirname, '..', '..');

module.exports = (outDir) => {
  const federated = createAppConfig({ appDir: path.join(root, 'shell'), name: 'shell', host: true });
  return {
    ...federated,
    entry: { main: path.join(__dirname, 'baseline-entry.ts') },
    output: { ...federated.output, path: outDir, uniqueName: 'baseline' },
    plugins: [
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify('baseline'), __APP_NAME__: JSON.stringify('baseline') }),
      ...federated.plugins.filter((p) => ['HtmlEntryPlugin', 'PrecompressPlugin'].includes(p.constructor.name)),
    ],
  };
};

/** A federated host with an empty entry: its main.js is what the federation runtime costs the shell. */
module.exports.runtimeProbe = (outDir) => {
  const federated = createAppConfig({ appDir: path.join(root, 'shell'), name: 'shell', host: true });
  return {
    ...federated,
    entry: { main: path.join(__dirname, 'empty-entry.ts') },
    output: { ...federated.output, path: outDir, uniqueName: 'probe' },
    plugins: federated.plugins.filter((p) => p.constructor.name !== 'HtmlEntryPlugin'),
  };
};
