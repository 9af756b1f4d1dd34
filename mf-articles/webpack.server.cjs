// mf-articles' server part: its public pages as HTML (src/server/render.tsx -> dist-server/render.cjs).
const { createServerConfig } = require('shared-kernel/build/webpack-app');

module.exports = createServerConfig({
  appDir: __dirname,
  entry: './src/server/render.tsx',
  // DOMPurify's window on the server (jsdom is large and reads files of its own: loaded, not bundled)
  external: ['jsdom'],
  // pdf.js (on the main thread or in its host worker) draws in the browser only; the server renders the preview's boxes
  browserOnly: [/[\\/]pdfjs$/, /[\\/]worker-engine$/, /^pdfjs-dist/],
});
