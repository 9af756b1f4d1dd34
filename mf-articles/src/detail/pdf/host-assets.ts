// The files the PDF host worker needs, emitted by webpack as assets of mf-articles (webpack.config.cjs names them) and
// resolved from this chunk's public path, i.e. mf-articles' own origin: the host itself (./host.worker.ts, transpiled
// and minified on its own), pdf.js's display API (its legacy build as published, pre-minified) and pdf.js's parser
// worker (the same file the main-thread engine uses).
export const hostAssets = () => ({
  host: new URL('./host.worker.ts', import.meta.url).href,
  pdfjs: new URL('pdfjs-dist/legacy/build/pdf.min.mjs', import.meta.url).href,
  parser: new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href,
});
