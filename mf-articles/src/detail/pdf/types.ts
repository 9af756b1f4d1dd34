/**
 * What the PDF preview needs from a PDF engine. pdf.js sits behind this (./pdfjs.ts, a lazy chunk), so the page
 * never loads it before a PDF preview is shown, and component tests substitute it (jsdom cannot run pdf.js).
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
  /** Frees what a page kept after it was drawn (its canvas is cleared by the caller). */
  release(pageNumber: number): void;
  destroy(): void;
}

export interface PdfEngine {
  openPdf(data: ArrayBuffer): Promise<PdfDoc>;
  /** Whether an error is the engine's answer to a cancelled render (not a failure). */
  isCancelled(error: unknown): boolean;
}

/** The engine's lazy chunk (pdf.js and the worker's URL); the only place that names it. */
export const loadPdfEngine = (): Promise<PdfEngine> =>
  import(/* webpackChunkName: "pdfjs" */ './pdfjs').then((m) => m.engine);
