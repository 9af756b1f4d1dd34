// pdf.js on the page's main thread: the engine where pages cannot be drawn in a worker (./types.ts decides), a lazy
// chunk of mf-articles loaded when a PDF preview is shown. The only module that imports pdf.js (the worker engine's
// host loads it by URL).
// The legacy build: the modern one calls Promise.try, Math.sumPrecise and Map#getOrInsertComputed unguarded,
// which many phones' browsers and app web views do not have yet; the legacy build carries what they lack.
import {
  getDocument,
  GlobalWorkerOptions,
  RenderingCancelledException,
  TextLayer,
  type PDFDocumentProxy,
  type PDFPageProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfDoc, PdfEngine } from './types';

// webpack emits the worker (parsing) and the renderer worker (drawing into an OffscreenCanvas, so drawing a page is
// no task of the page's main thread) as assets of mf-articles (webpack.config.cjs names them) and resolves these URLs
// from the chunk's public path, i.e. mf-articles' own origin. pdf.js starts a worker from another origin than the
// page's through a same-origin blob module that imports the URL (CORS): no eval, no inline script. Where a browser
// cannot run the renderer worker, pdf.js draws on the main thread.
GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).href;
GlobalWorkerOptions.rendererSrc = new URL('pdfjs-dist/legacy/build/pdf.renderer.min.mjs', import.meta.url).href;

/** The page's text layer (pdf.js's TextLayer); a page whose text cannot be had is still shown, without it. */
function textOf(page: PDFPageProxy, container: HTMLElement, scale: number): TextLayer {
  container.replaceChildren();
  const layer = new TextLayer({ textContentSource: page.streamTextContent(), container, viewport: page.getViewport({ scale }) });
  layer.render().catch(() => container.replaceChildren());
  return layer;
}

function wrap(pdf: PDFDocumentProxy, destroy: () => void): PdfDoc {
  return {
    numPages: pdf.numPages,
    async pageSize(pageNumber) {
      const { width, height } = (await pdf.getPage(pageNumber)).getViewport({ scale: 1 });
      return { width, height };
    },
    render(pageNumber, canvas, text, cssWidth, pixelRatio) {
      let task: RenderTask | null = null;
      let textLayer: TextLayer | null = null;
      let cancelled = false;
      const promise = pdf.getPage(pageNumber).then(async (page) => {
        if (cancelled) throw new RenderingCancelledException('Rendering cancelled');
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (cssWidth * pixelRatio) / base.width });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        task = page.render({ canvas, viewport, background: '#fff' });
        if (text) textLayer = textOf(page, text, cssWidth / base.width);
        await task.promise;
      });
      return {
        promise,
        cancel() {
          cancelled = true;
          task?.cancel();
          textLayer?.cancel();
        },
      };
    },
    release(pageNumber, canvas) {
      canvas.width = canvas.height = 0;
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
