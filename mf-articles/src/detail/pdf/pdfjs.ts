// The only module that imports pdf.js: a lazy chunk of mf-articles, loaded when a PDF preview is shown.
// The legacy build: the modern one calls Promise.try, Math.sumPrecise and Map#getOrInsertComputed unguarded,
// which many phones' browsers and app web views do not have yet; the legacy build carries what they lack.
import { getDocument, GlobalWorkerOptions, RenderingCancelledException, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfDoc, PdfEngine } from './types';

// webpack emits the worker as an asset of mf-articles (webpack.config.cjs names it) and resolves this URL from the
// chunk's public path, i.e. mf-articles' own origin. pdf.js starts a worker from another origin than the page's
// through a same-origin blob that imports this URL (CORS), so no eval and no inline script are involved.
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href;
GlobalWorkerOptions.rendererSrc = new URL('pdfjs-dist/legacy/build/pdf.renderer.min.mjs', import.meta.url).href;

function wrap(pdf: PDFDocumentProxy, destroy: () => void): PdfDoc {
  return {
    numPages: pdf.numPages,
    async pageSize(pageNumber) {
      const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: 1 });
      return { width, height };
    },
    render(pageNumber, canvas, cssWidth, pixelRatio) {
      let task: RenderTask | null = null;
      let cancelled = false;
      const promise = pdf.getPage(pageNumber).then(async (page) => {
        if (cancelled) throw new RenderingCancelledException('Rendering cancelled');
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (cssWidth * pixelRatio) / base.width });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        task = page.render({ canvas, viewport, background: '#fff' });
        await task.promise;
      });
      return {
        promise,
        cancel() {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    release(pageNumber) {
      void pdf.getPage(pageNumber).then((page) => page.cleanup(), () => undefined);
    },
    destroy,
  };
}

export const engine: PdfEngine = {
  async openPdf(data) {
    const task = getDocument({
      data: new Uint8Array(data),
      // nothing of the page's own: no XFA forms, no scripting
      enableXfa: false,
    });
    return wrap(await task.promise, () => void task.destroy());
  },
  isCancelled: (error) => error instanceof RenderingCancelledException,
};
