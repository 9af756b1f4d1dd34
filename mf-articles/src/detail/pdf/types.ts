/**
 * What the PDF preview needs from a PDF engine. pdf.js sits behind this, so the page never loads it before a PDF
 * preview is shown, and component tests substitute it (jsdom cannot run pdf.js). Two engines: where the browser can
 * draw off the main thread (module workers, OffscreenCanvas), ./worker-engine.ts, a small front for a worker that
 * runs pdf.js (./host.worker.ts); elsewhere ./pdfjs.ts, pdf.js on the main thread (its parser in its worker).
 */
export interface PdfPageSize {
  /** In PDF points at scale 1, rotation applied. */
  width: number;
  height: number;
}

export interface PdfRenderTask {
  promise: Promise<void>;
  cancel(): void;
}

export interface PdfDoc {
  numPages: number;
  pageSize(pageNumber: number): Promise<PdfPageSize>;
  /**
   * Draws a page into the canvas at `cssWidth` CSS pixels times `pixelRatio` device pixels per CSS pixel, and puts
   * its text (transparent, selectable, read by screen readers) into `text`, positioned by the CSS variable
   * `--total-scale-factor` (CSS pixels per PDF point) that the caller sets on an ancestor.
   */
  render(pageNumber: number, canvas: HTMLCanvasElement, text: HTMLElement | null, cssWidth: number, pixelRatio: number): PdfRenderTask;
  /** Frees what a page kept after it was drawn and the pixels of the canvas it was drawn into. */
  release(pageNumber: number, canvas: HTMLCanvasElement): void;
  destroy(): void;
}

export interface PdfEngine {
  openPdf(data: ArrayBuffer): Promise<PdfDoc>;
  /** Whether an error is the engine's answer to a cancelled render (not a failure). */
  isCancelled(error: unknown): boolean;
}

/** pdf.js on the main thread: a lazy chunk (pdf.js and its parser worker's URL). */
const loadMainThreadEngine = (): Promise<PdfEngine> => import(/* webpackChunkName: "pdfjs" */ './pdfjs').then((m) => m.engine);

/** Whether pages can be drawn in a worker: module workers are tried, canvases can be handed to one. */
export function canDrawOffMainThread(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof OffscreenCanvas === 'function' &&
    typeof HTMLCanvasElement === 'function' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/**
 * The engine's lazy chunks; the only place that names them. Off the main thread where the browser allows (the
 * worker engine answers null when its worker cannot start: no module workers, no OffscreenCanvas 2D in workers),
 * else pdf.js on the main thread.
 */
export const loadPdfEngine = (): Promise<PdfEngine> =>
  canDrawOffMainThread()
    ? import(/* webpackChunkName: "pdf-worker-engine" */ './worker-engine')
        .then((m) => m.startWorkerEngine())
        .then((engine) => engine ?? loadMainThreadEngine())
    : loadMainThreadEngine();
